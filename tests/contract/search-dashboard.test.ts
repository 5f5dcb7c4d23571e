// The site dashboard's queries (issue 36 item 4; search/traffic-routes.ts) on a real
// back end: two websites synced from the Search Console and Bing stand-ins
// (tests/support/search-engines.ts) through 立即同步 and the real jobs, then every
// answer checked against the sums of what the stand-ins serve (ranges crossing
// months, per engine and website, both together); the checks of the filter; the
// spec's endpoints (google-total, google, import) on search_daily; tenant
// isolation; and the Search Console CSV export import in both UI languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { zipFiles } from '../../src-server/modules/admin/zip';
import type { TrafficDay, TrafficTopRow, TrafficTotals } from '../../src-shared/search-engines';
import { TRAFFIC_API, type SyncStartResult, type TrafficImportResult, type TrafficSummary, type TrafficTopPage } from '../../src-shared/search-traffic';
import { bingStandIn, googleStandIn, makeServiceAccount, seededRows, type BingStandIn, type GoogleStandIn } from '../support/search-engines';
import { addDays, connectTenant, localDay, makeWebsites, switchOn } from '../support/search-traffic';
import { api, login, multipart, otherTenantAdmin, startHarness, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let token: string;
let other: string;
let g: GoogleStandIn;
let bing: BingStandIn;
let siteA: string;
let siteB: string;
const ROWS = 12;
const ANON = 3;
const today = localDay(Date.now());
const DOMAINS = ['dash-a.example', 'dash-b.example'];

const get = <T>(path: string, query: Record<string, string | number>, t = token) => api<T>(base, t, 'GET', path, { query });
const post = <T>(path: string, json: unknown, t = token) => api<T>(base, t, 'POST', path, { json });

/** Bing's days for site A: a query shared with Google's ('query 0 1'), a page, across a month's end */
const bingDays = [addDays(today, -40), addDays(today, -33), addDays(today, -20), addDays(today, -3)];
function bingDay(i: number) {
  return {
    clicks: 10 + i,
    impressions: 200 + i,
    queries: [
      { key: 'query 0 1', clicks: 3 + i, impressions: 50, position: 4 },
      { key: `bing only ${i % 2}`, clicks: 2, impressions: 30 + i, position: 7.5 },
    ],
    pages: [{ key: 'http://dash-a.example/p/1.html', clicks: 5, impressions: 80 + i, position: 3 }],
  };
}

interface Expect {
  clicks: number;
  impressions: number;
  positionSum: number;
}

/** what the stand-ins serve for [from, to]: day totals per engine and day, and sums by page and by query */
function expected(from: string, to: string, engine: '' | 'google' | 'bing', site: '' | 'a' | 'b') {
  const days = new Map<string, Expect>();
  const pages = new Map<string, Expect>();
  const queries = new Map<string, Expect>();
  const add = (m: Map<string, Expect>, k: string, c: number, i: number, p: number) => {
    const e = m.get(k) ?? { clicks: 0, impressions: 0, positionSum: 0 };
    e.clicks += c;
    e.impressions += i;
    e.positionSum += p;
    m.set(k, e);
  };
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (engine !== 'bing' && d <= today) {
      for (const [s, domain] of [['a', DOMAINS[0]!], ['b', DOMAINS[1]!]] as const) {
        if (site && site !== s) continue;
        const rows = seededRows(`sc-domain:${domain}`, d, ROWS) as unknown as { page: string; query: string; clicks: number; impressions: number; position: number }[];
        for (const r of rows) {
          add(pages, r.page, r.clicks, r.impressions, r.position * r.impressions);
          add(queries, r.query, r.clicks, r.impressions, r.position * r.impressions);
          add(days, `${d}|google`, r.clicks, r.impressions, r.position * r.impressions);
        }
        add(days, `${d}|google`, ANON, ANON, 0);
      }
    }
    const bi = bingDays.indexOf(d);
    if (engine !== 'google' && site !== 'b' && bi >= 0) {
      const b = bingDay(bi);
      for (const q of b.queries) add(queries, q.key, q.clicks, q.impressions, q.position * q.impressions);
      for (const p of b.pages) add(pages, p.key, p.clicks, p.impressions, p.position * p.impressions);
      const qi = b.queries.reduce((s, q) => s + q.impressions, 0);
      const pos = b.queries.reduce((s, q) => s + q.position * q.impressions, 0) / qi;
      add(days, `${d}|bing`, b.clicks, b.impressions, pos * b.impressions);
    }
  }
  return { days, pages, queries };
}

const totalsOf = (e: Expect): TrafficTotals => ({
  clicks: e.clicks,
  impressions: e.impressions,
  ctr: e.impressions ? e.clicks / e.impressions : 0,
  position: e.impressions ? e.positionSum / e.impressions : 0,
});

function expectTotals(actual: TrafficTotals, e: Expect) {
  const want = totalsOf(e);
  expect(actual.clicks).toBe(want.clicks);
  expect(actual.impressions).toBe(want.impressions);
  expect(actual.ctr).toBeCloseTo(want.ctr, 9);
  expect(actual.position).toBeCloseTo(want.position, 6);
}

/** every row of a top table, page after page */
async function allTop(query: Record<string, string>): Promise<{ rows: TrafficTopRow[]; total: number }> {
  const rows: TrafficTopRow[] = [];
  let total = 0;
  for (let current = 1; ; current++) {
    const r = await get<TrafficTopPage>(TRAFFIC_API.top, { ...query, current, size: 7 });
    expect(r.body.code, r.body.msg).toBe(200);
    total = r.body.data.total;
    rows.push(...r.body.data.records);
    if (r.body.data.records.length < 7) break;
  }
  return { rows, total };
}

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  token = await login(base);
  other = await otherTenantAdmin(h, '200036', '看板租户');
  g = await googleStandIn({ rowsPerDay: ROWS, anonymisedClicks: ANON });
  bing = await bingStandIn();
  const key = makeServiceAccount(g.tokenUri, 'dashboard');
  g.trust(key);
  [siteA, siteB] = await makeWebsites(base, token, DOMAINS, '看板');
  for (const d of DOMAINS) g.grant(`sc-domain:${d}`, key.clientEmail);
  bing.account('bing-dash-key', ['http://dash-a.example/']);
  bingDays.forEach((d, i) => bing.setDay('http://dash-a.example/', d, bingDay(i)));
  await connectTenant(h, '000000', { googleKey: key.json, googleRoot: g.rootUrl, bingKey: 'bing-dash-key', bingRoot: bing.root });
  await switchOn(h.data(), siteA!, { google: true, bing: true });
  await switchOn(h.data(), siteB!, { google: true });
  for (const id of [siteA!, siteB!]) {
    const r = await post<SyncStartResult>(`${TRAFFIC_API.sync}?id=${id}`, {});
    expect(r.body.code, r.body.msg).toBe(200);
  }
  // every sync done, and the tenant-wide rollup after them
  await until(async () => {
    const open = await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind IN ('search-sync', 'search-rollup') AND state IN ('queued', 'running')`);
    const dirty = await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_rollup_dirty`);
    return Number(open?.n) === 0 && Number(dirty?.n) === 0;
  }, 120_000, 200);
  const states = await h.data().all(sql<Rec>`SELECT website_info_id, engine, state, message FROM search_sync ORDER BY website_info_id, engine`);
  expect(states.map((s) => [s.engine, s.state])).toEqual(expect.arrayContaining([['google', 'done'], ['bing', 'done'], ['google', 'done']]));
  expect(states).toHaveLength(3);
}, 180_000);

afterAll(async () => {
  await g?.close();
  await bing?.close();
  await h?.stop();
});

/** a range crossing months: from the 20th two months back to 5 days ago */
const from = `${addDays(`${today.slice(0, 7)}-01`, -40).slice(0, 7)}-20`;
const to = addDays(today, -5);

describe('the dashboard answers what the engines served', () => {
  const cases: ['' | 'google' | 'bing', '' | 'a' | 'b'][] = [['', ''], ['google', ''], ['bing', ''], ['', 'a'], ['google', 'a'], ['bing', 'a'], ['google', 'b'], ['', 'b']];

  it.each(cases)('summary: engine %s, website %s: the totals, the period before, one point per day and engine', async (engine, site) => {
    const websiteInfoId = site === 'a' ? siteA : site === 'b' ? siteB : '';
    const r = await get<TrafficSummary>(TRAFFIC_API.summary, { from, to, engine, websiteInfoId });
    expect(r.body.code, r.body.msg).toBe(200);
    const s = r.body.data;
    const want = expected(from, to, engine, site);
    const sum = [...want.days.values()].reduce((a, e) => ({ clicks: a.clicks + e.clicks, impressions: a.impressions + e.impressions, positionSum: a.positionSum + e.positionSum }), { clicks: 0, impressions: 0, positionSum: 0 });
    expectTotals(s.totals, sum);
    const n = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    expect([s.previousFrom, s.previousTo]).toEqual([addDays(from, -n), addDays(from, -1)]);
    const before = expected(s.previousFrom, s.previousTo, engine, site);
    expectTotals(s.previous, [...before.days.values()].reduce((a, e) => ({ clicks: a.clicks + e.clicks, impressions: a.impressions + e.impressions, positionSum: a.positionSum + e.positionSum }), { clicks: 0, impressions: 0, positionSum: 0 }));
    expect(s.days.map((d: TrafficDay) => `${d.day}|${d.engine}`)).toEqual([...want.days.keys()].sort());
    for (const d of s.days) expectTotals(d, want.days.get(`${d.day}|${d.engine}`)!);
  });

  it.each(cases)('top pages and queries: engine %s, website %s: each key with the sums of its rows, sorted', async (engine, site) => {
    const websiteInfoId = site === 'a' ? siteA! : site === 'b' ? siteB! : '';
    const want = expected(from, to, engine, site);
    for (const dim of ['page', 'query'] as const) {
      const { rows, total } = await allTop({ dim, from, to, engine, websiteInfoId, sort: 'clicks', order: 'desc' });
      const keys = dim === 'page' ? want.pages : want.queries;
      expect(total).toBe(keys.size);
      expect(rows.map((r) => r.key).sort()).toEqual([...keys.keys()].sort());
      for (const r of rows) expectTotals(r, keys.get(r.key)!);
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.clicks).toBeGreaterThanOrEqual(rows[i]!.clicks);
    }
  });

  it('sorts by each measure either way; pages of at most 100', async () => {
    for (const sort of ['impressions', 'ctr', 'position'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const { rows } = await allTop({ dim: 'query', from, to, sort, order });
        const values = rows.map((r) => r[sort]);
        const sorted = [...values].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(values).toEqual(sorted);
      }
    }
    const big = await get<TrafficTopPage>(TRAFFIC_API.top, { dim: 'page', from, to, size: 500 });
    expect(big.body.data.size).toBe(100);
    const past = await get<TrafficTopPage>(TRAFFIC_API.top, { dim: 'page', from, to, current: 99, size: 10 });
    expect(past.body.data).toMatchObject({ records: [], current: 99, size: 10, total: expected(from, to, '', '').pages.size });
  });

  it('a range within one month, a whole month alone, ranges ending today and reaching the first day synced read the right periods', async () => {
    const month = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const firstSynced = String((await h.data().get(sql<{ d: string }>`SELECT MIN(first_day) AS d FROM search_sync WHERE engine = 'google'`))!.d);
    const ranges: [string, string][] = [
      [`${month}-03`, `${month}-09`],
      [`${month}-01`, addDays(`${today.slice(0, 7)}-01`, -1)],
      // the current month's row holds the month so far; the first month's row holds the days from the first synced
      [addDays(today, -27), today],
      [`${today.slice(0, 7)}-01`, today],
      [firstSynced, addDays(firstSynced, 40)],
      [addDays(firstSynced, 3), addDays(firstSynced, 9)],
    ];
    for (const [a, b] of ranges) {
      const want = expected(a, b, '', '');
      const { rows } = await allTop({ dim: 'page', from: a, to: b });
      expect(rows.map((r) => r.key).sort()).toEqual([...want.pages.keys()].sort());
      for (const r of rows) expectTotals(r, want.pages.get(r.key)!);
    }
  });

  it('another tenant sees none of it; a website of another tenant is refused', async () => {
    const s = await get<TrafficSummary>(TRAFFIC_API.summary, { from, to }, other);
    expect(s.body.data.totals).toEqual({ clicks: 0, impressions: 0, ctr: 0, position: 0 });
    expect(s.body.data.days).toEqual([]);
    const t = await get<TrafficTopPage>(TRAFFIC_API.top, { dim: 'page', from, to }, other);
    expect(t.body.data).toMatchObject({ records: [], total: 0 });
    const theirs = await get<TrafficSummary>(TRAFFIC_API.summary, { from, to, websiteInfoId: siteA! }, other);
    expect([theirs.status, theirs.body.msg]).toEqual([400, '网站不存在或已被删除']);
  });
});

describe('the average position', () => {
  it('is weighed by the impressions that have one: a day imported without a position does not pull it towards 0', async () => {
    const t = await otherTenantAdmin(h, '200037', '排名租户');
    const rows = [
      { day: '2026-03-01', clicks: 10, impressions: 100, position: 4 },
      { day: '2026-03-02', clicks: 20, impressions: 300, position: 2 },
      // the spec's import of day totals carries no position
      { day: '2026-03-03', clicks: 5, impressions: 600 },
    ];
    expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows }, t)).body.code).toBe(200);
    const s = await get<TrafficSummary>(TRAFFIC_API.summary, { from: '2026-03-01', to: '2026-03-03' }, t);
    expect(s.body.data.totals).toMatchObject({ clicks: 35, impressions: 1000 });
    // (4 x 100 + 2 x 300) / 400, not / 1000
    expect(s.body.data.totals.position).toBeCloseTo(2.5, 9);
    expect(s.body.data.days.map((d) => [d.day, d.position])).toEqual([['2026-03-01', 4], ['2026-03-02', 2], ['2026-03-03', 0]]);
    const bad = await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: [{ day: '2026-03-04', clicks: 1, impressions: 1, position: -1 }] }, t);
    expect([bad.status, bad.body.msg]).toEqual([400, '请求参数格式错误: rows']);
  });
});

describe('the filter is checked on the server', () => {
  it('refuses bad dates, a reversed or too long range, an unknown engine, dimension, sort or order', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ to }, '请选择日期范围'],
      [{ from: '2026/01/01', to }, '开始日期格式错误，应为 YYYY-MM-DD'],
      [{ from: '2026-02-30', to: '2026-03-01' }, '开始日期格式错误，应为 YYYY-MM-DD'],
      [{ from: '2026-01-01', to: '2026-1-2' }, '结束日期格式错误，应为 YYYY-MM-DD'],
      [{ from: '2026-03-02', to: '2026-03-01' }, '开始日期不能晚于结束日期'],
      [{ from: '2024-01-01', to: '2025-05-02' }, '日期范围不能超过16个月'],
      [{ from, to, engine: 'yahoo' }, '请求参数格式错误: engine须为google或bing'],
    ];
    for (const [query, msg] of cases) {
      const r = await get<unknown>(TRAFFIC_API.summary, query);
      expect({ query, status: r.status, msg: r.body.msg }).toEqual({ query, status: 400, msg });
    }
    expect((await get<unknown>(TRAFFIC_API.summary, { from: '2024-01-01', to: '2025-05-01' })).body.code).toBe(200);
    // in English
    const en = async (query: Record<string, string>) => (await api<unknown>(base, token, 'GET', TRAFFIC_API.summary, { query, headers: { 'Accept-Language': 'en' } })).body.msg;
    expect(await en({ from: '2026-03-02', to: '2026-03-01' })).toBe('The start date may not be after the end date');
    expect(await en({ from: '2024-01-01', to: '2025-05-02' })).toBe('The date range may not exceed 16 months');
    const top: [Record<string, string>, string][] = [
      [{ from, to }, '请求参数格式错误: dim须为page或query'],
      [{ from, to, dim: 'page', sort: 'name' }, '请求参数格式错误: sort须为clicks、impressions、ctr或position'],
      [{ from, to, dim: 'page', order: 'up' }, '请求参数格式错误: order须为asc或desc'],
      [{ from, to, dim: 'page', size: '0' }, '请求参数格式错误: size须为1到1000000000之间的整数'],
    ];
    for (const [query, msg] of top) {
      const r = await get<unknown>(TRAFFIC_API.top, query);
      expect({ query, status: r.status, msg: r.body.msg }).toEqual({ query, status: 400, msg });
    }
  });
});

describe("the spec's dashboard endpoints read the day totals", () => {
  it('google-total sums every Google day of the tenant; google answers the days of a range, of one website or all', async () => {
    const all = await h.data().get(sql<{ c: number; i: number }>`SELECT SUM(clicks) AS c, SUM(impressions) AS i FROM search_daily WHERE tenant_id = '000000' AND engine = 'google'`);
    const total = await get<Rec>('/seo-blade-deploy/dashboard/google-total', {});
    expect(total.body.data).toMatchObject({ clicks: Number(all!.c), impressions: Number(all!.i) });
    expect(Number(total.body.data.websiteTotal)).toBeGreaterThanOrEqual(2);
    const want = expected(from, to, 'google', 'a');
    const days = await post<{ day: string; clicks: number; impressions: number }[]>('/seo-blade-deploy/dashboard/google', { startTime: `${from} 00:00:00`, endTime: `${to} 23:59:59`, websiteInfoId: siteA });
    expect(days.body.data.map((d) => [d.day, d.clicks, d.impressions])).toEqual([...want.days.entries()].map(([k, e]) => [k.split('|')[0], e.clicks, e.impressions]));
    const both = await post<{ day: string; clicks: number }[]>('/seo-blade-deploy/dashboard/google', { startTime: from, endTime: from });
    expect(both.body.data).toEqual([{ day: from, clicks: expected(from, from, 'google', '').days.get(`${from}|google`)!.clicks, impressions: expected(from, from, 'google', '').days.get(`${from}|google`)!.impressions }]);
  });

  it('import writes day totals; a day imported again replaces its row; another tenant keeps its own', async () => {
    const day = '2020-02-03';
    expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: [{ day, clicks: 120, impressions: 3000 }, { day: '2020-02-04', clicks: 80, impressions: 2000 }] })).body.code).toBe(200);
    expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: [{ day, clicks: 7, impressions: 70 }] }, other)).body.code).toBe(200);
    expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: [{ day, clicks: 100, impressions: 2500 }] })).body.code).toBe(200);
    const mine = await post<{ day: string; clicks: number; impressions: number }[]>('/seo-blade-deploy/dashboard/google', { startTime: day, endTime: '2020-02-04' });
    expect(mine.body.data).toEqual([{ day, clicks: 100, impressions: 2500 }, { day: '2020-02-04', clicks: 80, impressions: 2000 }]);
    const theirs = await post<{ day: string; clicks: number }[]>('/seo-blade-deploy/dashboard/google', { startTime: day, endTime: day }, other);
    expect(theirs.body.data).toEqual([{ day, clicks: 7, impressions: 70 }]);
    const s = await get<TrafficSummary>(TRAFFIC_API.summary, { from: day, to: '2020-02-04', engine: 'google' });
    expect(s.body.data.totals).toMatchObject({ clicks: 180, impressions: 4500 });
    for (const bad of [[{ day: '2020-13-01', clicks: 1, impressions: 1 }], [{ day, clicks: -1, impressions: 1 }], [{ day, clicks: 1, impressions: 1, engine: 'yahoo' }]]) {
      expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: bad })).body.msg).toBe('请求参数格式错误: rows');
    }
    expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: [{ day, clicks: 1, impressions: 1, websiteInfoId: siteA }] }, other)).body.msg).toBe('网站不存在或已被删除');
    expect((await post<unknown>('/seo-blade-deploy/dashboard/import', { rows: [] })).body.msg).toBe('请选择至少一条数据');
  });
});

describe('导入数据: Search Console\'s own export', () => {
  const upload = (file: Buffer | string, name: string, websiteInfoId = siteB!, t = token, headers: Record<string, string> = {}) =>
    multipart(
      base,
      t,
      TRAFFIC_API.import,
      [
        { name: 'websiteInfoId', value: websiteInfoId },
        { name: 'file', value: typeof file === 'string' ? Buffer.from(file, 'utf8') : file, filename: name },
      ],
      headers,
    );
  /** the same, read in English */
  const uploadEn = (file: Buffer | string, name: string, websiteInfoId = siteB!) => upload(file, name, websiteInfoId, token, { 'Accept-Language': 'en' });
  const daysOf = async (a: string, b: string) =>
    (await post<{ day: string; clicks: number; impressions: number }[]>('/seo-blade-deploy/dashboard/google', { startTime: a, endTime: b, websiteInfoId: siteB })).body.data;

  it('reads the English dates table (with a BOM): each day replaces the website\'s day; bad lines are skipped with their reason', async () => {
    const csv = '\uFEFFDate,Clicks,Impressions,CTR,Position\r\n2019-05-02,12,"1,340",0.9%,8.4\r\n2019-05-01,10,900,1.1%,9\r\nyesterday,1,1,100%,1\r\n2019-05-03,-2,10,0%,3\r\n\r\n';
    const r = await upload(csv, 'Dates.csv');
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data as unknown as TrafficImportResult).toEqual({
      days: 2,
      rows: 4,
      skipped: [
        { line: 4, reason: '日期格式错误: yesterday', file: 'Dates.csv' },
        { line: 5, reason: '点击次数不是非负整数: -2', file: 'Dates.csv' },
      ],
      notImported: [],
      from: '2019-05-01',
      to: '2019-05-02',
    });
    expect(await daysOf('2019-05-01', '2019-05-03')).toEqual([{ day: '2019-05-01', clicks: 10, impressions: 900 }, { day: '2019-05-02', clicks: 12, impressions: 1340 }]);
    const s = await get<TrafficSummary>(TRAFFIC_API.summary, { from: '2019-05-01', to: '2019-05-02', websiteInfoId: siteB! });
    expect(s.body.data.totals.position).toBeCloseTo((8.4 * 1340 + 9 * 900) / 2240, 9);
    // read in English: the same lines skipped, their reasons in English (the days written again alike)
    const en = await uploadEn(csv, 'Dates.csv');
    expect((en.body.data as unknown as TrafficImportResult).skipped).toEqual([
      { line: 4, reason: 'Malformed date: yesterday', file: 'Dates.csv' },
      { line: 5, reason: 'Clicks is not a non-negative integer: -2', file: 'Dates.csv' },
    ]);
  });

  it('reads the Chinese UI\'s zip: its 日期 table imported, the tables without dates said not imported', async () => {
    const zip = zipFiles(
      {
        '查询数.csv': '热门查询,点击次数,展示次数,点击率,排名\n新闻,5,100,5%,3.2\n',
        '网页.csv': '排名靠前的网页,点击次数,展示次数,点击率,排名\nhttps://dash-b.example/,5,100,5%,3.2\n',
        '国家.csv': '国家/地区,点击次数,展示次数,点击率,排名\n中国,5,100,5%,3.2\n',
        '日期.csv': '日期,点击次数,展示次数,点击率,排名\n2019-05-02,20,2000,1%,7.5\n2019-05-04,3,300,1%,12\n',
        '过滤器.csv': '过滤条件,值\n日期,过去 3 个月\n搜索类型,网页\n',
      },
      new Date(),
      { deflate: true },
    );
    const r = await upload(zip, '效果-2019.zip');
    expect(r.body.code, r.body.msg).toBe(200);
    const data = r.body.data as unknown as TrafficImportResult;
    expect(data).toMatchObject({ days: 2, rows: 2, skipped: [], from: '2019-05-02', to: '2019-05-04' });
    expect(data.notImported.map((n) => n.file).sort()).toEqual(['国家.csv', '查询数.csv', '网页.csv'].sort());
    expect(data.notImported.find((n) => n.file === '查询数.csv')!.reason).toContain('不含日期');
    const en = (await uploadEn(zip, '效果-2019.zip')).body.data as unknown as TrafficImportResult;
    expect(en.notImported.find((n) => n.file === '查询数.csv')!.reason).toBe('This table has no dates (each row sums the whole exported range), so it fits no day or month: not imported');
    expect(en.notImported.find((n) => n.file === '国家.csv')!.reason).toBe('This table has no dates: not imported');
    // 05-02 replaced, 05-01 kept from before
    expect(await daysOf('2019-05-01', '2019-05-04')).toEqual([
      { day: '2019-05-01', clicks: 10, impressions: 900 },
      { day: '2019-05-02', clicks: 20, impressions: 2000 },
      { day: '2019-05-04', clicks: 3, impressions: 300 },
    ]);
  });

  it('refuses what is not such an export, a filtered export, a website of another tenant, a missing website', async () => {
    expect((await upload('name,value\na,1\n', 'other.csv')).body.msg).toBe('不是 Search Console 效果报告的导出：未找到日期表（应有 日期/Date、点击次数/Clicks、展示次数/Impressions 列）');
    expect((await upload(zipFiles({ 'Queries.csv': 'Top queries,Clicks,Impressions,CTR,Position\nx,1,2,50%,1\n' }), 'q.zip')).body.msg).toContain('未找到日期表');
    expect((await upload(Buffer.from('PK\u0003\u0004garbage'), 'broken.zip')).body.msg).toBe('无法读取压缩包，文件可能已损坏');
    const filtered = zipFiles({ 'Dates.csv': 'Date,Clicks,Impressions,CTR,Position\n2019-06-01,1,10,10%,2\n', 'Filters.csv': 'Filter,Value\nDate,Last 3 months\nCountry,China\n' });
    const f = await upload(filtered, 'filtered.zip');
    expect([f.status, f.body.msg]).toEqual([400, '导出时设置了筛选条件（Country: China），日期表不是网站的总数，未导入；请在 Search Console 中去掉该筛选后重新导出']);
    const image = zipFiles({ 'Dates.csv': 'Date,Clicks,Impressions,CTR,Position\n2019-06-01,1,10,10%,2\n', 'Filters.csv': 'Filter,Value\nSearch type,Image\n' });
    expect((await upload(image, 'image.zip')).body.msg).toBe('导出的搜索类型是 Image，不是网页搜索，未导入');
    expect(await daysOf('2019-06-01', '2019-06-01')).toEqual([]);
    expect((await upload('Date,Clicks,Impressions\n2019-06-01,1,10\n', 'Dates.csv', siteB!, other)).body.msg).toBe('网站不存在或已被删除');
    expect((await upload('Date,Clicks,Impressions\n2019-06-01,1,10\n', 'Dates.csv', '')).body.msg).toBe('请选择网站');
    expect((await upload('Date,Clicks,Impressions\n', 'Dates.csv')).body.msg).toBe('日期表中没有数据行');
    // the same refusals read in English
    expect((await uploadEn('name,value\na,1\n', 'other.csv')).body.msg).toBe(
      'Not an export of the Search Console performance report: no dates table found (it has the columns Date, Clicks and Impressions)',
    );
    expect((await uploadEn(Buffer.from('PK\u0003\u0004garbage'), 'broken.zip')).body.msg).toBe('The zip cannot be read; the file may be damaged');
    expect([(await uploadEn(filtered, 'filtered.zip')).body.msg, (await uploadEn(image, 'image.zip')).body.msg]).toEqual([
      "The export was filtered (Country: China), so its dates table is not the website's totals: not imported; remove that filter in Search Console and export again",
      'The export is of the search type Image, not web search: not imported',
    ]);
    expect((await uploadEn('Date,Clicks,Impressions\n2019-06-01,1,10\n', 'Dates.csv', '')).body.msg).toBe('Please select a website');
    expect((await uploadEn('Date,Clicks,Impressions\n', 'Dates.csv')).body.msg).toBe('The dates table has no data rows');
    expect((await uploadEn('Date,Clicks,Impressions\n2019-06-01,1,10\n', 'Dates.csv', 'no-such-site')).body.msg).toBe('The website does not exist or was deleted');
    const bare = await api(base, token, 'POST', TRAFFIC_API.import, { json: {}, headers: { 'Accept-Language': 'en' } });
    expect(bare.body.msg).toBe("Upload Search Console's export (the zip, or the csv of its Dates table)");
  });
});
