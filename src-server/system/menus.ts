// Menus delivered per caller: /menu/routes (category-1 forest), /menu/buttons
// (buttons grouped under their menu), /menu/top-menu, /menu/auth-routes (each
// route path the caller may open -> {authority: role aliases}, what Sword 4.5
// patches into its router).
import type { FastifyInstance } from 'fastify';
import { sql, type Queries } from '../db/data-layer';
import type { MenuNode } from '../../src-shared/wire';
import { ok } from '../http/reply';
import { callerOf, roleIdsOf, type AuthUser } from '../http/auth-user';
import { findRoles } from './directory';
import type { CacheRegistry } from './cache';
import { formatRow } from './rows';
import { allow, allowAnonymous } from '../http/access-policy';
import { buttonsFor, routesFor, stockConsoleOf } from './stock-consoles';

interface MenuRow {
  id: string;
  parent_id: string;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  is_open: number;
  remark: string | null;
  roles: string | null;
}

export class MenuService {
  private menus: MenuRow[] | null = null;

  constructor(
    private readonly data: Queries,
    caches: CacheRegistry,
  ) {
    caches.register(() => {
      this.menus = null;
    });
  }

  private async all(): Promise<MenuRow[]> {
    this.menus ??= await this.data.all(sql<MenuRow>`SELECT * FROM blade_menu WHERE is_deleted = 0 ORDER BY sort, id`);
    return this.menus;
  }

  private async isAdministrator(user: AuthUser): Promise<boolean> {
    return (await findRoles(this.data, roleIdsOf(user))).some((r) => r.role_alias === 'administrator' && r.tenant_id === user.tenantId);
  }

  /** Ids of menus (any category) granted to the caller. */
  private async grantedIds(user: AuthUser): Promise<Set<string>> {
    if (await this.isAdministrator(user)) return new Set((await this.all()).map((m) => m.id));
    const roleIds = roleIdsOf(user);
    if (roleIds.length === 0) return new Set();
    const rows = await this.data.all(sql<{ menu_id: string }>`SELECT DISTINCT menu_id FROM blade_role_menu WHERE role_id IN (${sql.join(roleIds)})`);
    return new Set(rows.map((r) => r.menu_id));
  }

  async routes(user: AuthUser, topMenuId?: string): Promise<MenuNode[]> {
    const menus = await this.all();
    const byId = new Map(menus.map((m) => [m.id, m]));
    let granted = [...(await this.grantedIds(user))].filter((id) => byId.get(id)?.category === 1);
    if (topMenuId) {
      const attached = new Set(
        (await this.data.all(sql<{ menu_id: string }>`SELECT menu_id FROM blade_top_menu_setting WHERE top_menu_id = ${topMenuId}`)).map(
          (r) => r.menu_id,
        ),
      );
      granted = granted.filter((id) => attached.has(id));
    }
    const visible = new Set<string>();
    for (const id of granted) {
      let cur = byId.get(id);
      while (cur && !visible.has(cur.id)) {
        visible.add(cur.id);
        cur = byId.get(cur.parent_id);
      }
    }
    const rows = menus.filter((m) => visible.has(m.id) && m.category === 1);
    return forest(rows.map(toNode));
  }

  /**
   * Each route path of a menu granted to the caller -> the aliases of the
   * caller's roles that grant it (stock SpringBlade's MenuServiceImpl.authRoutes;
   * stock answers a list of one-key maps, Sword reads the keys of one object).
   */
  async authRoutes(user: AuthUser): Promise<Record<string, { authority: string[] }>> {
    const roles = await findRoles(this.data, roleIdsOf(user));
    const administrators = roles.filter((r) => r.role_alias === 'administrator' && r.tenant_id === user.tenantId).map((r) => r.role_alias);
    const aliasesOf = new Map<string, Set<string>>();
    if (roles.length > 0) {
      const rows = await this.data.all(
        sql<{ menu_id: string; role_alias: string }>`SELECT rm.menu_id, r.role_alias FROM blade_role_menu rm JOIN blade_role r ON r.id = rm.role_id
          WHERE rm.role_id IN (${sql.join(roles.map((r) => r.id))})`,
      );
      for (const r of rows) {
        let set = aliasesOf.get(r.menu_id);
        if (!set) aliasesOf.set(r.menu_id, (set = new Set()));
        set.add(r.role_alias);
      }
    }
    const out: Record<string, { authority: string[] }> = {};
    const granted = await this.grantedIds(user);
    for (const m of await this.all()) {
      if (m.category !== 1 || !m.path || !granted.has(m.id)) continue;
      const authority = new Set([...administrators, ...(aliasesOf.get(m.id) ?? [])]);
      const entry = (out[m.path] ??= { authority: [] });
      entry.authority = [...new Set([...entry.authority, ...authority])];
    }
    return out;
  }

  async buttons(user: AuthUser): Promise<MenuNode[]> {
    const granted = await this.grantedIds(user);
    const menus = await this.all();
    const byId = new Map(menus.map((m) => [m.id, m]));
    const groups = new Map<string, MenuNode>();
    for (const b of menus) {
      if (b.category !== 2 || !granted.has(b.id)) continue;
      const parent = byId.get(b.parent_id);
      if (!parent) continue;
      let group = groups.get(parent.id);
      if (!group) {
        group = { ...toNode(parent), children: [] };
        groups.set(parent.id, group);
      }
      group.children!.push(toNode(b));
    }
    return [...groups.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /**
   * The tenant's top menus that hold a screen granted to the caller. Menus every top menu carries (the seeded
   * ones all carry 工作台) do not count: a top menu offering only them would show the home page and nothing of
   * its own, so it is not offered.
   */
  async topMenus(user: AuthUser): Promise<Record<string, unknown>[]> {
    const rows = await this.data.all(
      sql<Record<string, unknown>>`SELECT * FROM blade_top_menu WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 ORDER BY sort, id`,
    );
    if (rows.length === 0) return [];
    const screens = new Set((await this.all()).filter((m) => m.category === 1).map((m) => m.id));
    const settings = await this.data.all(
      sql<{ top_menu_id: string; menu_id: string }>`SELECT top_menu_id, menu_id FROM blade_top_menu_setting
        WHERE top_menu_id IN (${sql.join(rows.map((r) => String(r.id)))})`,
    );
    const menusOf = new Map<string, Set<string>>();
    for (const s of settings) if (screens.has(s.menu_id)) (menusOf.get(s.top_menu_id) ?? menusOf.set(s.top_menu_id, new Set()).get(s.top_menu_id)!).add(s.menu_id);
    const filled = [...menusOf.values()];
    const common = filled.length > 1 ? new Set([...filled[0]!].filter((m) => filled.every((set) => set.has(m)))) : new Set<string>();
    const granted = await this.grantedIds(user);
    return rows.filter((r) => [...(menusOf.get(String(r.id)) ?? [])].some((m) => granted.has(m) && !common.has(m))).map(formatRow);
  }
}

function toNode(m: MenuRow): MenuNode {
  const node: MenuNode = {
    id: m.id,
    parentId: m.parent_id,
    code: m.code,
    name: m.name,
    alias: m.alias,
    path: m.path ?? '',
    source: m.source ?? '',
    sort: m.sort,
    category: m.category,
    action: m.action,
    isOpen: m.is_open,
    remark: m.remark ?? '',
  };
  const roles = (m.roles ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (roles.length > 0) node.roles = roles;
  return node;
}

/** Merges nodes (already sorted) into a forest; nodes whose parent is absent become roots. Leaves get no `children`. */
function forest(nodes: MenuNode[]): MenuNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: MenuNode[] = [];
  for (const n of nodes) {
    const parent = byId.get(n.parentId);
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

export function registerMenuRoutes(app: FastifyInstance, menus: MenuService): void {
  const base = '/website-blade-system/menu';
  // Anonymous callers get an empty list: stock consoles (Sword's login page)
  // ask for the routes before sign-in; nothing of anybody's is answered without a token.
  app.get(`${base}/routes`, allowAnonymous(), async (request) => {
    if (!request.authUser) return ok([]);
    const q = request.query as Record<string, string | undefined>;
    const forest = await menus.routes(request.authUser, q.topMenuId || undefined);
    const stock = stockConsoleOf(request);
    return ok(stock ? routesFor(stock, forest) : forest);
  });
  // Anonymous callers get an empty map: Sword asks for it when its page loads, signed in or not.
  app.get(`${base}/auth-routes`, allowAnonymous(), async (request) => ok(request.authUser ? await menus.authRoutes(request.authUser) : {}));
  // Anonymous callers get an empty list: Sword's login page asks for the routes
  // and then the buttons before sign-in, and a 401 there signs it out (clearing
  // its captcha key) in the middle of its sign-in form.
  app.get(`${base}/buttons`, allowAnonymous(), async (request) => {
    if (!request.authUser) return ok([]);
    const groups = await menus.buttons(request.authUser);
    const stock = stockConsoleOf(request);
    return ok(stock ? buttonsFor(stock, groups) : groups);
  });
  app.get(`${base}/top-menu`, allow('user'), async (request) => {
    const caller = callerOf(request);
    const tops = await menus.topMenus(caller);
    const stock = stockConsoleOf(request);
    if (!stock) return ok(tops);
    // a stock console is not offered a top menu holding nothing it has a page for
    const offered = await Promise.all(tops.map(async (t) => routesFor(stock, await menus.routes(caller, String(t.id))).length > 0));
    return ok(tops.filter((_, i) => offered[i]));
  });
}
