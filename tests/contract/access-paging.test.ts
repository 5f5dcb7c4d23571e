// Paging never answers 500: every GET route of the route table (so every list,
// generic and special, and any list added later) refuses a page or size that is
// not a whole number from 1 to 1 000 000 000 with one clear 400, and serves the
// largest allowed page (an empty page far past the end) without a server error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { openDatabase } from '../../src-server/db/database';
import { migrate } from '../../src-server/db/migrate';
import { sqliteDataLayer } from '../../src-server/db/data-layer';
import { seed } from '../../src-server/db/seed';
import { MIGRATIONS } from '../../src-server/modules';
import { routeTable } from '../../src-server/http/access-check';
import { md5, SABER } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'seo-paging-'));
const db = openDatabase(dir);
const data = sqliteDataLayer(db);
if ((await migrate(data, MIGRATIONS)).fresh) await seed(data);
const app = await buildApp({ data, dataDir: dir });
await app.ready();
const gets = routeTable(app).filter((r) => r.method === 'GET' && r.access !== 'public');
/** the lists: routes answering a page ({records, total, size, current}) to the administrator */
const lists: string[] = [];

let token: string;
beforeAll(async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { Authorization: SABER, 'Tenant-Id': '000000', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: md5('admin') }).toString(),
  });
  token = (res.json() as { access_token: string }).access_token;
  for (const r of gets) {
    const reply = await get(r.url, {});
    const data = (reply.body as { data?: Record<string, unknown> } | null)?.data;
    if (data && typeof data === 'object' && 'records' in data && 'current' in data) lists.push(r.url);
  }
});
afterAll(async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(url: string, query: Record<string, string>, language?: string): Promise<{ status: number; body: unknown }> {
  const path = url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
  const headers = { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, ...(language ? { 'Accept-Language': language } : {}) };
  const res = await app.inject({ method: 'GET', url: path, query, headers });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    // a file, not the envelope
  }
  return { status: res.statusCode, body };
}

const BAD: [string, Record<string, string>, string][] = [
  ['a page number past any integer', { current: '100000000000000000000', size: '10' }, 'current'],
  ['a negative page', { current: '-1' }, 'current'],
  ['page zero', { current: '0' }, 'current'],
  ['a word for the page', { current: 'abc' }, 'current'],
  ['a fraction', { current: '1.5' }, 'current'],
  ['size zero', { size: '0' }, 'size'],
  ['a negative size', { size: '-10' }, 'size'],
  ['a huge size', { size: '1e30' }, 'size'],
  ['a size past the limit', { size: '1000000001' }, 'size'],
];

describe('paging extremes', () => {
  it('finds the lists in the route table', () => {
    expect(lists.length).toBeGreaterThan(50);
    expect(lists).toContain('/api/website-blade-system/param/list');
    expect(lists).toContain('/api/blade-log/usual/list');
  });

  it.each(BAD)('refuses %s with 400 on every GET route, list or not', async (_name, query, field) => {
    const wrong: string[] = [];
    for (const r of gets) {
      const reply = await get(r.url, query);
      const body = reply.body as { code?: number; msg?: string } | null;
      if (reply.status !== 400 || body?.msg !== `请求参数格式错误: ${field}须为1到1000000000之间的整数`) wrong.push(`${r.url}: ${reply.status} ${body?.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('serves the last allowed page of every list as an empty page, and caps a large size', async () => {
    const wrong: string[] = [];
    for (const url of lists) {
      const far = await get(url, { current: '1000000000', size: '1000' });
      const page = (far.body as { data?: { records?: unknown[]; current?: number } } | null)?.data;
      if (far.status !== 200 || page?.records?.length !== 0 || page.current !== 1000000000) wrong.push(`${url} far: ${far.status} ${JSON.stringify(far.body).slice(0, 120)}`);
      const big = await get(url, { current: '1', size: '999999999' });
      const size = (big.body as { data?: { size?: number } } | null)?.data?.size ?? 0;
      if (big.status !== 200 || size > 1000 || size < 1) wrong.push(`${url} big size: ${big.status} size ${size}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers odd filters and orders on every list without a server error', async () => {
    const odd: Record<string, string>[] = [
      { createTime_datege: 'not-a-date', createTime_datelt: '2026-13-45' },
      { sort_gt: '1e999', status_equal: 'NaN', id_le: '-' },
      { ascs: 'no_such_column;drop table x', descs: '"' },
      { name: '%_\\', title: "'", 'blade-auth': 'x' },
      { current: '', size: '' },
    ];
    const wrong: string[] = [];
    for (const url of lists) {
      for (const query of odd) {
        const reply = await get(url, query);
        if (reply.status >= 500) wrong.push(`${url} ${JSON.stringify(query)}: ${reply.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers the console in its language, a stock console's prefix in Chinese whatever it asks", async () => {
    const en = await get('/api/website-blade-system/param/list', { size: '0' }, 'en-US,en;q=0.9');
    expect(en).toMatchObject({ status: 400, body: { msg: 'Malformed request parameter: size must be a whole number from 1 to 1000000000' } });
    const stock = await get('/api/blade-system/param/list', { size: '0' }, 'en-US,en;q=0.9');
    expect(stock).toMatchObject({ status: 400, body: { msg: '请求参数格式错误: size须为1到1000000000之间的整数' } });
    expect(await get('/api/no-such-route', {}, 'en')).toMatchObject({ status: 404, body: { msg: 'No such request' } });
    expect(await get('/api/no-such-route', {})).toMatchObject({ status: 404, body: { msg: '没找到请求' } });
  });

  it("answers a success's envelope text in the console's language too, and in Chinese on a stock prefix", async () => {
    const query = { current: '1', size: '1' };
    expect((await get('/api/website-blade-system/param/list', query, 'en')).body).toMatchObject({ success: true, msg: 'Operation succeeded' });
    expect((await get('/api/website-blade-system/param/list', query, 'zh-CN,zh;q=0.9')).body).toMatchObject({ success: true, msg: '操作成功' });
    expect((await get('/api/website-blade-system/param/list', query)).body).toMatchObject({ success: true, msg: '操作成功' });
    expect((await get('/api/blade-system/param/list', query, 'en')).body).toMatchObject({ success: true, msg: '操作成功' });
    // R.data(null): the no-data text
    expect((await get('/api/website-blade-system/param/detail', { id: '1' }, 'en')).body).toMatchObject({ success: true, data: null, msg: 'No data' });
    expect((await get('/api/website-blade-system/param/detail', { id: '1' })).body).toMatchObject({ success: true, data: null, msg: '暂无承载数据' });
  });

  it('still pages normally', async () => {
    const reply = await get('/api/website-blade-system/param/list', { current: '2', size: '1' });
    expect(reply.status).toBe(200);
    expect((reply.body as { data: { current: number; size: number; records: unknown[] } }).data).toMatchObject({ current: 2, size: 1 });
  });
});
