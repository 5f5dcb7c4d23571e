// Menu administration (/website-blade-system/menu: lists, lazy lists, trees,
// grant trees, detail, submit, remove) and top-menu grants. Routes, buttons and
// top-menu of the caller are served by src-server/system/menus.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { MSG_NOT_FOUND, ok, ServiceError, status } from '../../http/reply';
import type { CacheRegistry } from '../../system/cache';
import { nextId } from '../../util/ids';
import {
  body, caller, forest, idList, idsFrom, isAdministrator, likeParam, MSG_HAS_CHILDREN, paramOf, placeholders, requireParam, rows, SYS, treeNode,
  type TreeNode,
} from './common';
import { grantableOf } from './roles';
import { allow, menu, menuButton } from '../../http/access-policy';

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());
const CATEGORY: Record<number, string> = { 1: '菜单', 2: '按钮' };
const ACTION: Record<number, string> = { 0: '无', 1: '工具栏', 2: '操作栏', 3: '工具操作栏' };
const IS_OPEN: Record<number, string> = { 1: '否', 2: '是' };

type Rec = Record<string, unknown> & { id: string; parentId: string };

export function registerMenuAdminRoutes(api: FastifyInstance, db: Db, caches: CacheRegistry): void {
  const M = `${SYS}/menu`;
  const all = (extra = '', ...params: unknown[]): Rec[] => {
    const list = rows(db, `SELECT * FROM blade_menu WHERE is_deleted = 0${extra} ORDER BY sort, id`, ...params) as Rec[];
    const names = new Map((db.prepare('SELECT id, name FROM blade_menu WHERE is_deleted = 0').all() as { id: string; name: string }[]).map((m) => [m.id, m.name]));
    for (const r of list) {
      r.parentName = names.get(r.parentId) ?? '';
      r.categoryName = CATEGORY[Number(r.category)] ?? '';
      r.actionName = ACTION[Number(r.action)] ?? '';
      r.isOpenName = IS_OPEN[Number(r.isOpen)] ?? '';
    }
    return list;
  };
  const filters = (request: FastifyRequest): { sql: string; params: unknown[] } => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    let sql = '';
    const params: unknown[] = [];
    for (const [k, c] of [['name', 'name'], ['code', 'code'], ['alias', 'alias']] as const) {
      if (q[k]?.trim()) {
        sql += ` AND ${c} LIKE ? ESCAPE '\\'`;
        params.push(likeParam(q[k]!.trim()));
      }
    }
    return { sql, params };
  };
  const parents = (): Set<string> => new Set((db.prepare('SELECT DISTINCT parent_id FROM blade_menu WHERE is_deleted = 0').all() as { parent_id: string }[]).map((r) => r.parent_id));
  const menuParents = (): Set<string> =>
    new Set((db.prepare('SELECT DISTINCT parent_id FROM blade_menu WHERE is_deleted = 0 AND category = 1').all() as { parent_id: string }[]).map((r) => r.parent_id));

  api.get(`${M}/list`, allow(menu('menu')), async (request) => {
    const f = filters(request);
    return ok(forest(all(f.sql, ...f.params)));
  });
  api.get(`${M}/menu-list`, allow(menu('menu')), async (request) => {
    const f = filters(request);
    return ok(forest(all(` AND category = 1${f.sql}`, ...f.params)));
  });
  const lazy = (request: FastifyRequest, menusOnly: boolean) => {
    const f = filters(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const has = menusOnly ? menuParents() : parents();
    const cat = menusOnly ? ' AND category = 1' : '';
    const list = f.params.length > 0 ? all(`${cat}${f.sql}`, ...f.params) : all(`${cat} AND parent_id = ?`, parentId);
    for (const r of list) r.hasChildren = has.has(r.id);
    return ok(list);
  };
  api.get(`${M}/lazy-list`, allow(menu('menu')), async (request) => lazy(request, false));
  api.get(`${M}/lazy-menu-list`, allow(menu('menu')), async (request) => lazy(request, true));
  api.get(`${M}/tree`, allow(menu('menu', 'tenantPackage', 'datascope', 'apiscope', 'tenant')), async () =>
    ok(forest((db.prepare('SELECT id, parent_id, name FROM blade_menu WHERE is_deleted = 0 AND category = 1 ORDER BY sort, id').all() as
      { id: string; parent_id: string; name: string }[]).map((m) => treeNode(m.id, m.parent_id, m.name)))));
  api.get(`${M}/detail`, allow(menu('menu')), async (request) => ok(all(' AND id = ?', requireParam(request, 'id'))[0] ?? null));

  api.post(`${M}/submit`, allow('platform'), async (request) => {
    const b = body(request);
    const id = str(b.id);
    const name = str(b.name);
    if (!name) throw new ServiceError('请输入菜单名称');
    const code = str(b.code);
    if (!code) throw new ServiceError('请输入菜单编号');
    if (!/^[A-Za-z0-9_:-]{1,64}$/.test(code)) throw new ServiceError('菜单编号只能包含字母、数字、下划线、冒号和中划线');
    const category = Number(b.category ?? 1);
    if (![1, 2].includes(category)) throw new ServiceError('请选择菜单类型');
    const action = b.action === undefined || b.action === null || b.action === '' ? (category === 1 ? 0 : 1) : Number(b.action);
    if (![0, 1, 2, 3].includes(action)) throw new ServiceError('请选择按钮功能');
    const isOpen = b.isOpen === undefined || b.isOpen === null || b.isOpen === '' ? 1 : Number(b.isOpen);
    if (![1, 2].includes(isOpen)) throw new ServiceError('请选择新窗口');
    const alias = str(b.alias) ?? (category === 1 ? 'menu' : null);
    if (!alias) throw new ServiceError('请输入菜单别名');
    const path = str(b.path);
    if (category === 1 && !path) throw new ServiceError('请输入路由地址');
    if (b.sort === undefined || b.sort === null || b.sort === '') throw new ServiceError('请输入菜单排序');
    const sort = Number(b.sort);
    if (!Number.isInteger(sort) || sort < 0 || sort > 99999) throw new ServiceError('排序必须是0到99999的整数');
    const parentId = str(b.parentId) ?? '0';
    if (parentId !== '0') {
      const parent = db.prepare('SELECT category FROM blade_menu WHERE id = ? AND is_deleted = 0').get(parentId) as { category: number } | undefined;
      if (!parent) throw new ServiceError('上级菜单不存在');
      if (parent.category === 2) throw new ServiceError('按钮下不可再添加菜单或按钮!');
      if (id && parentId === id) throw new ServiceError('父节点不可选择自身!');
    } else if (category === 2) throw new ServiceError('按钮必须选择上级菜单');
    if (db.prepare('SELECT 1 FROM blade_menu WHERE code = ? AND is_deleted = 0 AND id <> ?').get(code, id ?? '')) throw new ServiceError('菜单编号已存在!');
    const v = [parentId, code, name, alias, path, str(b.source), sort, category, action, isOpen, str(b.component), str(b.remark)];
    let menuId = id;
    if (id) {
      const ch = db.prepare(`UPDATE blade_menu SET parent_id = ?, code = ?, name = ?, alias = ?, path = ?, source = ?, sort = ?, category = ?, action = ?,
          is_open = ?, component = ?, remark = ? WHERE id = ? AND is_deleted = 0`).run(...v, id).changes;
      if (ch === 0) throw new ServiceError(MSG_NOT_FOUND);
    } else {
      menuId = nextId();
      db.prepare(`INSERT INTO blade_menu (parent_id, code, name, alias, path, source, sort, category, action, is_open, component, remark, id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...v, menuId);
      // the creator's administrator role sees every menu anyway; BladeX grants nothing else automatically
    }
    caches.clearAll();
    return ok(all(' AND id = ?', menuId)[0]);
  });

  api.post(`${M}/remove`, allow('platform'), async (request) => {
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const marks = placeholders(ids.length);
    if (db.prepare(`SELECT 1 FROM blade_menu WHERE is_deleted = 0 AND parent_id IN (${marks}) AND id NOT IN (${marks})`).get(...ids, ...ids))
      throw new ServiceError(MSG_HAS_CHILDREN);
    if (db.prepare(`UPDATE blade_menu SET is_deleted = 1 WHERE is_deleted = 0 AND id IN (${marks})`).run(...ids).changes === 0) throw new ServiceError(MSG_NOT_FOUND);
    db.prepare(`DELETE FROM blade_role_menu WHERE menu_id IN (${marks})`).run(...ids);
    db.prepare(`DELETE FROM blade_top_menu_setting WHERE menu_id IN (${marks})`).run(...ids);
    caches.clearAll();
    return status(true);
  });

  // ---- grant trees ----
  const menuTree = (request: FastifyRequest, menusOnly: boolean): TreeNode[] => {
    const user = caller(request);
    const list = db.prepare(`SELECT id, parent_id, name FROM blade_menu WHERE is_deleted = 0${menusOnly ? ' AND category = 1' : ''} ORDER BY sort, id`)
      .all() as { id: string; parent_id: string; name: string }[];
    const allowed = isAdministrator(user) ? null : grantableOf(db, idList(user.roleId)).menu;
    return forest(list.filter((m) => !allowed || allowed.has(m.id)).map((m) => treeNode(m.id, m.parent_id, m.name)));
  };
  const scopeTree = (request: FastifyRequest, table: string, category: 'data' | 'api'): TreeNode[] => {
    const user = caller(request);
    const scopes = db.prepare(`SELECT id, menu_id, scope_name FROM ${table} WHERE is_deleted = 0 ORDER BY create_time, id`).all() as
      { id: string; menu_id: string; scope_name: string }[];
    const allowed = isAdministrator(user) ? null : grantableOf(db, idList(user.roleId))[category];
    const visible = scopes.filter((s) => !allowed || allowed.has(s.id));
    if (visible.length === 0) return [];
    const menuIds = [...new Set(visible.map((s) => s.menu_id))];
    const menus = db.prepare(`SELECT id, parent_id, name FROM blade_menu WHERE id IN (${placeholders(menuIds.length)}) ORDER BY sort, id`).all(...menuIds) as
      { id: string; parent_id: string; name: string }[];
    return menus.map((m) => ({
      ...treeNode(m.id, '0', m.name, { disabled: false }),
      hasChildren: true,
      children: visible.filter((s) => s.menu_id === m.id).map((s) => treeNode(s.id, m.id, s.scope_name)),
    }));
  };
  api.get(`${M}/grant-tree`, allow(menu('role')), async (request) =>
    ok({ menu: menuTree(request, false), dataScope: scopeTree(request, 'blade_scope_data', 'data'), apiScope: scopeTree(request, 'blade_scope_api', 'api') }));
  api.get(`${M}/role-tree-keys`, allow(menu('role')), async (request) => {
    const user = caller(request);
    const roleIds = idList(paramOf(request, 'roleIds'));
    const own = roleIds.length === 0 ? [] : (db.prepare(`SELECT id FROM blade_role WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(roleIds.length)})`)
      .all(user.tenantId, ...roleIds) as { id: string }[]).map((r) => r.id);
    const g = grantableOf(db, own);
    return ok({ menu: [...g.menu], dataScope: [...g.data], apiScope: [...g.api] });
  });
  api.get(`${M}/grant-top-tree`, allow(menu('topmenu')), async (request) => ok({ menu: menuTree(request, true) }));
  api.get(`${M}/top-tree-keys`, allow(menu('topmenu')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'topMenuIds'));
    const own = ids.length === 0 ? [] : (db.prepare(`SELECT id FROM blade_top_menu WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids.length)})`)
      .all(user.tenantId, ...ids) as { id: string }[]).map((r) => r.id);
    const keys = own.length === 0 ? [] : (db.prepare(`SELECT DISTINCT menu_id FROM blade_top_menu_setting WHERE top_menu_id IN (${placeholders(own.length)})`)
      .all(...own) as { menu_id: string }[]).map((r) => r.menu_id);
    return ok({ menu: keys });
  });
  api.post(`${SYS}/topmenu/grant`, allow(menuButton('topmenu', 'topmenu_setting')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const topMenuIds = idsFrom(b.topMenuIds);
    if (topMenuIds.length === 0) throw new ServiceError('请选择顶部菜单');
    const own = db.prepare(`SELECT id FROM blade_top_menu WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(topMenuIds.length)})`)
      .all(user.tenantId, ...topMenuIds);
    if (own.length !== topMenuIds.length) throw new ServiceError(MSG_NOT_FOUND);
    const menuIds = idsFrom(b.menuIds);
    db.transaction(() => {
      const ins = db.prepare('INSERT INTO blade_top_menu_setting (id, top_menu_id, menu_id) VALUES (?, ?, ?)');
      for (const t of topMenuIds) {
        db.prepare('DELETE FROM blade_top_menu_setting WHERE top_menu_id = ?').run(t);
        for (const m of menuIds) ins.run(nextId(), t, m);
      }
    })();
    caches.clearAll();
    return status(true);
  });
}
