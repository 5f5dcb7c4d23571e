// Announcing every deploy (issue 36 item 2), on both engines: a deploy that records
// success queues one `search-announce` job with its record, whatever started it (the
// deploy dialog, 批量部署, a deploy task's run, 回滚); the job tells each engine
// switched on the URLs the release added, changed or removed (pages and sitemaps,
// counted here against the release manifests on disk), keeping each URL's outcome.
// The IndexNow key file is in every release and served by the site. A deploy with
// nothing switched on queues nothing; a deploy whose announcement fails, or cannot
// even be queued, is still 部署成功. The screen's lists answer what was announced.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { otherTenantAdmin, api } from './helpers';
import {
  announceJobs,
  announcementOfDeploy,
  announceWorld,
  changedPaths,
  D,
  deploy,
  engines,
  jobEnded,
  liveRelease,
  manifestOf,
  S,
  settled,
  touchArticle,
  urlRows,
  urlSet,
  type AnnounceWorld,
  type Rec,
} from './search-announce-site';

let w: AnnounceWorld;
beforeAll(async () => {
  w = await announceWorld('announce-site.example');
}, 90_000);
afterAll(async () => {
  await w?.stop();
});

/** what a redeploy after `change` announced, against the release diff on disk */
async function redeployed(change: () => Promise<unknown>, run: () => Promise<Rec> = () => deploy(w)): Promise<{ res: Rec; a: Rec; expected: Set<string>; diff: ReturnType<typeof changedPaths> }> {
  const before = liveRelease(w);
  await change();
  const res = await run();
  expect(res.statusName).toBe('部署成功');
  const diff = changedPaths(manifestOf(w, before), manifestOf(w, String(res.release)));
  const expected = urlSet(w.origin, [...diff.added, ...diff.changed, ...diff.removed]);
  const queued = await announcementOfDeploy(w, String(res.id));
  expect(queued, 'the deploy queued its announcement').toBeDefined();
  return { res, a: await settled(w, String(queued!.id)), expected, diff };
}

/** the website's latest deploy record, as the deploy log lists it */
const lastDeploy = async (): Promise<Rec> => ((await w.get(`${D}/page`, { websiteInfoId: w.siteId })).body.data.records as Rec[])[0];

describe('every deploy announces what its release changed', () => {
  it('a first deploy announces every page and sitemap.xml to each engine; the key file is in the release and served', async () => {
    const ixFrom = w.ix.requests.length;
    const res = await deploy(w);
    expect(res.statusName).toBe('部署成功');
    const manifest = manifestOf(w, String(res.release));
    // the IndexNow key file: in the release, live, served by the site, fetched by the engine
    expect(manifest.files[`${w.key}.txt`]).toBeDefined();
    expect(readFileSync(join(w.root, 'current', `${w.key}.txt`), 'utf8')).toBe(w.key);
    expect(await (await fetch(`${w.site.url}/${w.key}.txt`, { headers: { 'x-site-host': w.host } })).text()).toBe(w.key);

    const expected = urlSet(w.origin, Object.keys(manifest.files));
    expect(expected).toContain(`${w.origin}/`);
    expect(expected).toContain(`${w.origin}/sitemap.xml`);
    expect(expected).toContain(`${w.origin}/${w.cateId}/${w.articles[0]}.html`);
    expect(expected).not.toContain(`${w.origin}/404.html`);
    const queued = (await announcementOfDeploy(w, String(res.id)))!;
    expect(queued).toMatchObject({ kind: 'deploy', release_name: res.release, website_info_id: w.siteId });
    expect(Number(queued.urls_total)).toBe(expected.size);
    const a = await settled(w, String(queued.id));
    expect(a.state).toBe('done');

    const sent = w.ix.requests.slice(ixFrom);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ host: w.host, key: w.key, keyLocation: `${w.origin}/${w.key}.txt`, status: 200 });
    expect(new Set(sent[0].urls)).toEqual(expected);
    expect(w.site.fetched).toContain(`${w.host}/${w.key}.txt`);
    expect(new Set(w.baidu.accepted.get(w.origin))).toEqual(expected);
    expect(w.g.submitted).toContainEqual({ property: w.property, feedpath: `${w.origin}/sitemap.xml` });

    for (const engine of ['indexnow', 'baidu']) {
      const rows = await urlRows(w, String(a.id), engine);
      expect(new Set(rows.map((r) => r.url))).toEqual(expected);
      expect(rows.every((r) => r.state === 'submitted' && r.change_kind === 'added' && Number(r.http_status) === 200 && r.submit_time)).toBe(true);
    }
    expect(await urlRows(w, String(a.id), 'google')).toMatchObject([{ url: `${w.origin}/sitemap.xml`, state: 'submitted', change_kind: 'added' }]);
    const zero = { pending: 0, rejected: 0, quota: 0, failed: 0 };
    expect(JSON.parse(String(a.counts))).toEqual({
      indexnow: { ...zero, submitted: expected.size },
      baidu: { ...zero, submitted: expected.size },
      google: { ...zero, submitted: 1 },
    });
    expect(a.message).toBe(`IndexNow: 已提交 ${expected.size}; 百度: 已提交 ${expected.size}; Google: 已提交 1`);
    expect((await jobEnded(w, String(a.job_id))).state).toBe('done');
    // Baidu's quota as its answer left it
    const s = (await w.h.data().get(sql<Rec>`SELECT baidu_remain FROM search_site WHERE id = ${w.siteId}`))!;
    expect(Number(s.baidu_remain)).toBe(w.baidu.remain(w.origin));
  });

  it('a one-article redeploy announces exactly the pages that changed with it, never the whole site; the key file is kept', async () => {
    const ixFrom = w.ix.requests.length;
    const before = liveRelease(w);
    const { res, a, expected, diff } = await redeployed(() => touchArticle(w, w.articles[3], '改过的文章'));
    const all = urlSet(w.origin, Object.keys(manifestOf(w, String(res.release)).files));
    const page = `${w.origin}/${w.cateId}/${w.articles[3]}.html`;
    expect(expected).toContain(page);
    expect(expected).not.toContain(`${w.origin}/${w.cateId}/${w.articles[0]}.html`);
    expect(expected.size).toBeLessThan(all.size);
    expect(a).toMatchObject({ state: 'done', kind: 'deploy' });
    expect(Number(a.urls_total)).toBe(expected.size);
    const rows = await urlRows(w, String(a.id), 'indexnow');
    expect(new Set(rows.map((r) => r.url))).toEqual(expected);
    expect(rows.find((r) => r.url === page)).toMatchObject({ change_kind: 'changed', state: 'submitted' });
    const sent = w.ix.requests.slice(ixFrom);
    expect(sent.map((r) => r.urls.length)).toEqual([expected.size]);
    // the key file is carried over unchanged (it is in every manifest, so nothing drops it)
    expect(diff.added).not.toContain(`${w.key}.txt`);
    expect(diff.removed).not.toContain(`${w.key}.txt`);
    expect(manifestOf(w, String(res.release)).files[`${w.key}.txt`]).toEqual(manifestOf(w, before).files[`${w.key}.txt`]);
    // Google is told only when the sitemap changed
    expect(await urlRows(w, String(a.id), 'google')).toHaveLength(expected.has(`${w.origin}/sitemap.xml`) ? 1 : 0);
  });

  it('a redeploy minutes later with nothing changed changes no file and announces nothing: recording a deploy is not an edit of the website', async () => {
    const edited = (await w.h.data().get(sql<Rec>`SELECT update_time FROM website_info WHERE id = ${w.siteId}`))!.update_time;
    // two redeploys, minutes apart: the second renders after the first was recorded
    w.h.advance(120_000);
    expect((await deploy(w)).statusName).toBe('部署成功');
    const before = liveRelease(w);
    const announced = (await w.h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_announce`))!.n;
    w.h.advance(120_000);
    const res = await deploy(w);
    expect(res.statusName).toBe('部署成功');
    const diff = changedPaths(manifestOf(w, before), manifestOf(w, String(res.release)));
    expect(diff).toEqual({ added: [], changed: [], removed: [] });
    expect(await announcementOfDeploy(w, String(res.id))).toBeUndefined();
    expect((await w.h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_announce`))!.n).toBe(announced);
    // the deploy is recorded on the website all the same, without touching when it was last edited
    expect(await w.h.data().get(sql<Rec>`SELECT status_name, deploy_time, update_time FROM website_info WHERE id = ${w.siteId}`)).toMatchObject({
      status_name: '部署成功', update_time: edited,
    });
  });

  it('the lists: URLs by website, engine, state and text, newest first; announcements with their job; the tenant\'s own', async () => {
    const page = await w.get(`${S}/url/page`, { websiteInfoId: w.siteId, engine: 'indexnow', state: 'submitted', size: 5, current: 1 });
    expect(page.status).toBe(200);
    const total = await w.h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_url WHERE website_info_id = ${w.siteId} AND engine = 'indexnow' AND state = 'submitted'`);
    expect(page.body.data).toMatchObject({ total: Number(total!.n), size: 5, current: 1 });
    const records = page.body.data.records as Rec[];
    expect(records).toHaveLength(5);
    expect(Object.keys(records[0]).sort()).toEqual(['announceId', 'attempts', 'changeKind', 'engine', 'hint', 'httpStatus', 'id', 'reason', 'state', 'submitTime', 'updateTime', 'url', 'websiteInfoId']);
    expect(records[0]).toMatchObject({ engine: 'indexnow', state: 'submitted', httpStatus: 200, hint: null, websiteInfoId: w.siteId });
    const times = records.map((r) => String(r.updateTime));
    expect([...times].sort().reverse()).toEqual(times);
    const found = await w.get(`${S}/url/page`, { websiteInfoId: w.siteId, url: `${w.articles[3]}.html` });
    expect((found.body.data.records as Rec[]).map((r) => r.engine).sort()).toEqual(['baidu', 'indexnow']);
    expect((await w.get(`${S}/url/page`, { engine: 'yahoo' })).body).toMatchObject({ code: 400, msg: '搜索引擎须为 indexnow / baidu / google' });
    const EN = { 'Accept-Language': 'en' };
    expect((await w.get(`${S}/url/page`, { engine: 'yahoo' }, EN)).body).toMatchObject({ code: 400, msg: 'The search engine must be indexnow / baidu / google' });
    expect((await w.get(`${S}/url/page`, { state: 'lost' }, EN)).body.msg).toBe('The state must be pending / submitted / rejected / quota / failed');
    expect((await w.get(`${S}/url/page`, { state: 'lost' })).body).toMatchObject({ code: 400 });

    const ann = await w.get(`${S}/announce/page`, { websiteInfoId: w.siteId });
    const list = ann.body.data.records as Rec[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toMatchObject({ kind: 'deploy', state: 'done', websiteInfoId: w.siteId, websiteName: '提交站', job: { state: 'done' } });
    expect(list[0].counts).toMatchObject({ indexnow: { submitted: list[0].urlsTotal } });
    expect(String(list[0].createTime) >= String(list[1].createTime)).toBe(true);
    // its message in the reader's language: each engine's URLs by outcome
    const en = (await w.get(`${S}/announce/page`, { websiteInfoId: w.siteId }, EN)).body.data.records as Rec[];
    const n = (e: string) => (list[0].counts as Record<string, { submitted: number }>)[e]?.submitted;
    expect(list[0].message).toBe([`IndexNow: 已提交 ${n('indexnow')}`, n('baidu') ? `百度: 已提交 ${n('baidu')}` : '', n('google') ? `Google: 已提交 ${n('google')}` : ''].filter(Boolean).join('; '));
    expect(en[0].message).toBe([`IndexNow: submitted ${n('indexnow')}`, n('baidu') ? `Baidu: submitted ${n('baidu')}` : '', n('google') ? `Google: submitted ${n('google')}` : ''].filter(Boolean).join('; '));
    // another tenant sees none of it
    const other = await otherTenantAdmin(w.h, '246810', '别的租户');
    expect((await api<Rec>(w.h.server.url, other, 'GET', `${S}/url/page`, {})).body.data).toMatchObject({ total: 0 });
    expect((await api<Rec>(w.h.server.url, other, 'GET', `${S}/announce/page`, {})).body.data).toMatchObject({ total: 0 });
  });

  it('a deploy with nothing switched on queues nothing and drops the key file; one whose announcement cannot be queued is still 部署成功', async () => {
    await engines(w, {});
    const jobs = (await announceJobs(w)).length;
    const announced = (await w.h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_announce`))!.n;
    await touchArticle(w, w.articles[1], '无人提交');
    const res = await deploy(w);
    expect(res.statusName).toBe('部署成功');
    expect(await announcementOfDeploy(w, String(res.id))).toBeUndefined();
    expect(await announceJobs(w)).toHaveLength(jobs);
    expect(manifestOf(w, String(res.release)).files[`${w.key}.txt`]).toBeUndefined();
    expect(existsSync(join(w.root, 'current', `${w.key}.txt`))).toBe(false);

    // the announcement's table gone: queueing fails inside the deploy's transaction, the deploy is recorded all the same
    await engines(w, { indexnow: true });
    await w.h.data().run(sql`ALTER TABLE search_announce RENAME TO search_announce_away`);
    try {
      await touchArticle(w, w.articles[1], '提交不了');
      const r = await deploy(w);
      expect(r.statusName).toBe('部署成功');
      expect(await w.h.data().get(sql<Rec>`SELECT status_name FROM website_deploy WHERE id = ${String(r.id)}`)).toEqual({ status_name: '部署成功' });
      // IndexNow on again: the key file is back in the release
      expect(manifestOf(w, String(r.release)).files[`${w.key}.txt`]).toBeDefined();
      expect((await w.h.data().get(sql<Rec>`SELECT status_name FROM website_info WHERE id = ${w.siteId}`))!.status_name).toBe('部署成功');
      // the job queued in the failed savepoint went with it
      expect(await announceJobs(w)).toHaveLength(jobs);
    } finally {
      await w.h.data().run(sql`ALTER TABLE search_announce_away RENAME TO search_announce`);
    }
    expect((await w.h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM search_announce`))!.n).toBe(announced);

    // an announcement that fails (the engine refuses the key): the deploy is 部署成功 all the same
    w.ix.mode = 403;
    try {
      const { res: again, a } = await redeployed(() => touchArticle(w, w.articles[1], '提交失败'));
      expect(again.statusName).toBe('部署成功');
      expect(a.state).toBe('failed');
      expect(String(a.message)).toMatch(/^IndexNow: 失败 \d+ \(HTTP 403: Forbidden: key not valid\)$/);
    } finally {
      w.ix.mode = 200;
    }
  });

  it('批量部署, a deploy task\'s run and 回滚 each announce what they changed', async () => {
    // 批量部署 of the website list
    const batch = await redeployed(
      () => touchArticle(w, w.articles[5], '批量部署'),
      async () => {
        const r = await w.post('/website-blade-article/gptProduceArticle/batch-site-tasks', {}, { ids: w.siteId });
        expect(r.body.data).toMatchObject([{ websiteInfoId: w.siteId, statusName: '部署成功' }]);
        return lastDeploy();
      },
    );
    expect(batch.a).toMatchObject({ kind: 'deploy', state: 'done' });
    expect(new Set((await urlRows(w, String(batch.a.id), 'indexnow')).map((r) => r.url))).toEqual(batch.expected);
    expect(batch.expected).toContain(`${w.origin}/${w.cateId}/${w.articles[5]}.html`);

    // a deploy task publishes a draft and deploys the group's sites
    const draft = String((await w.post('/website-blade-article/article/submit', {
      websiteGroupId: w.groupId, websiteInfoId: w.siteId, parentId: w.cateId, title: '定时文章', keyword: 'k', descVal: '定时', status: 0, content: '<p>定时发布</p>',
    })).body.data.id);
    const task = await w.post('/website-blade-deploy/deployTasks/save', { taskName: '定时提交', groupIds: w.groupId, scheduleType: 'NONE', articleCount: 1 });
    const scheduled = await redeployed(
      async () => undefined,
      async () => {
        const run = await w.post('/website-blade-deploy/deployTasks/executeOnce', { id: String(task.body.data.id) });
        expect(run.body.data).toMatchObject({ published: 1, deployed: 1 });
        return lastDeploy();
      },
    );
    const draftUrl = `${w.origin}/${w.cateId}/${draft}.html`;
    expect(scheduled.expected).toContain(draftUrl);
    expect((await urlRows(w, String(scheduled.a.id), 'indexnow')).find((r) => r.url === draftUrl)).toMatchObject({ change_kind: 'added', state: 'submitted' });

    // 回滚 to the release before: the draft's page is gone again, and announced as removed
    const rolled = await redeployed(
      async () => undefined,
      async () => (await w.post(`${D}/rollback`, { websiteInfoId: w.siteId })).body.data,
    );
    expect(rolled.a).toMatchObject({ kind: 'rollback', state: 'done', release_name: rolled.res.release });
    expect(rolled.diff.removed).toContain(`${w.cateId}/${draft}.html`);
    const rows = await urlRows(w, String(rolled.a.id), 'indexnow');
    expect(new Set(rows.map((r) => r.url))).toEqual(rolled.expected);
    expect(rows.find((r) => r.url === draftUrl)).toMatchObject({ change_kind: 'removed', state: 'submitted' });
  });
});
