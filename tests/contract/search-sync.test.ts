// Hearing back (issue 36 item 3; search/sync.ts, sync-schedule.ts) on a real back
// end against the Search Console and Bing stand-ins (tests/support/search-engines.ts),
// the Google API reached through a proxy that can answer 429 in the middle of a run
// (tests/support/search-traffic.ts): a first sync reaches 16 months back and pages to
// the end; a later one reads the last three days again and replaces them; a quota
// answer waits and carries on, within the run and across the queue's retry; a 403
// marks the property lost on the website until a good sync; a refused key fails
// with its hint; Bing's rows; 立即同步 and its refusals; the daily schedule queues
// once with two instances on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { forgetTokens } from '../../src-server/modules/content/search/engines/google';
import { GOOGLE_ROW_LIMIT, type SearchSiteStats } from '../../src-shared/search-engines';
import { TRAFFIC_API, type SyncStartResult } from '../../src-shared/search-traffic';
import { bingStandIn, googleStandIn, makeServiceAccount, type BingStandIn, type GoogleStandIn, type ServiceAccountKey } from '../support/search-engines';
import { addDays, connectTenant, faultProxy, localDay, makeWebsites, switchOn } from '../support/search-traffic';
import { api, ENGINE, login, otherTenantAdmin, sharedPostgres, startHarness, tempDir, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let token: string;
let g: GoogleStandIn;
let bing: BingStandIn;
let proxy: Awaited<ReturnType<typeof faultProxy>>;
let key: ServiceAccountKey;
const ROWS = 20;
const today = localDay(Date.now());
let first: string;
let lost: string;
let bingSite: string;
let idle: string;

/** the same day 16 months before (the month's last day when it has fewer) */
function sixteenMonthsBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 - 16 + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 - 16, Math.min(d, last))).toISOString().slice(0, 10);
}

const sync = (id: string, t = token) => api<SyncStartResult>(base, t, 'POST', TRAFFIC_API.sync, { query: { id } });

interface JobRow {
  id: string;
  state: string;
  attempts: number;
  error: string | null;
}
const jobOf = async (id: string) => (await h.data().get(sql<JobRow>`SELECT id, state, attempts, error FROM job WHERE id = ${id}`))!;
const finished = (s: string) => ['done', 'failed', 'cancelled'].includes(s);

/** 立即同步, then each queued job to its end */
async function syncToEnd(id: string, started?: { language: string; msg: string }): Promise<JobRow[]> {
  const r = started ? await api<SyncStartResult>(base, token, 'POST', TRAFFIC_API.sync, { query: { id }, headers: { 'Accept-Language': started.language } }) : await sync(id);
  expect(r.body.code, r.body.msg).toBe(200);
  if (started) expect(r.body.msg).toBe(started.msg);
  const ids = r.body.data.jobs.map((j) => j.jobId);
  await until(async () => (await Promise.all(ids.map(jobOf))).every((j) => finished(j.state)), 90_000, 100);
  return Promise.all(ids.map(jobOf));
}

/** a website's last sync at an engine as the website list shows it (its message in the reader's language) */
const shownSync = async (websiteId: string, engine: 'google' | 'bing' = 'google', language = 'en') => {
  const r = await api<{ stats: SearchSiteStats }>(base, token, 'GET', '/seo-blade-search/site/detail', { query: { id: websiteId }, headers: { 'Accept-Language': language } });
  return r.body.data.stats.lastSync[engine]!;
};

const syncRow = async (websiteId: string, engine = 'google') =>
  (await h.data().get(sql<Rec>`SELECT state, message, first_day, last_day, sync_time, job_id FROM search_sync WHERE website_info_id = ${websiteId} AND engine = ${engine}`))!;
const rowsOf = (websiteId: string, day: string, engine = 'google') =>
  h.data().all(sql<Rec>`SELECT page, query, clicks, impressions FROM search_traffic WHERE website_info_id = ${websiteId} AND engine = ${engine} AND day = ${day} ORDER BY page, query`);

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  token = await login(base);
  g = await googleStandIn({ rowsPerDay: ROWS, anonymisedClicks: 2 });
  bing = await bingStandIn();
  proxy = await faultProxy(g.url);
  key = makeServiceAccount(g.tokenUri, 'sync-test');
  g.trust(key);
  [first, lost, bingSite, idle] = await makeWebsites(base, token, ['sync-first.example', 'sync-lost.example', 'sync-bing.example', 'sync-idle.example'], '同步');
  g.grant('sc-domain:sync-first.example', key.clientEmail);
  await connectTenant(h, '000000', { googleKey: key.json, googleRoot: proxy.rootUrl, bingKey: 'bing-sync-key', bingRoot: bing.root });
  await switchOn(h.data(), first!, { google: true });
  await switchOn(h.data(), lost!, { google: true });
  await switchOn(h.data(), bingSite!, { bing: true });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await g?.close();
  await bing?.close();
  await h?.stop();
});

describe('Google: the first sync, the sync after it', () => {
  const paged = addDays(today, -30);

  it('a first sync reaches back 16 months and pages through a day of more rows than a page holds', async () => {
    // a day of 25,100 rows: with its chunk's other days more than one page of 25,000
    g.setRows(
      'sc-domain:sync-first.example',
      paged,
      Array.from({ length: 25_100 }, (_, i) => ({ page: `https://sync-first.example/big/${i % 500}.html`, query: `big ${Math.floor(i / 500)}`, clicks: i % 3, impressions: 3 + (i % 7), position: 1 + (i % 40) })),
    );
    proxy.reset();
    const [job] = await syncToEnd(first!);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    const from = sixteenMonthsBefore(today);
    const starts = proxy.calls.map((c) => String(c.body.startDate)).sort();
    expect(starts[0]).toBe(from);
    expect(proxy.calls.every((c) => String(c.body.endDate) <= today && c.body.rowLimit === GOOGLE_ROW_LIMIT)).toBe(true);
    // the big day's chunk: a full page, then the rest from startRow 25,000
    const big = proxy.calls.filter((c) => (c.body.dimensions as string[]).length === 3 && String(c.body.startDate) <= paged && paged <= String(c.body.endDate));
    expect(big.map((c) => c.body.startRow)).toEqual([0, GOOGLE_ROW_LIMIT]);
    expect((await rowsOf(first!, paged)).length).toBe(25_100);
    // every other day holds the stand-in's rows of it
    const perDay = await h.data().all(sql<{ day: string; n: number }>`SELECT day, COUNT(*) AS n FROM search_traffic WHERE website_info_id = ${first} AND engine = 'google' GROUP BY day ORDER BY day`);
    const expectedDays: string[] = [];
    for (let d = from; d <= today; d = addDays(d, 1)) expectedDays.push(d);
    expect(perDay.map((r) => r.day)).toEqual(expectedDays);
    expect(perDay.filter((r) => r.day !== paged).every((r) => Number(r.n) === ROWS)).toBe(true);
    const daily = await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_daily WHERE website_info_id = ${first} AND engine = 'google'`);
    expect(Number(daily!.n)).toBe(expectedDays.length);
    expect(await syncRow(first!)).toMatchObject({ state: 'done', first_day: from, last_day: today, job_id: job!.id });
    expect(String((await syncRow(first!)).message)).toContain(`已同步 ${from} 至 ${today}`);
    const days = (await h.data().get(sql<{ n: number }>`SELECT COUNT(DISTINCT day) AS n FROM search_traffic WHERE website_info_id = ${first} AND engine = 'google'`))!.n;
    const rows = (await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_traffic WHERE website_info_id = ${first} AND engine = 'google'`))!.n;
    expect((await shownSync(first!)).message).toBe(`Synced ${from} to ${today}: ${Number(days)} day(s) with data, ${Number(rows)} row(s)`);
    expect((await shownSync(first!, 'google', 'zh-CN')).message).toBe(`已同步 ${from} 至 ${today}：${Number(days)} 天有数据，${Number(rows)} 行`);
  }, 120_000);

  it('the next sync reads the last three days again and replaces them: their rows are the new ones, not added', async () => {
    const changed = addDays(today, -1);
    const older = addDays(today, -10);
    const fresh = [
      { page: 'https://sync-first.example/new-a.html', query: 'new one', clicks: 9, impressions: 90, position: 2 },
      { page: 'https://sync-first.example/new-b.html', query: 'new two', clicks: 1, impressions: 40, position: 6 },
    ];
    const olderBefore = await rowsOf(first!, older);
    g.setRows('sc-domain:sync-first.example', changed, fresh);
    g.setRows('sc-domain:sync-first.example', older, fresh);
    proxy.reset();
    const [job] = await syncToEnd(first!);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    expect(proxy.calls.map((c) => String(c.body.startDate)).sort()[0]).toBe(addDays(today, -3));
    expect(await rowsOf(first!, changed)).toEqual(fresh.map((f) => ({ page: f.page, query: f.query, clicks: f.clicks, impressions: f.impressions })));
    // a day before the last three is not read again
    expect(await rowsOf(first!, older)).toEqual(olderBefore);
    const total = await h.data().get(sql<Rec>`SELECT clicks, impressions FROM search_daily WHERE website_info_id = ${first} AND engine = 'google' AND day = ${changed}`);
    expect(total).toEqual({ clicks: 10 + 2, impressions: 130 + 2 });
    // the day's top rows are rebuilt from the new rows
    const top = await h.data().all(sql<Rec>`SELECT key, clicks FROM search_top WHERE scope = ${first} AND engine = 'google' AND dim = 'page' AND period = ${changed} ORDER BY clicks DESC`);
    expect(top).toEqual([{ key: fresh[0]!.page, clicks: 9 }, { key: fresh[1]!.page, clicks: 1 }]);
  }, 60_000);
});

describe('faults in the middle of a run', () => {
  it('another property set on the website: the next sync starts again from 16 months back, for the new one', async () => {
    expect((await syncRow(first!)).last_day).toBe(today);
    const prefix = 'https://sync-first.example/';
    g.grant(prefix, key.clientEmail);
    const saved = await api<Rec>(base, token, 'POST', '/seo-blade-search/site/update', { json: { id: first, googleProperty: prefix } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(await syncRow(first!)).toMatchObject({ first_day: null, last_day: null });
    proxy.reset();
    const [job] = await syncToEnd(first!);
    expect(job).toMatchObject({ state: 'done' });
    expect(proxy.calls.map((c) => String(c.body.startDate)).sort()[0]).toBe(sixteenMonthsBefore(today));
    expect(proxy.calls.every((c) => decodeURIComponent(c.path).includes(prefix))).toBe(true);
    // back to the domain property (the default) for the tests after this one
    expect((await api<Rec>(base, token, 'POST', '/seo-blade-search/site/update', { json: { id: first, googleProperty: '' } })).body.code).toBe(200);
    await syncToEnd(first!);
  }, 180_000);

  it('a 429 waits for its Retry-After and the run carries on with the same call', async () => {
    proxy.reset();
    proxy.fail.add(2);
    const [job] = await syncToEnd(first!);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    const two = proxy.calls.filter((c) => c.n === 2);
    expect(two.map((c) => c.status)).toEqual([429]);
    // the call after the 429 asked the same thing again
    const after = proxy.calls[proxy.calls.findIndex((c) => c.status === 429) + 1]!;
    expect(after.body).toEqual(two[0]!.body);
    expect(after.status).toBe(200);
    expect(await syncRow(first!)).toMatchObject({ state: 'done' });
  }, 60_000);

  it('a quota that outlasts the run fails it; the queue runs it again and it carries on from the last day written', async () => {
    await h.data().run(sql`DELETE FROM search_sync WHERE website_info_id = ${first} AND engine = 'google'`);
    proxy.reset();
    // chunk 1 (one day) is calls 1-2, chunk 2 (31 days) calls 3-4; the run's five tries of call 5 all answer 429
    for (let n = 5; n <= 9; n++) proxy.fail.add(n);
    const [job] = await syncToEnd(first!);
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    const from = sixteenMonthsBefore(today);
    expect(proxy.calls.filter((c) => c.status === 429).map((c) => c.n)).toEqual([5, 6, 7, 8, 9]);
    // the second run starts three days before the last day the first one wrote (its second chunk's end)
    const second = proxy.calls.find((c) => c.n === 10)!;
    expect(second.body.startDate).toBe(addDays(addDays(from, 31), -3));
    expect(await syncRow(first!)).toMatchObject({ state: 'done', first_day: from, last_day: today });
  }, 90_000);
});

describe('the property lost, and found again', () => {
  it('403: the website shows the property lost, the job fails without retry; a later good sync clears it', async () => {
    const [job] = await syncToEnd(lost!);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    const row = await syncRow(lost!);
    expect(row.state).toBe('lost');
    expect(String(row.message)).toContain(`服务账号 ${key.clientEmail} 没有资源 sc-domain:sync-lost.example 的权限`);
    expect(String(row.message)).toContain('HTTP 403');
    const shown = (await shownSync(lost!)).message;
    expect(shown).toContain(`The service account ${key.clientEmail} has no permission on the property sc-domain:sync-lost.example; add it as a user of that property in Search Console (`);
    expect(shown).toContain('HTTP 403');
    // the lost mark, where the connections screen and the website list show it: zh as stored, en when read in English
    const siteIn = async (language: string) => (await api<Rec>(base, token, 'GET', '/seo-blade-search/site/detail', { query: { id: lost! }, headers: { 'Accept-Language': language } })).body.data;
    expect((await siteIn('zh-CN')).googleLost).toBe(row.message);
    expect((await siteIn('en')).googleLost).toBe(shown);
    const listed = async (language: string) => {
      const r = await api<{ records: Rec[] }>(base, token, 'GET', '/website-blade-material/websiteInfo/list', { query: { size: 100 }, headers: { 'Accept-Language': language } });
      return (r.body.data.records.find((w) => w.id === lost!)!.search as { googleLost: string }).googleLost;
    };
    expect([await listed('zh-CN'), await listed('en')]).toEqual([row.message, shown]);
    const site = await h.data().get(sql<{ google_lost: string | null }>`SELECT google_lost FROM search_site WHERE id = ${lost}`);
    expect(site!.google_lost).toBe(row.message);
    expect(job!.error).toBe(row.message);
    g.grant('sc-domain:sync-lost.example', key.clientEmail);
    const [again] = await syncToEnd(lost!);
    expect(again).toMatchObject({ state: 'done', attempts: 1 });
    expect(await syncRow(lost!)).toMatchObject({ state: 'done' });
    expect((await h.data().get(sql<{ google_lost: string | null }>`SELECT google_lost FROM search_site WHERE id = ${lost}`))!.google_lost).toBeNull();
  }, 90_000);
});

describe('Bing', () => {
  const days = [addDays(today, -9), addDays(today, -8)];
  const stats = (clicks: number) => ({
    clicks,
    impressions: 100,
    queries: [
      { key: 'bing query', clicks: 3, impressions: 60, position: 2 },
      { key: 'other query', clicks: 1, impressions: 20, position: 8 },
    ],
    pages: [{ key: 'http://sync-bing.example/a.html', clicks: 4, impressions: 70, position: 3 }],
  });

  it('reads the day totals, the query rows (page empty) and the page rows (query empty); a day returned again is replaced', async () => {
    bing.account('bing-sync-key', ['http://sync-bing.example/']);
    for (const d of days) bing.setDay('http://sync-bing.example/', d, stats(10));
    bing.force({ status: 500, times: 1 });
    const [job] = await syncToEnd(bingSite!);
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    expect(await rowsOf(bingSite!, days[0]!, 'bing')).toEqual([
      { page: '', query: 'bing query', clicks: 3, impressions: 60 },
      { page: '', query: 'other query', clicks: 1, impressions: 20 },
      { page: 'http://sync-bing.example/a.html', query: '', clicks: 4, impressions: 70 },
    ]);
    const daily = await h.data().all(sql<Rec>`SELECT day, clicks, impressions, position_sum FROM search_daily WHERE website_info_id = ${bingSite} AND engine = 'bing' ORDER BY day`);
    // the day's position: its query rows' impression-weighted average, times the day's impressions
    expect(daily.map((d) => [d.day, d.clicks, d.impressions])).toEqual(days.map((d) => [d, 10, 100]));
    for (const d of daily) expect(Number(d.position_sum)).toBeCloseTo(((2 * 60 + 8 * 20) / 80) * 100, 9);
    bing.setDay('http://sync-bing.example/', days[1]!, { ...stats(25), queries: [{ key: 'bing query', clicks: 25, impressions: 100, position: 1 }], pages: [] });
    await syncToEnd(bingSite!);
    expect(await rowsOf(bingSite!, days[1]!, 'bing')).toEqual([{ page: '', query: 'bing query', clicks: 25, impressions: 100 }]);
    expect((await h.data().get(sql<Rec>`SELECT clicks FROM search_daily WHERE website_info_id = ${bingSite} AND engine = 'bing' AND day = ${days[1]}`))!.clicks).toBe(25);
    expect(await syncRow(bingSite!, 'bing')).toMatchObject({ state: 'done', first_day: days[0], last_day: days[1] });
  }, 60_000);
});

describe('立即同步', () => {
  it('refuses a website with no usable engine, saying why for each; answers 正在同步 while its job is queued or running', async () => {
    const none = await sync(idle!);
    expect([none.status, none.body.msg]).toEqual([400, '无法同步: Google 该网站未开启 Google Search Console；Bing 该网站未开启 Bing']);
    const noneEn = await api<SyncStartResult>(base, token, 'POST', TRAFFIC_API.sync, { query: { id: idle! }, headers: { 'Accept-Language': 'en' } });
    expect(noneEn.body.msg).toBe('Cannot sync: Google this website has Google Search Console switched off; Bing this website has Bing switched off');
    expect((await api(base, token, 'POST', TRAFFIC_API.sync)).body.msg).toBe('缺少必要的请求参数: id');
    // a tenant without keys
    const other = await otherTenantAdmin(h, '200037', '同步租户');
    const [theirs] = await makeWebsites(base, other, ['sync-other.example'], '他站');
    await switchOn(h.data(), theirs!, { google: true, bing: true });
    const nokeys = await sync(theirs!, other);
    expect(nokeys.body.msg).toBe('无法同步: Google 未设置 Google 服务账号密钥；Bing 未设置 Bing Webmaster API 密钥');
    expect((await sync(first!, other)).body.msg).toBe('数据不存在或已被删除');
    // one engine usable, the other said skipped; asked again while its job runs (waiting out a 429): 正在同步, the same job
    proxy.reset();
    proxy.retryAfter = 2;
    proxy.fail.add(1);
    const started = await sync(first!);
    expect(started.body.msg).toBe('已开始同步');
    expect(started.body.data).toMatchObject({ running: false, skipped: [{ engine: 'bing', reason: '该网站未开启 Bing' }] });
    const againEn = await api<SyncStartResult>(base, token, 'POST', TRAFFIC_API.sync, { query: { id: first! }, headers: { 'Accept-Language': 'en' } });
    expect([againEn.body.msg, againEn.body.data.skipped]).toEqual(['Syncing', [{ engine: 'bing', reason: 'this website has Bing switched off' }]]);
    expect(started.body.data.jobs.map((j) => [j.engine, j.running])).toEqual([['google', false]]);
    const again = await sync(first!);
    expect(again.body.msg).toBe('正在同步');
    expect(again.body.data.running).toBe(true);
    expect(again.body.data.jobs.map((j) => j.jobId)).toEqual(started.body.data.jobs.map((j) => j.jobId));
    await until(async () => finished((await jobOf(started.body.data.jobs[0]!.jobId)).state), 60_000, 100);
    expect(await jobOf(started.body.data.jobs[0]!.jobId)).toMatchObject({ state: 'done', attempts: 1 });
    proxy.retryAfter = 1;
    // Bing answers NotAuthorized for a site not in its account: failed with the hint, no retry
    await switchOn(h.data(), first!, { google: false, bing: true });
    const [bingJob] = await syncToEnd(first!, { language: 'en', msg: 'Sync started' });
    expect(bingJob).toMatchObject({ state: 'failed', attempts: 1 });
    expect(String((await syncRow(first!, 'bing')).message)).toContain('站点 http://sync-first.example/ 不在该 Bing Webmaster 账号中');
    expect((await shownSync(first!, 'bing')).message).toContain('The site http://sync-first.example/ is not in this Bing Webmaster account (');
    expect((await syncRow(first!, 'bing')).state).toBe('failed');
    await switchOn(h.data(), first!, { google: true, bing: false });
  }, 90_000);

  it('a key refused at the token endpoint fails with its hint and no retry', async () => {
    forgetTokens();
    g.revokeKey(key.clientEmail);
    const [job] = await syncToEnd(first!);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    const row = await syncRow(first!);
    expect(row.state).toBe('failed');
    expect(String(row.message)).toContain('Google 服务账号密钥被拒绝（可能已删除或停用），请在账号设置中重新上传密钥');
    expect(String(row.message)).toContain('invalid_grant');
    const shown = (await shownSync(first!)).message;
    expect(shown).toContain('The Google service account key was refused (it may have been deleted or disabled); upload the key again in the account settings (');
    expect(shown).toContain('invalid_grant');
  }, 60_000);
});

describe('the daily schedule with two instances on one database', () => {
  it('queues each website and engine switched on once a day, whichever instance ticks', async () => {
    const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    const dir = tempDir('seo-sync-schedule-');
    const a = await startHarness({ dataDir: dir, database });
    const b = await startHarness({ dataDir: dir, database });
    const g2 = await googleStandIn({ rowsPerDay: 2 });
    try {
      const t = await login(a.server.url);
      const k = makeServiceAccount(g2.tokenUri, 'schedule');
      g2.trust(k);
      const [site] = await makeWebsites(a.server.url, t, ['sync-daily.example'], '定时');
      g2.grant('sc-domain:sync-daily.example', k.clientEmail);
      await connectTenant(a, '000000', { googleKey: k.json, googleRoot: g2.rootUrl });
      await switchOn(a.data(), site!, { google: true });
      const jobs = () => a.data().all(sql<{ id: string; job_key: string | null; state: string }>`SELECT id, job_key, state FROM job WHERE kind = 'search-sync' ORDER BY create_time`);
      expect(await jobs()).toEqual([]);
      // the next day on both instances' clocks: each scans
      a.advance(86_400_000);
      b.advance(86_400_000);
      const tomorrow = addDays(today, 1);
      await until(async () => (await jobs()).some((j) => j.state === 'done'), 60_000, 100);
      const all = await jobs();
      expect(all.map((j) => [j.job_key, j.state])).toEqual([[`search-sync:${site}:google:${tomorrow}`, 'done']]);
      const row = await a.data().get(sql<Rec>`SELECT state, job_id FROM search_sync WHERE website_info_id = ${site} AND engine = 'google'`);
      expect(row).toEqual({ state: 'done', job_id: all[0]!.id });
    } finally {
      await g2.close();
      await b.server.close();
      await a.stop();
    }
  }, 120_000);
});
