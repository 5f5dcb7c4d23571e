// Notice calls carry `Blade-Auth: crypto <AES(token)>` when the profile has an
// aes key: against a recording back end (the header decrypts to the token) and
// against the real embedded back end (which accepts it; a wrong key is refused).
import Conf from 'conf';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../src-shared/ipc';
import { createHandlers, dispatch } from '../../../src-main/ipc/handlers';
import { encryptToken, usesCryptoToken } from '../../../src-main/services/cryptoToken';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createWorkspace } from '../../../src-main/workspace';
import { decryptToken } from '../../../src-server/auth/crypto-token';
import { startServer } from '../../../src-server/app';
import { ok, startBackend, tempDir, tokenReply, type TestBackend } from './helpers';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.remove());

const KEY = 'Abcdefghijklmnopqrstuvwxyz012345';
/** tokens as the back end issues them: a JWT's three base64url parts (the server refuses any other decrypted text) */
const ACC = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJBQ0MifQ.QUNDLXNpZ25hdHVyZQ';
const store = () => new Conf<Record<string, unknown>>({ cwd: tmp.dir, configName: 'profiles' });

async function workspaceFor(profile: Profile) {
  const ws = await createWorkspace({
    profile,
    vault: new TokenVault(null, { logger: silentLogger }),
    db: LocalDb.open(join(tmp.dir, `local-${Math.random()}.db`)),
    host: 'web',
    version: 't',
    logger: silentLogger,
  });
  return { ws, handlers: createHandlers(ws) };
}

describe('crypto Blade-Auth in main', () => {
  it('knows the notice calls and encrypts like the server decrypts', () => {
    expect(usesCryptoToken('/website-blade-desk/notice/list')).toBe(true);
    expect(usesCryptoToken('http://127.0.0.1:1/api/website-blade-desk/notice/detail?id=1')).toBe(true);
    expect(usesCryptoToken('/website-blade-system/param/list')).toBe(false);
    expect(decryptToken(encryptToken('aGVhZA.Ym9keQ.c2ln', KEY), KEY)).toBe('aGVhZA.Ym9keQ.c2ln');
    // decrypted text that is not a token's shape is refused
    expect(decryptToken(encryptToken('tok.en', KEY), KEY)).toBeNull();
  });

  it('sends crypto for notices and bearer for the rest', async () => {
    const backend: TestBackend = await startBackend();
    try {
      backend.on('POST /blade-auth/oauth/token', () => ({ json: tokenReply(ACC, 'REF') }));
      backend.on('GET /website-blade-desk/notice/list', () => ok({ records: [], total: 0 }));
      backend.on('GET /website-blade-system/param/list', () => ok({ records: [], total: 0 }));
      const profile = { ...new ProfileService(store(), { localBaseUrl: backend.baseUrl, localAesKey: KEY }).get('local')!, captchaMode: false };
      expect(profile.aesKey).toBe(KEY);
      const { ws, handlers } = await workspaceFor(profile);
      expect((await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'admin' })).ok).toBe(true);
      expect((await dispatch(handlers, 'api:request', { method: 'get', url: '/website-blade-desk/notice/list' })).ok).toBe(true);
      expect((await dispatch(handlers, 'api:request', { method: 'get', url: '/website-blade-system/param/list' })).ok).toBe(true);
      const notice = backend.seen.find((r) => r.path === '/api/website-blade-desk/notice/list' || r.path === '/website-blade-desk/notice/list')!;
      const header = String(notice.headers['blade-auth']);
      expect(header).toMatch(/^crypto [A-Za-z0-9+/=]+$/);
      expect(decryptToken(header.slice(7), KEY)).toBe(ACC);
      const param = backend.seen.find((r) => r.path.endsWith('/param/list'))!;
      expect(param.headers['blade-auth']).toBe(`bearer ${ACC}`);
      ws.close();
    } finally {
      await backend.close();
    }
  });

  it('the embedded back end accepts it with its key and refuses another key', async () => {
    const server = await startServer({ dataDir: join(tmp.dir, 'server'), port: 0 });
    try {
      expect(server.aesKey).toMatch(/^[A-Za-z0-9]{32}$/);
      const base = { ...new ProfileService(store(), { localBaseUrl: server.url, localAesKey: server.aesKey }).get('local')!, captchaMode: false };
      for (const [key, expected] of [[server.aesKey, true], ['z'.repeat(32), false]] as const) {
        const { ws, handlers } = await workspaceFor({ ...base, aesKey: key });
        expect((await dispatch(handlers, 'auth:login', { tenantId: '000000', username: 'admin', password: 'admin' })).ok).toBe(true);
        const list = await dispatch(handlers, 'api:request', { method: 'get', url: '/website-blade-desk/notice/list' });
        expect(list.ok).toBe(expected);
        if (list.ok) expect((list.data as { data: { total: number } }).data.total).toBe(3);
        ws.close();
      }
    } finally {
      await server.close();
    }
  });
});
