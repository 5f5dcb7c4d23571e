// ApiClient against a real HTTP server on 127.0.0.1: headers, error mapping,
// 401 handling, single-flight token refresh and the refresh timer.

import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventContract, EventName, Profile } from '../../../src-shared/ipc';
import { ApiClient, type EmitFn } from '../../../src-main/services/ApiClient';
import { DeskError, silentLogger, toErrorShape } from '../../../src-main/services/errors';
import { localProfileDefaults } from '../../../src-main/services/ProfileService';
import { Session, userFromReply } from '../../../src-main/services/Session';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { ok, startBackend, tokenReply, type TestBackend } from './helpers';

let backend: TestBackend;
beforeEach(async () => {
  backend = await startBackend();
});
afterEach(() => backend.close());

const T0 = 1_750_000_000_000;

async function setup(o: { baseUrl?: string; tokenTimeSeconds?: number; checkIntervalMs?: number; signedIn?: boolean } = {}) {
  const profile: Profile = { ...localProfileDefaults(o.baseUrl ?? backend.baseUrl), tenantId: '000000' };
  const vault = new TokenVault(null, { logger: silentLogger });
  const session = new Session(profile.id, vault, 'saber_secret');
  const events: { event: EventName; payload: EventContract[EventName] }[] = [];
  const emit: EmitFn = (event, payload) => events.push({ event, payload });
  let clock = T0;
  const api = new ApiClient({
    profile,
    session,
    emit,
    now: () => clock,
    logger: silentLogger,
    tokenTimeSeconds: o.tokenTimeSeconds,
    checkIntervalMs: o.checkIntervalMs,
  });
  if (o.signedIn !== false) {
    await session.begin({ accessToken: 'access-1', refreshToken: 'refresh-1', savedAt: T0 }, userFromReply(tokenReply('a', 'r')), { tenantId: '000000' });
  }
  return { api, session, vault, events, profile, advance: (ms: number) => (clock += ms) };
}

async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(DeskError);
    return { code: (e as DeskError).code, message: (e as DeskError).message };
  }
  throw new Error('expected a rejection');
}

describe('ApiClient requests', () => {
  it('sends the Basic client header, the bearer token and the tenant, and returns the envelope on code 200', async () => {
    backend.on('GET /website-blade-system/param/list', (r) => ok({ current: r.query.get('current'), records: [] }));
    const { api } = await setup();
    const reply = await api.request({ method: 'get', url: '/website-blade-system/param/list', params: { current: 2 } });
    expect(reply).toEqual({ code: 200, success: true, data: { current: '2', records: [] }, msg: '操作成功' });
    const seen = backend.seen[0];
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('saber:saber_secret').toString('base64')}`);
    expect(seen.headers.authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(seen.headers['blade-auth']).toBe('bearer access-1');
    expect(seen.headers['tenant-id']).toBe('000000');
  });

  it('sends no Blade-Auth when signed out, and the profile tenant', async () => {
    backend.on('POST /x', (r) => ok(JSON.parse(r.body)));
    const { api } = await setup({ signedIn: false });
    const reply = await api.request({ method: 'post', url: '/x', data: { a: 1 } });
    expect(reply.data).toEqual({ a: 1 });
    expect(backend.seen[0].headers['blade-auth']).toBeUndefined();
    expect(backend.seen[0].headers['tenant-id']).toBe('000000');
  });

  it('maps a body code other than 200 (HTTP 200) to its msg', async () => {
    backend.on('POST /submit', () => ({ status: 200, json: { code: 400, success: false, data: null, msg: '参数名称不能为空' } }));
    const { api } = await setup();
    expect(await failure(api.request({ method: 'post', url: '/submit', data: {} }))).toEqual({ code: 400, message: '参数名称不能为空' });
  });

  it('uses error_description when there is no msg, and the HTTP status when there is no code', async () => {
    backend.on('POST /oauth', () => ({ status: 400, json: { error: 'invalid_grant', error_description: '用户名或密码错误' } }));
    const { api } = await setup();
    expect(await failure(api.request({ method: 'post', url: '/oauth' }))).toEqual({ code: 400, message: '用户名或密码错误' });
  });

  it("says 'unknown error' when the reply carries no message at all", async () => {
    backend.on('GET /empty', () => ({ status: 404 }));
    backend.on('GET /emptyjson', () => ({ status: 200, json: { code: 403 } }));
    const { api } = await setup();
    expect(await failure(api.request({ method: 'get', url: '/empty' }))).toEqual({ code: 404, message: 'unknown error' });
    expect(await failure(api.request({ method: 'get', url: '/emptyjson' }))).toEqual({ code: 403, message: 'unknown error' });
  });

  it('maps HTTP 500 with a body, HTTP 500 as plain text, and a status above 500', async () => {
    backend.on('GET /boom', () => ({ status: 500, json: { code: 500, success: false, msg: '服务器异常' } }));
    backend.on('GET /text', () => ({ status: 500, text: 'Internal Server Error' }));
    backend.on('GET /gateway', () => ({ status: 502, json: { code: 502, msg: 'Bad Gateway' } }));
    const { api, events } = await setup();
    expect(await failure(api.request({ method: 'get', url: '/boom' }))).toEqual({ code: 500, message: '服务器异常' });
    expect(await failure(api.request({ method: 'get', url: '/text' }))).toEqual({ code: 500, message: 'unknown error' });
    expect(await failure(api.request({ method: 'get', url: '/gateway' }))).toEqual({ code: 502, message: 'Bad Gateway' });
    expect(events).toEqual([]);
  });

  it('on 401 with a refused refresh clears the session in memory and in the vault, emits session:expired once, and rejects with 401', async () => {
    backend.on('GET /secure', () => ({ status: 401, json: { code: 401, msg: '请求未授权', data: null } }));
    backend.on('POST /blade-auth/oauth/token', () => ({ status: 400, json: { error: 'invalid_grant', error_description: '令牌已失效' } }));
    const { api, session, vault, events } = await setup();
    expect((await vault.load('local'))?.accessToken).toBe('access-1');
    expect(await failure(api.request({ method: 'get', url: '/secure' }))).toEqual({ code: 401, message: '请求未授权' });
    expect(backend.count('POST /blade-auth/oauth/token')).toBe(1);
    expect(session.accessToken).toBeNull();
    expect(session.user).toBeNull();
    const stored = await vault.load('local');
    expect(stored?.accessToken).toBe('');
    expect(stored?.refreshToken).toBe('');
    expect(stored?.clientSecret).toBe('saber_secret');
    expect(events).toEqual([{ event: 'session:expired', payload: { reason: 'refresh failed' } }]);
    // later calls go out without a token, and a 401 then simply ends nothing more
    await failure(api.request({ method: 'get', url: '/secure' }));
    expect(backend.seen.at(-1)!.headers['blade-auth']).toBeUndefined();
    expect(events).toHaveLength(1);
  });

  it('on 401 refreshes and sends the call again: a token the server no longer took works again, the session stays', async () => {
    backend.on('GET /data', (r) => (r.headers['blade-auth'] === 'bearer access-2' ? ok('fresh') : { status: 401, json: { code: 401, msg: '请求未授权' } }));
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('access-2', 'refresh-2') }));
    const { api, session, events } = await setup();
    expect((await api.request({ method: 'get', url: '/data' })).data).toBe('fresh');
    expect(backend.count('GET /data')).toBe(2);
    expect(session.accessToken).toBe('access-2');
    expect(events).toEqual([]);
  });

  it('a call refused again with the fresh token is a denial: rejects with 请求未授权 and keeps the operator signed in', async () => {
    backend.on('GET /secure', () => ({ status: 401, json: { code: 401, msg: '请求未授权', data: null } }));
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('access-2', 'refresh-2') }));
    backend.on('GET /data', () => ok(1));
    const { api, session, vault, events } = await setup();
    const denial = await api.request({ method: 'get', url: '/secure' }).catch((e: unknown) => e);
    expect(denial).toBeInstanceOf(DeskError);
    expect(toErrorShape(denial)).toEqual({ code: 401, message: '请求未授权', denied: true });
    expect(backend.count('GET /secure')).toBe(2);
    expect(session.accessToken).toBe('access-2');
    expect((await vault.load('local'))?.accessToken).toBe('access-2');
    expect(events).toEqual([]);
    // the operator goes on working
    expect((await api.request({ method: 'get', url: '/data' })).data).toBe(1);
  });

  it('treats HTTP 200 with body code 401 (service-level check) the same way', async () => {
    backend.on('GET /svc', () => ({ status: 200, json: { code: 401, success: false, msg: '请求未授权' } }));
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('access-2', 'refresh-2') }));
    const { api, session, events } = await setup();
    expect(await failure(api.request({ method: 'get', url: '/svc' }))).toEqual({ code: 401, message: '请求未授权' });
    expect(session.accessToken).toBe('access-2');
    expect(events).toHaveLength(0);
  });

  it('on 401 with no session to refresh ends what is left of it', async () => {
    backend.on('GET /secure', () => ({ status: 401, json: { code: 401, msg: '缺失令牌,鉴权失败' } }));
    const { api, events } = await setup({ signedIn: false });
    const gone = await api.request({ method: 'get', url: '/secure' }).catch((e: unknown) => e);
    expect(toErrorShape(gone)).toEqual({ code: 401, message: '缺失令牌,鉴权失败' }); // no denied flag: the renderer signs out
    expect(backend.count('POST /blade-auth/oauth/token')).toBe(0);
    expect(events).toEqual([]);
  });

  it('rejects with code 0 and the message when the server cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const { api, session } = await setup({ baseUrl: `http://127.0.0.1:${port}/api` });
    const f = await failure(api.request({ method: 'get', url: '/anything' }));
    expect(f.code).toBe(0);
    expect(f.message).toMatch(/ECONNREFUSED/);
    expect(session.accessToken).toBe('access-1');
  });
});

describe('ApiClient token refresh', () => {
  const refreshKey = 'POST /blade-auth/oauth/token';

  it('refreshes once for many concurrent calls after tokenTime, and they all use the new token', async () => {
    backend.on(refreshKey, (r) => ({ delayMs: 150, json: tokenReply('access-2', 'refresh-2', { grant: r.form.get('grant_type') }) }));
    backend.on('GET /data', (r) => ok(r.headers['blade-auth']));
    const { api, session, vault, advance } = await setup();

    // before tokenTime: no refresh
    advance(2999_000);
    await api.request({ method: 'get', url: '/data' });
    expect(backend.count(refreshKey)).toBe(0);

    advance(1_000);
    const replies = await Promise.all(Array.from({ length: 8 }, () => api.request({ method: 'get', url: '/data' })));
    expect(backend.count(refreshKey)).toBe(1);
    expect(replies.map((r) => r.data)).toEqual(Array(8).fill('bearer access-2'));

    const refresh = backend.seen.find((r) => r.path === '/blade-auth/oauth/token')!;
    expect(refresh.form.get('grant_type')).toBe('refresh_token');
    expect(refresh.form.get('scope')).toBe('all');
    expect(refresh.form.get('refresh_token')).toBe('refresh-1');
    expect(refresh.headers['tenant-id']).toBe('000000');
    expect(refresh.headers.authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');

    expect(session.accessToken).toBe('access-2');
    expect(session.savedAt).toBe(T0 + 3000_000);
    expect(await vault.load('local')).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', savedAt: T0 + 3000_000 });

    // fresh again: the next call does not refresh
    await api.request({ method: 'get', url: '/data' });
    expect(backend.count(refreshKey)).toBe(1);
  });

  it('sends Dept-Id and Role-Id on refresh when the login chose them', async () => {
    backend.on(refreshKey, () => ({ json: tokenReply('access-2', 'refresh-2') }));
    const { api, session, advance } = await setup();
    await session.begin({ accessToken: 'a', refreshToken: 'r', savedAt: T0 }, userFromReply(tokenReply('a', 'r')), { tenantId: '000000', deptId: 'D1', roleId: 'R1' });
    advance(3000_000);
    await api.refresh();
    const seen = backend.seen[0];
    expect(seen.headers['dept-id']).toBe('D1');
    expect(seen.headers['role-id']).toBe('R1');
  });

  it('ends the session when the refresh is refused: every waiting call rejects with 401 and one event is emitted', async () => {
    backend.on(refreshKey, () => ({ status: 400, delayMs: 100, json: { error: 'invalid_grant', error_description: '令牌已失效' } }));
    backend.on('GET /data', () => ok(1));
    const { api, session, vault, events, advance } = await setup();
    advance(3000_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => failure(api.request({ method: 'get', url: '/data' }))));
    expect(results).toEqual(Array(5).fill({ code: 401, message: '令牌已失效' }));
    expect(backend.count(refreshKey)).toBe(1);
    expect(backend.count('GET /data')).toBe(0);
    expect(session.accessToken).toBeNull();
    expect((await vault.load('local'))?.accessToken).toBe('');
    expect(events).toEqual([{ event: 'session:expired', payload: { reason: 'refresh failed' } }]);
  });

  it('the timer refreshes on its own once the token is due', async () => {
    backend.on(refreshKey, () => ({ json: tokenReply('access-timer', 'refresh-timer') }));
    const { api, session, advance } = await setup({ checkIntervalMs: 20 });
    api.start();
    try {
      await new Promise((r) => setTimeout(r, 80));
      expect(backend.count(refreshKey)).toBe(0);
      advance(3000_000);
      const deadline = Date.now() + 2000;
      while (session.accessToken !== 'access-timer' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(session.accessToken).toBe('access-timer');
      expect(backend.count(refreshKey)).toBe(1);
    } finally {
      api.stop();
    }
  });

  it('honours an injected tokenTime', async () => {
    backend.on(refreshKey, () => ({ json: tokenReply('access-2', 'refresh-2') }));
    backend.on('GET /data', () => ok(1));
    const { api, advance } = await setup({ tokenTimeSeconds: 60 });
    advance(59_000);
    await api.request({ method: 'get', url: '/data' });
    expect(backend.count(refreshKey)).toBe(0);
    advance(1_000);
    await api.request({ method: 'get', url: '/data' });
    expect(backend.count(refreshKey)).toBe(1);
  });
});
