// What each engine answered, per URL (issue 36 item 2), on both engines, through
// 全站提交 of a deployed website against the stand-ins on 127.0.0.1:
// - IndexNow 202, 422 (rejected), 429 then accepted on the retry, a key file not
//   served (403 with where it was looked for, mended by the next release), and an
//   engine that stays down (tried again, then failed with the last reason, never done);
// - Baidu's remain kept, not_same_site / not_valid rejected with that reason, a token
//   refused and a site error failed with the hint, and over quota: the rest waits for
//   the next Beijing day, taken up by one follow-up job per website and day, run when
//   the server's clock reaches it;
// - Google: the sitemap submitted to the property; 403 without access; a revoked key.
// 全站提交 is refused with no engine on, or for a website never deployed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { forgetTokens } from '../../src-server/modules/content/search/engines/google';
import { until } from './helpers';
import {
  announceAll,
  announceJobs,
  announcementOfDeploy,
  announceWorld,
  deploy,
  engines,
  jobEnded,
  liveRelease,
  manifestOf,
  S,
  settled,
  TOKEN,
  urlRows,
  urlSet,
  type AnnounceWorld,
  type Rec,
} from './search-announce-site';

let w: AnnounceWorld;
/** the live release's announceable URLs */
let all: Set<string>;
beforeAll(async () => {
  w = await announceWorld('outcomes-site.example', 6);
  const res = await deploy(w);
  expect(res.statusName).toBe('部署成功');
  await settled(w, String((await announcementOfDeploy(w, String(res.id)))!.id));
  all = urlSet(w.origin, Object.keys(manifestOf(w, liveRelease(w)).files));
}, 90_000);
afterAll(async () => {
  await w?.stop();
});

const byState = (rows: Rec[]) => rows.reduce<Record<string, number>>((m, r) => ({ ...m, [String(r.state)]: (m[String(r.state)] ?? 0) + 1 }), {});
const siteRow = async () => (await w.h.data().get(sql<Rec>`SELECT * FROM search_site WHERE id = ${w.siteId}`))!;

describe('全站提交', () => {
  it('announces every page of the live release; refused with no engine on, or for a website never deployed', async () => {
    await engines(w, { indexnow: true });
    const from = w.ix.requests.length;
    const a = await announceAll(w);
    expect(a).toMatchObject({ kind: 'full', state: 'done', release_name: liveRelease(w), deploy_id: null });
    expect(Number(a.urls_total)).toBe(all.size);
    expect(new Set(w.ix.requests.slice(from).flatMap((r) => r.urls))).toEqual(all);
    expect((await urlRows(w, String(a.id), 'indexnow')).every((r) => r.change_kind === 'changed' && r.state === 'submitted')).toBe(true);

    await engines(w, {});
    expect((await w.post(`${S}/site/announce`, {}, { id: w.siteId })).body).toMatchObject({ code: 400, msg: '该网站未开启任何搜索引擎（IndexNow、百度或 Google），请先在搜索引擎设置中开启' });
    // a copy of the website that was never deployed (the trigger gives it its connections' row)
    const row = (await w.h.data().get(sql<Rec>`SELECT * FROM website_info WHERE id = ${w.siteId}`))!;
    const cols = Object.keys(row);
    await w.h.data().run(sql.raw(`INSERT INTO website_info (${cols.join(', ')}) SELECT ${cols.map((c) => (c === 'id' ? `'9300000000000000077'` : c)).join(', ')} FROM website_info WHERE id = '${w.siteId}'`));
    await w.h.data().run(sql`UPDATE search_site SET indexnow_on = 1 WHERE id = '9300000000000000077'`);
    expect((await w.post(`${S}/site/announce`, {}, { id: '9300000000000000077' })).body).toMatchObject({ code: 400, msg: '该网站尚未部署，没有可提交的页面' });
    expect((await w.post(`${S}/site/announce`, {}, { id: '42' })).body).toMatchObject({ code: 400, msg: '网站不存在' });
  });
});

describe('IndexNow', () => {
  it('202 submitted; 422 rejected with the hint; 429 then accepted on the retry; a key not served: 403 with where it was looked for', async () => {
    await engines(w, { indexnow: true });
    w.ix.mode = 202;
    let a = await announceAll(w);
    expect(a.state).toBe('done');
    expect((await urlRows(w, String(a.id), 'indexnow')).every((r) => r.state === 'submitted' && Number(r.http_status) === 202)).toBe(true);

    w.ix.mode = 422;
    a = await announceAll(w);
    expect(a.state).toBe('failed');
    const refused = await urlRows(w, String(a.id), 'indexnow');
    expect(byState(refused)).toEqual({ rejected: all.size });
    expect(refused[0]).toMatchObject({ reason: 'HTTP 422: Unprocessable Entity', http_status: 422 });
    expect(JSON.parse(String(refused[0].hint))).toEqual({ code: 'urlsInvalid', params: { host: w.host } });
    expect(a.message).toBe(`IndexNow: 已拒绝 ${all.size} (HTTP 422: Unprocessable Entity)`);

    w.ix.mode = 200;
    w.ix.force({ status: 429, times: 1, retryAfter: 1 });
    let from = w.ix.requests.length;
    a = await announceAll(w);
    expect(a.state).toBe('done');
    const tries = w.ix.requests.slice(from);
    expect(tries.map((r) => r.status)).toEqual([429, 200]);
    expect(tries[1].urls).toEqual(tries[0].urls);

    // the operator changes the key: the live release does not serve it yet
    const key = 'operator-key-2026';
    await w.h.data().run(sql`UPDATE search_site SET indexnow_key = ${key} WHERE id = ${w.siteId}`);
    a = await announceAll(w);
    expect(a.state).toBe('failed');
    const failed = await urlRows(w, String(a.id), 'indexnow');
    expect(byState(failed)).toEqual({ failed: all.size });
    expect(failed[0]).toMatchObject({ reason: 'HTTP 403: Forbidden: key not valid', http_status: 403 });
    expect(JSON.parse(String(failed[0].hint))).toEqual({ code: 'keyNotReachable', params: { url: `${w.origin}/${key}.txt` } });
    // the next release carries the new key file (and no longer the old one): accepted again
    const res = await deploy(w);
    const files = manifestOf(w, String(res.release)).files;
    expect(files[`${key}.txt`]).toBeDefined();
    expect(files[`${w.key}.txt`]).toBeUndefined();
    from = w.ix.requests.length;
    a = await announceAll(w);
    expect(a.state).toBe('done');
    expect(w.ix.requests.slice(from)).toMatchObject([{ key, keyLocation: `${w.origin}/${key}.txt`, status: 200 }]);
  }, 60_000);

  it('an engine that stays down is tried again with backoff, in the job and through the queue, then failed with the last reason, never done', async () => {
    await engines(w, { indexnow: true });
    // three calls a run, three runs
    w.ix.force({ status: 503, body: 'Service Unavailable', times: 9 });
    const from = w.ix.requests.length;
    const a = await announceAll(w);
    expect(w.ix.requests.slice(from).map((r) => r.status)).toEqual(Array(9).fill(503));
    expect(a.state).toBe('failed');
    expect(a.message).toBe(`IndexNow: 失败 ${all.size} (HTTP 503: Service Unavailable)`);
    expect(byState(await urlRows(w, String(a.id), 'indexnow'))).toEqual({ failed: all.size });
    const job = await jobEnded(w, String(a.job_id));
    expect(job).toMatchObject({ state: 'failed', error: 'IndexNow: HTTP 503: Service Unavailable' });
    expect(Number(job!.attempts)).toBe(3);
  }, 90_000);
});

describe('Baidu 普通收录', () => {
  it('keeps the day\'s remain; not_same_site and not_valid rejected; a token refused and a site error failed with the hint', async () => {
    await engines(w, { baidu: true });
    let a = await announceAll(w);
    expect(a.state).toBe('done');
    expect(byState(await urlRows(w, String(a.id), 'baidu'))).toEqual({ submitted: all.size });
    const s = await siteRow();
    expect(Number(s.baidu_remain)).toBe(w.baidu.remain(w.origin));
    expect(s.baidu_remain_day).toBe(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));

    // the site as registered at Baidu is another one
    w.baidu.register('http://elsewhere.example', TOKEN, 1000);
    await w.h.data().run(sql`UPDATE search_site SET baidu_site = 'http://elsewhere.example' WHERE id = ${w.siteId}`);
    a = await announceAll(w);
    await w.h.data().run(sql`UPDATE search_site SET baidu_site = NULL WHERE id = ${w.siteId}`);
    expect(a.state).toBe('failed');
    const other = await urlRows(w, String(a.id), 'baidu');
    expect(byState(other)).toEqual({ rejected: all.size });
    expect(other[0]).toMatchObject({ reason: 'not_same_site', http_status: 200 });
    expect(JSON.parse(String(other[0].hint))).toEqual({ code: 'siteNotVerified', params: { site: 'http://elsewhere.example' } });

    // one URL the engine calls not valid
    const home = `${w.origin}/`;
    w.baidu.force({ status: 200, body: { remain: 900, success: all.size - 1, not_same_site: [], not_valid: [home] }, times: 1 });
    a = await announceAll(w);
    expect(a.state).toBe('partial');
    const rows = await urlRows(w, String(a.id), 'baidu');
    expect(rows.find((r) => r.url === home)).toMatchObject({ state: 'rejected', reason: 'not_valid' });
    expect(byState(rows)).toEqual({ submitted: all.size - 1, rejected: 1 });
    expect(a.message).toBe(`百度: 已提交 ${all.size - 1}, 已拒绝 1 (not_valid)`);

    // a token refused: every URL failed, the token never in the reason
    await w.h.data().run(sql`UPDATE search_site SET baidu_token = ${w.box.seal('wrong-token-123')} WHERE id = ${w.siteId}`);
    a = await announceAll(w);
    await engines(w, { baidu: true });
    const refused = await urlRows(w, String(a.id), 'baidu');
    expect(byState(refused)).toEqual({ failed: all.size });
    expect(refused[0]).toMatchObject({ reason: 'HTTP 401: {"error":401,"message":"token is not valid"}', http_status: 401 });
    expect(JSON.parse(String(refused[0].hint))).toEqual({ code: 'tokenInvalid' });

    // the error form for a site not verified for the token
    w.baidu.force({ status: 400, body: { error: 400, message: 'site error' }, times: 1 });
    a = await announceAll(w);
    const site = await urlRows(w, String(a.id), 'baidu');
    expect(byState(site)).toEqual({ failed: all.size });
    expect(JSON.parse(String(site[0].hint))).toEqual({ code: 'siteNotVerified', params: { site: w.origin } });
  }, 60_000);
});

describe('Google Search Console', () => {
  it('the sitemap submitted to the property; 403 without access; a revoked key; no key at all', async () => {
    await engines(w, { google: true });
    const from = w.g.submitted.length;
    let a = await announceAll(w);
    expect(a).toMatchObject({ state: 'done', urls_total: 1 });
    expect(w.g.submitted.slice(from)).toEqual([{ property: w.property, feedpath: `${w.origin}/sitemap.xml` }]);
    expect(await urlRows(w, String(a.id), 'google')).toMatchObject([{ url: `${w.origin}/sitemap.xml`, state: 'submitted' }]);

    w.g.revoke(w.property, w.clientEmail);
    a = await announceAll(w);
    let [row] = await urlRows(w, String(a.id), 'google');
    expect(a.state).toBe('failed');
    expect(row).toMatchObject({ state: 'failed', http_status: 403 });
    expect(String(row.reason)).toMatch(/^HTTP 403: User does not have sufficient permission/);
    expect(JSON.parse(String(row.hint))).toEqual({ code: 'serviceAccountNoAccess', params: { property: w.property } });

    w.g.grant(w.property, w.clientEmail);
    w.g.revokeKey(w.clientEmail);
    forgetTokens();
    a = await announceAll(w);
    [row] = await urlRows(w, String(a.id), 'google');
    expect(row).toMatchObject({ state: 'failed', http_status: 400 });
    expect(String(row.reason)).toContain('invalid_grant');
    expect(JSON.parse(String(row.hint))).toEqual({ code: 'serviceAccountInvalid' });

    await w.h.data().run(sql`UPDATE search_account SET google_key = NULL WHERE tenant_id = '000000'`);
    a = await announceAll(w);
    expect(a.message).toBe('Google: 失败 1 (未设置 Google 服务账号密钥)');
    // read in English: the announcement's message and the URL's reason
    const EN = { 'Accept-Language': 'en' };
    const listed = (await w.get(`${S}/announce/page`, { websiteInfoId: w.siteId, size: 50 }, EN)).body.data.records as Rec[];
    expect(listed.find((r) => r.id === a.id)?.message).toBe('Google: failed 1 (No Google service account key is set)');
    const urls = (await w.get(`${S}/url/page`, { websiteInfoId: w.siteId, engine: 'google' }, EN)).body.data.records as Rec[];
    expect(urls.find((r) => r.announceId === a.id)?.reason).toBe('No Google service account key is set');
  }, 60_000);
});

describe('Baidu\'s daily quota', () => {
  it('what does not fit waits for the next Beijing day; one follow-up job per day sends it within the new quota', async () => {
    await engines(w, { baidu: true });
    const n = all.size;
    const quota = Math.floor(n / 2) + 1;
    w.baidu.register(w.origin, TOKEN, quota);
    const a = await announceAll(w);
    expect(a.state).toBe('partial');
    expect(a.message).toBe(`百度: 已提交 ${quota}, 等待配额 ${n - quota}`);
    const rows = await urlRows(w, String(a.id), 'baidu');
    expect(byState(rows)).toEqual({ submitted: quota, quota: n - quota });
    expect(rows.find((r) => r.state === 'quota')).toMatchObject({ reason: '今日推送配额已用完，次日自动提交', hint: JSON.stringify({ code: 'quotaExhausted' }) });
    const listed = (await w.get(`${S}/announce/page`, { websiteInfoId: w.siteId, size: 50 }, { 'Accept-Language': 'en' })).body.data.records as Rec[];
    expect(listed.find((r) => r.id === a.id)?.message).toBe(`Baidu: submitted ${quota}, waiting for quota ${n - quota}`);
    const waiting = (await w.get(`${S}/url/page`, { websiteInfoId: w.siteId, engine: 'baidu', state: 'quota' }, { 'Accept-Language': 'en' })).body.data.records as Rec[];
    expect(waiting[0]?.reason).toBe("Today's push quota is used up; they go out tomorrow by themselves");
    expect(Number((await siteRow()).baidu_remain)).toBe(0);
    const followUps = async () => (await announceJobs(w)).filter((j) => String(j.job_key).startsWith(`search-announce:baidu-quota:${w.siteId}:`));
    const [first] = await followUps();
    const runAt = Number(first.run_at);
    // 00:05 Beijing time (UTC+8) of the next day
    expect((runAt + 8 * 3_600_000) % 86_400_000).toBe(5 * 60_000);
    expect(runAt - Date.now()).toBeGreaterThan(0);
    expect(runAt - Date.now()).toBeLessThanOrEqual(86_400_000);

    // the same day again: everything waits, Baidu is not asked, the follow-up is not queued twice
    const asked = w.baidu.requests.length;
    const b = await announceAll(w);
    expect(b.state).toBe('partial');
    expect(byState(await urlRows(w, String(b.id), 'baidu'))).toEqual({ quota: n });
    expect(w.baidu.requests.length).toBe(asked);
    expect(await followUps()).toHaveLength(1);

    // the next day: the follow-up sends what the new quota takes; the rest waits for the day after
    let skew = 0;
    const nextDay = async (job: Rec) => {
      w.baidu.nextDay();
      const step = Number(job.run_at) - (Date.now() + skew) + 1000;
      skew += step;
      w.h.advance(step);
      await until(async () => (await w.h.data().get(sql<Rec>`SELECT state FROM job WHERE id = ${String(job.id)}`))!.state === 'done', 60_000);
    };
    const accepted = (w.baidu.accepted.get(w.origin) ?? []).length;
    await nextDay(first);
    let later = await settled(w, String(b.id));
    expect(later.state).toBe('partial');
    expect(byState(await urlRows(w, String(b.id), 'baidu'))).toEqual({ submitted: quota, quota: n - quota });
    const queued = await followUps();
    expect(queued).toHaveLength(2);
    await nextDay(queued[1]);
    later = await settled(w, String(b.id));
    expect(later).toMatchObject({ state: 'done', message: `百度: 已提交 ${n}` });
    expect(new Set((w.baidu.accepted.get(w.origin) ?? []).slice(accepted))).toEqual(all);
    expect(await followUps()).toHaveLength(2);
  }, 90_000);
});
