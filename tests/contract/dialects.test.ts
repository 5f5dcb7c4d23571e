// Both dialects on the same handlers: the spec's (/website-blade-system,
// /blade-auth/oauth/token with an md5 password) and the stock SpringBlade /
// BladeX one (/blade-system, /blade-desk, /blade-auth/token with an SM2-encrypted
// password and an R<AuthInfo> reply), encrypted here as a client would.
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, SABER, startHarness, type Harness } from './helpers';
import { EMBEDDED_DATASOURCE_ID } from '../../src-server/modules/admin/develop';
import { sql } from '../../src-server/db/data-layer';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
});
afterAll(() => h.stop());

type R<T = Record<string, unknown>> = { code: number; success: boolean; data: T; msg: string };

async function stockToken(params: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: R }> {
  const url = new URL(`${base}/blade-auth/token`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { method: 'POST', headers: { Authorization: SABER, ...headers } });
  return { status: res.status, body: (await res.json()) as R };
}
const encrypt = (plain: string): string => sm2.doEncrypt(plain, h.server.publicKey, 0);

describe('stock sign-in (SpringBlade >= 4.1)', () => {
  it('the public key is an uncompressed SM2 point, the same for every start of the data folder', () => {
    expect(h.server.publicKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it('password grant with an SM2-encrypted password answers R<AuthInfo> in camelCase', async () => {
    const { status, body } = await stockToken({ grantType: 'password', tenantId: '000000', account: 'admin', password: encrypt('admin'), type: 'account' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(body.data).toMatchObject({
      tokenType: 'bearer', tenantId: '000000', account: 'admin', authority: 'administrator', userName: '管理员', oauthId: '', expiresIn: 3600,
    });
    expect(Object.keys(body.data).sort()).toEqual(
      ['accessToken', 'account', 'authority', 'avatar', 'expiresIn', 'license', 'oauthId', 'refreshToken', 'tenantId', 'tokenType', 'userId', 'userName'],
    );
    // the token works on both dialects' paths
    const token = String(body.data.accessToken);
    expect((await api(base, token, 'GET', '/blade-system/user/info')).body.code).toBe(200);
    expect((await api(base, token, 'GET', '/website-blade-system/user/info')).body.code).toBe(200);
  });

  it('a wrong or plain-text password fails with the stock message; a wrong client is 401', async () => {
    const wrong = await stockToken({ grantType: 'password', tenantId: '000000', account: 'admin', password: encrypt('nope') });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, success: false, msg: '用户名或密码错误' });
    const plain = await stockToken({ grantType: 'password', tenantId: '000000', account: 'admin', password: 'admin' });
    expect(plain.body.msg).toBe('用户名或密码错误');
    const badClient = await stockToken(
      { grantType: 'password', tenantId: '000000', account: 'admin', password: encrypt('admin') },
      { Authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` },
    );
    expect(badClient.status).toBe(401);
    expect(badClient.body.msg).toBe('客户端认证失败!');
  });

  it('captcha: R envelope around key and image; the captcha grant checks it', async () => {
    const res = await fetch(`${base}/blade-auth/captcha`);
    const body = (await res.json()) as R<{ key: string; image: string }>;
    expect(body).toMatchObject({ code: 200, success: true });
    expect(body.data.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.image).toMatch(/^data:image\//);
    const code = (await h.data().get(sql<{ code: string }>`SELECT code FROM blade_captcha WHERE captcha_key = ${body.data.key}`))!.code;
    const bad = await stockToken({ grantType: 'captcha', tenantId: '000000', account: 'admin', password: encrypt('admin') }, { 'Captcha-Key': body.data.key, 'Captcha-Code': 'zzzzz' });
    expect(bad.body.msg).toBe('验证码不正确');
    const again = (await (await fetch(`${base}/blade-auth/captcha`)).json()) as R<{ key: string }>;
    const right = (await h.data().get(sql<{ code: string }>`SELECT code FROM blade_captcha WHERE captcha_key = ${again.data.key}`))!.code;
    expect(code).toMatch(/^[a-z0-9]{5}$/);
    const good = await stockToken({ grantType: 'captcha', tenantId: '000000', account: 'admin', password: encrypt('admin') }, { 'Captcha-Key': again.data.key, 'Captcha-Code': right.toUpperCase() });
    expect(good.body.code).toBe(200);
  });

  it('refresh with refreshToken gives a new AuthInfo; logout ends the session', async () => {
    const signIn = await stockToken({ grantType: 'password', tenantId: '000000', account: 'admin', password: encrypt('admin') });
    const refreshed = await stockToken({ grantType: 'refresh_token', refreshToken: String(signIn.body.data.refreshToken), scope: 'all' });
    expect(refreshed.body.code).toBe(200);
    const access = String(refreshed.body.data.accessToken);
    expect(access).not.toBe(signIn.body.data.accessToken);
    expect((await api(base, access, 'GET', '/blade-system/user/info')).body.code).toBe(200);

    const out = await fetch(`${base}/blade-auth/logout`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${access}` } });
    expect(((await out.json()) as R).code).toBe(200);
    expect((await api(base, access, 'GET', '/blade-system/user/info')).status).toBe(401);
  });
});

describe('stock prefixes reach the same handlers', () => {
  // (the menus are not among them: a stock console is answered the menus it has a page for, stock-console-menus.test.ts)
  it('users, dictionaries, parameters, notices and the API log answer under both prefixes alike', async () => {
    const token = await login(base);
    const pairs: [string, string, Record<string, string>][] = [
      ['/blade-system/user/list', '/website-blade-system/user/list', { current: '1', size: '5' }],
      ['/blade-system/dict/dictionary', '/website-blade-system/dict/dictionary', { code: 'sex' }],
      ['/blade-system/param/list', '/website-blade-system/param/list', { current: '1', size: '5' }],
      ['/blade-desk/notice/list', '/website-blade-desk/notice/list', { current: '1', size: '5' }],
      ['/blade-log/api/list', '/blade-log/list', { current: '1', size: '5' }],
      ['/blade-user/info', '/website-blade-system/user/info', {}],
    ];
    for (const [stock, spec, query] of pairs) {
      const a = await api(base, token, 'GET', stock, { query });
      const b = await api(base, token, 'GET', spec, { query });
      expect(a.body.code, stock).toBe(200);
      expect(a.body.data, stock).toEqual(b.body.data);
    }
  });

  it('a stock write lands where the spec reads it', async () => {
    const token = await login(base);
    const saved = await api(base, token, 'POST', '/blade-system/param/submit', { json: { paramName: '方言', paramKey: 'dialect.key', paramValue: 'stock' } });
    expect(saved.body.code).toBe(200);
    const read = await api<{ records: { paramValue: string }[] }>(base, token, 'GET', '/website-blade-system/param/list', { query: { paramKey: 'dialect.key' } });
    expect(read.body.data.records.map((r) => r.paramValue)).toEqual(['stock']);
  });
});

describe('stock-only mode', () => {
  it('serves the stock paths and answers 404 on the spec-only ones', async () => {
    const stock = await startHarness({ dialect: 'stock' });
    try {
      const sb = stock.server.url;
      const url = new URL(`${sb}/blade-auth/token`);
      const params = { grantType: 'password', tenantId: '000000', account: 'admin', password: sm2.doEncrypt('admin', stock.server.publicKey, 0) };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      const signIn = (await (await fetch(url, { method: 'POST', headers: { Authorization: SABER } })).json()) as R;
      expect(signIn.code).toBe(200);
      const token = String(signIn.data.accessToken);
      expect((await api(sb, token, 'GET', '/blade-system/user/info')).body.code).toBe(200);
      expect((await api(sb, token, 'GET', '/website-blade-system/user/info')).status).toBe(404);
      expect((await fetch(`${sb}/blade-auth/oauth/captcha`)).status).toBe(404);
    } finally {
      await stock.stop();
    }
  });
});

describe('what the stock consoles expect where the spec is silent', () => {
  it('button codes of Saber and Sword exist and are granted with their screens', async () => {
    const token = await login(base);
    const buttons = (await api<{ code: string; children?: { code: string }[] }[]>(base, token, 'GET', '/blade-system/menu/buttons')).body.data;
    const codes = new Set(buttons.flatMap((b) => [b.code, ...(b.children ?? []).map((c) => c.code)]));
    for (const code of ['data_scope_setting', 'api_scope_setting', 'region_debug', 'user_reset', 'topmenu_setting']) expect(codes.has(code), code).toBe(true);
  });

  it('region: the code decides insert or update (no id), the level comes back as level', async () => {
    const token = await login(base);
    const save = (name: string) => api<Record<string, unknown>>(base, token, 'POST', '/blade-system/region/submit', { json: { code: '110199', parentCode: '11', name, level: 2, sort: 9 } });
    expect((await save('测试区')).body.code).toBe(200);
    expect((await save('改名区')).body.code).toBe(200);
    const detail = (await api<Record<string, unknown>>(base, token, 'GET', '/blade-system/region/detail', { query: { code: '110199' } })).body.data;
    expect(detail).toMatchObject({ code: '110199', name: '改名区', level: 2 });
    const menu = (await api<{ path: string; code: string; children?: { path: string; code: string }[] }[]>(base, token, 'GET', '/blade-system/menu/routes')).body.data;
    const all = (nodes: { path: string; code: string; children?: unknown[] }[]): { path: string; code: string }[] =>
      nodes.flatMap((n) => [n, ...all((n.children ?? []) as typeof nodes)]);
    expect(all(menu).find((m) => m.code === 'region')?.path).toBe('/base/region');
  });

  it('region: a child of a province as Saber sends it (codes after the root\'s 00, the parent\'s stale regionLevel beside the form\'s level)', async () => {
    const token = await login(base);
    const saved = await api<Record<string, unknown>>(base, token, 'POST', '/blade-system/region/submit', {
      json: { parentCode: '0031', code: '003198', subCode: '98', name: '萨博区', level: 2, regionLevel: 1, sort: 9, parentId: '00', id: '31' },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ code: '3198', parentCode: '31', ancestors: '00,31', level: 2 });
    // a parent known under neither code is still refused
    const unknown = await api(base, token, 'POST', '/blade-system/region/submit', { json: { parentCode: '0077', code: '007701', name: '无', level: 2, sort: 1 } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '上级区划不存在' });
  });

  it('tenant/info answers an object when no tenant has the domain', async () => {
    const info = await api<Record<string, unknown>>(base, null, 'GET', '/blade-system/tenant/info', { query: { domain: 'http://nowhere.example/login' } });
    expect(info.body.code).toBe(200);
    expect(info.body.data).toMatchObject({ tenantId: '' });
  });

  it('no stricter than the stock back end: a tenant without a contact number, a code row without a model', async () => {
    const token = await login(base);
    const tenant = await api<Record<string, unknown>>(base, token, 'POST', '/blade-system/tenant/submit', { json: { tenantName: '无电话公司', linkman: '王五' } });
    expect(tenant.body.code, tenant.body.msg).toBe(200);
    const code = await api<Record<string, unknown>>(base, token, 'POST', '/blade-develop/code/submit', {
      json: { codeName: 'genNotice', tableName: 'blade_notice', apiPath: '/blade-desk/notice', packageName: 'org.springblade.desk', serviceName: 'blade-desk', pkName: 'id' },
    });
    expect(code.body.msg).not.toBe('请选择数据模型');
    expect(code.body.code, code.body.msg).toBe(200);
    // Saber's code form requires the data source on edit: the row names the embedded one, which the generator reads
    const detail = await api<Record<string, unknown>>(base, token, 'GET', '/blade-develop/code/detail', { query: { id: String(code.body.data.id) } });
    expect(detail.body.data).toMatchObject({ codeName: 'genNotice', datasourceId: EMBEDDED_DATASOURCE_ID });
  });
});
