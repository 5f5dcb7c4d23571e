// Generation runs as durable jobs (issue 30), on the engine of the project (contract: SQLite, contract-postgres:
// PostgreSQL): a task started against a local OpenAI-compatible server (answering slowly) is a job whose id the task
// keeps; a second start while it runs is refused from the database (任务正在执行中); 取消 stops it: the task is 已取消
// with its counts kept (not 已完成, its undone keywords not called done), the provider gets no request after the
// cancel settled and no article appears; a start after that is a new job that runs to 已完成; a finished task cannot
// be cancelled; the cancel button is declared and granted; a task an older version left 执行中 (its process used to
// resume it at start) gets a job with the upgrade (migration 381) and is finished, its done items kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { openDataLayer, sql } from '../../src-server/db/data-layer';
import { startServer } from '../../src-server/app';
import { MSG_LEASE_LOST } from '../../src-server/jobs/queue';
import { MIGRATIONS } from '../../src-server/modules';
import { api, articleAnswer, ENGINE, fakeAiProvider, login, multipart, sharedPostgres, startHarness, tempDir, until, type Harness } from './helpers';
import { stopsAsking } from './generation-cancel-check';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
const A = '/website-blade-article/gptProduceArticle';

const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
const poll = async (id: string): Promise<Rec> => (await api<Rec>(base, admin, 'GET', `${A}/pollTaskStatus`, { query: { id } })).body.data;
const articles = async (id: string): Promise<number> =>
  Number((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE gpt_task_id = ${id}`))!.n);
const jobOf = async (id: string) =>
  (await h.data().get(sql<{ id: string; state: string; kind: string }>`SELECT j.id, j.state, j.kind FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${id}`))!;

beforeAll(async () => {
  // every answer takes 300 ms: a task of 40 keywords runs for a while
  ai = await fakeAiProvider(articleAnswer, { delayMs: 300 });
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  const m = await post('/seo-blade-article/aiModel/submit', { name: '本地', apiKey: 'sk-jobs-1', url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 });
  expect(m.body.code).toBe(200);
});
afterAll(async () => {
  await h?.stop();
  await ai?.close();
});

const start = async (name: string, n: number): Promise<string> => {
  const keywords = Array.from({ length: n }, (_, i) => `关键词${i}`);
  const r = await multipart(base, admin, `${A}/batchProduceArticle`, [
    { name: 'data', value: JSON.stringify({ taskName: name, maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
    { name: 'file', value: keywords.join('\n'), filename: 'kw.txt' },
  ]);
  expect(r.status, String(r.body.msg)).toBe(200);
  return String(r.body.data.id);
};

describe('generation runs as durable jobs', () => {
  it('a started task is a job; a second start is refused from the database; 取消 stops it at once and keeps its counts', async () => {
    const id = await start('取消测试', 40);
    const job = await jobOf(id);
    expect(job.kind).toBe('generation-task');
    expect(['queued', 'running']).toContain(job.state);
    await until(async () => (await articles(id)) >= 2, 60_000);
    // running: starting it again is refused (the job, not a process's memory, says so)
    const again = await post(`${A}/produce`, { ids: id });
    expect(again.body).toMatchObject({ code: 400, msg: '任务正在执行中' });
    expect((await api<Rec>(base, admin, 'POST', `${A}/produce`, { json: { ids: id }, headers: { 'Accept-Language': 'en' } })).body.msg).toBe('The task is running');

    const cancelled = await post(`${A}/cancel`, { ids: id });
    expect(cancelled.body).toMatchObject({ code: 200, success: true });
    // the task is 已取消 at once; the job stops on the instance running it
    expect(await poll(id)).toMatchObject({ status: 5, statusName: '已取消' });
    await until(async () => (await jobOf(id)).state === 'cancelled', 60_000);
    const written = await articles(id);
    await stopsAsking(ai.counts, 8); // SEO_AI_CONCURRENCY's default
    expect(await articles(id)).toBe(written);
    const after = await poll(id);
    expect(after).toMatchObject({ status: 5, statusName: '已取消', total: 40, successCount: written, failCount: 0 });
    // the keywords not generated are not called done
    expect(written).toBeLessThan(40);
    expect(Number(after.progress)).toBeLessThan(100);
    const row = await h.data().get(sql<{ status: number; success_count: number }>`SELECT status, success_count FROM gpt_produce_article WHERE id = ${id}`);
    expect(Number(row!.status)).toBe(5);
    expect(Number(row!.success_count)).toBe(written);

    // started again: a new job, which runs the task to 已完成 (its previous articles kept, detached from the ledger)
    expect((await post(`${A}/produce`, { ids: id })).body).toMatchObject({ code: 200 });
    const second = await jobOf(id);
    expect(second.id).not.toBe(job.id);
    await until(async () => Number((await poll(id)).status) === 2, 60_000);
    expect(await poll(id)).toMatchObject({ status: 2, statusName: '已完成', total: 40, successCount: 40, failCount: 0 });
    expect((await jobOf(id)).state).toBe('done');
    // each item has one article of the new run
    const items = await h.data().all(sql<{ gpt_item_index: number }>`SELECT gpt_item_index FROM article WHERE gpt_task_id = ${id} AND gpt_item_index IS NOT NULL ORDER BY gpt_item_index`);
    expect(items.map((r) => Number(r.gpt_item_index))).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // a finished task cannot be cancelled
    expect((await post(`${A}/cancel`, { ids: id })).body).toMatchObject({ code: 400, msg: '只能取消待执行或执行中的任务' });
    expect((await api<Rec>(base, admin, 'POST', `${A}/cancel`, { json: { ids: id }, headers: { 'Accept-Language': 'en' } })).body.msg).toBe('Only a queued or running task can be cancelled');
  }, 120_000);

  it('a task waiting for its turn (待执行, or a job not yet claimed) is cancelled at once', async () => {
    const saved = await post('/seo-blade-article/gptProduceArticle/save', { taskName: '待执行任务', maxTokens: 100, prompts: JSON.stringify([{ input: '写{keyword}' }]), fileLink: 'x.txt' });
    expect(saved.body.code, String(saved.body.msg)).toBe(200);
    const id = String(saved.body.data.id);
    expect(await poll(id)).toMatchObject({ status: 0 });
    expect((await post(`${A}/cancel`, { ids: id })).body).toMatchObject({ code: 200 });
    expect(await poll(id)).toMatchObject({ status: 5, statusName: '已取消' });

    // a queued job (due in an hour, so no worker claims it): cancelled in the request itself
    const queued = await start('排队任务', 3);
    await until(async () => Number((await poll(queued)).status) === 2, 30_000);
    const jobId = 'gen-queued-test-1';
    await h.data().run(sql`INSERT INTO job (id, kind, tenant_id, payload, state, priority, run_at, attempts, max_attempts, cancel_requested, create_time, update_time)
      VALUES (${jobId}, 'generation-task', '000000', ${JSON.stringify({ taskId: queued })}, 'queued', 0, ${Date.now() + 3_600_000}, 0, 10, 0, ${Date.now()}, ${Date.now()})`);
    await h.data().run(sql`UPDATE gpt_produce_article SET status = 1, job_id = ${jobId} WHERE id = ${queued}`);
    expect((await post(`${A}/cancel`, { ids: queued })).body).toMatchObject({ code: 200 });
    expect((await jobOf(queued)).state).toBe('cancelled');
    expect(await poll(queued)).toMatchObject({ status: 5, successCount: 3 });
  }, 60_000);

  it('a task whose last attempt\'s instance died is given up: 失败 with the reason, not left 执行中', async () => {
    const id = await start('放弃任务', 2);
    await until(async () => Number((await poll(id)).status) === 2, 30_000);
    // as a dead instance left it: its job running, the lease run out, no attempt left
    const jobId = 'gen-given-up-test-1';
    await h.data().run(sql`INSERT INTO job (id, kind, tenant_id, payload, state, priority, run_at, attempts, max_attempts, lease_owner, lease_until, cancel_requested, create_time, update_time, start_time)
      VALUES (${jobId}, 'generation-task', '000000', ${JSON.stringify({ taskId: id })}, 'running', 0, ${Date.now()}, 10, 10, 'killed-host/4242/dead00', ${Date.now() - 1000}, 0, ${Date.now()}, ${Date.now()}, ${Date.now()})`);
    await h.data().run(sql`UPDATE gpt_produce_article SET status = 1, job_id = ${jobId} WHERE id = ${id}`);
    await until(async () => Number((await poll(id)).status) !== 1, 60_000);
    expect(await poll(id)).toMatchObject({ status: 3, statusName: '失败', errorMsg: MSG_LEASE_LOST, successCount: 2 });
    expect((await jobOf(id)).state).toBe('failed');
  }, 60_000);

  it('the cancel button is declared, granted to the administrator and named in the screen menus', async () => {
    const codes = await h.data().all(sql<{ code: string; name: string }>`SELECT code, name FROM blade_menu WHERE code = 'gptProduceArticle_cancel' AND is_deleted = 0`);
    expect(codes).toEqual([{ code: 'gptProduceArticle_cancel', name: '取消' }]);
    const granted = await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE m.code = 'gptProduceArticle_cancel'`);
    expect(Number(granted!.n)).toBeGreaterThan(0);
  });
});

describe('the upgrade', () => {
  it('a task a previous version left 执行中 becomes a job (migration 381) and is finished, the items done kept', async () => {
    const dataDir = tempDir('seo-gen-upgrade-');
    const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    // the version before: no migration 381
    const old = await startServer({ dataDir, database, port: 0, migrations: MIGRATIONS.filter((m) => m.version !== 381) });
    const db = openDataLayer({ dataDir, database });
    let id = '';
    let kept: string[] = [];
    try {
      const token = await login(old.url);
      const m = await api<Rec>(old.url, token, 'POST', '/seo-blade-article/aiModel/submit', { json: { name: '本地', apiKey: 'sk-jobs-2', url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 } });
      expect(m.body.code).toBe(200);
      const r = await multipart(old.url, token, `${A}/batchProduceArticle`, [
        { name: 'data', value: JSON.stringify({ taskName: '升级前', maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
        { name: 'file', value: ['甲', '乙', '丙', '丁', '戊'].join('\n'), filename: 'kw.txt' },
      ]);
      expect(r.status, String(r.body.msg)).toBe(200);
      id = String(r.body.data.id);
      await until(async () => Number((await db.get(sql<{ status: number }>`SELECT status FROM gpt_produce_article WHERE id = ${id}`))!.status) === 2, 30_000);
      // as a previous version left it when its process stopped: 执行中, two items done, no job
      await db.run(sql`DELETE FROM article WHERE gpt_task_id = ${id} AND gpt_item_index >= 2`);
      await db.run(sql`UPDATE gpt_produce_article SET status = 1, job_id = NULL, success_count = 2, fail_count = 0 WHERE id = ${id}`);
      kept = (await db.all(sql<{ id: string }>`SELECT id FROM article WHERE gpt_task_id = ${id} ORDER BY gpt_item_index`)).map((a) => a.id);
      expect(kept).toHaveLength(2);
    } finally {
      await old.close();
    }
    const upgraded = await startServer({ dataDir, database, port: 0 });
    try {
      const job = await db.get(sql<{ id: string; kind: string }>`SELECT j.id, j.kind FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${id}`);
      expect(job).toEqual({ id, kind: 'generation-task' });
      await until(async () => Number((await db.get(sql<{ status: number }>`SELECT status FROM gpt_produce_article WHERE id = ${id}`))!.status) === 2, 30_000);
      const task = await db.get(sql<{ success_count: number; fail_count: number }>`SELECT success_count, fail_count FROM gpt_produce_article WHERE id = ${id}`);
      expect([Number(task!.success_count), Number(task!.fail_count)]).toEqual([5, 0]);
      const items = await db.all(sql<{ id: string; gpt_item_index: number }>`SELECT id, gpt_item_index FROM article WHERE gpt_task_id = ${id} ORDER BY gpt_item_index`);
      expect(items.map((a) => Number(a.gpt_item_index))).toEqual([0, 1, 2, 3, 4]);
      // the two done before were not made again
      expect(items.slice(0, 2).map((a) => a.id)).toEqual(kept);
    } finally {
      await db.close();
      await upgraded.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
