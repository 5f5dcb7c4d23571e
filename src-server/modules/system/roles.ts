// Roles (tree, grant of menus / data scopes / API scopes) and departments
// (tree, lazy list, lazy tree). A non-administrator never sees nor creates the
// administrator role; nodes with children or users cannot be removed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { MSG_NOT_FOUND, ok, ServiceError, status } from '../../http/reply';
import type { CacheRegistry } from '../../system/cache';
import { nextId } from '../../util/ids';
import {
  body, caller, forest, idList, idsFrom, isAdministrator, likeParam, MSG_HAS_CHILDREN, paramOf, placeholders, requireParam, rows, SYS,
  tenantFor, treeNode, type TreeNode,
} from './common';
import { requireButton } from '../../http/access-check';
import { allow, menu, menuButton } from '../../http/access-policy';

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());
const sortOf = (v: unknown): number => {
  if (v === undefined || v === null || v === '') throw new ServiceError('请输入排序');
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 99999) throw new ServiceError('排序必须是0到99999的整数');
  return n;
};

function roleFilter(request: FastifyRequest): string {
  return isAdministrator(caller(request)) ? '' : " AND role_alias <> 'administrator'";
}

export function registerRoleRoutes(api: FastifyInstance, db: Db, caches: CacheRegistry): void {
  const R = `${SYS}/role`;
  const decorate = (list: Record<string, unknown>[]): Record<string, unknown>[] => {
    const names = new Map(list.map((r) => [String(r.id), String(r.roleName)]));
    for (const r of list) {
      r.parentName = names.get(String(r.parentId)) ?? '';
      r.hasChildren = false;
    }
    return list;
  };
  api.get(`${R}/list`, allow(menu('role')), async (request) => {
    const user = caller(request);
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const where = ['tenant_id = ?', 'is_deleted = 0'];
    const params: unknown[] = [user.tenantId];
    for (const [k, c] of [['roleName', 'role_name'], ['roleAlias', 'role_alias']] as const) {
      if (q[k]?.trim()) {
        where.push(`${c} LIKE ? ESCAPE '\\'`);
        params.push(likeParam(q[k]!.trim()));
      }
    }
    const list = decorate(rows(db, `SELECT * FROM blade_role WHERE ${where.join(' AND ')}${roleFilter(request)} ORDER BY sort, id`, ...params));
    return ok(forest(list as (Record<string, unknown> & { id: string; parentId: string })[]));
  });
  const tree = (request: FastifyRequest, tenantId: string): TreeNode[] =>
    forest(
      rows(db, `SELECT id, parent_id, role_name FROM blade_role WHERE tenant_id = ? AND is_deleted = 0${roleFilter(request)} ORDER BY sort, id`, tenantId)
        .map((r) => treeNode(String(r.id), String(r.parentId), String(r.roleName))),
    );
  api.get(`${R}/tree`, allow(menu('role', 'user')), async (request) => ok(tree(request, tenantFor(request))));
  api.get(`${R}/tree-by-id`, allow(menu('role', 'user')), async (request) => {
    const user = caller(request);
    const roleId = requireParam(request, 'roleId');
    const role = db.prepare('SELECT tenant_id FROM blade_role WHERE id = ? AND is_deleted = 0').get(roleId) as { tenant_id: string } | undefined;
    if (!role || (role.tenant_id !== user.tenantId && !isAdministrator(user))) return ok([]);
    return ok(tree(request, role.tenant_id));
  });
  api.get(`${R}/detail`, allow(menu('role')), async (request) => {
    const user = caller(request);
    const r = rows(db, `SELECT * FROM blade_role WHERE id = ? AND tenant_id = ? AND is_deleted = 0${roleFilter(request)}`, requireParam(request, 'id'), user.tenantId)[0];
    return ok(r ? decorate([r])[0] : null);
  });
  api.post(`${R}/submit`, allow(menuButton('role', 'role_add', 'role_edit')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const id = str(b.id);
    requireButton(db, request, id ? 'role_edit' : 'role_add');
    const roleName = str(b.roleName);
    if (!roleName) throw new ServiceError('请输入角色名称');
    if (roleName.length > 255) throw new ServiceError('角色名称不能超过255个字符');
    const alias = str(b.roleAlias);
    if (!alias) throw new ServiceError('请输入角色别名');
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(alias)) throw new ServiceError('角色别名只能包含字母、数字、下划线和中划线,且以字母开头');
    if (alias === 'administrator' && !isAdministrator(user)) throw new ServiceError('无权限创建超管角色!');
    const sort = sortOf(b.sort);
    const parentId = str(b.parentId) ?? '0';
    if (parentId !== '0' && !db.prepare('SELECT 1 FROM blade_role WHERE id = ? AND tenant_id = ? AND is_deleted = 0').get(parentId, user.tenantId))
      throw new ServiceError('上级角色不存在');
    if (id && parentId === id) throw new ServiceError('父节点不可选择自身!');
    if (db.prepare('SELECT 1 FROM blade_role WHERE tenant_id = ? AND role_alias = ? AND is_deleted = 0 AND id <> ?').get(user.tenantId, alias, id ?? ''))
      throw new ServiceError('角色别名已存在');
    if (id) {
      const ch = db.prepare(`UPDATE blade_role SET role_name = ?, role_alias = ?, sort = ?, parent_id = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0${roleFilter(request)}`)
        .run(roleName, alias, sort, parentId, id, user.tenantId).changes;
      if (ch === 0) throw new ServiceError(MSG_NOT_FOUND);
      return ok(rows(db, 'SELECT * FROM blade_role WHERE id = ?', id)[0]);
    }
    const newId = nextId();
    db.prepare('INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias) VALUES (?, ?, ?, ?, ?, ?)')
      .run(newId, user.tenantId, parentId, roleName, sort, alias);
    return ok(rows(db, 'SELECT * FROM blade_role WHERE id = ?', newId)[0]);
  });
  api.post(`${R}/remove`, allow(menuButton('role', 'role_delete')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const own = db.prepare(`SELECT id FROM blade_role WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids.length)})${roleFilter(request)}`)
      .all(user.tenantId, ...ids) as { id: string }[];
    if (own.length !== ids.length) throw new ServiceError(MSG_NOT_FOUND);
    if (db.prepare(`SELECT 1 FROM blade_role WHERE is_deleted = 0 AND parent_id IN (${placeholders(ids.length)}) AND id NOT IN (${placeholders(ids.length)})`).get(...ids, ...ids))
      throw new ServiceError(MSG_HAS_CHILDREN);
    for (const id of ids) {
      if (db.prepare("SELECT 1 FROM blade_user WHERE tenant_id = ? AND is_deleted = 0 AND (',' || role_id || ',') LIKE ?").get(user.tenantId, `%,${id},%`))
        throw new ServiceError('当前角色下存在用户,请先解除用户的角色!');
    }
    db.prepare(`UPDATE blade_role SET is_deleted = 1 WHERE id IN (${placeholders(ids.length)})`).run(...ids);
    return status(true);
  });
  api.post(`${R}/grant`, allow(menuButton('role', 'role_setting')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const roleIds = idsFrom(b.roleIds);
    if (roleIds.length === 0) throw new ServiceError('请选择角色');
    const own = db.prepare(`SELECT id, role_alias FROM blade_role WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(roleIds.length)})${roleFilter(request)}`)
      .all(user.tenantId, ...roleIds) as { id: string }[];
    if (own.length !== roleIds.length) throw new ServiceError(MSG_NOT_FOUND);
    const menuIds = idsFrom(b.menuIds);
    const dataScopeIds = idsFrom(b.dataScopeIds);
    const apiScopeIds = idsFrom(b.apiScopeIds);
    // a non-administrator grants only within what their own roles have
    if (!isAdministrator(user)) {
      const mine = grantableOf(db, idList(user.roleId));
      if (menuIds.some((m) => !mine.menu.has(m)) || dataScopeIds.some((m) => !mine.data.has(m)) || apiScopeIds.some((m) => !mine.api.has(m)))
        throw new ServiceError('无权限授予未拥有的菜单或权限!');
    } else if (menuIds.length > 0) {
      const n = (db.prepare(`SELECT COUNT(*) AS n FROM blade_menu WHERE is_deleted = 0 AND id IN (${placeholders(menuIds.length)})`).get(...menuIds) as { n: number }).n;
      if (n !== menuIds.length) throw new ServiceError('所选菜单不存在');
    }
    db.transaction(() => {
      const del = db.prepare('DELETE FROM blade_role_menu WHERE role_id = ?');
      const delScope = db.prepare('DELETE FROM blade_role_scope WHERE role_id = ?');
      const ins = db.prepare('INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (?, ?, ?)');
      const insScope = db.prepare('INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id) VALUES (?, ?, ?, ?)');
      for (const roleId of roleIds) {
        del.run(roleId);
        delScope.run(roleId);
        for (const m of menuIds) ins.run(nextId(), roleId, m);
        for (const s of dataScopeIds) insScope.run(nextId(), 1, s, roleId);
        for (const s of apiScopeIds) insScope.run(nextId(), 2, s, roleId);
      }
    })();
    caches.clearAll();
    return status(true);
  });

  // ---- departments ----
  const D = `${SYS}/dept`;
  const deptRecords = (tenantId: string, extra = '', ...params: unknown[]): Record<string, unknown>[] => {
    const list = rows(db, `SELECT * FROM blade_dept WHERE tenant_id = ? AND is_deleted = 0${extra} ORDER BY sort, id`, tenantId, ...params);
    const names = new Map(
      (db.prepare('SELECT id, dept_name FROM blade_dept WHERE tenant_id = ? AND is_deleted = 0').all(tenantId) as { id: string; dept_name: string }[])
        .map((d) => [d.id, d.dept_name]),
    );
    for (const r of list) {
      r.parentName = names.get(String(r.parentId)) ?? '';
      r.deptCategoryName = ({ 1: '公司', 2: '部门', 3: '小组' } as Record<number, string>)[Number(r.deptCategory)] ?? '';
    }
    return list;
  };
  const hasChildren = (table: string, tenantId: string): ((id: string) => boolean) => {
    const parents = new Set(
      (db.prepare(`SELECT DISTINCT parent_id FROM ${table} WHERE tenant_id = ? AND is_deleted = 0`).all(tenantId) as { parent_id: string }[]).map((r) => r.parent_id),
    );
    return (id) => parents.has(id);
  };
  api.get(`${D}/list`, allow(menu('dept')), async (request) => {
    const user = caller(request);
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    let extra = '';
    const params: unknown[] = [];
    for (const [k, c] of [['deptName', 'dept_name'], ['fullName', 'full_name']] as const) {
      if (q[k]?.trim()) {
        extra += ` AND ${c} LIKE ? ESCAPE '\\'`;
        params.push(likeParam(q[k]!.trim()));
      }
    }
    return ok(forest(deptRecords(user.tenantId, extra, ...params) as (Record<string, unknown> & { id: string; parentId: string })[]));
  });
  api.get(`${D}/lazy-list`, allow(menu('dept')), async (request) => {
    const user = caller(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const name = q.deptName?.trim();
    const has = hasChildren('blade_dept', user.tenantId);
    const list = name
      ? deptRecords(user.tenantId, " AND dept_name LIKE ? ESCAPE '\\'", likeParam(name))
      : deptRecords(user.tenantId, ' AND parent_id = ?', parentId);
    for (const r of list) r.hasChildren = has(String(r.id));
    return ok(list);
  });
  api.get(`${D}/lazy-tree`, allow(menu('dept', 'user')), async (request) => {
    const tenantId = tenantFor(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const has = hasChildren('blade_dept', tenantId);
    return ok(
      (db.prepare('SELECT id, parent_id, dept_name FROM blade_dept WHERE tenant_id = ? AND parent_id = ? AND is_deleted = 0 ORDER BY sort, id').all(tenantId, parentId) as
        { id: string; parent_id: string; dept_name: string }[]).map((d) => treeNode(d.id, d.parent_id, d.dept_name, { hasChildren: has(d.id) })),
    );
  });
  api.get(`${D}/tree`, allow(menu('dept', 'user')), async (request) => {
    const tenantId = tenantFor(request);
    return ok(forest(
      (db.prepare('SELECT id, parent_id, dept_name FROM blade_dept WHERE tenant_id = ? AND is_deleted = 0 ORDER BY sort, id').all(tenantId) as
        { id: string; parent_id: string; dept_name: string }[]).map((d) => treeNode(d.id, d.parent_id, d.dept_name)),
    ));
  });
  api.get(`${D}/detail`, allow(menu('dept')), async (request) => ok(deptRecords(caller(request).tenantId, ' AND id = ?', requireParam(request, 'id'))[0] ?? null));
  api.post(`${D}/submit`, allow(menuButton('dept', 'dept_add', 'dept_edit')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const id = str(b.id);
    requireButton(db, request, id ? 'dept_edit' : 'dept_add');
    const deptName = str(b.deptName);
    if (!deptName) throw new ServiceError('请输入部门名称');
    if (deptName.length > 45) throw new ServiceError('部门名称不能超过45个字符');
    const fullName = str(b.fullName) ?? deptName;
    const category = b.deptCategory === undefined || b.deptCategory === null || b.deptCategory === '' ? 1 : Number(b.deptCategory);
    if (![1, 2, 3].includes(category)) throw new ServiceError('请选择部门类型');
    const sort = sortOf(b.sort);
    const parentId = str(b.parentId) ?? '0';
    let ancestors = '0';
    if (parentId !== '0') {
      const parent = db.prepare('SELECT ancestors FROM blade_dept WHERE id = ? AND tenant_id = ? AND is_deleted = 0').get(parentId, user.tenantId) as { ancestors: string } | undefined;
      if (!parent) throw new ServiceError('上级部门不存在');
      if (id && (parentId === id || `,${parent.ancestors},`.includes(`,${id},`))) throw new ServiceError('父节点不可选择自身或下级!');
      ancestors = `${parent.ancestors},${parentId}`;
    }
    if (id) {
      const ch = db.prepare('UPDATE blade_dept SET dept_name = ?, full_name = ?, dept_category = ?, sort = ?, parent_id = ?, ancestors = ?, remark = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0')
        .run(deptName, fullName, category, sort, parentId, ancestors, str(b.remark), id, user.tenantId).changes;
      if (ch === 0) throw new ServiceError(MSG_NOT_FOUND);
      return ok(deptRecords(user.tenantId, ' AND id = ?', id)[0]);
    }
    const newId = nextId();
    db.prepare('INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, remark) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(newId, user.tenantId, parentId, ancestors, category, deptName, fullName, sort, str(b.remark));
    return ok(deptRecords(user.tenantId, ' AND id = ?', newId)[0]);
  });
  api.post(`${D}/remove`, allow(menuButton('dept', 'dept_delete')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const own = db.prepare(`SELECT id FROM blade_dept WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids.length)})`).all(user.tenantId, ...ids);
    if (own.length !== ids.length) throw new ServiceError(MSG_NOT_FOUND);
    if (db.prepare(`SELECT 1 FROM blade_dept WHERE is_deleted = 0 AND parent_id IN (${placeholders(ids.length)}) AND id NOT IN (${placeholders(ids.length)})`).get(...ids, ...ids))
      throw new ServiceError(MSG_HAS_CHILDREN);
    for (const id of ids) {
      if (db.prepare("SELECT 1 FROM blade_user WHERE tenant_id = ? AND is_deleted = 0 AND (',' || dept_id || ',') LIKE ?").get(user.tenantId, `%,${id},%`))
        throw new ServiceError('当前部门下存在用户,请先移除用户!');
    }
    db.prepare(`UPDATE blade_dept SET is_deleted = 1 WHERE id IN (${placeholders(ids.length)})`).run(...ids);
    return status(true);
  });
}

/** Menu and scope ids the given roles hold. */
export function grantableOf(db: Db, roleIds: string[]): { menu: Set<string>; data: Set<string>; api: Set<string> } {
  if (roleIds.length === 0) return { menu: new Set(), data: new Set(), api: new Set() };
  const marks = placeholders(roleIds.length);
  const menu = new Set((db.prepare(`SELECT menu_id FROM blade_role_menu WHERE role_id IN (${marks})`).all(...roleIds) as { menu_id: string }[]).map((r) => r.menu_id));
  const scopes = db.prepare(`SELECT scope_category, scope_id FROM blade_role_scope WHERE role_id IN (${marks})`).all(...roleIds) as { scope_category: number; scope_id: string }[];
  return {
    menu,
    data: new Set(scopes.filter((s) => s.scope_category === 1).map((s) => s.scope_id)),
    api: new Set(scopes.filter((s) => s.scope_category === 2).map((s) => s.scope_id)),
  };
}
