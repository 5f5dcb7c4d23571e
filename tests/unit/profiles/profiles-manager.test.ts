// The profiles manager: ProfileService rules (validation, duplicate, remove)
// on a real `conf` store, and the registry behind the profiles:* channels
// against the real embedded back end: secrets to the vault and never back in
// full, the "test" probe, and two profiles on two tenants signed in at once.

import Conf from 'conf';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Profile, ProfileView, SessionUser } from '../../../src-shared/ipc';
import { dispatch } from '../../../src-main/ipc/handlers';
import { WorkspaceRegistry } from '../../../src-main/profiles';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { otherTenantAdmin, startHarness, type Harness } from '../../contract/helpers';
import { tempDir } from '../main/helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir('smc-profiles-');
  return () => tmp.remove();
});

const store = (dir: string) => new Conf<Record<string, unknown>>({ cwd: dir, configName: 'profiles' });
const base: Partial<Profile> = { name: '生产', baseUrl: 'https://admin.example.com/api', tenantId: '100001', clientId: 'sword', colour: '#1677FF', language: 'zh', captchaMode: true, switchMode: false };

describe('ProfileService', () => {
  it('validates with clear messages', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1/api' });
    const cases: [Partial<Profile>, RegExp][] = [
      [{ ...base, name: '  ' }, /^请输入配置名称$/],
      [{ ...base, baseUrl: '' }, /^请输入后端地址$/],
      [{ ...base, baseUrl: 'ftp://x/api' }, /后端地址必须是 http/],
      [{ ...base, baseUrl: 'not a url' }, /后端地址必须是 http/],
      [{ ...base, tenantId: '' }, /^请输入租户ID$/],
      [{ ...base, clientId: '' }, /^请输入客户端ID$/],
      [{ ...base, colour: 'red' }, /#RRGGBB/],
      [{ ...base, proxyUrl: 'socks5://p:1080' }, /代理地址必须是 http/],
      [{ ...base, caCert: 'relative/ca.pem' }, /PEM 内容或 PEM 文件的绝对路径/],
      [{ ...base, caCert: '-----BEGIN CERTIFICATE-----\nshort' }, /不是有效的 PEM/],
      [{ ...base, caCert: join(tmp.dir, 'nope.pem') }, /无法读取 CA 证书文件/],
      [{ ...base, name: 'Local workspace' }, /已存在/],
      [{ ...base, name: 'LOCAL WORKSPACE' }, /已存在/],
    ];
    for (const [input, message] of cases) {
      expect(() => profiles.save(input), JSON.stringify(input)).toThrow(message);
      try {
        profiles.save(input);
      } catch (e) {
        expect((e as { code: number }).code).toBe(400);
      }
    }
    expect(profiles.list()).toHaveLength(1);
  });

  it('creates with a fresh id, keeps proxy and CA, never stores a secret, renames unique', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1/api' });
    writeFileSync(join(tmp.dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const saved = profiles.save({ ...base, proxyUrl: 'http://proxy.corp:3128', caCert: join(tmp.dir, 'ca.pem'), clientSecret: 'x' } as Partial<Profile>);
    expect(saved.id).toMatch(/^p[0-9a-f]{10}$/);
    expect(saved).toMatchObject({ name: '生产', proxyUrl: 'http://proxy.corp:3128', caCert: join(tmp.dir, 'ca.pem'), builtin: false });
    const other = profiles.save({ ...base, name: '测试' });
    expect(() => profiles.save({ ...other, name: '生产' })).toThrow(/“生产”已存在/);
    // renaming a profile to its own name is fine
    expect(profiles.save({ ...saved, tenantId: '100002' }).tenantId).toBe('100002');
    const file = JSON.stringify(store(tmp.dir).store);
    expect(file).not.toContain('clientSecret');
    expect(new ProfileService(store(tmp.dir), { localBaseUrl: 'x' }).list().map((p) => p.name)).toEqual(['Local workspace', '生产', '测试']);
  });

  it('duplicates under the next free name; the Local workspace copies as an ordinary profile', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1/api' });
    const prod = profiles.save({ ...base });
    const copy = profiles.duplicate(prod.id);
    expect(copy).toMatchObject({ ...base, name: '生产 (2)', builtin: false });
    expect(copy.id).not.toBe(prod.id);
    expect(profiles.duplicate(copy.id).name).toBe('生产 (3)');
    const local = profiles.duplicate('local');
    expect(local).toMatchObject({ name: 'Local workspace (2)', baseUrl: 'http://127.0.0.1:1/api', builtin: false });
    expect(() => profiles.duplicate('nope')).toThrow(/no profile/);
  });

  it('removes any profile but the Local workspace; the Local URL cannot be changed', () => {
    const profiles = new ProfileService(store(tmp.dir), { localBaseUrl: 'http://127.0.0.1:1/api' });
    const prod = profiles.save({ ...base });
    expect(() => profiles.remove('local')).toThrow('内置的本地配置不能删除');
    expect(() => profiles.remove('nope')).toThrow(/no profile/);
    profiles.remove(prod.id);
    expect(profiles.list().map((p) => p.id)).toEqual(['local']);
    const local = profiles.save({ ...profiles.get('local')!, name: '本机', baseUrl: 'http://elsewhere/api' });
    expect(local).toMatchObject({ name: '本机', baseUrl: 'http://127.0.0.1:1/api', builtin: true });
    expect(() => profiles.save({ ...local, name: '' })).toThrow('请输入配置名称');
  });
});

describe('the profiles:* channels over the registry, with the embedded back end', () => {
  let h: Harness;
  let dir: ReturnType<typeof tempDir>;
  let registry: WorkspaceRegistry;
  let vault: TokenVault;

  beforeAll(async () => {
    h = await startHarness();
    await otherTenantAdmin(h, '100001', '乙公司');
    dir = tempDir('smc-registry-');
    vault = new TokenVault(null, { logger: silentLogger });
    registry = new WorkspaceRegistry({
      profiles: new ProfileService(store(dir.dir), { localBaseUrl: h.server.url, localOverrides: { captchaMode: false } }),
      vault,
      host: 'web',
      version: 't',
      openDb: (id) => LocalDb.open(join(dir.dir, `${id}.db`)),
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await registry?.closeAll();
    await h?.stop();
    dir?.remove();
  });

  const call = async (profile: string, channel: string, req: unknown = null) => {
    const handlers = await registry.handlers(profile);
    if (!handlers) throw new Error(`no profile ${profile}`);
    const r = await dispatch(handlers, channel, req);
    return r;
  };
  const data = async <T>(profile: string, channel: string, req: unknown = null): Promise<T> => {
    const r = await call(profile, channel, req);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.data as T;
  };

  it('saves a profile with its secret in the vault, shows it masked, duplicates, tests and removes it', async () => {
    const form = { name: '乙公司', baseUrl: h.server.url, tenantId: '100001', clientId: 'saber', colour: '#722ED1', language: 'en', captchaMode: false, switchMode: false };
    expect(await call('local', 'profiles:save', form)).toEqual({ ok: false, error: { code: 400, message: '请输入客户端密钥' } });
    const saved = await data<ProfileView>('local', 'profiles:save', { ...form, clientSecret: 'saber_secret' });
    expect(saved).toMatchObject({ name: '乙公司', hasSecret: true, secretHint: 'sa••••••' });
    expect(await vault.getSecret(saved.id)).toBe('saber_secret');

    const state = await data<{ profiles: ProfileView[]; current: string; open: string[]; secretStorage: string }>('local', 'profiles:list');
    expect(state.current).toBe('local');
    expect(state.secretStorage).toBe('memory');
    expect(state.profiles.map((p) => p.name)).toEqual(['Local workspace', '乙公司']);
    expect(JSON.stringify(state)).not.toContain('saber_secret');
    expect(state.profiles.some((p) => 'aesKey' in p)).toBe(false);

    // the probe: reachable, client accepted; a wrong secret in the form: refused
    expect(await data('local', 'profiles:test', { ...saved })).toEqual({ reachable: true, status: 200, message: '', clientAccepted: true, dialect: 'spec' });
    expect(await data('local', 'profiles:test', { ...saved, clientSecret: 'wrong' })).toMatchObject({ reachable: true, clientAccepted: false });
    expect(await data('local', 'profiles:test', { ...form, baseUrl: 'http://127.0.0.1:9/api', clientSecret: 'x' })).toMatchObject({ reachable: false, message: expect.stringMatching(/ECONNREFUSED/) });
    expect(await call('local', 'profiles:test', { ...form, baseUrl: 'nope' })).toMatchObject({ ok: false, error: { code: 400 } });

    // a secret left empty on edit keeps the stored one
    await data('local', 'profiles:save', { ...saved, colour: '#13C2C2', clientSecret: '' });
    expect(await vault.getSecret(saved.id)).toBe('saber_secret');

    const copy = await data<ProfileView>('local', 'profiles:duplicate', { id: saved.id });
    expect(copy).toMatchObject({ name: '乙公司 (2)', hasSecret: true });
    expect(await vault.getSecret(copy.id)).toBe('saber_secret');

    // browser mode opens a tab itself
    expect(await data('local', 'profiles:open', { id: copy.id })).toEqual({ opened: false });
    expect(await call('local', 'profiles:open', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 404 } });

    expect(await call(copy.id, 'profiles:remove', { id: copy.id })).toEqual({ ok: false, error: { code: 400, message: '不能删除当前正在使用的配置' } });
    expect(await call(copy.id, 'profiles:remove', { id: 'local' })).toMatchObject({ ok: false, error: { code: 400, message: '内置的本地配置不能删除' } });
    await data('local', 'profiles:remove', { id: copy.id });
    expect(await vault.getSecret(copy.id)).toBe('');
    expect(await registry.handlers(copy.id)).toBeNull();
    expect(registry.peek(copy.id)).toBeUndefined();
  });

  it('keeps two profiles on two tenants signed in at once, apart', async () => {
    const other = (await data<{ profiles: ProfileView[] }>('local', 'profiles:list')).profiles.find((p) => p.name === '乙公司')!;
    const a = await data<SessionUser>('local', 'auth:login', { tenantId: '000000', username: 'admin', password: 'admin' });
    const b = await data<SessionUser>(other.id, 'auth:login', { tenantId: '100001', username: 'admin', password: 'other' });
    expect([a.tenant_id, b.tenant_id]).toEqual(['000000', '100001']);
    expect((await data<SessionUser>('local', 'auth:session')).tenant_id).toBe('000000');
    expect((await data<SessionUser>(other.id, 'auth:session')).tenant_id).toBe('100001');
    // what the Electron window title reads without waiting
    expect(registry.peek(other.id)?.session.user?.tenant_id).toBe('100001');
    expect(registry.peek('local')?.session.user?.tenant_id).toBe('000000');
    // the info of each names its own profile
    expect((await data<{ profile: Profile }>(other.id, 'app:info')).profile.tenantId).toBe('100001');
    // tokens in the vault under each profile's own account
    expect((await vault.load('local'))!.accessToken).not.toBe((await vault.load(other.id))!.accessToken);
    // the server sees each profile's own token: the user behind it is of that profile's tenant
    const whoAmI = async (profile: string) =>
      (await data<{ data: { tenantId: string; tenantName: string } }>(profile, 'api:request', { method: 'get', url: '/blade-auth/oauth/user-info' })).data;
    expect(await whoAmI('local')).toMatchObject({ tenantId: '000000' });
    expect(await whoAmI(other.id)).toMatchObject({ tenantId: '100001', tenantName: '乙公司' });
    // logging out of one keeps the other
    await data('local', 'auth:logout');
    expect(await data('local', 'auth:session')).toBeNull();
    expect(await call('local', 'api:request', { method: 'get', url: '/blade-auth/oauth/user-info' })).toMatchObject({ ok: false, error: { code: 401 } });
    expect((await data<SessionUser>(other.id, 'auth:session')).tenant_id).toBe('100001');
    expect(await whoAmI(other.id)).toMatchObject({ tenantId: '100001' });
    await data(other.id, 'auth:logout');
  });
});
