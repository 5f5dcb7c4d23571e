// Tenant isolation on every system resource, removal guards, package setting,
// datasource, quota detail and the grant-tree benchmark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { api, login, startHarness, type Harness } from './helpers';
import { SEED_IDS } from '../../src-server/db/seed';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let ta: string;
let tenantId: string;
let tenantRowId: string;
const S = '/website-blade-system';

const get = <T = Rec>(token: string, path: string, query: Record<string, string | number> = {}) => api<T>(base, token, 'GET', `${S}${path}`, { query });
const post = <T = Rec>(token: string, path: string, json?: unknown, query?: Record<string, string | number>) =>
  api<T>(base, token, 'POST', `${S}${path}`, { json, query });
const flat = (nodes: Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[] | undefined) ?? [])]);

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  const menus = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
  // the package holds the screens and the buttons of every call below, so what refuses them is the tenant boundary
  const ids = menus.filter((m) => ['system', 'post', 'post_add', 'post_edit', 'post_delete', 'dept', 'dept_edit', 'dept_delete', 'topmenu', 'topmenu_delete', 'topmenu_setting', 'authority', 'role'].includes(String(m.code))).map((m) => m.id);
  const pkg = await post(admin, '/tenant-package/submit', { packageName: '组织', menuId: ids.join(',') });
  const t = await post(admin, '/tenant/submit', { tenantName: '丙公司', linkman: 'x', contactNumber: '1', packageId: pkg.body.data.id });
  tenantId = String(t.body.data.tenantId);
  tenantRowId = String(t.body.data.id);
  ta = await login(base, { tenantId, username: 'admin', password: 'admin' });
});
afterAll(() => h.stop());

describe('tenant isolation', () => {
  it('posts, top menus and departments of tenant 000000 are invisible and untouchable from another tenant', async () => {
    const p = await post(admin, '/post/submit', { postCode: 'ceo0', postName: '总裁', sort: 1, category: 1 });
    const pid = String(p.body.data.id);
    const tm = await post(admin, '/topmenu/submit', { code: 'top0', name: '顶部', sort: 1 });
    const tmid = String(tm.body.data.id);
    const posts = (await get<Page<Rec>>(ta, '/post/list')).body.data.records.map((r) => r.postCode);
    expect(posts).toEqual(['ceo']); // its own seeded post only
    expect((await get(ta, '/post/detail', { id: pid })).body.data).toBeNull();
    expect((await post(ta, '/post/submit', { id: pid, postName: 'x' })).body.msg).toBe('数据不存在或已被删除');
    const en = await api(base, ta, 'POST', `${S}/post/submit`, { json: { id: pid, postName: 'x' }, headers: { 'Accept-Language': 'en' } });
    expect(en.body).toMatchObject({ code: 400, msg: 'The data does not exist or has been deleted' });
    expect((await post(ta, '/post/remove', undefined, { ids: pid })).body.msg).toBe('数据不存在或已被删除');
    expect((await get<Page<Rec>>(ta, '/topmenu/list')).body.data.records.map((r) => r.id)).not.toContain(tmid);
    expect((await post(ta, '/topmenu/remove', undefined, { ids: tmid })).body.msg).toBe('数据不存在或已被删除');
    expect((await post(ta, '/topmenu/grant', { topMenuIds: [tmid], menuIds: [] })).body.msg).toBe('数据不存在或已被删除');
    expect((await get(ta, '/dept/detail', { id: SEED_IDS.dept })).body.data).toBeNull();
    expect((await post(ta, '/dept/submit', { id: SEED_IDS.dept, deptName: 'x', sort: 1 })).body.msg).toBe('数据不存在或已被删除');
    expect((await post(ta, '/dept/remove', undefined, { ids: SEED_IDS.dept })).body.msg).toBe('数据不存在或已被删除');
    expect((await get<Rec[]>(ta, '/dept/lazy-list', { parentId: 0 })).body.data.map((d) => d.deptName)).toEqual(['丙公司']);
    // the tenant id parameter is only honoured for the administrator
    expect((await get<Rec[]>(ta, '/dept/tree', { tenantId: '000000' })).body.data.map((d) => d.title)).toEqual(['丙公司']);
    expect((await get<Rec[]>(admin, '/dept/tree', { tenantId })).body.data.map((d) => d.title)).toEqual(['丙公司']);
    expect((await get<Rec[]>(ta, '/post/select', { tenantId: '000000' })).body.data.map((d) => d.postCode)).toEqual(['ceo']);
  });

  it('tenant administrators cannot reach the administrator-only resources', async () => {
    for (const path of ['/tenant/list', '/tenant-package/list', '/client/list']) {
      const r = await get(ta, path);
      expect(r.status, path).toBe(401);
      expect(r.body.msg).toBe('请求未授权');
    }
    // and no grant for users: refused
    expect((await get(ta, '/user/page')).status).toBe(401);
  });
});

describe('permissions', () => {
  it('a user manager may read the role and department pickers but not change roles or departments', async () => {
    const menus = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
    const ids = menus.filter((m) => ['system', 'user', 'user_view'].includes(String(m.code))).map((m) => m.id);
    const role = String((await post(admin, '/role/submit', { roleName: '用户管理员', roleAlias: 'usermgr', sort: 5 })).body.data.id);
    await post(admin, '/role/grant', { roleIds: [role], menuIds: ids });
    await post(admin, '/user/submit', { account: 'um1', name: 'u', realName: 'u', password: 'pw1pw1', roleId: role, deptId: SEED_IDS.dept });
    const um = await login(base, { username: 'um1', password: 'pw1pw1' });
    expect((await get(um, '/user/page')).status).toBe(200);
    expect((await get(um, '/role/tree')).status).toBe(200);
    expect((await get(um, '/dept/tree')).status).toBe(200);
    expect((await get(um, '/post/select')).status).toBe(200);
    for (const [path, json] of [['/role/submit', { roleName: 'x', roleAlias: 'x', sort: 1 }], ['/dept/submit', { deptName: 'x', sort: 1 }], ['/menu/submit', {}]] as const) {
      const r = await post(um, path, json);
      expect(r.status, path).toBe(401);
      expect(r.body).toMatchObject({ code: 401, msg: '请求未授权' });
    }
    expect((await get(um, '/role/list')).status).toBe(401);
    expect((await get(um, '/menu/grant-tree')).status).toBe(401);
  });
});

describe('removal guards', () => {
  it('refuses removing a department that still has users', async () => {
    const d = String((await post(admin, '/dept/submit', { deptName: '有人部门', parentId: SEED_IDS.dept, sort: 3 })).body.data.id);
    await post(admin, '/user/submit', { account: 'indept', name: 'i', realName: 'i', password: 'pw1pw1', roleId: SEED_IDS.userRole, deptId: d });
    const r = await post(admin, '/dept/remove', undefined, { ids: d });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('当前部门下存在用户,请先移除用户!');
  });
});

describe('tenant settings', () => {
  it('package setting rewrites the tenant admin menus; datasource and quota detail', async () => {
    const menus = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
    const ids = menus.filter((m) => ['workbench', 'wel'].includes(String(m.code))).map((m) => m.id);
    const pkg = await post(admin, '/tenant-package/submit', { packageName: '只读', menuId: ids.join(',') });
    expect((await post(admin, '/tenant/package-setting', undefined, { tenantId, packageId: String(pkg.body.data.id) })).body.success).toBe(true);
    const relogin = await login(base, { tenantId, username: 'admin', password: 'admin' });
    const routes = flat((await get<Rec[]>(relogin, '/menu/routes')).body.data).map((r) => r.code);
    expect(routes).toEqual(['workbench', 'wel']);
    expect((await get(admin, '/tenant/package-detail', { tenantId })).body.data).toMatchObject({ packageName: '只读' });
    expect((await post(admin, '/tenant/datasource', undefined, { tenantId, datasourceId: '42' })).body.success).toBe(true);
    expect((await get(admin, '/tenant/detail', { id: tenantRowId })).body.data).toMatchObject({ datasourceId: '42', packageId: String(pkg.body.data.id) });
    const quota = await api<Rec>(base, relogin, 'GET', '/seo-blade-system/tenant-quota/detail');
    expect(quota.body.data).toMatchObject({ tenantId, accountUsed: 1 });
    expect((await post(admin, '/tenant/remove', undefined, { ids: SEED_IDS.tenant })).body.msg).toBe('不可删除管理组租户!');
  });
});

describe('data and API scopes', () => {
  it('scopes appear under their menu in the grant tree and are granted with the role', async () => {
    const menus = flat((await get<Rec[]>(admin, '/menu/list')).body.data);
    const userMenu = String(menus.find((m) => m.code === 'user')!.id);
    const bad = await post(admin, '/data-scope/submit', { menuId: userMenu, resourceCode: 'r', scopeName: '本部门', scopeClass: 'x.UserMapper.selectUserPage' });
    expect(bad.body).toMatchObject({ code: 400, msg: '请选择规则类型' });
    const ds = await post(admin, '/data-scope/submit', { menuId: userMenu, resourceCode: 'user_dept', scopeName: '本部门', scopeClass: 'x.UserMapper.selectUserPage', scopeType: 3 });
    const as = await post(admin, '/api-scope/submit', { menuId: userMenu, resourceCode: 'user_api', scopeName: '用户接口', scopePath: '/blade-user/**', scopeType: 1 });
    expect(ds.body.code).toBe(200);
    expect(as.body.code).toBe(200);
    const tree = (await get<{ dataScope: Rec[]; apiScope: Rec[] }>(admin, '/menu/grant-tree')).body.data;
    expect(tree.dataScope[0]).toMatchObject({ id: userMenu, title: '用户管理' });
    expect((tree.dataScope[0]!.children as Rec[]).map((c) => c.title)).toEqual(['本部门']);
    expect((tree.apiScope[0]!.children as Rec[]).map((c) => c.title)).toEqual(['用户接口']);
    const role = String((await post(admin, '/role/submit', { roleName: '范围', roleAlias: 'scoped', sort: 6 })).body.data.id);
    await post(admin, '/role/grant', { roleIds: [role], menuIds: [userMenu], dataScopeIds: [ds.body.data.id], apiScopeIds: [as.body.data.id] });
    const keys = (await get<Record<string, string[]>>(admin, '/menu/role-tree-keys', { roleIds: role })).body.data;
    expect(keys).toEqual({ menu: [userMenu], dataScope: [String(ds.body.data.id)], apiScope: [String(as.body.data.id)] });
  });
});

describe('grant tree', () => {
  it('gives the administrator every menu of the full tree as granted keys (timing: npm run bench)', async () => {
    const [tree, keys] = await Promise.all([get<{ menu: Rec[] }>(admin, '/menu/grant-tree'), get<{ menu: string[] }>(admin, '/menu/role-tree-keys', { roleIds: SEED_IDS.administratorRole })]);
    expect(flat(tree.body.data.menu).length).toBe(keys.body.data.menu.length);
  });
});
