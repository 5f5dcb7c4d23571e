// Secrets never leave the server in clear: lists and details answer a mask, a
// save that sends the mask back (or leaves the field empty on an edit) keeps
// the stored secret, and the code that uses a secret still has the original.
// The object storage's and the SMS configurations' secret keys and the clients'
// secrets are also sealed at rest (SecretBox): only the server opens them (a
// client's, to check a sign-in's Basic auth); rows saved in clear before are
// sealed at the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startHarness, tokenCall, type Harness } from './helpers';
import { sql } from '../../src-server/db/data-layer';
import { SecretBox } from '../../src-server/util/secret-box';
import { sealClearSecrets } from '../../src-server/system/sealed-secrets';

let h: Harness;
let base: string;
let admin: string;
type Row = Record<string, unknown> & { id: string };
const MASK = '******';

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const post = (path: string, json: unknown) => api<Row>(base, admin, 'POST', path, { json });
const detail = async (path: string, id: string) => (await api<Row>(base, admin, 'GET', `${path}/detail`, { query: { id } })).body.data;
const listed = async (path: string, id: string) =>
  (await api<{ records: Row[] }>(base, admin, 'GET', `${path}/list`, { query: { current: 1, size: 100 } })).body.data.records.find((r) => r.id === id);
const raw = async (table: string, column: string, id: string) =>
  (await h.data().get(sql<{ v: string }>`SELECT ${sql.ref(column)} AS v FROM ${sql.table(table)} WHERE id = ${id}`))!.v;
/** the tables whose secret is sealed at rest (never in clear in the database) */
const SEALED = new Set(['blade_oss', 'blade_sms', 'blade_client']);
/** the stored secret, opened when it is sealed */
const stored = async (table: string, column: string, id: string) => {
  const v = await raw(table, column, id);
  if (!SEALED.has(table)) return v;
  expect(v.startsWith('v1:'), `${table}.${column} at rest: ${v}`).toBe(true);
  return SecretBox.forDataDir(h.dataDir).open(v);
};

// [path, table, secret column (wire), secret column (db), a valid new row]
const CASES: [string, string, string, string, Record<string, unknown>][] = [
  ['/blade-resource/oss', 'blade_oss', 'secretKey', 'secret_key', { category: 1, ossCode: 'sec-oss', endpoint: 'http://127.0.0.1:9000', accessKey: 'a', bucketName: 'b' }],
  ['/blade-resource/sms', 'blade_sms', 'secretKey', 'secret_key', { category: 1, smsCode: 'sec-sms', templateId: 'T1', accessKey: 'ak', signName: '矩阵' }],
  ['/blade-develop/datasource', 'blade_datasource', 'password', 'password', { name: '业务库', driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://db/x', username: 'u' }],
  ['/website-blade-system/client', 'blade_client', 'clientSecret', 'client_secret', { clientId: 'sec-client', scope: 'all', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 3600, refreshTokenValidity: 7200 }],
];

describe('masked secrets', () => {
  for (const [path, table, wire, column, row] of CASES) {
    it(`${path}: masked in list and detail, kept when the mask or nothing comes back, replaced by a new value`, async () => {
      const created = await post(`${path}/submit`, { ...row, [wire]: 'the-original-secret' });
      expect(created.body.code, created.body.msg).toBe(200);
      const id = created.body.data.id;
      expect(created.body.data[wire]).toBe(MASK);
      expect((await detail(path, id))[wire]).toBe(MASK);
      expect((await listed(path, id))?.[wire]).toBe(MASK);
      expect(JSON.stringify(await listed(path, id))).not.toContain('the-original-secret');

      // the edit form sends the mask back: the stored secret stays
      expect((await post(`${path}/submit`, { ...row, id, [wire]: MASK })).body.code).toBe(200);
      expect(await stored(table, column, id)).toBe('the-original-secret');
      // an edit leaving it empty keeps it too
      expect((await post(`${path}/submit`, { ...row, id, [wire]: '' })).body.code).toBe(200);
      expect(await stored(table, column, id)).toBe('the-original-secret');
      // a new value replaces it
      expect((await post(`${path}/submit`, { ...row, id, [wire]: 'a-new-secret' })).body.code).toBe(200);
      expect(await stored(table, column, id)).toBe('a-new-secret');
    });
  }

  it('a client saved with its masked secret still authenticates with the original', async () => {
    const [path, , wire, , row] = CASES[3]!;
    const created = await post(`${path}/submit`, { ...row, clientId: 'kept-client', [wire]: 'kept_secret' });
    await post(`${path}/submit`, { ...row, clientId: 'kept-client', id: created.body.data.id, [wire]: MASK });
    const basic = `Basic ${Buffer.from('kept-client:kept_secret').toString('base64')}`;
    expect((await tokenCall(base, { client: basic })).status).toBe(200);
    const wrong = `Basic ${Buffer.from(`kept-client:${MASK}`).toString('base64')}`;
    expect((await tokenCall(base, { client: wrong })).status).toBe(401);
  });

  it('the seeded clients are sealed at rest, and the stock sign-in (Basic auth with their secret) still works', async () => {
    for (const [clientId, secret] of [['saber', 'saber_secret'], ['sword', 'sword_secret']]) {
      const row = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_client WHERE client_id = ${clientId}`))!;
      expect(await stored('blade_client', 'client_secret', row.id)).toBe(secret);
      const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      expect((await tokenCall(base, { client: basic })).status, clientId).toBe(200);
      const wrong = `Basic ${Buffer.from(`${clientId}:${secret}x`).toString('base64')}`;
      expect((await tokenCall(base, { client: wrong })).status, clientId).toBe(401);
    }
    // nor may the stored (sealed) text stand in for the secret
    const sealedSaber = (await h.data().get(sql<{ v: string }>`SELECT client_secret AS v FROM blade_client WHERE client_id = 'saber'`))!.v;
    expect((await tokenCall(base, { client: `Basic ${Buffer.from(`saber:${sealedSaber}`).toString('base64')}` })).status).toBe(401);
  });

  it('SMS and client secrets saved in clear before they were sealed are sealed at the next start, and still serve', async () => {
    const [smsPath, , , , smsRow] = CASES[1]!;
    const [clientPath, , , , clientRow] = CASES[3]!;
    const sms = (await post(`${smsPath}/submit`, { ...smsRow, smsCode: 'clear-sms', secretKey: 'sms-clear-secret' })).body.data.id;
    const client = (await post(`${clientPath}/submit`, { ...clientRow, clientId: 'clear-client', clientSecret: 'clear_secret' })).body.data.id;
    // as an install before sealing left them
    await h.data().run(sql`UPDATE blade_sms SET secret_key = 'sms-clear-secret' WHERE id = ${sms}`);
    await h.data().run(sql`UPDATE blade_client SET client_secret = 'clear_secret' WHERE id = ${client}`);
    const basic = `Basic ${Buffer.from('clear-client:clear_secret').toString('base64')}`;
    expect((await tokenCall(base, { client: basic })).status).toBe(200);
    const box = SecretBox.forDataDir(h.dataDir);
    expect(await sealClearSecrets(h.data(), box)).toBe(2);
    expect(await stored('blade_sms', 'secret_key', sms)).toBe('sms-clear-secret');
    expect(await stored('blade_client', 'client_secret', client)).toBe('clear_secret');
    expect((await tokenCall(base, { client: basic })).status).toBe(200);
    // a second start finds nothing in clear
    expect(await sealClearSecrets(h.data(), box)).toBe(0);
  });

  it('a new row cannot be created with the mask as its secret', async () => {
    const created = await post('/blade-resource/oss/submit', { ...CASES[0]![4], ossCode: 'mask-only', secretKey: MASK });
    expect(created.body.code).toBe(400);
    expect(created.body.msg).toBe('请输入secretKey');
  });
});
