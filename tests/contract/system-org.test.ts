// System administration I over HTTP: users, roles and grants, menus, departments,
// posts, tenants and packages, regions; isolation, permissions, quota and expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode, Page } from '../../src-shared/wire';
import { api, login, startHarness, tokenCall, type Harness } from './helpers';
import { SEED_IDS } from '../../src-server/db/seed';
import { sql } from '../../src-server/db/data-layer';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
const S = '/website-blade-system';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const get = <T = Rec>(token: string, path: string, query: Record<string, string | number> = {}) => api<T>(base, token, 'GET', `${S}${path}`, { query });
const post = <T = Rec>(token: string, path: string, json?: unknown, query?: Record<string, string | number>) =>
  api<T>(base, token, 'POST', `${S}${path}`, { json, query });
/** the console's English: the reply's message with Accept-Language: en */
const postEn = async (token: string, path: string, json?: unknown, query?: Record<string, string | number>): Promise<string> =>
  (await api(base, token, 'POST', `${S}${path}`, { json, query, headers: { 'Accept-Language': 'en' } })).body.msg;
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[] | undefined) ?? [])]);
const menuId = async (code: string): Promise<string> => {
  const all = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
  return String(all.find((m) => m.code === code)!.id);
};

describe('users', () => {
  let userId = '';
  it('creates a user in a department that can sign in; the password is never returned', async () => {
    const dept = await post(admin, '/dept/submit', { deptName: '研发部', parentId: SEED_IDS.dept, sort: 1 });
    expect(dept.body.code).toBe(200);
    const r = await post(admin, '/user/submit', {
      account: 'dev1', name: '开发一', realName: '张三', password: 'secret1', password2: 'secret1',
      roleId: SEED_IDS.userRole, deptId: String(dept.body.data.id), email: 'a@b.cn',
    });
    expect(r.body).toMatchObject({ code: 200, success: true });
    userId = String(r.body.data.id);
    expect(r.body.data).not.toHaveProperty('password');
    expect(r.body.data).toMatchObject({ account: 'dev1', roleName: '普通用户', deptName: '研发部' });
    // paged by the parent department (descendants included)
    const page = await get<Page<Rec>>(admin, '/user/page', { deptId: SEED_IDS.dept, current: 1, size: 10 });
    expect(page.body.data.records.map((u) => u.account)).toEqual(expect.arrayContaining(['dev1', 'admin']));
    expect(page.body.data.records.every((u) => !('password' in u))).toBe(true);
    const byDept = await get<Page<Rec>>(admin, '/user/page', { deptId: String(dept.body.data.id) });
    expect(byDept.body.data.records.map((u) => u.account)).toEqual(['dev1']);
    expect(await login(base, { username: 'dev1', password: 'secret1' })).toBeTruthy();
    const detail = await get(admin, '/user/detail', { id: userId });
    expect(detail.body.data).toMatchObject({ account: 'dev1', realName: '张三' });
    expect(detail.body.data).not.toHaveProperty('password');
  });

  it('validates required fields and duplicates with 400 and the message', async () => {
    const miss = await post(admin, '/user/submit', { name: 'x', realName: 'x', password: 'secret1', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept });
    expect(miss.status).toBe(400);
    expect(miss.body).toMatchObject({ code: 400, success: false, msg: '请输入登录账号' });
    const dup = await post(admin, '/user/submit', { account: 'dev1', name: 'x', realName: 'x', password: 'secret1', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept });
    expect(dup.body.msg).toBe('当前用户 [dev1] 已存在!');
    const noRole = await post(admin, '/user/submit', { account: 'dev2', name: 'x', realName: 'x', password: 'secret1', deptId: SEED_IDS.dept });
    expect(noRole.body.msg).toBe('请选择所属角色');
    const mismatch = await post(admin, '/user/submit', { account: 'dev2', name: 'x', realName: 'x', password: 'secret1', password2: 'q', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept });
    expect(mismatch.body.msg).toBe('两次密码输入不一致');
    const short = await post(admin, '/user/submit', { account: 'dev2', name: 'x', realName: 'x', password: 'a', password2: 'a', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept });
    expect(short.body).toMatchObject({ code: 400, msg: '密码长度不能少于6位' });
    const email = await post(admin, '/user/submit', { account: 'dev2', name: 'x', realName: 'x', password: 'secret1', email: 'bad', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept });
    expect(email.body).toMatchObject({ code: 400, msg: '邮箱格式不正确' });
    const tenantPw = await post(admin, '/user/tenant-update-password', undefined, { userId, newPassword: 'b', newPassword1: 'b' });
    expect(tenantPw.body).toMatchObject({ code: 400, msg: '密码长度不能少于6位' });
    const dev2 = { account: 'dev2', name: 'x', realName: 'x', password: 'secret1', roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept };
    expect((await post(admin, '/user/submit', { ...dev2, birthday: 'soon' })).body.msg).toBe('请求参数格式错误: birthday');
    expect(await postEn(admin, '/user/submit', { ...dev2, birthday: 'soon' })).toBe('Malformed request parameter: birthday');
    expect((await post(admin, '/user/submit', { ...dev2, sex: 'x' })).body.msg).toBe('请求参数格式错误');
    expect(await postEn(admin, '/user/submit', { ...dev2, sex: 'x' })).toBe('Malformed request parameter');
    expect(await postEn(admin, '/user/update', { realName: 'x' })).toBe('A required request parameter is missing: id');
    expect(await postEn(admin, '/user/remove', undefined, { ids: '' })).toBe('Please select at least one row');
    expect(await postEn(admin, '/user/submit', [])).toBe('Malformed request: the body must be a JSON object');
  });

  it('resets the password to account.initPassword, unlocks, grants roles, updates the platform and removes', async () => {
    expect((await post(admin, '/user/reset-password', undefined, { userIds: userId })).body.success).toBe(true);
    expect(await login(base, { username: 'dev1', password: '123456' })).toBeTruthy();
    for (let i = 0; i < 5; i++) await tokenCall(base, { username: 'dev1', password: 'wrong' });
    expect((await tokenCall(base, { username: 'dev1', password: '123456' })).status).toBe(400);
    expect((await post(admin, '/user/unlock', undefined, { userIds: userId })).body.success).toBe(true);
    expect(await login(base, { username: 'dev1', password: '123456' })).toBeTruthy();
    await post(admin, '/user/grant', undefined, { userIds: userId, roleIds: `${SEED_IDS.userRole}` });
    expect((await get(admin, '/user/detail', { id: userId })).body.data.roleId).toBe(SEED_IDS.userRole);
    expect((await post(admin, '/user/update-platform', { userId, userType: 2, userExt: '{"a":1}' })).body.success).toBe(true);
    expect((await get(admin, '/user/platform-detail', { id: userId })).body.data).toMatchObject({ userType: 2, userExt: '{"a":1}' });
    expect((await post(admin, '/user/remove', undefined, { ids: SEED_IDS.adminUser })).body.msg).toBe('不能删除本账号!');
    expect((await post(admin, '/user/remove', undefined, { ids: userId })).body.success).toBe(true);
    expect((await get(admin, '/user/detail', { id: userId })).body.data).toBeNull();
  });

  it('pages 10 000 users by department (timing: npm run bench)', async () => {
    const row = (i: number) =>
      sql`(${`9${String(i).padStart(18, '0')}`}, '000000', ${`bulk${i}`}, 'x', ${`n${i}`}, ${`r${i}`}, ${SEED_IDS.userRole}, ${SEED_IDS.dept},
        ${`2024-01-01 00:00:${String(i % 60).padStart(2, '0')}`}, '2024-01-01 00:00:00')`;
    await h.data().transaction(async (trx) => {
      // 500 rows a statement: within both engines' limits on parameters
      for (let from = 0; from < 10000; from += 500) {
        await trx.run(sql`INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, create_time, update_time)
          VALUES ${sql.join(Array.from({ length: 500 }, (_, k) => row(from + k)))}`);
      }
    });
    await get(admin, '/user/page', { current: 2, size: 10, deptId: SEED_IDS.dept });
    const r = await get<Page<Rec>>(admin, '/user/page', { current: 500, size: 10, deptId: SEED_IDS.dept });
    expect(r.body.data.total).toBeGreaterThanOrEqual(10000);
    expect(r.body.data.records).toHaveLength(10);
    expect(r.body.data.current).toBe(500);
    await h.data().run(sql`DELETE FROM blade_user WHERE account LIKE 'bulk%'`);
  });
});

describe('roles, grants and routes', () => {
  it('grants a partial menu set; the role user then sees only those routes and buttons', async () => {
    const role = await post(admin, '/role/submit', { roleName: '编辑', roleAlias: 'editor', sort: 3, parentId: '0' });
    expect(role.body.code).toBe(200);
    const roleId = String(role.body.data.id);
    const tree = await get<{ menu: Rec[]; dataScope: Rec[]; apiScope: Rec[] }>(admin, '/menu/grant-tree');
    expect(flat(tree.body.data.menu).length).toBeGreaterThan(100);
    const ids = [await menuId('system'), await menuId('param'), await menuId('param_view')];
    expect((await post(admin, '/role/grant', { roleIds: [roleId], menuIds: ids, dataScopeIds: [], apiScopeIds: [] })).body.success).toBe(true);
    const keys = await get<{ menu: string[] }>(admin, '/menu/role-tree-keys', { roleIds: roleId });
    expect(keys.body.data.menu.sort()).toEqual([...ids].sort());
    await post(admin, '/user/submit', { account: 'ed1', name: 'e', realName: 'e', password: 'pw1pw1', roleId, deptId: SEED_IDS.dept });
    const token = await login(base, { username: 'ed1', password: 'pw1pw1' });
    const routes = (await get<MenuNode[]>(token, '/menu/routes')).body.data;
    expect(routes.map((r) => r.code)).toEqual(['system']);
    expect(routes[0]!.children!.map((r) => r.code)).toEqual(['param']);
    const buttons = (await get<MenuNode[]>(token, '/menu/buttons')).body.data;
    expect(buttons.flatMap((b) => b.children!.map((c) => c.code))).toEqual(['param_view']);
    // no grant for users: the back end refuses
    const refused = await get(token, '/user/page');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 401, msg: '请求未授权' });
    expect((await api(base, token, 'GET', `${S}/user/page`, { headers: { 'Accept-Language': 'en' } })).body).toMatchObject({ code: 401, msg: 'Request not authorized' });
    // granted menus only: a grant beyond one's own menus is refused
    const denied = await post(token, '/role/grant', { roleIds: [roleId], menuIds: [await menuId('user')] });
    expect(denied.status).toBe(401);
  });

  it('never lets a non-administrator see or create the administrator role', async () => {
    const roleId = String((await post(admin, '/role/submit', { roleName: '角色管理员', roleAlias: 'roleadmin', sort: 4 })).body.data.id);
    await post(admin, '/role/grant', { roleIds: [roleId], menuIds: [await menuId('authority'), await menuId('role'), await menuId('role_add')] });
    await post(admin, '/user/submit', { account: 'ra1', name: 'r', realName: 'r', password: 'pw1pw1', roleId, deptId: SEED_IDS.dept });
    const token = await login(base, { username: 'ra1', password: 'pw1pw1' });
    const aliases = flat((await get<Rec[]>(token, '/role/list')).body.data).map((r) => r.roleAlias);
    expect(aliases).not.toContain('administrator');
    expect(aliases).toContain('user');
    expect(flat((await get<Rec[]>(token, '/role/tree')).body.data).map((r) => r.title)).not.toContain('超级管理员');
    const create = await post(token, '/role/submit', { roleName: 'x', roleAlias: 'administrator', sort: 1 });
    expect(create.body).toMatchObject({ code: 400, msg: '无权限创建超管角色!' });
    expect((await get(token, '/role/detail', { id: SEED_IDS.administratorRole })).body.data).toBeNull();
  });

  it('refuses removing a role with children or users', async () => {
    const parent = String((await post(admin, '/role/submit', { roleName: 'P', roleAlias: 'p1', sort: 1 })).body.data.id);
    await post(admin, '/role/submit', { roleName: 'C', roleAlias: 'c1', sort: 1, parentId: parent });
    expect((await post(admin, '/role/remove', undefined, { ids: parent })).body.msg).toBe('请先删除子节点!');
    expect(await postEn(admin, '/role/remove', undefined, { ids: parent })).toBe('Delete its child nodes first!');
    const used = String((await post(admin, '/role/submit', { roleName: 'U', roleAlias: 'u1', sort: 1 })).body.data.id);
    await post(admin, '/user/submit', { account: 'holder', name: 'h', realName: 'h', password: 'pw1pw1', roleId: used, deptId: SEED_IDS.dept });
    expect((await post(admin, '/role/remove', undefined, { ids: used })).body.msg).toBe('当前角色下存在用户,请先解除用户的角色!');
    const child = flat((await get<Rec[]>(admin, '/role/list')).body.data).find((r) => r.roleAlias === 'c1')!;
    expect((await post(admin, '/role/remove', undefined, { ids: String(child.id) })).body.success).toBe(true);
    expect((await post(admin, '/role/remove', undefined, { ids: parent })).body.success).toBe(true);
  });
});

describe('menus', () => {
  it('lazy-lists, adds a menu with a button and reflects it in routes/buttons after re-login; refuses removing a parent', async () => {
    const roots = (await get<Rec[]>(admin, '/menu/lazy-list', { parentId: 0 })).body.data;
    expect(roots.find((m) => m.code === 'system')).toMatchObject({ hasChildren: true, category: 1 });
    const systemId = await menuId('system');
    const m = await post(admin, '/menu/submit', { parentId: systemId, code: 'demoMenu', name: '演示', alias: 'menu', path: '/system/demo', category: 1, action: 0, isOpen: 1, sort: 99 });
    expect(m.body.code).toBe(200);
    const b = await post(admin, '/menu/submit', { parentId: m.body.data.id, code: 'demoMenu_add', name: '新增', alias: 'add', path: '/system/demo/add', category: 2, action: 1, isOpen: 1, sort: 1 });
    expect(b.body.data).toMatchObject({ categoryName: '按钮', actionName: '工具栏', parentName: '演示' });
    expect((await post(admin, '/menu/submit', { code: 'x', name: 'x', category: 1, sort: 1 })).body.msg).toBe('请输入路由地址');
    const fresh = await login(base);
    const routes = flat((await get<Rec[]>(fresh, '/menu/routes')).body.data as Rec[]);
    expect(routes.map((r) => r.code)).toContain('demoMenu');
    const buttons = (await get<MenuNode[]>(fresh, '/menu/buttons')).body.data;
    expect(buttons.find((g) => g.code === 'demoMenu')!.children!.map((c) => c.code)).toEqual(['demoMenu_add']);
    expect((await post(admin, '/menu/remove', undefined, { ids: String(m.body.data.id) })).body.msg).toBe('请先删除子节点!');
    expect(await postEn(admin, '/menu/remove', undefined, { ids: String(m.body.data.id) })).toBe('Delete its child nodes first!');
    expect(await postEn(admin, '/menu/remove', undefined, { ids: '' })).toBe('Please select at least one row');
  });
});

describe('departments and posts', () => {
  it('serves the lazy tree, refuses removing a department with users and validates posts', async () => {
    const lazy = (await get<Rec[]>(admin, '/dept/lazy-tree', { parentId: 0 })).body.data;
    expect(lazy[0]).toMatchObject({ id: SEED_IDS.dept, title: 'SEO矩阵', hasChildren: true });
    expect((await post(admin, '/dept/remove', undefined, { ids: SEED_IDS.dept })).body.msg).toBe('请先删除子节点!');
    const leaf = String((await post(admin, '/dept/submit', { deptName: '空部门', parentId: SEED_IDS.dept, sort: 2 })).body.data.id);
    expect((await post(admin, '/dept/remove', undefined, { ids: leaf })).body.success).toBe(true);
    const bad = await post(admin, '/post/submit', { postName: '经理', sort: 1, category: 1 });
    expect(bad.body).toMatchObject({ code: 400, msg: '请输入岗位编号' });
    const p = await post(admin, '/post/submit', { postCode: 'mgr', postName: '经理', sort: 1, category: 1 });
    expect(p.body.code).toBe(200);
    expect((await get<Rec[]>(admin, '/post/select')).body.data.map((x) => x.postCode)).toContain('mgr');
  });
});

describe('tenants, packages, isolation, quota and expiry', () => {
  it('creates a tenant with its admin role, root department and admin user; isolates its records', async () => {
    expect((await post(admin, '/tenant-package/submit', { packageName: '' })).body.msg).toBe('请输入产品包名称');
    expect((await post(admin, '/tenant-package/submit', { packageName: '基础包' })).body.msg).toBe('请选择菜单');
    // the package holds the buttons of the calls below (add, edit, delete), so what refuses them is the tenant boundary
    const menuIds = [await menuId('system'), await menuId('user'), await menuId('user_add'), await menuId('user_edit'), await menuId('user_delete'),
      await menuId('authority'), await menuId('role'), await menuId('role_add'), await menuId('role_delete')];
    const pkg = await post(admin, '/tenant-package/submit', { packageName: '基础包', menuId: menuIds.join(',') });
    expect(pkg.body.code).toBe(200);
    const t = await post(admin, '/tenant/submit', { tenantName: '甲公司', linkman: '李四', contactNumber: '13800000000', accountNumber: 3, packageId: pkg.body.data.id, domain: 'a.example.com' });
    expect(t.body.code).toBe(200);
    const tenantId = String(t.body.data.tenantId);
    expect(tenantId).toMatch(/^\d{6}$/);
    const info = await api<Rec>(base, null, 'GET', `${S}/tenant/info`, { query: { domain: 'a.example.com' } });
    expect(info.body.data).toMatchObject({ tenantId });
    const ta = await login(base, { tenantId, username: 'admin', password: 'admin' });
    const routes = flat((await get<Rec[]>(ta, '/menu/routes')).body.data);
    expect(routes.map((r) => r.code).sort()).toEqual(['authority', 'role', 'system', 'user']);
    const users = (await get<Page<Rec>>(ta, '/user/page')).body.data.records;
    expect(users.map((u) => u.account)).toEqual(['admin']);
    expect((await get(ta, '/tenant/list')).status).toBe(401);
    // isolation: tenant A cannot read, update or remove tenant 000000's records
    expect((await get(ta, '/user/detail', { id: SEED_IDS.adminUser })).body.data).toBeNull();
    expect((await post(ta, '/user/update', { id: SEED_IDS.adminUser, realName: 'x' })).body.msg).toBe('数据不存在或已被删除');
    expect((await post(ta, '/user/remove', undefined, { ids: SEED_IDS.adminUser })).body.msg).toBe('数据不存在或已被删除');
    expect((await post(ta, '/role/remove', undefined, { ids: SEED_IDS.userRole })).body.msg).toBe('数据不存在或已被删除');
    expect(await postEn(ta, '/user/update', { id: SEED_IDS.adminUser, realName: 'x' })).toBe('The data does not exist or has been deleted');
    expect(await postEn(ta, '/role/remove', undefined, { ids: SEED_IDS.userRole })).toBe('The data does not exist or has been deleted');
    expect(flat((await get<Rec[]>(ta, '/role/list')).body.data).map((r) => r.roleAlias)).toEqual(['admin']);
    // the admin role's own tree cannot reach other tenants' departments
    const dept = (await get<Rec[]>(ta, '/dept/tree')).body.data;
    expect(dept.map((d) => d.title)).toEqual(['甲公司']);
    // quota: 3 accounts (admin + 2)
    const roleId = String(flat((await get<Rec[]>(ta, '/role/list')).body.data)[0]!.id);
    const mk = (account: string) => post(ta, '/user/submit', { account, name: account, realName: account, password: 'pw1pw1', roleId, deptId: String(dept[0]!.id) });
    expect((await mk('u1')).body.code).toBe(200);
    expect((await mk('u2')).body.code).toBe(200);
    expect((await mk('u3')).body.msg).toBe('当前租户已到最大账号额度!');
    expect(await postEn(ta, '/user/submit', { account: 'u3', name: 'u3', realName: 'u3', password: 'pw1pw1', roleId, deptId: String(dept[0]!.id) }))
      .toBe('This tenant has reached its account quota');
    // quota lowered below the usage: sign-in refused until it is raised again
    expect((await post(admin, '/tenant/setting', undefined, { ids: String(t.body.data.id), accountNumber: 1 })).body.success).toBe(true);
    const over = await tokenCall(base, { tenantId, username: 'admin', password: 'admin' });
    expect(over.status).toBe(400);
    expect(over.body.error_description).toBe('当前租户已到最大账号额度!');
    // expiry: login refused after the expire time
    expect((await post(admin, '/tenant/setting', undefined, { ids: String(t.body.data.id), accountNumber: 10, expireTime: '2000-01-01 00:00:00' })).body.success).toBe(true);
    const expired = await tokenCall(base, { tenantId, username: 'admin', password: 'admin' });
    expect(expired.status).toBe(400);
    expect(expired.body.error_description).toBe('当前租户已过期,请联系管理员!');
    expect((await mk('u4')).body.msg).toBe('当前租户已过期,请联系管理员!');
    expect(await postEn(ta, '/user/submit', { account: 'u4', name: 'u4', realName: 'u4', password: 'pw1pw1', roleId, deptId: String(dept[0]!.id) }))
      .toBe('This tenant has expired: please contact the administrator');
    expect((await post(admin, '/tenant/setting', undefined, { ids: String(t.body.data.id), expireTime: 'soon' })).body.msg).toBe('请求参数格式错误: expireTime');
    expect(await postEn(admin, '/tenant/setting', undefined, { ids: String(t.body.data.id), expireTime: 'soon' })).toBe('Malformed request parameter: expireTime');
    expect(await postEn(admin, '/tenant/package-setting', undefined, { tenantId: '999999' })).toBe('The data does not exist or has been deleted');
    expect(await postEn(admin, '/tenant/datasource')).toBe('A required request parameter is missing: tenantId');
    const pd = await get(admin, '/tenant/package-detail', { tenantId });
    expect(pd.body.data).toMatchObject({ packageName: '基础包' });
  });

  it('only the administrator manages tenants', async () => {
    const token = await login(base, { username: 'ed1', password: 'pw1pw1' });
    expect((await post(token, '/tenant/submit', { tenantName: 'x', linkman: 'x', contactNumber: '1' })).status).toBe(401);
    expect((await post(admin, '/tenant/submit', { linkman: 'x', contactNumber: '1' })).body.msg).toBe('请输入租户名称');
  });
});

describe('regions and top menus', () => {
  it('serves the region lazy tree by parentCode, detail by code, remove by id', async () => {
    const top = (await get<Rec[]>(admin, '/region/lazy-tree', { parentCode: '00' })).body.data;
    expect(top.map((r) => r.title)).toEqual(['北京市', '上海市', '广东省']);
    expect(top[0]).toMatchObject({ id: '11', hasChildren: true });
    expect((await get(admin, '/region/detail', { code: '440305' })).body.data).toMatchObject({ name: '南山区', parentCode: '4403' });
    expect((await post(admin, '/region/remove', undefined, { id: '4403' })).body.msg).toBe('请先删除子节点!');
    expect(await postEn(admin, '/region/remove', undefined, { id: '4403' })).toBe('Delete its child nodes first!');
    expect(await postEn(admin, '/region/remove', undefined, { id: '999999' })).toBe('The data does not exist or has been deleted');
    expect((await post(admin, '/region/remove', undefined, { id: '440305' })).body.success).toBe(true);
  });

  it('grants menus to a top menu', async () => {
    const t = await post(admin, '/topmenu/submit', { code: 'seo', name: 'SEO', sort: 1 });
    const id = String(t.body.data.id);
    const ids = [await menuId('system'), await menuId('param')];
    expect((await post(admin, '/topmenu/grant', { topMenuIds: [id], menuIds: ids })).body.success).toBe(true);
    expect((await get<{ menu: string[] }>(admin, '/menu/top-tree-keys', { topMenuIds: id })).body.data.menu.sort()).toEqual(ids.sort());
    const routes = (await get<Rec[]>(admin, '/menu/routes', { topMenuId: id })).body.data;
    expect(flat(routes).map((r) => r.code)).toEqual(['system', 'param']);
  });
});
