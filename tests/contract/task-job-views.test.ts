// The task screens show the durable job behind each task (issue 30): the list,
// page and detail answers of generation, import and deploy tasks carry `job`, the
// view of the job whose id the row keeps in job_id: the instance that runs it, its
// attempts, progress and the reason of its last failure. The jobs are driven here
// through the real JobQueue on the server's database (a kind no worker handles, so
// only this test moves them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../src-shared/jobs';
import type { Page } from '../../src-shared/wire';
import { sql } from '../../src-server/db/data-layer';
import { JobQueue } from '../../src-server/jobs/queue';
import { api, login, PNG, SABER, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let queue: JobQueue;

const KIND = 'task-job-views-test';
const OWNER_A = 'worker-a.example/4101/a1b2c3';
const OWNER_B = 'worker-b.example/4202/d4e5f6';
const LEASE = 60_000;

const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
const get = <T = Rec>(path: string, query: Record<string, string | number> = {}) => api<T>(base, admin, 'GET', path, { query });
const idOf = async (path: string, json: Rec): Promise<string> => {
  const r = await post(path, json);
  if (r.status !== 200) throw new Error(`${path}: ${String(r.body.msg)}`);
  return String(r.body.data.id);
};

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  // no backoff: a failed attempt is claimable again at once
  queue = new JobQueue(h.data(), () => Date.now(), { backoffMs: 0 });
});
afterAll(async () => {
  await h.stop();
});

/** a job for this task, claimed by A, progressed, failed once, claimed again by B and progressed: retrying */
async function retryingJob(table: string, taskId: string): Promise<string> {
  const { id } = await h.data().transaction(async (trx) => {
    const job = await queue.enqueue(trx, { kind: KIND, tenantId: '000000', payload: { taskId }, key: `${table}:${taskId}`, maxAttempts: 3 });
    await trx.run(sql`UPDATE ${sql.table(table)} SET job_id = ${job.id} WHERE id = ${taskId}`);
    return job;
  });
  expect((await queue.claim([KIND], OWNER_A, LEASE, 1)).map((j) => j.id)).toEqual([id]);
  expect(await queue.heartbeat(id, OWNER_A, LEASE, { done: 3, total: 10, failed: 1 })).toBe('ok');
  expect(await queue.fail(id, OWNER_A, 'AI接口 http://127.0.0.1:9/v1 返回 502')).toBe('retry');
  expect((await queue.claim([KIND], OWNER_B, LEASE, 1)).map((j) => j.id)).toEqual([id]);
  expect(await queue.heartbeat(id, OWNER_B, LEASE, { done: 4, total: 10, failed: 1, phase: 'render' })).toBe('ok');
  return id;
}

const expectRetrying = (job: unknown, id: string) =>
  expect(job).toMatchObject({
    id,
    state: 'running',
    instance: OWNER_B,
    attempts: 2,
    maxAttempts: 3,
    progress: { done: 4, total: 10, failed: 1, phase: 'render' },
    error: 'AI接口 http://127.0.0.1:9/v1 返回 502',
    cancelRequested: false,
    endTime: null,
  } satisfies Partial<JobView>);

describe('task rows carry their latest job', () => {
  it('a generation task: page, list and detail answer the running job of its second attempt, the first failure\'s reason kept', async () => {
    const task = await idOf('/seo-blade-article/gptProduceArticle/save', { taskName: '作业视图', prompts: [{ input: '写{keyword}' }], fileLink: 'upload/kw.txt', fileName: 'kw.txt' });
    const other = await idOf('/seo-blade-article/gptProduceArticle/save', { taskName: '无作业', prompts: [{ input: '写{keyword}' }], fileLink: 'upload/kw.txt', fileName: 'kw.txt' });
    const jobId = await retryingJob('gpt_produce_article', task);
    const page = (await get<Page<Rec>>('/seo-blade-article/gptProduceArticle/page', { size: 100 })).body.data.records;
    expectRetrying(page.find((r) => r.id === task)!.job, jobId);
    expect(page.find((r) => r.id === task)!.jobId).toBe(jobId);
    expect(page.find((r) => r.id === other)!.job).toBeNull();
    expect(String((page.find((r) => r.id === task)!.job as JobView).startTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expectRetrying((await get('/seo-blade-article/gptProduceArticle/detail', { id: task })).body.data.job, jobId);
    const listed = (await get<Rec[] | Page<Rec>>('/seo-blade-article/gptProduceArticle/list', { size: 100 })).body.data;
    const list = Array.isArray(listed) ? listed : listed.records;
    expectRetrying(list.find((r) => r.id === task)!.job, jobId);

    // a cancel asked while it runs: 取消中 until the instance stops it, then cancelled
    expect(await queue.cancel(jobId)).toBe('requested');
    const asked = (await get('/seo-blade-article/gptProduceArticle/detail', { id: task })).body.data.job as JobView;
    expect(asked).toMatchObject({ state: 'running', cancelRequested: true });
    expect(await queue.acknowledgeCancel(jobId, OWNER_B)).toBe(true);
    const stopped = (await get('/seo-blade-article/gptProduceArticle/detail', { id: task })).body.data.job as JobView;
    expect(stopped).toMatchObject({ state: 'cancelled', cancelRequested: false, instance: OWNER_B });
    expect(stopped.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('an import task: its job failed for good shows the reason, its attempts used up', async () => {
    const task = await idOf('/seo-blade-material/importTask/submit', { taskName: '导入作业', taskType: 'keyword' });
    const { id } = await h.data().transaction(async (trx) => {
      const job = await queue.enqueue(trx, { kind: KIND, tenantId: '000000', key: `import:${task}`, maxAttempts: 1 });
      await trx.run(sql`UPDATE import_task SET job_id = ${job.id} WHERE id = ${task}`);
      return job;
    });
    // queued: no instance yet, no attempt
    let row = (await get<Page<Rec>>('/seo-blade-material/importTask/page', { size: 100 })).body.data.records.find((r) => r.id === task)!;
    expect(row.job).toMatchObject({ id, state: 'queued', instance: null, attempts: 0, maxAttempts: 1, progress: null, error: null });
    await queue.claim([KIND], OWNER_A, LEASE, 1);
    await queue.heartbeat(id, OWNER_A, LEASE, { done: 500, total: 1000 });
    expect(await queue.fail(id, OWNER_A, '导入文件不存在: imports/x.txt')).toBe('failed');
    row = (await get<Page<Rec>>('/seo-blade-material/importTask/page', { size: 100 })).body.data.records.find((r) => r.id === task)!;
    expect(row.job).toMatchObject({ id, state: 'failed', instance: OWNER_A, attempts: 1, maxAttempts: 1, progress: { done: 500, total: 1000 }, error: '导入文件不存在: imports/x.txt' });
  });

  it('a deploy task: the view of its trigger\'s job; a pruned job reads as none', async () => {
    const group = await idOf('/website-blade-material/websiteGroup/save', { name: '作业组', type: 0 });
    const task = await idOf('/website-blade-deploy/deployTasks/save', { taskName: '定时作业', groupIds: group, scheduleType: 'NONE', articleCount: 1 });
    const jobId = await retryingJob('deploy_tasks', task);
    const row = (await get<Page<Rec>>('/website-blade-deploy/deployTasks/page', { size: 100 })).body.data.records.find((r) => r.id === task)!;
    expectRetrying(row.job, jobId);
    expect(await queue.complete(jobId, OWNER_B, { done: 10, total: 10 })).toBe(true);
    const done = (await get('/website-blade-deploy/deployTasks/detail', { id: task })).body.data.job;
    expect(done).toMatchObject({ state: 'done', attempts: 2, progress: { done: 10, total: 10 } });
    await h.data().run(sql`DELETE FROM job WHERE id = ${jobId}`);
    expect((await get('/website-blade-deploy/deployTasks/detail', { id: task })).body.data.job).toBeNull();
  });

  it('a website: its list and detail answer its latest deploy\'s job as deployJob', async () => {
    const M = '/website-blade-material';
    const group = await idOf(`${M}/websiteGroup/save`, { name: '部署作业组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'jobs', serverIp: '10.1.0.9', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: 'jobs-example.com', domain: 'jobs-example.com', domainService: '1', serverId });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'tpl.png');
    const up = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=template`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    const image = ((await up.json()) as { data: Rec }).data.link as string;
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '作业模板', type: '1', image });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '作业客服' });
    const img = await idOf(`${M}/imgGroup/submit`, { name: '作业图组' });
    const material = new FormData();
    material.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
    const mup = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=material`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: material });
    await idOf(`${M}/websiteImg/submit`, { imageUrl: ((await mup.json()) as { data: Rec }).data.link as string, imgGroupId: img });
    const site = await idOf(`${M}/websiteInfo/save`, {
      websiteGroupId: group, websiteType: 0, websiteName: '作业站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
      domainInfoId: domainId, templateId, type: 0, subdomain: 'www', icoId: img, logoId: img, bannerId: img, contactId,
    });
    let row = (await get<Page<Rec>>(`${M}/websiteInfo/page`, { size: 100 })).body.data.records.find((r) => r.id === site)!;
    expect(row.deployJob).toBeNull();
    const { id } = await h.data().transaction(async (trx) => {
      const job = await queue.enqueue(trx, { kind: KIND, tenantId: '000000', key: `site:${site}` });
      await trx.run(sql`UPDATE website_info SET deploy_job_id = ${job.id} WHERE id = ${site}`);
      return job;
    });
    await queue.claim([KIND], OWNER_A, LEASE, 1);
    await queue.heartbeat(id, OWNER_A, LEASE, { done: 20, total: 50, phase: 'upload' });
    row = (await get<Page<Rec>>(`${M}/websiteInfo/page`, { size: 100 })).body.data.records.find((r) => r.id === site)!;
    expect(row.deployJob).toMatchObject({ id, state: 'running', instance: OWNER_A, attempts: 1, progress: { done: 20, total: 50, phase: 'upload' } });
    expect((await get(`${M}/websiteInfo/detail`, { id: site })).body.data.deployJob).toMatchObject({ id, instance: OWNER_A });
  });
});
