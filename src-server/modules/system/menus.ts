// Menu administration (/website-blade-system/menu: lists, lazy lists, trees,
// grant trees, detail, submit, remove) and top-menu grants. Routes, buttons and
// top-menu of the caller are served by src-server/system/menus.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import { ok, ServiceError, status } from '../../http/reply';
import type { CacheRegistry } from '../../system/cache';
import { nextId } from '../../util/ids';
import {
  body, caller, forest, hasOtherChildren, idList, idsFrom, isAdministrator, paramOf, requireParam, rows, SYS, treeNode,
  type TreeNode,
} from './common';
import { grantableOf } from './roles';
import { allow, menu, menuButton } from '../../http/access-policy';
import { judgeDeclared } from '../../crud/declared-input';
import { MENU } from '../../../src-shared/declarations/system';

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());
const CATEGORY: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const IS_OPEN: Record<number, string> = { 1: '否', 2: '是' };

type Rec = Record<string, unknown> & { id: string; parentId: string };
type MenuNode = { id: string; parent_id: string; name: string };
/** a grant tree's menu: its code, type and alias too, which the console names it by in its language */
type GrantMenu = MenuNode & { code: string; category: number; alias: string };
const grantNode = (m: GrantMenu, parentId = m.parent_id, extra: Record<string, unknown> = {}): TreeNode =>
  treeNode(m.id, parentId, m.name, { code: m.code, category: m.category, alias: m.alias, ...extra });

export function registerMenuAdminRoutes(api: FastifyInstance, data: DataLayer, caches: CacheRegistry): void {
  const M = `${SYS}/menu`;
  /** live menus with their display names; `extra` is appended to the conditions */
  const all = async (extra: RawBuilder<unknown> = sql``): Promise<Rec[]> => {
    const list = (await rows(data, sql`SELECT * FROM blade_menu WHERE is_deleted = 0${extra} ORDER BY sort, id`)) as Rec[];
    const names = new Map((await data.all(sql<{ id: string; name: string }>`SELECT id, name FROM blade_menu WHERE is_deleted = 0`)).map((m) => [m.id, m.name]));
    for (const r of list) {
      r.parentName = names.get(r.parentId) ?? '';
      r.categoryName = CATEGORY[Number(r.category)] ?? '';
      r.actionName = ACTION[Number(r.action)] ?? '';
      r.isOpenName = IS_OPEN[Number(r.isOpen)] ?? '';
    }
    return list;
  };
  /** the search form's conditions, each preceded by AND */
  const filters = (request: FastifyRequest): RawBuilder<unknown>[] => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const out: RawBuilder<unknown>[] = [];
    for (const [k, c] of [['name', 'name'], ['code', 'code'], ['alias', 'alias']] as const) {
      if (q[k]?.trim()) out.push(sql` AND ${data.dialect.contains(sql.ref(c), q[k]!.trim())}`);
    }
    return out;
  };
  const parentsOf = async (query: RawBuilder<{ parent_id: string }>): Promise<Set<string>> => new Set((await data.all(query)).map((r) => r.parent_id));
  const parents = () => parentsOf(sql`SELECT DISTINCT parent_id FROM blade_menu WHERE is_deleted = 0`);
  const menuParents = () => parentsOf(sql`SELECT DISTINCT parent_id FROM blade_menu WHERE is_deleted = 0 AND category = 1`);
  const byId = (id: string) => sql` AND id = ${id}`;

  api.get(`${M}/list`, allow(menu('menu')), async (request) => ok(forest(await all(sql.join(filters(request), sql``)))));
  api.get(`${M}/menu-list`, allow(menu('menu')), async (request) => ok(forest(await all(sql` AND category = 1${sql.join(filters(request), sql``)}`))));
  const lazy = async (request: FastifyRequest, menusOnly: boolean) => {
    const f = filters(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const has = menusOnly ? await menuParents() : await parents();
    const cat = menusOnly ? sql` AND category = 1` : sql``;
    const list = f.length > 0 ? await all(sql`${cat}${sql.join(f, sql``)}`) : await all(sql`${cat} AND parent_id = ${parentId}`);
    for (const r of list) r.hasChildren = has.has(r.id);
    return ok(list);
  };
  api.get(`${M}/lazy-list`, allow(menu('menu')), async (request) => lazy(request, false));
  api.get(`${M}/lazy-menu-list`, allow(menu('menu')), async (request) => lazy(request, true));
  api.get(`${M}/tree`, allow(menu('menu', 'tenantPackage', 'datascope', 'apiscope', 'tenant')), async () =>
    ok(forest((await data.all(sql<MenuNode>`SELECT id, parent_id, name FROM blade_menu WHERE is_deleted = 0 AND category = 1 ORDER BY sort, id`))
      .map((m) => treeNode(m.id, m.parent_id, m.name)))));
  api.get(`${M}/detail`, allow(menu('menu')), async (request) => ok((await all(byId(requireParam(request, 'id'))))[0] ?? null));

  api.post(`${M}/submit`, allow('platform'), async (request) => {
    const b = body(request);
    const id = str(b.id);
    judgeDeclared(MENU, b, { update: id !== null });
    const name = str(b.name)!;
    const code = str(b.code)!;
    const category = str(b.category) === null ? 1 : Number(b.category);
    const action = str(b.action) === null ? (category === 1 ? 0 : 1) : Number(b.action);
    const isOpen = str(b.isOpen) === null ? 1 : Number(b.isOpen);
    const alias = str(b.alias) ?? 'menu';
    const path = str(b.path);
    const sort = Number(b.sort);
    const parentId = str(b.parentId) ?? '0';
    if (parentId !== '0') {
      const parent = await data.get(sql<{ category: number }>`SELECT category FROM blade_menu WHERE id = ${parentId} AND is_deleted = 0`);
      if (!parent) throw new ServiceError('sys.menuParentMissing');
      if (parent.category === 2) throw new ServiceError('sys.menuUnderButton');
      if (id && parentId === id) throw new ServiceError('sys.parentSelf');
    }
    const source = str(b.source);
    const component = str(b.component);
    const remark = str(b.remark);
    let menuId = id;
    // the code is checked unique and written under its lock: two saves of one code at once (any instances) see each other
    await data.transaction(async (trx) => {
      await trx.run(trx.dialect.transactionLock(`blade_menu.code:${code}`));
      if (await trx.get(sql`SELECT 1 AS taken FROM blade_menu WHERE code = ${code} AND is_deleted = 0 AND id <> ${id ?? ''}`)) throw new ServiceError('sys.menuCodeTaken');
      if (id) {
        const ch = await trx.run(sql`UPDATE blade_menu SET parent_id = ${parentId}, code = ${code}, name = ${name}, alias = ${alias}, path = ${path},
            source = ${source}, sort = ${sort}, category = ${category}, action = ${action}, is_open = ${isOpen}, component = ${component}, remark = ${remark}
          WHERE id = ${id} AND is_deleted = 0`);
        if (ch === 0) throw new ServiceError('common.notFound');
      } else {
        menuId = nextId();
        await trx.run(sql`INSERT INTO blade_menu (parent_id, code, name, alias, path, source, sort, category, action, is_open, component, remark, id)
            VALUES (${parentId}, ${code}, ${name}, ${alias}, ${path}, ${source}, ${sort}, ${category}, ${action}, ${isOpen}, ${component}, ${remark}, ${menuId})`);
        // the creator's administrator role sees every menu anyway; BladeX grants nothing else automatically
      }
    });
    await caches.clearAll();
    return ok((await all(byId(menuId!)))[0]);
  });

  api.post(`${M}/remove`, allow('platform'), async (request) => {
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const list = sql.join(ids);
    if (await hasOtherChildren(data, 'blade_menu', ids)) throw new ServiceError('common.deleteChildrenFirst');
    if ((await data.run(sql`UPDATE blade_menu SET is_deleted = 1 WHERE is_deleted = 0 AND id IN (${list})`)) === 0) throw new ServiceError('common.notFound');
    await data.run(sql`DELETE FROM blade_role_menu WHERE menu_id IN (${list})`);
    await data.run(sql`DELETE FROM blade_top_menu_setting WHERE menu_id IN (${list})`);
    await caches.clearAll();
    return status(true);
  });

  // ---- grant trees ----
  const menuTree = async (request: FastifyRequest, menusOnly: boolean): Promise<TreeNode[]> => {
    const user = caller(request);
    const list = await data.all(
      sql<GrantMenu>`SELECT id, parent_id, name, code, category, alias FROM blade_menu WHERE is_deleted = 0${menusOnly ? sql` AND category = 1` : sql``} ORDER BY sort, id`,
    );
    const allowed = isAdministrator(user) ? null : (await grantableOf(data, idList(user.roleId))).menu;
    return forest(list.filter((m) => !allowed || allowed.has(m.id)).map((m) => grantNode(m)));
  };
  const scopeTree = async (request: FastifyRequest, table: string, category: 'data' | 'api'): Promise<TreeNode[]> => {
    const user = caller(request);
    const scopes = await data.all(
      sql<{ id: string; menu_id: string; scope_name: string }>`SELECT id, menu_id, scope_name FROM ${sql.id(table)} WHERE is_deleted = 0 ORDER BY create_time, id`,
    );
    const allowed = isAdministrator(user) ? null : (await grantableOf(data, idList(user.roleId)))[category];
    const visible = scopes.filter((s) => !allowed || allowed.has(s.id));
    if (visible.length === 0) return [];
    const menuIds = [...new Set(visible.map((s) => s.menu_id))];
    const menus = await data.all(sql<GrantMenu>`SELECT id, parent_id, name, code, category, alias FROM blade_menu WHERE id IN (${sql.join(menuIds)}) ORDER BY sort, id`);
    return menus.map((m) => ({
      ...grantNode(m, '0', { disabled: false }),
      hasChildren: true,
      children: visible.filter((s) => s.menu_id === m.id).map((s) => treeNode(s.id, m.id, s.scope_name)),
    }));
  };
  api.get(`${M}/grant-tree`, allow(menu('role')), async (request) =>
    ok({
      menu: await menuTree(request, false),
      dataScope: await scopeTree(request, 'blade_scope_data', 'data'),
      apiScope: await scopeTree(request, 'blade_scope_api', 'api'),
    }));
  api.get(`${M}/role-tree-keys`, allow(menu('role')), async (request) => {
    const user = caller(request);
    const roleIds = idList(paramOf(request, 'roleIds'));
    const own = roleIds.length === 0
      ? []
      : (await data.all(sql<{ id: string }>`SELECT id FROM blade_role WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 AND id IN (${sql.join(roleIds)})`))
        .map((r) => r.id);
    const g = await grantableOf(data, own);
    return ok({ menu: [...g.menu], dataScope: [...g.data], apiScope: [...g.api] });
  });
  api.get(`${M}/grant-top-tree`, allow(menu('topmenu')), async (request) => ok({ menu: await menuTree(request, true) }));
  const ownTopMenus = async (tenantId: string, ids: string[]): Promise<string[]> =>
    ids.length === 0
      ? []
      : (await data.all(sql<{ id: string }>`SELECT id FROM blade_top_menu WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})`))
        .map((r) => r.id);
  api.get(`${M}/top-tree-keys`, allow(menu('topmenu')), async (request) => {
    const user = caller(request);
    const own = await ownTopMenus(user.tenantId, idList(paramOf(request, 'topMenuIds')));
    const keys = own.length === 0
      ? []
      : (await data.all(sql<{ menu_id: string }>`SELECT DISTINCT menu_id FROM blade_top_menu_setting WHERE top_menu_id IN (${sql.join(own)})`))
        .map((r) => r.menu_id);
    return ok({ menu: keys });
  });
  api.post(`${SYS}/topmenu/grant`, allow(menuButton('topmenu', 'topmenu_setting')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const topMenuIds = idsFrom(b.topMenuIds);
    if (topMenuIds.length === 0) throw new ServiceError('sys.topMenusRequired');
    const own = await ownTopMenus(user.tenantId, topMenuIds);
    if (own.length !== topMenuIds.length) throw new ServiceError('common.notFound');
    const menuIds = idsFrom(b.menuIds);
    await data.transaction(async (trx) => {
      for (const t of topMenuIds) {
        await trx.run(sql`DELETE FROM blade_top_menu_setting WHERE top_menu_id = ${t}`);
        for (const m of menuIds) await trx.run(sql`INSERT INTO blade_top_menu_setting (id, top_menu_id, menu_id) VALUES (${nextId()}, ${t}, ${m})`);
      }
    });
    await caches.clearAll();
    return status(true);
  });
}
