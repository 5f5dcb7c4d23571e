// Roles (tree, grant of menus / data scopes / API scopes) and departments
// (tree, lazy list, lazy tree). A non-administrator never sees nor creates the
// administrator role; nodes with children or users cannot be removed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Queries, type RawBuilder } from '../../db/data-layer';
import { ok, ServiceError, status } from '../../http/reply';
import { nextId } from '../../util/ids';
import {
  body, caller, forest, hasOtherChildren, idList, idsFrom, isAdministrator, paramOf, requireParam, rows, SYS, tenantFor, treeNode, type TreeNode,
} from './common';
import { requireButton } from '../../http/access-check';
import { allow, menu, menuButton } from '../../http/access-policy';
import type { ModuleDeps } from '../types';
import { judgeDeclared } from '../../crud/declared-input';
import { DEPT, ROLE } from '../../../src-shared/declarations/system';

const str = (v: unknown): string | null => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim());

/** appended to a role query's conditions: a non-administrator never sees the administrator role */
function roleFilter(request: FastifyRequest): RawBuilder<unknown> {
  return isAdministrator(caller(request)) ? sql`` : sql` AND role_alias <> 'administrator'`;
}

type Rec = Record<string, unknown> & { id: string; parentId: string };

export function registerRoleRoutes(api: FastifyInstance, deps: ModuleDeps): void {
  const { data, caches } = deps;
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
    const where: RawBuilder<unknown>[] = [sql`tenant_id = ${user.tenantId}`, sql`is_deleted = 0`];
    for (const [k, c] of [['roleName', 'role_name'], ['roleAlias', 'role_alias']] as const) {
      if (q[k]?.trim()) where.push(data.dialect.contains(sql.ref(c), q[k]!.trim()));
    }
    const list = decorate(await rows(data, sql`SELECT * FROM blade_role WHERE ${sql.join(where, sql` AND `)}${roleFilter(request)} ORDER BY sort, id`));
    return ok(forest(list as Rec[]));
  });
  const tree = async (request: FastifyRequest, tenantId: string): Promise<TreeNode[]> =>
    forest(
      (await rows(data, sql`SELECT id, parent_id, role_name FROM blade_role WHERE tenant_id = ${tenantId} AND is_deleted = 0${roleFilter(request)} ORDER BY sort, id`))
        .map((r) => treeNode(String(r.id), String(r.parentId), String(r.roleName))),
    );
  api.get(`${R}/tree`, allow(menu('role', 'user')), async (request) => ok(await tree(request, tenantFor(request))));
  api.get(`${R}/tree-by-id`, allow(menu('role', 'user')), async (request) => {
    const user = caller(request);
    const roleId = requireParam(request, 'roleId');
    const role = await data.get(sql<{ tenant_id: string }>`SELECT tenant_id FROM blade_role WHERE id = ${roleId} AND is_deleted = 0`);
    if (!role || (role.tenant_id !== user.tenantId && !isAdministrator(user))) return ok([]);
    return ok(await tree(request, role.tenant_id));
  });
  api.get(`${R}/detail`, allow(menu('role')), async (request) => {
    const user = caller(request);
    const id = requireParam(request, 'id');
    const r = (await rows(data, sql`SELECT * FROM blade_role WHERE id = ${id} AND tenant_id = ${user.tenantId} AND is_deleted = 0${roleFilter(request)}`))[0];
    return ok(r ? decorate([r])[0] : null);
  });
  api.post(`${R}/submit`, allow(menuButton('role', 'role_add', 'role_edit')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const id = str(b.id);
    await requireButton(deps.data, request, id ? 'role_edit' : 'role_add');
    judgeDeclared(ROLE, b, { update: id !== null });
    const roleName = str(b.roleName)!;
    const alias = str(b.roleAlias)!;
    if (alias === 'administrator' && !isAdministrator(user)) throw new ServiceError('sys.roleAdministratorRefused');
    const sort = Number(b.sort);
    const parentId = str(b.parentId) ?? '0';
    if (parentId !== '0' && !(await data.get(sql`SELECT 1 AS found FROM blade_role WHERE id = ${parentId} AND tenant_id = ${user.tenantId} AND is_deleted = 0`)))
      throw new ServiceError('sys.roleParentMissing');
    if (id && parentId === id) throw new ServiceError('sys.parentSelf');
    // the alias is checked unique and written under its lock: two saves of one alias at once (any instances) see each other
    const roleId = id ?? nextId();
    await data.transaction(async (trx) => {
      await trx.run(trx.dialect.transactionLock(`blade_role.role_alias:${user.tenantId}:${alias}`));
      if (await trx.get(sql`SELECT 1 AS taken FROM blade_role WHERE tenant_id = ${user.tenantId} AND role_alias = ${alias} AND is_deleted = 0 AND id <> ${id ?? ''}`))
        throw new ServiceError('sys.roleAliasTaken');
      if (id) {
        const ch = await trx.run(sql`UPDATE blade_role SET role_name = ${roleName}, role_alias = ${alias}, sort = ${sort}, parent_id = ${parentId}
          WHERE id = ${id} AND tenant_id = ${user.tenantId} AND is_deleted = 0${roleFilter(request)}`);
        if (ch === 0) throw new ServiceError('common.notFound');
      } else {
        await trx.run(sql`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias)
          VALUES (${roleId}, ${user.tenantId}, ${parentId}, ${roleName}, ${sort}, ${alias})`);
      }
    });
    return ok((await rows(data, sql`SELECT * FROM blade_role WHERE id = ${roleId}`))[0]);
  });
  api.post(`${R}/remove`, allow(menuButton('role', 'role_delete')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const own = await data.all(sql`SELECT id FROM blade_role WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})${roleFilter(request)}`);
    if (own.length !== ids.length) throw new ServiceError('common.notFound');
    if (await hasOtherChildren(data, 'blade_role', ids)) throw new ServiceError('common.deleteChildrenFirst');
    for (const id of ids) {
      if (await hasUsers(data, user.tenantId, 'role_id', id)) throw new ServiceError('sys.roleHasUsers');
    }
    await data.run(sql`UPDATE blade_role SET is_deleted = 1 WHERE id IN (${sql.join(ids)})`);
    return status(true);
  });
  api.post(`${R}/grant`, allow(menuButton('role', 'role_setting')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const roleIds = idsFrom(b.roleIds);
    if (roleIds.length === 0) throw new ServiceError('sys.grantRolesRequired');
    const own = await data.all(
      sql`SELECT id, role_alias FROM blade_role WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 AND id IN (${sql.join(roleIds)})${roleFilter(request)}`,
    );
    if (own.length !== roleIds.length) throw new ServiceError('common.notFound');
    const menuIds = idsFrom(b.menuIds);
    const dataScopeIds = idsFrom(b.dataScopeIds);
    const apiScopeIds = idsFrom(b.apiScopeIds);
    // a non-administrator grants only within what their own roles have
    if (!isAdministrator(user)) {
      const mine = await grantableOf(data, idList(user.roleId));
      if (menuIds.some((m) => !mine.menu.has(m)) || dataScopeIds.some((m) => !mine.data.has(m)) || apiScopeIds.some((m) => !mine.api.has(m)))
        throw new ServiceError('sys.grantNotHeld');
    } else if (menuIds.length > 0) {
      const { n } = (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_menu WHERE is_deleted = 0 AND id IN (${sql.join(menuIds)})`))!;
      if (n !== menuIds.length) throw new ServiceError('sys.grantMenuMissing');
    }
    await data.transaction(async (trx) => {
      for (const roleId of roleIds) {
        await trx.run(sql`DELETE FROM blade_role_menu WHERE role_id = ${roleId}`);
        await trx.run(sql`DELETE FROM blade_role_scope WHERE role_id = ${roleId}`);
        for (const m of menuIds) await trx.run(sql`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (${nextId()}, ${roleId}, ${m})`);
        for (const [category, scopeIds] of [[1, dataScopeIds], [2, apiScopeIds]] as const) {
          for (const s of scopeIds) {
            await trx.run(sql`INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id) VALUES (${nextId()}, ${category}, ${s}, ${roleId})`);
          }
        }
      }
    });
    await caches.clearAll();
    return status(true);
  });

  // ---- departments ----
  const D = `${SYS}/dept`;
  const deptRecords = async (tenantId: string, extra: RawBuilder<unknown> = sql``): Promise<Record<string, unknown>[]> => {
    const list = await rows(data, sql`SELECT * FROM blade_dept WHERE tenant_id = ${tenantId} AND is_deleted = 0${extra} ORDER BY sort, id`);
    const names = new Map(
      (await data.all(sql<{ id: string; dept_name: string }>`SELECT id, dept_name FROM blade_dept WHERE tenant_id = ${tenantId} AND is_deleted = 0`))
        .map((d) => [d.id, d.dept_name]),
    );
    for (const r of list) {
      r.parentName = names.get(String(r.parentId)) ?? '';
      r.deptCategoryName = ({ 1: '公司', 2: '部门', 3: '小组' } as Record<number, string>)[Number(r.deptCategory)] ?? '';
    }
    return list;
  };
  const hasChildren = async (table: string, tenantId: string): Promise<(id: string) => boolean> => {
    const parents = new Set(
      (await data.all(sql<{ parent_id: string }>`SELECT DISTINCT parent_id FROM ${sql.id(table)} WHERE tenant_id = ${tenantId} AND is_deleted = 0`))
        .map((r) => r.parent_id),
    );
    return (id) => parents.has(id);
  };
  api.get(`${D}/list`, allow(menu('dept')), async (request) => {
    const user = caller(request);
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const extra: RawBuilder<unknown>[] = [];
    for (const [k, c] of [['deptName', 'dept_name'], ['fullName', 'full_name']] as const) {
      if (q[k]?.trim()) extra.push(sql` AND ${data.dialect.contains(sql.ref(c), q[k]!.trim())}`);
    }
    return ok(forest((await deptRecords(user.tenantId, sql.join(extra, sql``))) as Rec[]));
  });
  api.get(`${D}/lazy-list`, allow(menu('dept')), async (request) => {
    const user = caller(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const name = q.deptName?.trim();
    const has = await hasChildren('blade_dept', user.tenantId);
    const list = name
      ? await deptRecords(user.tenantId, sql` AND ${data.dialect.contains(sql.ref('dept_name'), name)}`)
      : await deptRecords(user.tenantId, sql` AND parent_id = ${parentId}`);
    for (const r of list) r.hasChildren = has(String(r.id));
    return ok(list);
  });
  api.get(`${D}/lazy-tree`, allow(menu('dept', 'user')), async (request) => {
    const tenantId = tenantFor(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const has = await hasChildren('blade_dept', tenantId);
    const depts = await data.all(sql<{ id: string; parent_id: string; dept_name: string }>`SELECT id, parent_id, dept_name FROM blade_dept
      WHERE tenant_id = ${tenantId} AND parent_id = ${parentId} AND is_deleted = 0 ORDER BY sort, id`);
    return ok(depts.map((d) => treeNode(d.id, d.parent_id, d.dept_name, { hasChildren: has(d.id) })));
  });
  api.get(`${D}/tree`, allow(menu('dept', 'user')), async (request) => {
    const tenantId = tenantFor(request);
    const depts = await data.all(sql<{ id: string; parent_id: string; dept_name: string }>`SELECT id, parent_id, dept_name FROM blade_dept
      WHERE tenant_id = ${tenantId} AND is_deleted = 0 ORDER BY sort, id`);
    return ok(forest(depts.map((d) => treeNode(d.id, d.parent_id, d.dept_name))));
  });
  api.get(`${D}/detail`, allow(menu('dept')), async (request) =>
    ok((await deptRecords(caller(request).tenantId, sql` AND id = ${requireParam(request, 'id')}`))[0] ?? null));
  api.post(`${D}/submit`, allow(menuButton('dept', 'dept_add', 'dept_edit')), async (request) => {
    const user = caller(request);
    const b = body(request);
    const id = str(b.id);
    await requireButton(deps.data, request, id ? 'dept_edit' : 'dept_add');
    judgeDeclared(DEPT, b, { update: id !== null });
    const deptName = str(b.deptName)!;
    const fullName = str(b.fullName) ?? deptName;
    const category = str(b.deptCategory) === null ? 1 : Number(b.deptCategory);
    const sort = Number(b.sort);
    const parentId = str(b.parentId) ?? '0';
    let ancestors = '0';
    if (parentId !== '0') {
      const parent = await data.get(
        sql<{ ancestors: string }>`SELECT ancestors FROM blade_dept WHERE id = ${parentId} AND tenant_id = ${user.tenantId} AND is_deleted = 0`,
      );
      if (!parent) throw new ServiceError('sys.deptParentMissing');
      if (id && (parentId === id || `,${parent.ancestors},`.includes(`,${id},`))) throw new ServiceError('sys.deptParentSelf');
      ancestors = `${parent.ancestors},${parentId}`;
    }
    if (id) {
      const ch = await data.run(sql`UPDATE blade_dept SET dept_name = ${deptName}, full_name = ${fullName}, dept_category = ${category}, sort = ${sort},
        parent_id = ${parentId}, ancestors = ${ancestors}, remark = ${str(b.remark)} WHERE id = ${id} AND tenant_id = ${user.tenantId} AND is_deleted = 0`);
      if (ch === 0) throw new ServiceError('common.notFound');
      return ok((await deptRecords(user.tenantId, sql` AND id = ${id}`))[0]);
    }
    const newId = nextId();
    await data.run(sql`INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, remark)
      VALUES (${newId}, ${user.tenantId}, ${parentId}, ${ancestors}, ${category}, ${deptName}, ${fullName}, ${sort}, ${str(b.remark)})`);
    return ok((await deptRecords(user.tenantId, sql` AND id = ${newId}`))[0]);
  });
  api.post(`${D}/remove`, allow(menuButton('dept', 'dept_delete')), async (request) => {
    const user = caller(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const own = await data.all(sql`SELECT id FROM blade_dept WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})`);
    if (own.length !== ids.length) throw new ServiceError('common.notFound');
    if (await hasOtherChildren(data, 'blade_dept', ids)) throw new ServiceError('common.deleteChildrenFirst');
    for (const id of ids) {
      if (await hasUsers(data, user.tenantId, 'dept_id', id)) throw new ServiceError('sys.deptHasUsers');
    }
    await data.run(sql`UPDATE blade_dept SET is_deleted = 1 WHERE id IN (${sql.join(ids)})`);
    return status(true);
  });
}

/** A live user of the tenant whose comma list `column` (role_id, dept_id) holds `id`. */
async function hasUsers(q: Queries, tenantId: string, column: 'role_id' | 'dept_id', id: string): Promise<boolean> {
  return (await q.get(
    sql`SELECT 1 AS found FROM blade_user WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND (',' || ${sql.ref(column)} || ',') LIKE ${`%,${id},%`}`,
  )) !== undefined;
}

/** Menu and scope ids the given roles hold. */
export async function grantableOf(q: Queries, roleIds: string[]): Promise<{ menu: Set<string>; data: Set<string>; api: Set<string> }> {
  if (roleIds.length === 0) return { menu: new Set(), data: new Set(), api: new Set() };
  const ids = sql.join(roleIds);
  const menu = new Set((await q.all(sql<{ menu_id: string }>`SELECT menu_id FROM blade_role_menu WHERE role_id IN (${ids})`)).map((r) => r.menu_id));
  const scopes = await q.all(sql<{ scope_category: number; scope_id: string }>`SELECT scope_category, scope_id FROM blade_role_scope WHERE role_id IN (${ids})`);
  return {
    menu,
    data: new Set(scopes.filter((s) => s.scope_category === 1).map((s) => s.scope_id)),
    api: new Set(scopes.filter((s) => s.scope_category === 2).map((s) => s.scope_id)),
  };
}
