// Platform administrator vs tenant administrator: rows every tenant shares
// (system dictionaries, menus and buttons, tenant packages, clients,
// datasources, code-generation models and code, regions, data and API scopes)
// are changed only by the platform administrator (administrator of tenant
// 000000). Another tenant's administrator, even one holding every screen and
// button, reads them and is refused every change with 401 请求未授权; it still
// manages its own tenant's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { nextId } from '../../src-server/util/ids';
import { sql } from '../../src-server/db/data-layer';
import { api, login, otherTenantAdmin, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let other: string;
const S = '/website-blade-system';
const D = '/blade-develop';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  other = await otherTenantAdmin(h, '400001', '丁公司'); // its admin role holds every screen and button
});
afterAll(() => h.stop());

const get = <T = Rec>(token: string, path: string, query: Record<string, string | number> = {}) => api<T>(base, token, 'GET', path, { query });
const post = <T = Rec>(token: string, path: string, json?: unknown, query?: Record<string, string | number>) => api<T>(base, token, 'POST', path, { json, query });

async function firstId(table: string, where = '1 = 1'): Promise<string> {
  // table and condition are constant text written in this file
  const row = await h.data().get(sql<{ id: string }>`SELECT id FROM ${sql.table(table)} WHERE is_deleted = 0 AND ${sql.raw(where)} ORDER BY id LIMIT 1`);
  if (!row) throw new Error(`no row in ${table}`);
  return String(row.id);
}

function expectRefused(reply: { status: number; body: { msg: string } }, what: string): void {
  expect(reply.status, what).toBe(401);
  expect(reply.body.msg, what).toBe('请求未授权');
}

describe('another tenant administrator and the shared rows', () => {
  it('cannot change or remove a system dictionary entry; tenant 000000 still reads its label', async () => {
    const lang = (await h.data().get(sql<{ id: string; dict_value: string }>`
      SELECT id, dict_value FROM blade_dict WHERE code = 'lang' AND parent_id <> '0' AND is_deleted = 0 ORDER BY sort, id LIMIT 1`))!;
    expectRefused(await post(other, `${S}/dict/submit`, { id: lang.id, dictValue: '被改了' }), 'dict/submit edit');
    expectRefused(await post(other, `${S}/dict/submit`, { parentId: '0', code: 'x_shared', dictKey: '-1', dictValue: '新字典', sort: 1 }), 'dict/submit add');
    expectRefused(await post(other, `${S}/dict/update`, { id: lang.id, dictValue: '被改了' }), 'dict/update');
    expectRefused(await post(other, `${S}/dict/remove`, undefined, { ids: lang.id }), 'dict/remove');
    const items = (await get<Rec[]>(admin, `${S}/dict/dictionary`, { code: 'lang' })).body.data;
    expect(items.map((i) => i.dictValue)).toContain(lang.dict_value);
    expect(items.map((i) => i.dictValue)).not.toContain('被改了');
    // reads stay open to it
    expect((await get<Rec[]>(other, `${S}/dict/list`)).body.data.length).toBeGreaterThan(0);
    expect((await get<Rec[]>(other, `${S}/dict/dictionary`, { code: 'lang' })).body.data.length).toBe(items.length);
    // a dictionary asked for without its code: the message in the caller's language
    expect((await get(other, `${S}/dict/dictionary`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: code' });
    const en = await api(base, other, 'GET', `${S}/dict/dictionary`, { headers: { 'Accept-Language': 'en' } });
    expect(en.body).toMatchObject({ code: 400, msg: 'A required request parameter is missing: code' });
  });

  it('cannot change menus or buttons, but reads the menu tree', async () => {
    const menuId = await firstId('blade_menu', "code = 'param'");
    expectRefused(await post(other, `${S}/menu/submit`, { id: menuId, name: '被改了', code: 'param', path: '/system/param', sort: 1 }), 'menu/submit');
    expectRefused(await post(other, `${S}/menu/remove`, undefined, { ids: menuId }), 'menu/remove');
    expect((await get<Rec[]>(other, `${S}/menu/list`)).body.data.length).toBeGreaterThan(0);
    expect(await h.data().get(sql`SELECT name FROM blade_menu WHERE id = ${menuId}`)).toEqual({ name: '参数管理' });
  });

  it('cannot change tenant packages, clients, data or API scopes, but reads them', async () => {
    const calls: [string, string][] = [
      [`${S}/tenant-package`, 'blade_tenant_package'],
      [`${S}/client`, 'blade_client'],
      [`${S}/data-scope`, 'blade_scope_data'],
      [`${S}/api-scope`, 'blade_scope_api'],
    ];
    for (const [path] of calls) {
      for (const w of ['submit', 'save', 'update']) expectRefused(await post(other, `${path}/${w}`, { id: '1', remark: 'x' }), `${path}/${w}`);
      expectRefused(await post(other, `${path}/remove`, undefined, { ids: '1' }), `${path}/remove`);
      expect((await get(other, `${path}/list`)).status, `${path}/list`).toBe(200);
    }
    const clientId = await firstId('blade_client');
    expectRefused(await post(other, `${S}/client/submit`, { id: clientId, accessTokenValidity: 999999 }), 'client/submit on a seeded client');
  });

  it('cannot change datasources, models, prototypes or code-generation rows, but reads them', async () => {
    for (const path of [`${D}/datasource`, `${D}/model`, `${D}/code`]) {
      expectRefused(await post(other, `${path}/submit`, { name: 'x' }), `${path}/submit`);
      expectRefused(await post(other, `${path}/remove`, undefined, { ids: '1' }), `${path}/remove`);
      expect((await get<Page<Rec>>(other, `${path}/list`)).status, `${path}/list`).toBe(200);
    }
    expectRefused(await post(other, `${D}/model-prototype/submit-list`, [{ modelId: '1', jdbcName: 'x' }]), 'model-prototype/submit-list');
    expectRefused(await post(other, `${D}/code/copy`, undefined, { id: '1' }), 'code/copy');
    expect((await get(other, `${D}/datasource/select`)).status).toBe(200);
  });

  it('cannot change regions, but reads them', async () => {
    expectRefused(await post(other, `${S}/region/submit`, { code: '99', parentCode: '00', name: '被加的', regionLevel: 1, sort: 1 }), 'region/submit');
    expectRefused(await post(other, `${S}/region/remove`, undefined, { id: '11' }), 'region/remove');
    expect((await get(other, `${S}/region/lazy-tree`, { parentCode: '00' })).status).toBe(200);
    expect((await get(other, `${S}/region/select`, { code: '00' })).status).toBe(200);
  });

  it('still manages its own tenant rows: business dictionary, params, posts', async () => {
    const biz = await post(other, `${S}/dict-biz/submit`, { parentId: '0', code: 'own_dict', dictKey: '-1', dictValue: '自有字典', sort: 1, isSealed: 0 });
    expect(biz.status, JSON.stringify(biz.body)).toBe(200);
    const param = await post(other, '/website-blade-system/param/submit', { paramName: '自有', paramKey: 'own.key', paramValue: '1' });
    expect(param.status).toBe(200);
    const p = await post(other, `${S}/post/submit`, { postCode: 'own', postName: '自有岗位', sort: 1, category: 1 });
    expect(p.status).toBe(200);
    expect((await get<Page<Rec>>(admin, '/website-blade-system/param/list', { paramKey_equal: 'own.key' })).body.data.total).toBe(0);
  });
});

describe('a screen\'s buttons decide its writes', () => {
  it('submit adds with <code>_add and edits with <code>_edit: holding one is not the other', async () => {
    const role = await createRole(h.data(), { tenantId: '000000', roleName: '参数新增员', roleAlias: 'param_adder' });
    const grant = (code: string) => h.data().run(sql`
      INSERT INTO blade_role_menu (id, role_id, menu_id) SELECT ${nextId()}, ${role}, id FROM blade_menu WHERE code = ${code} AND is_deleted = 0`);
    for (const code of ['param', 'param_add']) await grant(code);
    const dept = await createDept(h.data(), { tenantId: '000000', deptName: '新增部' });
    await createUser(h.data(), { tenantId: '000000', account: 'adder', password: 'pw', roleIds: [role], deptIds: [dept] });
    const adder = await login(base, { username: 'adder', password: 'pw' });
    const added = await post<Rec>(adder, '/website-blade-system/param/submit', { paramName: '新增的', paramKey: 'added.key', paramValue: '1' });
    expect(added.status).toBe(200);
    const id = String(added.body.data.id);
    expectRefused(await post(adder, '/website-blade-system/param/submit', { id, paramValue: '2' }), 'submit with an id (an edit)');
    expectRefused(await post(adder, '/website-blade-system/param/update', { id, paramValue: '2' }), 'update');
    expectRefused(await post(adder, '/website-blade-system/param/remove', undefined, { ids: id }), 'remove');
    await grant('param_edit');
    expect((await post(adder, '/website-blade-system/param/submit', { id, paramValue: '2' })).status).toBe(200);
  });
});

describe('pickers open to every signed-in user', () => {
  it('answer nothing of another tenant (dept/select, role/select by userId)', async () => {
    const adminId = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`))!.id;
    expect((await get<Rec[]>(admin, `${S}/dept/select`, { userId: adminId })).body.data.length).toBeGreaterThan(0);
    expect((await get<Rec[]>(other, `${S}/dept/select`, { userId: adminId })).body.data).toEqual([]);
    expect((await get<Rec[]>(other, `${S}/role/select`, { userId: adminId })).body.data).toEqual([]);
    expect((await get<Rec[]>(other, `${S}/role/select`)).body.data.map((r) => r.roleAlias)).toEqual(['admin']);
  });
});

describe('the platform administrator', () => {
  it('changes a shared dictionary entry every tenant then reads', async () => {
    const row = (await h.data().get(sql<{ id: string; dict_value: string }>`
      SELECT id, dict_value FROM blade_dict WHERE code = 'lang' AND parent_id <> '0' AND is_deleted = 0 ORDER BY sort, id LIMIT 1`))!;
    const r = await post(admin, `${S}/dict/update`, { id: row.id, dictValue: `${row.dict_value}(平台)` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = (await get<Rec[]>(other, `${S}/dict/dictionary`, { code: 'lang' })).body.data.map((i) => i.dictValue);
    expect(seen).toContain(`${row.dict_value}(平台)`);
  });

  it('changes a region', async () => {
    const r = await post(admin, `${S}/region/submit`, { code: '99', parentCode: '00', name: '平台加的', regionLevel: 1, sort: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
