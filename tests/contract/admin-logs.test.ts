// Logs written for real: API logs of write calls, error logs of server errors
// (with the stack) and of the console's uploads, usual logs of sign-ins.
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ENGINE, login, startHarness, SWORD, type Harness } from './helpers';

let h: Harness;
let base: string;
let admin: string;
type Row = Record<string, unknown> & { id: string };
type Page = { records: Row[]; total: number };

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});
afterAll(() => h.stop());

const page = async (path: string, query: Record<string, string | number> = {}) => (await api<Page>(base, admin, 'GET', path, { query: { current: 1, size: 50, ...query } })).body.data;

describe('logs', () => {
  it('records a write call as an API log with method, URL, time taken, user and tenant; secrets masked', async () => {
    const before = (await page('/blade-log/list')).total;
    const r = await api(base, admin, 'POST', '/website-blade-system/param/submit', { json: { paramName: '日志', paramKey: 'log.key', paramValue: 'v', secretKey: 'hidden' } });
    expect(r.status).toBe(200);
    await api(base, admin, 'GET', '/website-blade-system/param/list');
    const logs = await page('/blade-log/list');
    expect(logs.total).toBe(before + 1); // reads are not logged
    const log = logs.records[0];
    expect(log).toMatchObject({ method: 'POST', requestUri: '/api/website-blade-system/param/submit', tenantId: '000000', createBy: 'admin', statusCode: 200, title: 'POST /api/website-blade-system/param/submit' });
    expect(Number(log.time)).toBeGreaterThanOrEqual(0);
    expect(String(log.params)).toContain('log.key');
    expect(String(log.params)).not.toContain('hidden');
    const detail = await api<Row>(base, admin, 'GET', '/blade-log/detail', { query: { id: log.id } });
    expect(detail.body.data).toMatchObject({ id: log.id, method: 'POST' });
    expect((await page('/blade-log/list', { requestUri: 'param/sub' })).total).toBeGreaterThanOrEqual(1);
    expect((await page('/blade-log/list', { requestUri: 'nothing-like-this' })).total).toBe(0);
  });

  it('records sign-ins as usual logs', async () => {
    await login(base);
    const usual = await page('/blade-log/usual/list');
    expect(usual.total).toBeGreaterThanOrEqual(2);
    expect(usual.records[0]).toMatchObject({ logId: 'login', createBy: 'admin', requestUri: '/api/blade-auth/oauth/token' });
    expect(String(usual.records[0].params)).not.toMatch(/21232f297a57a5a743894a0e4a801fc3/);
    expect((await api<Row>(base, admin, 'GET', '/blade-log/usual/detail', { query: { id: usual.records[0].id } })).body.data).toMatchObject({ logId: 'login' });
  });

  it('records a stock console\'s sign-in (/blade-auth/token, the SM2-encrypted password) as a usual log too', async () => {
    const encrypted = sm2.doEncrypt('admin', h.server.publicKey, 0);
    const url = new URL(`${base}/blade-auth/token`);
    for (const [k, v] of Object.entries({ tenantId: '000000', account: 'admin', password: encrypted, grantType: 'password' })) url.searchParams.set(k, v);
    const signIn = await fetch(url, { method: 'POST', headers: { Authorization: SWORD } });
    expect(((await signIn.json()) as { code: number }).code).toBe(200);
    const usual = await page('/blade-log/usual/list');
    expect(usual.records[0]).toMatchObject({ logId: 'login', createBy: 'admin', tenantId: '000000', requestUri: '/api/blade-auth/token', logData: 'admin password 登录成功' });
    expect(String(usual.records[0].params)).not.toContain(encrypted);
    // a refused one is not a sign-in
    url.searchParams.set('password', sm2.doEncrypt('wrong', h.server.publicKey, 0));
    expect((await fetch(url, { method: 'POST', headers: { Authorization: SWORD } })).status).toBe(400);
    expect((await page('/blade-log/usual/list')).records[0]!.id).toBe(usual.records[0]!.id);
  });

  it('records a server error with its stack, and uploaded console errors; business refusals are not errors', async () => {
    await api(base, admin, 'POST', '/website-blade-system/param/submit', { json: {} }); // 400: not an error log
    expect((await page('/blade-log/error/list')).total).toBe(0);
    await h.data().exec('ALTER TABLE blade_post RENAME TO blade_post_gone');
    const broken = await api(base, admin, 'GET', '/website-blade-system/post/list');
    expect(broken.status).toBe(500);
    await h.data().exec('ALTER TABLE blade_post_gone RENAME TO blade_post');
    const errors = await page('/blade-log/error/list');
    expect(errors.total).toBe(1);
    expect(errors.records[0]).toMatchObject({ method: 'GET', requestUri: '/api/website-blade-system/post/list', createBy: 'admin', tenantId: '000000' });
    // the engine's own words for the missing table
    expect(String(errors.records[0].message)).toMatch(ENGINE === 'sqlite' ? /no such table/ : /relation "blade_post" does not exist/);
    expect(String(errors.records[0].stackTrace)).toMatch(/\n\s+at /);

    const up = await api(base, admin, 'POST', '/blade-log/error/upload', { json: [{ type: 'error', url: '/wel/index', message: 'boom in console', stack: 'Error: boom', time: '2026-01-01 00:00:00' }] });
    expect(up.body.success).toBe(true);
    const all = await page('/blade-log/error/list', { message: 'boom' });
    expect(all.records.map((r) => r.message)).toEqual(['boom in console']);
    const detail = await api<Row>(base, admin, 'GET', '/blade-log/error/detail', { query: { id: all.records[0].id } });
    expect(detail.body.data).toMatchObject({ message: 'boom in console', requestUri: '/wel/index' });
  });
});

describe('reports', () => {
  it('lists the stored report files and removes them', async () => {
    const list = await page('/blade-report/report/rest/list');
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ name: '站点流量月报.ureport.xml', tenantId: '000000' });
    expect(list.records[0]).not.toHaveProperty('content');
    expect((await page('/blade-report/report/rest/list', { name: '没有' })).total).toBe(0);
    const none = (headers: Record<string, string>) => api(base, admin, 'POST', '/blade-report/report/rest/remove', { query: { ids: '' }, headers });
    expect((await none({})).body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    expect((await none({ 'Accept-Language': 'en' })).body).toMatchObject({ code: 400, msg: 'Please select at least one row' });
    const removed = await api(base, admin, 'POST', '/blade-report/report/rest/remove', { query: { ids: list.records[0].id } });
    expect(removed.body.success).toBe(true);
    expect((await page('/blade-report/report/rest/list')).total).toBe(0);
  });
});
