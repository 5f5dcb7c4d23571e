// Data scopes narrow a resource's lists for the roles granted them; API scopes
// close a path to the roles not granted them (modules/system/scopes.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antPattern } from '../../src-server/modules/system/scopes';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { sql } from '../../src-server/db/data-layer';
import { api, login, startHarness, type Harness } from './helpers';

let h: Harness;
let base: string;
let admin: string;
type Row = Record<string, unknown> & { id: string };
const SYS = '/website-blade-system';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const menuId = async (code: string): Promise<string> =>
  (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = ${code} AND is_deleted = 0`))!.id;
const post = (token: string, path: string, json: unknown) => api<Row>(base, token, 'POST', path, { json });

let n = 0;
/** a role granted the param screen and its add button (the users below add params) plus the given scopes */
async function roleWith(dataScopeIds: string[], apiScopeIds: string[] = []): Promise<string> {
  const roleId = await createRole(h.data(), { tenantId: '000000', roleName: `范围${++n}`, roleAlias: `scoped${n}` });
  const grant = await post(admin, `${SYS}/role/grant`, { roleIds: [roleId], menuIds: [await menuId('param'), await menuId('param_add')], dataScopeIds, apiScopeIds });
  expect(grant.body.success).toBe(true);
  return roleId;
}
async function userIn(roleId: string, deptId: string): Promise<string> {
  const account = `scope${++n}`;
  await createUser(h.data(), { tenantId: '000000', account, password: 'pw', roleIds: [roleId], deptIds: [deptId] });
  return login(base, { username: account, password: 'pw' });
}
async function dataScope(scopeColumn: string, scopeType: number, scopeValue = ''): Promise<string> {
  const r = await post(admin, `${SYS}/data-scope/submit`, {
    menuId: await menuId('param'), resourceCode: 'param', scopeName: `规则${++n}`, scopeClass: 'param.list', scopeColumn, scopeType, scopeValue,
  });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data.id;
}
async function newParam(token: string, key: string): Promise<void> {
  const r = await post(token, `${SYS}/param/submit`, { paramName: key, paramKey: key, paramValue: 'v' });
  expect(r.body.code, r.body.msg).toBe(200);
}
async function keys(token: string): Promise<string[]> {
  const r = await api<{ records: Row[] }>(base, token, 'GET', `${SYS}/param/list`, { query: { current: 1, size: 500, paramKey: 'ds-' } });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data.records.map((x) => String(x.paramKey)).sort();
}

describe('data scopes', () => {
  let top: string;
  let child: string;
  let other: string;
  beforeAll(async () => {
    const data = h.data();
    top = await createDept(data, { tenantId: '000000', deptName: '总部' });
    child = await createDept(data, { tenantId: '000000', deptName: '分部' });
    await data.run(sql`UPDATE blade_dept SET parent_id = ${top}, ancestors = ${`0,${top}`} WHERE id = ${child}`);
    other = await createDept(data, { tenantId: '000000', deptName: '别部' });
  });

  it('own rows (type 2 on create_user), own department (3), department and below (4), custom (5), all (1)', async () => {
    const own = await roleWith([await dataScope('create_user', 2)]);
    const dept = await roleWith([await dataScope('create_dept', 3)]);
    const below = await roleWith([await dataScope('create_dept', 4)]);
    const custom = await roleWith([await dataScope('param_key', 5, 'ds-admin,ds-b')]);
    const all = await roleWith([await dataScope('create_user', 2), await dataScope('create_dept', 1)]);
    const none = await roleWith([]);

    const a = await userIn(own, top);
    const b = await userIn(dept, top);
    const c = await userIn(below, top);
    const d = await userIn(own, child);
    const e = await userIn(custom, other);
    const f = await userIn(all, other);
    const g = await userIn(none, other);
    await newParam(admin, 'ds-admin');
    await newParam(a, 'ds-a');
    await newParam(b, 'ds-b');
    await newParam(d, 'ds-d');
    await newParam(g, 'ds-g');

    expect(await keys(a)).toEqual(['ds-a']);
    expect(await keys(d)).toEqual(['ds-d']);
    expect(await keys(b)).toEqual(['ds-a', 'ds-b']);
    expect(await keys(c)).toEqual(['ds-a', 'ds-b', 'ds-d']);
    expect(await keys(e)).toEqual(['ds-admin', 'ds-b']);
    const everything = ['ds-a', 'ds-admin', 'ds-b', 'ds-d', 'ds-g'];
    expect(await keys(f)).toEqual(everything);
    expect(await keys(g)).toEqual(everything);
    expect(await keys(admin)).toEqual(everything);
  });

  it('a rule naming a column the resource lacks shows nothing (never more)', async () => {
    const bad = await roleWith([await dataScope('no_such_column', 3)]);
    const u = await userIn(bad, top);
    expect(await keys(u)).toEqual([]);
  });
});

describe('api scopes', () => {
  it('a path named by an API scope is open only to roles granted it; other paths are unaffected', async () => {
    const scope = await post(admin, `${SYS}/api-scope/submit`, {
      menuId: await menuId('param'), resourceCode: 'param', scopeName: '参数查询', scopePath: '/website-blade-system/param/**', scopeType: 2,
    });
    expect(scope.body.code, scope.body.msg).toBe(200);
    const dept = await createDept(h.data(), { tenantId: '000000', deptName: '接口部' });
    const granted = await userIn(await roleWith([], [scope.body.data.id]), dept);
    const refused = await userIn(await roleWith([]), dept);

    const list = (token: string) => api(base, token, 'GET', `${SYS}/param/list`, { query: { current: 1, size: 1 } });
    expect((await list(granted)).body.code).toBe(200);
    const denied = await list(refused);
    expect(denied.status).toBe(401);
    expect(denied.body.msg).toBe('请求未授权');
    const deniedEn = await api(base, refused, 'GET', `${SYS}/param/list`, { query: { current: 1, size: 1 }, headers: { 'Accept-Language': 'en' } });
    expect(deniedEn.body).toMatchObject({ code: 401, msg: 'Request not authorized' });
    expect((await list(admin)).body.code).toBe(200);
    // a path no API scope names
    expect((await api(base, refused, 'GET', '/blade-auth/oauth/user-info')).status).toBe(200);

    // removing the scope opens the path again
    await api(base, admin, 'POST', `${SYS}/api-scope/remove`, { form: { ids: scope.body.data.id } });
    expect((await list(refused)).body.code).toBe(200);
  });

  it('matches Ant-style patterns', () => {
    expect(antPattern('/website-blade-system/param/**').test('/website-blade-system/param')).toBe(true);
    expect(antPattern('/website-blade-system/param/**').test('/website-blade-system/param/list')).toBe(true);
    expect(antPattern('/website-blade-system/param/**').test('/website-blade-system/params/list')).toBe(false);
    expect(antPattern('/api/*/user/list').test('/website-blade-system/user/list')).toBe(true);
    expect(antPattern('/*/user/list').test('/a/b/user/list')).toBe(false);
    expect(antPattern('/x/lis?').test('/x/list')).toBe(true);
  });
});
