import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { SEED_IDS } from '../../src-server/db/seed';
import { sql } from '../../src-server/db/data-layer';
import { LoginLimiter } from '../../src-server/auth/lockout';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { api, login, SABER, startHarness, SWORD, tokenCall, type Harness } from './helpers';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
});
afterAll(() => h.stop());

async function newCaptcha(): Promise<{ key: string; image: string; answer: string }> {
  const res = await fetch(`${base}/blade-auth/oauth/captcha`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { key: string; image: string };
  const row = (await h.data().get(sql<{ code: string }>`SELECT code FROM blade_captcha WHERE captcha_key = ${body.key}`))!;
  return { ...body, answer: row.code };
}

const captchaLogin = (key: string, code: string) =>
  tokenCall(base, { grantType: 'captcha', headers: { 'Captcha-Key': key, 'Captcha-Code': code } });

describe('captcha', () => {
  it('returns a key and a data-URL image of a 5-character answer stored server side', async () => {
    const c = await newCaptcha();
    expect(c.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(c.answer).toHaveLength(5);
  });

  it('rejects a wrong code and consumes the captcha', async () => {
    const c = await newCaptcha();
    const wrong = await captchaLogin(c.key, 'zzzzz');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_description).toBe('验证码不正确');
    const again = await captchaLogin(c.key, c.answer);
    expect(again.body.error_description).toBe('验证码不正确');
  });

  it('accepts the right code case-insensitively, only once', async () => {
    const c = await newCaptcha();
    const first = await captchaLogin(c.key, c.answer.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.body.access_token).toBeTypeOf('string');
    const second = await captchaLogin(c.key, c.answer);
    expect(second.status).toBe(400);
    expect(second.body.error_description).toBe('验证码不正确');
  });

  it('expires after 30 minutes', async () => {
    const c = await newCaptcha();
    h.advance(30 * 60 * 1000 + 1000);
    try {
      const res = await captchaLogin(c.key, c.answer);
      expect(res.status).toBe(400);
      expect(res.body.error_description).toBe('验证码不正确');
    } finally {
      h.advance(-(30 * 60 * 1000 + 1000));
    }
  });

  it('refuses a captcha grant without captcha headers', async () => {
    const res = await tokenCall(base, { grantType: 'captcha' });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('验证码不正确');
  });
});

describe('password grant', () => {
  it('issues the BladeX snake_case reply and JWT claims', async () => {
    const { status, body } = await tokenCall(base);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000000',
      user_id: SEED_IDS.adminUser,
      dept_id: SEED_IDS.dept,
      role_id: SEED_IDS.administratorRole,
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      client_id: 'saber',
    });
    expect(body).toHaveProperty('avatar');
    const access = decodeJwt(body.access_token as string);
    expect(access).toMatchObject({
      token_type: 'access_token',
      tenant_id: '000000',
      user_id: SEED_IDS.adminUser,
      role_name: 'administrator',
      account: 'admin',
      client_id: 'saber',
    });
    expect(access.exp! - access.iat!).toBe(3600);
    const refresh = decodeJwt(body.refresh_token as string);
    expect(refresh).toMatchObject({ token_type: 'refresh_token', user_id: SEED_IDS.adminUser, tenant_id: '000000' });
    expect(refresh.exp! - refresh.iat!).toBe(604800);
  });

  it('works with the sword client and the tenant as a parameter', async () => {
    const res = await tokenCall(base, { client: SWORD, headers: { 'Tenant-Id': '' }, extra: { tenant_id: '000000' } });
    expect(res.status).toBe(200);
    expect(res.body.client_id).toBe('sword');
  });

  it('stores the password as a salted slow hash of the md5, never the md5 itself', async () => {
    const row = (await h.data().get(sql<{ password: string }>`SELECT password FROM blade_user WHERE account = 'admin'`))!;
    expect(row.password).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(row.password).not.toContain('21232f297a57a5a743894a0e4a801fc3');
  });

  it('refuses a wrong password, an unknown account and an unknown tenant', async () => {
    const bad = await tokenCall(base, { password: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'invalid_user', error_code: 2004, error_description: '用户名或密码错误' });
    const unknown = await tokenCall(base, { username: 'ghost' });
    expect(unknown.body.error_description).toBe('用户名或密码错误');
    const tenant = await tokenCall(base, { tenantId: '999999' });
    expect(tenant.status).toBe(400);
    expect(tenant.body.error_description).toBe('租户ID未找到');
  });

  it('refuses an unsupported grant type', async () => {
    const res = await tokenCall(base, { grantType: 'implicit' });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.error_description).toBeTypeOf('string');
  });
});

describe('client authentication', () => {
  const invalid = { error: 'invalid_client', error_code: 3001, error_description: '客户端认证失败!' };
  it('refuses a missing client header', async () => {
    const res = await tokenCall(base, { client: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalid);
  });
  it('refuses a wrong secret and an unknown client', async () => {
    for (const client of [
      `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
      `Basic ${Buffer.from('nobody:x').toString('base64')}`,
      'Basic !!!',
    ]) {
      const res = await tokenCall(base, { client });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(invalid);
    }
  });
});

describe('lockout', () => {
  beforeAll(async () => {
    await createUser(h.data(), { tenantId: '000000', account: 'locky', password: 'right', roleIds: [SEED_IDS.userRole] });
  });

  it('locks an account for 30 minutes after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await tokenCall(base, { username: 'locky', password: 'wrong' });
      expect(res.body.error_description).toBe('用户名或密码错误');
    }
    const locked = await tokenCall(base, { username: 'locky', password: 'right' });
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ error_code: 2003, error_description: '登录错误次数过多,请稍后再试' });
    // another account of the tenant is not affected
    expect((await tokenCall(base)).status).toBe(200);

    h.advance(30 * 60 * 1000 + 1000);
    try {
      const after = await tokenCall(base, { username: 'locky', password: 'right' });
      expect(after.status).toBe(200);
    } finally {
      h.advance(-(30 * 60 * 1000 + 1000));
    }
  });

  it('counts failures that arrive at the same moment: 5 at once lock the account', async () => {
    // a connection of its own next to the server's (the harness's data layer)
    const limiter = new LoginLimiter(h.data(), () => Date.now());
    await Promise.all(Array.from({ length: 5 }, () => limiter.recordFailure('000000', 'racy')));
    expect(await limiter.isLocked('000000', 'racy')).toBe(true);
    await limiter.reset('000000', 'racy');
  });

  it('resets the counter on success', async () => {
    for (let i = 0; i < 4; i++) await tokenCall(base, { username: 'locky', password: 'wrong' });
    expect((await tokenCall(base, { username: 'locky', password: 'right' })).status).toBe(200);
    for (let i = 0; i < 4; i++) await tokenCall(base, { username: 'locky', password: 'wrong' });
    expect((await tokenCall(base, { username: 'locky', password: 'right' })).status).toBe(200);
  });
});

describe('refresh_token grant', () => {
  it('issues a new pair from a refresh token', async () => {
    const first = await tokenCall(base);
    const res = await tokenCall(base, {
      grantType: 'refresh_token',
      extra: { refresh_token: first.body.refresh_token as string },
    });
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(SEED_IDS.adminUser);
    expect(res.body.role_name).toBe('administrator');
    const me = await api(base, res.body.access_token as string, 'GET', '/blade-auth/oauth/user-info');
    expect(me.body.code).toBe(200);
  });

  it('refuses a garbage, an access token, a foreign client and an expired refresh token', async () => {
    const first = await tokenCall(base);
    const cases: [string, string][] = [
      ['garbage', SABER],
      [first.body.access_token as string, SABER],
      [first.body.refresh_token as string, SWORD],
    ];
    for (const [token, client] of cases) {
      const res = await tokenCall(base, { grantType: 'refresh_token', client, extra: { refresh_token: token } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 2010, error_description: '令牌已失效,请重新登录' });
    }
    h.advance(604800 * 1000 + 1000);
    try {
      const res = await tokenCall(base, {
        grantType: 'refresh_token',
        extra: { refresh_token: first.body.refresh_token as string },
      });
      expect(res.body.error_code).toBe(2010);
    } finally {
      h.advance(-(604800 * 1000 + 1000));
    }
  });
});

describe('Dept-Id / Role-Id headers', () => {
  it('are honoured only when in the user lists', async () => {
    const data = h.data();
    const dept2 = await createDept(data, { tenantId: '000000', deptName: '第二部门' });
    await createUser(data, {
      tenantId: '000000',
      account: 'multi',
      password: 'multi',
      roleIds: [SEED_IDS.administratorRole, SEED_IDS.userRole],
      deptIds: [SEED_IDS.dept, dept2],
    });
    const all = await tokenCall(base, { username: 'multi', password: 'multi' });
    expect(all.body.role_name).toBe('administrator,user');
    const picked = await tokenCall(base, {
      username: 'multi',
      password: 'multi',
      headers: { 'Role-Id': SEED_IDS.userRole, 'Dept-Id': dept2 },
    });
    expect(picked.body).toMatchObject({ role_id: SEED_IDS.userRole, role_name: 'user', dept_id: dept2 });
    const foreignRole = await createRole(data, { tenantId: '000000', roleName: '别人', roleAlias: 'other' });
    const ignored = await tokenCall(base, { username: 'multi', password: 'multi', headers: { 'Role-Id': foreignRole } });
    expect(ignored.body.role_name).toBe('administrator,user');
  });
});

describe('token on business endpoints', () => {
  // (menu routes and buttons answer anonymous callers: stock-console-compat.test.ts)
  const routes = '/website-blade-system/user/info';

  it('401 without a token', async () => {
    const res = await api(base, null, 'GET', routes);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, success: false, data: null, msg: '缺失令牌,鉴权失败' });
    // the console's English; a stock console's prefix stays Chinese whatever its browser asks
    expect((await api(base, null, 'GET', routes, { headers: { 'Accept-Language': 'en' } })).body.msg).toBe('The token is missing: authentication failed');
    expect((await api(base, null, 'GET', '/blade-user/info', { headers: { 'Accept-Language': 'en' } })).body.msg).toBe('缺失令牌,鉴权失败');
  });

  it('401 with a bad, a refresh or an expired token', async () => {
    const pair = await tokenCall(base);
    for (const token of ['abc.def.ghi', pair.body.refresh_token as string]) {
      const res = await api(base, token, 'GET', routes);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, success: false, data: null, msg: '请求未授权' });
    }
    expect((await api(base, 'abc.def.ghi', 'GET', routes, { headers: { 'Accept-Language': 'en' } })).body).toMatchObject({ code: 401, msg: 'Request not authorized' });
    const bad = await fetch(`${base}${routes}`, { headers: { 'Blade-Auth': `basic ${pair.body.access_token}` } });
    expect(bad.status).toBe(401);
    h.advance(3601 * 1000);
    try {
      const res = await api(base, pair.body.access_token as string, 'GET', routes);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('请求未授权');
    } finally {
      h.advance(-3601 * 1000);
    }
  });

  it('accepts any header case, Bearer prefix and the blade-auth query parameter', async () => {
    const token = await login(base);
    const upper = await fetch(`${base}${routes}`, { headers: { 'BLADE-AUTH': `Bearer ${token}` } });
    expect(upper.status).toBe(200);
    const q = await fetch(`${base}${routes}?blade-auth=${encodeURIComponent(`bearer ${token}`)}`);
    expect(q.status).toBe(200);
  });
});

describe('logout, user-info, clear-cache', () => {
  it('answers in the BladeX shapes', async () => {
    const token = await login(base);
    const out = await fetch(`${base}/blade-auth/oauth/logout`, { headers: { 'Blade-Auth': `bearer ${token}` } });
    expect(await out.json()).toEqual({ success: 'true', msg: 'success' });
    // the signed-out token is over (tokens.test.ts covers revocation in depth)
    expect((await api(base, token, 'GET', '/blade-auth/oauth/user-info')).status).toBe(401);

    const fresh = await login(base);
    const me = await api<Record<string, unknown>>(base, fresh, 'GET', '/blade-auth/oauth/user-info');
    expect(me.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(me.body.data).toMatchObject({ id: SEED_IDS.adminUser, account: 'admin', realName: '管理员', tenantId: '000000' });
    expect(me.body.data).not.toHaveProperty('password');

    const clear = await fetch(`${base}/blade-auth/oauth/clear-cache`, { headers: { 'Blade-Auth': `bearer ${fresh}` } });
    expect(await clear.json()).toEqual({ success: 'true', msg: 'success' });
    expect((await api(base, null, 'GET', '/blade-auth/oauth/user-info')).status).toBe(401);
  });
});
