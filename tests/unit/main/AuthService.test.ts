// Sign-in in main against a real HTTP server on 127.0.0.1, with the tokens
// going to the real keychain when a Secret Service is there.

import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../src-shared/ipc';
import { loadKeytar } from '../../../src-main/keytar';
import { ApiClient } from '../../../src-main/services/ApiClient';
import { AuthService } from '../../../src-main/services/AuthService';
import { DeskError, silentLogger } from '../../../src-main/services/errors';
import { localProfileDefaults } from '../../../src-main/services/ProfileService';
import { Session } from '../../../src-main/services/Session';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { ok, startBackend, tokenReply, type TestBackend } from './helpers';

const keytar = process.env.DBUS_SESSION_BUS_ADDRESS ? loadKeytar() : null;
let backend: TestBackend;
let vault: TokenVault;
let profileId: string;

beforeEach(async () => {
  backend = await startBackend();
  vault = new TokenVault(keytar, { namespace: `test-auth-${randomBytes(4).toString('hex')}`, logger: silentLogger });
  profileId = 'local';
});
afterEach(async () => {
  await vault.clear(profileId);
  await backend.close();
});

function build(overrides: Partial<Profile> = {}) {
  const profile: Profile = { ...localProfileDefaults(backend.baseUrl), ...overrides };
  const session = new Session(profile.id, vault, 'saber_secret');
  const events: unknown[] = [];
  const api = new ApiClient({ profile, session, emit: (e, p) => events.push({ e, p }), logger: silentLogger, now: () => 1_700_000_000_000 });
  let changes = 0;
  const auth = new AuthService({ profile, api, session, onSessionChange: () => changes++ });
  return { profile, session, api, auth, events, changes: () => changes };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('AuthService', () => {
  it('fetches a captcha', async () => {
    backend.on('GET /blade-auth/oauth/captcha', () => ({ json: { key: 'k-1', image: 'data:image/png;base64,AAAA' } }));
    const { auth } = build();
    expect(await auth.captcha()).toEqual({ key: 'k-1', image: 'data:image/png;base64,AAAA' });
    expect(backend.seen[0].headers.authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
  });

  it('logs in with the captcha grant: form fields, md5 password, headers; tokens to the vault, user without tokens', async () => {
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('ACCESS-T', 'REFRESH-T', { license: 'powered by bladex' }) }));
    const { auth, session, changes } = build();
    const user = await auth.login({ tenantId: '000000', username: 'admin', password: 'admin', captchaKey: 'k-1', captchaCode: 'ab12c' });

    const seen = backend.seen[0];
    expect(seen.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(seen.form)).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: md5('admin'),
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    });
    expect(seen.form.get('password')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(seen.headers['tenant-id']).toBe('000000');
    expect(seen.headers['captcha-key']).toBe('k-1');
    expect(seen.headers['captcha-code']).toBe('ab12c');
    expect(seen.headers.authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(seen.headers['dept-id']).toBeUndefined();

    expect(user).toMatchObject({ account: 'admin', user_name: 'admin', nick_name: '管理员', role_name: 'administrator', tenant_id: '000000', user_id: '1123598821738675201', license: 'powered by bladex' });
    expect(user).not.toHaveProperty('access_token');
    expect(user).not.toHaveProperty('refresh_token');
    expect(JSON.stringify(user)).not.toMatch(/ACCESS-T|REFRESH-T/);

    expect(await vault.load(profileId)).toEqual({ accessToken: 'ACCESS-T', refreshToken: 'REFRESH-T', savedAt: 1_700_000_000_000, clientSecret: 'saber_secret' });
    expect(session.accessToken).toBe('ACCESS-T');
    expect(auth.current()).toEqual(user);
    expect(changes()).toBe(1);
  });

  it('uses the password grant when captcha mode is off, with Dept-Id / Role-Id when given', async () => {
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('A', 'R') }));
    const { auth } = build({ captchaMode: false });
    await auth.login({ tenantId: '000001', username: 'ops', password: 'secret', deptId: 'D9', roleId: 'R9' });
    const seen = backend.seen[0];
    expect(seen.form.get('grant_type')).toBe('password');
    expect(seen.form.get('password')).toBe(md5('secret'));
    expect(seen.headers['tenant-id']).toBe('000001');
    expect(seen.headers['captcha-key']).toBeUndefined();
    expect(seen.headers['dept-id']).toBe('D9');
    expect(seen.headers['role-id']).toBe('R9');
  });

  it("an English console reads BladeX's refusal in English by its code (a tenant's by its text); a text not known stays", async () => {
    const refuse = (json: Record<string, unknown>) => {
      backend.on('POST /blade-auth/oauth/token', () => ({ status: 400, json: { error: 'invalid_grant', ...json } }));
      const { auth } = build();
      return auth.login({ tenantId: '000000', username: 'admin', password: 'wrong', captchaKey: 'k', captchaCode: 'c', language: 'en' }).catch((e: DeskError) => e.message);
    };
    expect(await refuse({ error_code: 2004, error_description: '用户名或密码错误' })).toBe('The user name or the password is wrong');
    expect(await refuse({ error_code: 2003, error_description: '登录错误次数过多,请稍后再试' })).toBe('Too many failed sign-ins: please try again later');
    expect(await refuse({ error_code: 400, error_description: '当前租户已过期,请联系管理员!' })).toBe('This tenant has expired: please contact the administrator');
    expect(await refuse({ error_code: 2004, error_description: '账号已冻结' })).toBe('账号已冻结');
  });

  for (const status of [400, 401, 200]) {
    it(`a reply with error_description (HTTP ${status}) rejects with that message and stores nothing`, async () => {
      backend.on('POST /blade-auth/oauth/token', () => ({ status, json: { error: 'invalid_grant', error_code: 2004, error_description: '用户名或密码错误' } }));
      const { auth, session, events, changes } = build();
      const err = await auth.login({ tenantId: '000000', username: 'admin', password: 'wrong', captchaKey: 'k', captchaCode: 'c' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeskError);
      expect((err as DeskError).message).toBe('用户名或密码错误');
      expect((err as DeskError).code).toBe(status === 200 ? 400 : status);
      expect(await vault.load(profileId)).toBeNull();
      expect(session.accessToken).toBeNull();
      expect(auth.current()).toBeNull();
      expect(events).toEqual([]);
      expect(changes()).toBe(0);
    });
  }

  it('rejects a malformed login input before any request', async () => {
    const { auth } = build();
    await expect(auth.login({ tenantId: '000000', username: '', password: 'x' })).rejects.toMatchObject({ code: 400, message: 'username is required' });
    expect(backend.seen).toHaveLength(0);
  });

  it('logs out: tells the server, then clears memory and the vault', async () => {
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('A', 'R') }));
    backend.on('GET /blade-auth/oauth/logout', () => ({ json: { success: 'true', msg: 'success' } }));
    const { auth, session } = build();
    await auth.login({ tenantId: '000000', username: 'admin', password: 'admin', captchaKey: 'k', captchaCode: 'c' });
    await auth.logout();
    expect(backend.count('GET /blade-auth/oauth/logout')).toBe(1);
    expect(backend.seen.at(-1)!.headers['blade-auth']).toBe('bearer A');
    expect(auth.current()).toBeNull();
    expect(session.accessToken).toBeNull();
    expect((await vault.load(profileId))?.accessToken).toBe('');
  });

  it('logs out locally even when the server is gone', async () => {
    backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply('A', 'R') }));
    const { auth } = build();
    await auth.login({ tenantId: '000000', username: 'admin', password: 'admin', captchaKey: 'k', captchaCode: 'c' });
    await backend.close();
    await auth.logout();
    expect(auth.current()).toBeNull();
    expect((await vault.load(profileId))?.accessToken).toBe('');
  });

  it('restores a saved session through user-info, and clears one the server refuses', async () => {
    // sign-in answers GOOD/R; a refresh is refused (the whole saved session is gone on the server)
    backend.on('POST /blade-auth/oauth/token', (r) =>
      r.form.get('grant_type') === 'refresh_token' ? { status: 400, json: { error: 'invalid_grant', error_description: '令牌已失效' } } : { json: tokenReply('GOOD', 'R') },
    );
    backend.on('GET /blade-auth/oauth/user-info', (r) =>
      r.headers['blade-auth'] === 'bearer GOOD'
        ? ok({ id: 'u1', tenantId: '000000', account: 'admin', realName: '管理员', roleAlias: 'administrator', roleId: 'r1', deptId: 'd1', avatar: '' })
        : { status: 401, json: { code: 401, msg: '请求未授权' } },
    );
    await build().auth.login({ tenantId: '000000', username: 'admin', password: 'admin', captchaKey: 'k', captchaCode: 'c' });

    // a restart: new services, same vault
    const restarted = build();
    const user = await restarted.auth.restore();
    expect(user).toMatchObject({ user_id: 'u1', account: 'admin', nick_name: '管理员', role_name: 'administrator', tenant_id: '000000' });
    expect(restarted.auth.current()).toEqual(user);

    // a token the server no longer accepts
    await vault.save(profileId, { accessToken: 'STALE', refreshToken: 'R', savedAt: 1_700_000_000_000, clientSecret: 'saber_secret' });
    const again = build();
    expect(await again.auth.restore()).toBeNull();
    expect(again.auth.current()).toBeNull();
    expect((await vault.load(profileId))?.accessToken).toBe('');
  });
});
