// Profiles in a real `conf` store, the dictionary cache, and the IPC handlers
// of a workspace, against a real HTTP server on 127.0.0.1 and real SQLite.

import Conf from 'conf';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IPC_CHANNELS, type Profile } from '../../../src-shared/ipc';
import { createHandlers, dispatch, type Handlers } from '../../../src-main/ipc/handlers';
import { DictService } from '../../../src-main/services/DictService';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createWorkspace, type Workspace } from '../../../src-main/workspace';
import { ok, startBackend, tempDir, tokenReply, type TestBackend } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let backend: TestBackend;
beforeEach(async () => {
  tmp = tempDir();
  backend = await startBackend();
});
afterEach(async () => {
  await backend.close();
  tmp.remove();
});

const store = (dir: string) => new Conf<Record<string, unknown>>({ cwd: dir, configName: 'profiles' });

describe('ProfileService on a conf store', () => {
  it('always has the Local workspace with its runtime base URL', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1234/api' });
    expect(profiles.list()).toEqual([
      {
        id: 'local',
        name: 'Local workspace',
        baseUrl: 'http://127.0.0.1:1234/api',
        tenantId: '000000',
        clientId: 'saber',
        colour: '#2EA300',
        language: 'zh',
        captchaMode: true,
        switchMode: false,
        builtin: true,
      },
    ]);
  });

  it('saves, lists, replaces and removes profiles, persisted in the data folder; the builtin cannot be removed', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1/api' });
    const prod: Profile = { id: 'prod', name: 'Production', baseUrl: 'https://admin.example.com/api/', tenantId: '100001', clientId: 'sword', colour: '#1677ff', language: 'en', captchaMode: true, switchMode: true, builtin: true };
    expect(profiles.save(prod)).toEqual({ ...prod, baseUrl: 'https://admin.example.com/api', builtin: false });
    profiles.save({ ...prod, id: 'test', name: 'Test' });
    profiles.save({ ...prod, name: 'Production 2' });

    const reopened = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:2/api' });
    expect(reopened.list().map((p) => [p.id, p.name])).toEqual([
      ['local', 'Local workspace'],
      ['prod', 'Production 2'],
      ['test', 'Test'],
    ]);
    expect(() => reopened.remove('local')).toThrow(/不能删除/);
    reopened.remove('prod');
    expect(reopened.get('prod')).toBeUndefined();
    expect(reopened.list()).toHaveLength(2);
  });

  it('keeps edits of the Local workspace (not its URL, tenant or client) and applies runtime overrides on top', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1/api' });
    profiles.save({ ...profiles.get('local')!, name: 'Mine', language: 'en', baseUrl: 'http://evil.example/api', tenantId: '999999' });
    const reopened = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:9/api', localOverrides: { captchaMode: false } });
    expect(reopened.get('local')).toMatchObject({ name: 'Mine', language: 'en', baseUrl: 'http://127.0.0.1:9/api', tenantId: '000000', captchaMode: false });
    // the override is not persisted
    expect(new ProfileService(store(tmp.dir), { localBaseUrl: 'x' }).get('local')!.captchaMode).toBe(true);
  });

  it('refuses a profile without a usable base URL', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'x' });
    const bad = { id: 'b', name: 'B', baseUrl: 'file:///etc', tenantId: '1', clientId: 'c', colour: '', language: 'zh', captchaMode: true, switchMode: false, builtin: false } as Profile;
    expect(() => profiles.save(bad)).toThrow(/后端地址/);
  });
});

describe('DictService', () => {
  it('serves a fresh cache, refetches after 10 minutes, and falls back to a stale cache when the server fails', async () => {
    let version = 1;
    backend.on('GET /website-blade-system/dict/dictionary', (r) =>
      version > 0 ? ok([{ id: String(version), parentId: '0', code: r.query.get('code'), dictKey: '1', dictValue: `v${version}`, sort: 1 }]) : { status: 500, json: { code: 500, msg: '服务器异常' } },
    );
    const db = LocalDb.open(join(tmp.dir, 'local.db'));
    let now = 1_000_000;
    const ws = await createWorkspace({
      profile: { ...new ProfileService(store(tmp.dir), { localBaseUrl: backend.baseUrl }).get('local')! },
      vault: new TokenVault(null, { logger: silentLogger }),
      db,
      host: 'web',
      version: 't',
      logger: silentLogger,
    });
    const dict = new DictService(db, ws.api, { now: () => now });
    const key = 'GET /website-blade-system/dict/dictionary';

    expect((await dict.get('yes_no'))[0].dictValue).toBe('v1');
    expect(backend.count(key)).toBe(1);
    expect(backend.seen[0].query.get('code')).toBe('yes_no');

    version = 2;
    now += 9 * 60_000;
    expect((await dict.get('yes_no'))[0].dictValue).toBe('v1'); // fresh: from the cache
    expect(backend.count(key)).toBe(1);

    now += 2 * 60_000;
    expect((await dict.get('yes_no'))[0].dictValue).toBe('v2'); // stale: fetched again
    expect(backend.count(key)).toBe(2);
    expect(db.getDict('yes_no')?.fetchedAt).toBe(now);

    version = 0;
    now += 11 * 60_000;
    expect((await dict.get('yes_no'))[0].dictValue).toBe('v2'); // server fails: stale cache
    expect(backend.count(key)).toBe(3);
    await expect(dict.get('other')).rejects.toMatchObject({ code: 500, message: '服务器异常' }); // nothing cached
    ws.close();
  });
});

describe('IPC handlers of a workspace', () => {
  let ws: Workspace;
  let handlers: Handlers;
  beforeEach(async () => {
    backend.on('GET /blade-auth/oauth/captcha', () => ({ json: { key: 'k', image: 'data:image/png;base64,AA' } }));
    backend.on('POST /blade-auth/oauth/token', (r) =>
      r.form.get('password') === '21232f297a57a5a743894a0e4a801fc3' ? { json: tokenReply('ACC', 'REF') } : { status: 400, json: { error_description: '用户名或密码错误' } },
    );
    backend.on('GET /blade-auth/oauth/logout', () => ({ json: { success: 'true' } }));
    backend.on('GET /website-blade-system/param/list', (r) => (r.headers['blade-auth'] ? ok({ records: [], total: 0 }) : { status: 401, json: { code: 401, msg: '缺失令牌,鉴权失败' } }));
    backend.on('GET /website-blade-system/dict/dictionary', () => ok([{ id: '1', parentId: '0', code: 'yes_no', dictKey: '0', dictValue: '否', sort: 1 }]));
    ws = await createWorkspace({
      profile: new ProfileService(store(tmp.dir), { localBaseUrl: backend.baseUrl }).get('local')!,
      vault: new TokenVault(null, { logger: silentLogger }),
      db: LocalDb.open(join(tmp.dir, 'local.db')),
      host: 'web',
      version: '9.9.9',
      logger: silentLogger,
    });
    handlers = createHandlers(ws);
  });
  afterEach(() => ws.close());

  it('has a handler for every channel of the contract', () => {
    expect(Object.keys(handlers).sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it('runs the whole slice through dispatch, failures as data', async () => {
    const info = await dispatch(handlers, 'app:info', undefined);
    expect(info).toMatchObject({ ok: true, data: { version: '9.9.9', host: 'web', profile: { id: 'local', baseUrl: backend.baseUrl } } });
    expect(await dispatch(handlers, 'auth:session', undefined)).toEqual({ ok: true, data: null });
    expect(await dispatch(handlers, 'auth:captcha', undefined)).toEqual({ ok: true, data: { key: 'k', image: 'data:image/png;base64,AA' } });

    expect(await dispatch(handlers, 'api:request', { method: 'get', url: '/website-blade-system/param/list' })).toEqual({ ok: false, error: { code: 401, message: '缺失令牌,鉴权失败' } });

    expect(await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'bad', captchaKey: 'k', captchaCode: 'c' })).toEqual({
      ok: false,
      error: { code: 400, message: '用户名或密码错误' },
    });
    const login = await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'admin', captchaKey: 'k', captchaCode: 'c' });
    expect(login.ok).toBe(true);
    expect(JSON.stringify(login)).not.toMatch(/ACC|REF/);
    expect(await dispatch(handlers, 'auth:session', undefined)).toMatchObject({ ok: true, data: { account: 'admin' } });

    expect(await dispatch(handlers, 'api:request', { method: 'get', url: '/website-blade-system/param/list', params: { current: 1, size: 10 } })).toEqual({
      ok: true,
      data: { code: 200, success: true, data: { records: [], total: 0 }, msg: '操作成功' },
    });
    expect(await dispatch(handlers, 'dict:get', { code: 'yes_no' })).toMatchObject({ ok: true, data: [{ dictValue: '否' }] });

    expect(await dispatch(handlers, 'log:add', { type: 'error', url: '/wel/index', message: 'x is undefined', stack: 'at y' })).toEqual({ ok: true, data: null });
    expect(await dispatch(handlers, 'log:list', undefined)).toMatchObject({ ok: true, data: [{ type: 'error', message: 'x is undefined', stack: 'at y' }] });
    expect(await dispatch(handlers, 'log:clear', undefined)).toEqual({ ok: true, data: null });
    expect(await dispatch(handlers, 'log:list', undefined)).toEqual({ ok: true, data: [] });

    expect(await dispatch(handlers, 'auth:logout', undefined)).toEqual({ ok: true, data: null });
    expect(await dispatch(handlers, 'auth:session', undefined)).toEqual({ ok: true, data: null });
  });

  it('refuses unknown channels and malformed input', async () => {
    expect(await dispatch(handlers, 'fs:read', { path: '/etc/passwd' })).toEqual({ ok: false, error: { code: 404, message: 'unknown channel fs:read' } });
    const bad = async (channel: string, req: unknown) => (await dispatch(handlers, channel, req)) as { ok: false; error: { code: number; message: string } };
    expect((await bad('api:request', { method: 'get', url: 'http://evil.example/x' })).error).toEqual({ code: 400, message: 'url must be a path starting with /' });
    expect((await bad('api:request', { method: 'get', url: '//evil.example/x' })).error.code).toBe(400);
    expect((await bad('api:request', { method: 'patch', url: '/x' })).error.message).toMatch(/method/);
    expect((await bad('api:request', null)).error.code).toBe(400);
    expect((await bad('dict:get', {})).error).toEqual({ code: 400, message: 'code is required' });
    expect((await bad('log:add', { type: 'error', url: 1, message: 'm' })).error).toEqual({ code: 400, message: 'url must be a string' });
    expect((await bad('auth:login', 'admin')).error.code).toBe(400);
    expect(backend.seen.filter((r) => !r.path.startsWith('/blade-auth'))).toHaveLength(0);
  });
});
