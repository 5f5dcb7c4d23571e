// Notices: list (shell), detail, submit, remove; the crypto Blade-Auth variant
// (AES-256-CBC, key = the server's 32-character aes key, IV = its first 16 bytes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecipheriv, createHash } from 'node:crypto';
import { AES_KEY_SETTING, decryptToken, encryptToken } from '../../src-server/auth/crypto-token';
import { getSetting } from '../../src-server/system/settings';
import { api, login, SABER, startHarness, type Harness, otherTenantAdmin } from './helpers';

let h: Harness;
let base: string;
let admin: string;
let key: string;
const N = '/website-blade-desk/notice';
type Row = Record<string, unknown> & { id: string };

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  key = (await getSetting(h.data(), AES_KEY_SETTING))!;
});
afterAll(() => h.stop());

/** A call carrying `Blade-Auth: crypto <base64>`. */
async function cryptoCall(method: 'GET' | 'POST', path: string, token: string, opts: { query?: Record<string, string>; json?: unknown; header?: string } = {}) {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { Authorization: SABER, 'Blade-Auth': opts.header ?? `crypto ${encryptToken(token, key)}` };
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  return { status: res.status, body: (await res.json()) as { code: number; success: boolean; msg: string; data: Row & { records: Row[]; total: number } } };
}

describe('crypto token', () => {
  it('the server keeps a 32-character aes key; encryption round-trips with IV = the key head', () => {
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    const enc = encryptToken('abc.def.ghi', key);
    expect(decryptToken(enc, key)).toBe('abc.def.ghi');
    expect(decryptToken(enc, 'x'.repeat(32))).toBeNull();
  });

  it('a wrong key never yields a token, though AES-CBC unpads cleanly under one key in ~256', () => {
    // 5,000 wrong keys: about 20 of them decrypt without a padding error, and
    // every one of those must still be refused for not being a token
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJ0ZW5hbnRfaWQiOiIwMDAwMDAifQ.c2lnbmF0dXJl';
    const enc = encryptToken(token, key);
    let unpadded = 0;
    for (let i = 0; i < 5000; i++) {
      const wrong = createHash('sha256').update(`wrong-${i}`).digest('hex').slice(0, 32);
      try {
        const k = Buffer.from(wrong);
        const d = createDecipheriv('aes-256-cbc', k, k.subarray(0, 16));
        Buffer.concat([d.update(Buffer.from(enc, 'base64')), d.final()]);
        unpadded += 1;
      } catch {
        // the usual case: a padding error
      }
      expect(decryptToken(enc, wrong)).toBeNull();
    }
    expect(unpadded).toBeGreaterThan(0); // the case the shape check is for did occur
    expect(decryptToken(enc, key)).toBe(token);
  });

  it('the guard accepts crypto Blade-Auth and refuses a bad one', async () => {
    const okList = await cryptoCall('GET', `${N}/list`, admin);
    expect(okList.status).toBe(200);
    expect(okList.body.data.total).toBe(3);
    const bad = await cryptoCall('GET', `${N}/list`, admin, { header: `crypto ${encryptToken(admin, 'y'.repeat(32))}` });
    expect(bad.status).toBe(401);
    const garbage = await cryptoCall('GET', `${N}/list`, admin, { header: 'crypto not-base64!!' });
    expect(garbage.status).toBe(401);
  });
});

describe('notices', () => {
  it('submit validates, adds, edits; detail and remove; all with the crypto token', async () => {
    const missing = await cryptoCall('POST', `${N}/submit`, admin, { json: { category: 1, releaseTime: '2026-01-01 00:00:00' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入通知标题');
    expect((await cryptoCall('POST', `${N}/submit`, admin, { json: { title: 't', releaseTime: '2026-01-01 00:00:00' } })).body.msg).toBe('请选择通知类型');

    const added = await cryptoCall('POST', `${N}/submit`, admin, { json: { title: '放假通知', category: 2, releaseTime: '2030-01-01 08:00:00', content: '<p>元旦放假</p>' } });
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    expect(added.body.data).toMatchObject({ title: '放假通知', category: 2, tenantId: '000000', releaseTime: '2030-01-01 08:00:00' });
    const list = await cryptoCall('GET', `${N}/list`, admin);
    expect(list.body.data.total).toBe(4);
    expect(list.body.data.records[0].id).toBe(id); // latest release first

    expect((await cryptoCall('POST', `${N}/submit`, admin, { json: { id, title: '放假通知(改)' } })).body.data).toMatchObject({ id, title: '放假通知(改)', category: 2 });
    expect((await cryptoCall('GET', `${N}/detail`, admin, { query: { id } })).body.data).toMatchObject({ id, title: '放假通知(改)', content: '<p>元旦放假</p>' });
    expect((await cryptoCall('POST', `${N}/remove`, admin, { query: { ids: id } })).body.success).toBe(true);
    expect((await cryptoCall('GET', `${N}/detail`, admin, { query: { id } })).body.data).toBeNull();
    expect((await api<{ total: number }>(base, admin, 'GET', `${N}/list`)).body.data.total).toBe(3);
  });

  it('are isolated per tenant', async () => {
    const other = await otherTenantAdmin(h, '400001', '丙公司');
    const mine = await cryptoCall('POST', `${N}/submit`, other, { json: { title: '丙的通知', category: 1, releaseTime: '2030-02-01 08:00:00' } });
    expect(mine.status).toBe(200);
    expect((await cryptoCall('GET', `${N}/list`, other)).body.data.records.map((r) => r.title)).toEqual(['丙的通知']);
    expect((await cryptoCall('GET', `${N}/detail`, admin, { query: { id: mine.body.data.id } })).body.data).toBeNull();
    await cryptoCall('POST', `${N}/remove`, admin, { query: { ids: mine.body.data.id } });
    expect((await cryptoCall('GET', `${N}/detail`, other, { query: { id: mine.body.data.id } })).body.data).toMatchObject({ title: '丙的通知' });
  });
});
