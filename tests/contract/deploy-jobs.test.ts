// A website's deploy is a durable `deploy-site` job (issue 30), on both engines:
// the deploy dialog's route queues the site's job (website_info.deploy_job_id
// names it), waits for it and answers the outcome its run recorded (the record
// names the job); progress and cancel go through the job. A deploy cancelled
// while it publishes leaves the live release as it was and records 部署失败 with
// the reason. A site whose deploy job is still queued or running is refused
// another deploy. A deploy lease held in a job's name is taken over by that
// job's next run (its takeover), not refused.
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { DeployLeases } from '../../src-server/modules/content/deploy/deploy-lease';
import { api, login, multipart, PNG, startHarness, tempDir, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';
const D = '/website-blade-deploy/websiteDeploy';
const HOST = 'jobs-deploy.example.com';
const ARTICLES = 1200;

let h: Harness;
let token: string;
const sites = tempDir('seo-deploy-jobs-');
const root = join(sites, HOST);
let siteId = '';
let first = '';
let cateId = '';
let groupId = '';
let templateId = '';

const post = (path: string, json: Rec) => api<Rec>(h.server.url, token, 'POST', path, { json });
const get = (path: string, query: Record<string, string>) => api<unknown>(h.server.url, token, 'GET', path, { query });
async function idOf(path: string, json: Rec): Promise<string> {
  const r = await post(path, json);
  expect(r.body.code, `${path}: ${String(r.body.msg)}`).toBe(200);
  return String((r.body.data as Rec).id);
}
const live = () => readlinkSync(join(root, 'current'));
const siteRow = async () => (await h.data().get(sql<{ status_name: string; deploy_message: string; deploy_job_id: string }>`
  SELECT status_name, deploy_message, deploy_job_id FROM website_info WHERE id = ${siteId}`))!;

beforeAll(async () => {
  h = await startHarness();
  token = await login(h.server.url);
  groupId = await idOf(`${M}/websiteGroup/save`, { name: '任务组', type: 0 });
  const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web-jobs', serverIp: '10.5.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath: sites });
  const domainId = await idOf(`${M}/domainInfo/save`, { name: '任务站', domain: HOST, domainService: '1', serverId });
  const image = String((await multipart(h.server.url, token, '/blade-resource/oss/endpoint/put-file?scene=template', [{ name: 'file', value: PNG, filename: 't.png' }])).body.data.link);
  templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '任务模板', type: '1', image });
  const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-jobs' });
  const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
  await idOf(`${M}/websiteImg/submit`, { imageUrl: image, alt: 'Logo', imgGroupId });
  siteId = await idOf(`${M}/websiteInfo/save`, {
    websiteGroupId: groupId, websiteType: 0, websiteName: '任务站', websiteLang: 'zh-CN', descVal: '任务站', keywords: '部署', domainInfoId: domainId, templateId, type: 1,
    icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
  });
  const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  cateId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻', type: 2, pageId, optStatus: 0 });
  first = await idOf('/website-blade-article/article/submit', {
    websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '文章', keyword: 'k', descVal: '摘要', status: 1, content: `<p>${'正文。'.repeat(300)}</p>`,
  });
  // many more like it: copies of its row (the same SQL on both engines)
  const cols = Object.keys((await h.data().get(sql<Rec>`SELECT * FROM article WHERE id = ${first}`))!);
  const pick = cols.map((c) => (c === 'id' ? 'CAST(8000000000000000000 + n AS TEXT)' : c === 'title' ? `title || ' ' || CAST(n AS TEXT)` : c)).join(', ');
  await h.data().run(sql.raw(`INSERT INTO article (${cols.join(', ')})
    WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${ARTICLES - 1})
    SELECT ${pick} FROM article, g WHERE id = '${first}'`));
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('deploys as jobs', () => {
  it('the dialog route queues the site\'s job, waits for it and answers the outcome its run recorded', async () => {
    const r = await post(`${D}/deploy`, { ids: siteId });
    expect(r.status, String(r.body.msg)).toBe(200);
    const [res] = r.body.data as unknown as Rec[];
    expect(res).toMatchObject({ websiteInfoId: siteId, domain: HOST, statusName: '部署成功' });
    expect(res).not.toHaveProperty('refused');
    expect(live()).toBe(`releases/${String(res.release)}`);
    const site = await siteRow();
    expect(site.status_name).toBe('部署成功');
    const job = await h.data().get(sql<{ kind: string; state: string; attempts: number }>`SELECT kind, state, attempts FROM job WHERE id = ${site.deploy_job_id}`);
    expect(job).toMatchObject({ kind: 'deploy-site', state: 'done' });
    expect(Number(job!.attempts)).toBe(1);
    const rec = await h.data().get(sql<{ id: string; job_id: string }>`SELECT id, job_id FROM website_deploy WHERE job_id = ${site.deploy_job_id}`);
    expect(rec).toEqual({ id: res.id, job_id: site.deploy_job_id });
    expect((await get(`${D}/progress`, { ids: siteId })).body.data).toEqual([]);
  });

  it('a deploy cancelled while it publishes leaves the live release as it was and records 部署失败 with the reason', async () => {
    const before = live();
    const home = readFileSync(join(root, 'current', 'index.html'), 'utf8');
    await h.data().run(sql`UPDATE article SET content = ${`<p>${'新版正文。'.repeat(300)}</p>`} WHERE website_info_id = ${siteId}`);
    const running = post(`${D}/deploy`, { ids: siteId });
    // cancel once it publishes, as the deploy dialog's 取消部署 does
    let cancelled: unknown;
    const deadline = Date.now() + 30_000;
    while (cancelled === undefined && Date.now() < deadline) {
      const p = ((await get(`${D}/progress`, { ids: siteId })).body.data as Rec[])[0];
      if (p && ['prepare', 'upload'].includes(String(p.phase))) cancelled = (await post(`${D}/cancel`, { id: siteId })).body.data;
      else await new Promise((r) => setTimeout(r, 5));
    }
    expect(cancelled).toEqual({ cancelled: true });
    const r = await running;
    // the dialog's one site failed: the reply is the reason
    expect(r.status).toBe(400);
    expect(String(r.body.msg)).toBe(`部署失败: 部署已取消; 线上版本未改变 (${before.replace('releases/', '')})`);
    expect(live()).toBe(before);
    expect(readFileSync(join(root, 'current', 'index.html'), 'utf8')).toBe(home);
    const site = await siteRow();
    expect(site).toMatchObject({ status_name: '部署失败', deploy_message: r.body.msg });
    expect(await h.data().get(sql<{ state: string }>`SELECT state FROM job WHERE id = ${site.deploy_job_id}`)).toEqual({ state: 'cancelled' });
    expect(await h.data().get(sql<{ status_name: string; message: string }>`SELECT status_name, message FROM website_deploy WHERE job_id = ${site.deploy_job_id}`))
      .toEqual({ status_name: '部署失败', message: r.body.msg });
    expect((await get(`${D}/progress`, { ids: siteId })).body.data).toEqual([]);
    // the next deploy goes through
    const again = await post(`${D}/deploy`, { ids: siteId });
    expect((again.body.data as unknown as Rec[])[0]).toMatchObject({ statusName: '部署成功' });
    expect(readFileSync(join(root, 'current', cateId, `${first}.html`), 'utf8')).toContain('新版正文');
  }, 60_000);

  it('a failed deploy records its reason as a message: zh as before without Accept-Language, en with Accept-Language: en', async () => {
    const release = live().replace('releases/', '');
    const en = { 'Accept-Language': 'en' };
    await h.data().run(sql`UPDATE website_template SET status = 0 WHERE id = ${templateId}`);
    try {
      const zh = await post(`${D}/deploy`, { ids: siteId });
      expect(zh.status).toBe(400);
      const zhText = `部署失败: 网站模板已停用; 线上版本未改变 (${release})`;
      expect(zh.body.msg).toBe(zhText);
      const enText = `Deploy failed: The website's template is disabled; the live version is unchanged (${release})`;
      expect((await api<Rec>(h.server.url, token, 'POST', `${D}/deploy`, { json: { ids: siteId }, headers: en })).body.msg).toBe(enText);
      // the record and the website keep the zh text (the stock wire, older readers); the reads answer the reader's language
      expect((await siteRow()).deploy_message).toBe(zhText);
      const records = async (headers?: Record<string, string>) =>
        ((await api<{ records: Rec[] }>(h.server.url, token, 'GET', `${D}/page`, { query: { websiteInfoId: siteId, size: 2 }, headers })).body.data.records);
      expect((await records()).map((r) => r.message)).toEqual([zhText, zhText]);
      expect((await records(en)).map((r) => r.message)).toEqual([enText, enText]);
      expect((await records({ 'Accept-Language': 'fr' }))[0].message).toBe(zhText);
      const site = async (headers?: Record<string, string>) =>
        (await api<Rec>(h.server.url, token, 'GET', `${M}/websiteInfo/detail`, { query: { id: siteId }, headers })).body.data.deployMessage;
      expect(await site()).toBe(zhText);
      expect(await site(en)).toBe(enText);
      // a record older than keys (no reason kept) answers its text in every language
      await h.data().run(sql`UPDATE website_deploy SET message_reason = NULL WHERE website_info_id = ${siteId}`);
      expect((await records(en)).map((r) => r.message)).toEqual([zhText, zhText]);
    } finally {
      await h.data().run(sql`UPDATE website_template SET status = 1 WHERE id = ${templateId}`);
    }
  });

  it('a site whose deploy job is queued or running is refused; a lease held in a job\'s name is that job\'s to take over', async () => {
    // a queued deploy job of the site (as if no instance had claimed it yet)
    const now = Date.now();
    await h.data().run(sql`INSERT INTO job (id, kind, tenant_id, payload, state, priority, run_at, attempts, max_attempts, cancel_requested, create_time, update_time)
      VALUES ('9100000000000000001', 'deploy-site', '000000', '{}', 'queued', 0, ${now + 3_600_000}, 0, 3, 0, ${now}, ${now})`);
    await h.data().run(sql`UPDATE website_info SET deploy_job_id = '9100000000000000001' WHERE id = ${siteId}`);
    const refused = await post(`${D}/deploy`, { ids: siteId });
    expect(refused).toMatchObject({ status: 400, body: { msg: '该网站正在部署中, 请稍后再试' } });
    expect((await get(`${D}/progress`, { ids: siteId })).body.data).toMatchObject([{ websiteInfoId: siteId, phase: 'connect', done: 0, total: 0 }]);
    // cancelled while queued: nothing ran
    expect((await post(`${D}/cancel`, { id: siteId })).body.data).toEqual({ cancelled: true });
    expect(await h.data().get(sql`SELECT state FROM job WHERE id = '9100000000000000001'`)).toEqual({ state: 'cancelled' });
    expect((await post(`${D}/cancel`, { id: siteId })).body.data).toEqual({ cancelled: false });

    // a lease another deploy holds refuses the site's job (failed at once with the reason, not retried)
    await h.data().run(sql`INSERT INTO content_deploy_lease (website_info_id, holder, expires_at) VALUES (${siteId}, 'another-deploy', '2999-01-01 00:00:00')`);
    const busy = await post(`${D}/deploy`, { ids: siteId });
    expect(busy).toMatchObject({ status: 400, body: { msg: '该网站正在部署中, 请稍后再试' } });
    const failedJob = (await siteRow()).deploy_job_id;
    expect(await h.data().get(sql<{ state: string; error: string; attempts: number }>`SELECT state, error, attempts FROM job WHERE id = ${failedJob}`))
      .toMatchObject({ state: 'failed', error: '该网站正在部署中, 请稍后再试' });
    await h.data().run(sql`DELETE FROM content_deploy_lease WHERE website_info_id = ${siteId}`);
    // a lease held in a job's name (its run on an instance that died) is taken over by that job's next run, not by another
    const leases = new DeployLeases(h.data(), () => Date.now());
    const dead = (await leases.claim(siteId, 'job:1'))!;
    dead.drop();
    expect(await leases.claim(siteId, 'job:2')).toBeNull();
    const next = await leases.claim(siteId, 'job:1');
    expect(next).not.toBeNull();
    await next!.release();
    expect(await h.data().get(sql`SELECT holder FROM content_deploy_lease WHERE website_info_id = ${siteId}`)).toBeUndefined();
    expect(existsSync(root)).toBe(true);

    // a deploy job given up (its last attempt's instance died mid-deploy): the site says what its last recorded deploy
    // left instead of 部署中, and the dead run's lease is gone (the site can be deployed at once)
    const last = (await h.data().get(sql<{ status_name: string }>`SELECT status_name FROM website_deploy WHERE website_info_id = ${siteId} ORDER BY create_time DESC, id DESC LIMIT 1`))!;
    const t = Date.now();
    await h.data().run(sql`INSERT INTO job (id, kind, tenant_id, payload, state, priority, run_at, attempts, max_attempts, lease_owner, lease_until, cancel_requested, create_time, update_time, start_time)
      VALUES ('9100000000000000009', 'deploy-site', '000000', ${JSON.stringify({ websiteId: siteId, tenantId: '000000', scope: { userId: '1', deptId: '1' } })}, 'running', 0, ${t}, 3, 3,
        'killed-host/4242/dead00', ${t - 1000}, 0, ${t}, ${t}, ${t})`);
    await h.data().run(sql`UPDATE website_info SET deploy_job_id = '9100000000000000009', status_name = '部署中' WHERE id = ${siteId}`);
    await h.data().run(sql`INSERT INTO content_deploy_lease (website_info_id, holder, expires_at) VALUES (${siteId}, 'job:9100000000000000009', '2999-01-01 00:00:00')`);
    await until(async () => (await siteRow()).status_name !== '部署中', 60_000);
    expect((await siteRow()).status_name).toBe(last.status_name);
    expect(await h.data().get(sql`SELECT holder FROM content_deploy_lease WHERE website_info_id = ${siteId}`)).toBeUndefined();
    expect(await h.data().get(sql`SELECT state FROM job WHERE id = '9100000000000000009'`)).toEqual({ state: 'failed' });
  }, 60_000);

  it('a scheduled run taken over after its instance died publishes nothing again; its sites are deploy jobs keyed by the run', async () => {
    const drafts = [];
    for (const t of ['草稿一', '草稿二', '草稿三']) {
      drafts.push(await idOf('/website-blade-article/article/submit', { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: t, keyword: 'k', descVal: '摘要', status: 0, content: '<p>草稿</p>' }));
    }
    const taskId = await idOf('/website-blade-deploy/deployTasks/save', { taskName: '接管', groupIds: groupId, scheduleType: 'FIX_RATE', scheduleConf: '3600', articleCount: 2 });
    await h.data().run(sql`UPDATE deploy_tasks SET status = 1, next_time = NULL WHERE id = ${taskId}`);
    // the trigger's first run published 2 articles (its marker, written with them) and died: its lease ran out
    const now = Date.now();
    const key = `deploy-task:${taskId}:${now}`;
    await h.data().run(sql`INSERT INTO deploy_task_run (run_key, task_id, published, recorded, create_time) VALUES (${key}, ${taskId}, 2, 0, '2026-01-01 00:00:00')`);
    await h.data().run(sql`INSERT INTO job (id, kind, tenant_id, job_key, payload, state, priority, run_at, attempts, max_attempts, lease_owner, lease_until,
        cancel_requested, create_time, update_time, start_time)
      VALUES ('9100000000000000002', 'deploy-task', '000000', ${key}, ${JSON.stringify({ taskId, trigger: now })}, 'running', 0, ${now}, 1, 3,
        'killed-host/4242/dead00', ${now - 1}, 0, ${now}, ${now}, ${now})`);
    await until(async () => (await h.data().get(sql<{ state: string }>`SELECT state FROM job WHERE id = '9100000000000000002'`))!.state === 'done', 60_000);
    // no article was published again; the run counted once, with the first run's count
    const published = await h.data().all(sql<{ id: string }>`SELECT id FROM article WHERE id IN (${sql.join(drafts)}) AND status = 1`);
    expect(published).toEqual([]);
    const task = (await h.data().get(sql<Rec>`SELECT execute_count, last_run_state, last_run_published FROM deploy_tasks WHERE id = ${taskId}`))!;
    expect(Number(task.execute_count)).toBe(1);
    expect(Number(task.last_run_published)).toBe(2);
    expect(task.last_run_state).toBe('success');
    const site = await h.data().get(sql<{ kind: string; state: string; job_key: string }>`SELECT kind, state, job_key FROM job WHERE id = (SELECT deploy_job_id FROM website_info WHERE id = ${siteId})`);
    expect(site).toEqual({ kind: 'deploy-site', state: 'done', job_key: `deploy-site:${key}:${siteId}` });
    expect((await siteRow()).status_name).toBe('部署成功');
  }, 90_000);
});
