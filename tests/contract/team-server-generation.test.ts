// Generation runs as durable jobs on a team server (issue 30): instances are separate processes
// (tests/support/short-lease-server.ts: the server with a 3-second job lease) on one real PostgreSQL, against a
// local OpenAI-compatible server answering slowly.
//  - kill -9 of the instance that claimed a task of 60 keywords, mid-way: the other instance takes the run over once the
//    lease ran out and finishes it; each (task, item) has at most one article, there is one article per item, the
//    task ends 已完成 with success_count = 60;
//  - a task running on one instance is cancelled through the other instance's API: it stops (no request reaches the
//    provider after the cancel settled, no article appears) and is 已取消. The time from the cancel's reply to the
//    job stopping is logged (the issue wants it within 5 s; measured, not asserted);
//  - a restart of PostgreSQL while a task runs: the run fails with the database away and its job is run again
//    (retried with backoff, or taken over after its lease) once it is back; the task ends 已完成, one article per item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { api, articleAnswer, fakeAiProvider, login, multipart, startServerScript, tempDir, until } from './helpers';
import { stopsAsking } from './generation-cancel-check';
import { instanceParts } from '../../src-shared/jobs';

type Rec = Record<string, unknown>;
const LEASE_MS = 3000;
const A = '/website-blade-article/gptProduceArticle';

interface Instance {
  child: ChildProcessWithoutNullStreams;
  base: string;
}

let pg: PostgresServer;
let database: string;
let dataDir: string;
let data: DataLayer;
let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
const instances: Instance[] = [];

/** an instance in a process of its own (killable), 4 items of a task at a time */
async function instance(): Promise<Instance> {
  const { child, base } = await startServerScript('tests/support/short-lease-server.ts', [database, dataDir, String(LEASE_MS)], { ...process.env, SEO_AI_CONCURRENCY: '4' });
  const made = { child, base };
  instances.push(made);
  return made;
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** the instance (by its pid in the worker's name host/role/pid/random) that holds the task's job */
const holder = async (taskId: string): Promise<{ state: string; owner: string | null; attempts: number }> => {
  const r = await data.get(sql<{ state: string; lease_owner: string | null; attempts: number }>`SELECT j.state, j.lease_owner, j.attempts
    FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${taskId}`);
  return { state: r!.state, owner: r!.lease_owner, attempts: Number(r!.attempts) };
};
const runsOn = (owner: string | null, i: Instance): boolean => owner !== null && instanceParts(owner)?.pid === String(i.child.pid);
const articles = async (taskId: string): Promise<number> =>
  Number((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE gpt_task_id = ${taskId}`))!.n);

async function startTask(base: string, token: string, name: string, n: number): Promise<string> {
  const r = await multipart(base, token, `${A}/batchProduceArticle`, [
    { name: 'data', value: JSON.stringify({ taskName: name, maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
    { name: 'file', value: Array.from({ length: n }, (_, i) => `${name}${i}`).join('\n'), filename: 'kw.txt' },
  ]);
  expect(r.status, String(r.body.msg)).toBe(200);
  return String(r.body.data.id);
}

beforeAll(async () => {
  pg = await startPostgres();
  database = await pg.createDatabase();
  dataDir = tempDir('seo-gen-jobs-');
  data = postgresDataLayer(database, { max: 2 });
  // a provider at work: every answer takes 600 ms (a task of 60 keywords, 4 at a time, runs for about 9 s)
  ai = await fakeAiProvider(articleAnswer, { delayMs: 600 });
}, 60_000);

afterAll(async () => {
  for (const i of instances) await stop(i.child);
  await data?.close();
  await ai?.close();
  await pg?.close();
});

describe('two instances on one PostgreSQL: generation runs', () => {
  it('kill -9 of the instance running a task: the other finishes it, one article per item, 已完成', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const token = await login(a.base);
    // a killed instance's provider slots come back after the limiter's lease (2 min): room enough meanwhile
    const m = await api<Rec>(a.base, token, 'POST', '/seo-blade-article/aiModel/submit', {
      json: { name: '本地', apiKey: 'sk-team-1', url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1, maxConcurrency: 100, ratePerMinute: 0 },
    });
    expect(m.body.code, String(m.body.msg)).toBe(200);
    const id = await startTask(a.base, token, '接管', 60);
    // whichever instance claimed the run dies mid-way (kill -9)
    await until(async () => (await holder(id)).state === 'running', 60_000);
    const owner = (await holder(id)).owner;
    const runner = runsOn(owner, a) ? a : b;
    const other = runner === a ? b : a;
    expect(runsOn(owner, runner)).toBe(true);
    await until(async () => (await articles(id)) >= 8, 30_000);
    runner.child.kill('SIGKILL');
    await new Promise((r) => runner.child.once('exit', r));
    const atKill = await articles(id);
    expect(atKill).toBeLessThan(60);

    // the other takes the run over after the dead one's lease and finishes it
    await until(async () => Number((await data.get(sql<{ status: number }>`SELECT status FROM gpt_produce_article WHERE id = ${id}`))!.status) !== 1, 90_000, 200);
    const job = await holder(id);
    expect(job.state).toBe('done');
    expect(runsOn(job.owner, other)).toBe(true);
    expect(job.attempts).toBe(2);
    // at most one article per (task, item), one per item in all
    const twice = await data.all(sql`SELECT gpt_item_index FROM article WHERE gpt_task_id = ${id} GROUP BY gpt_item_index HAVING COUNT(*) > 1`);
    expect(twice).toEqual([]);
    const items = await data.all(sql<{ gpt_item_index: number }>`SELECT gpt_item_index FROM article WHERE gpt_task_id = ${id} ORDER BY gpt_item_index`);
    expect(items.map((r) => Number(r.gpt_item_index))).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const task = (await api<Rec>(other.base, token, 'GET', `${A}/pollTaskStatus`, { query: { id } })).body.data;
    expect(task).toMatchObject({ status: 2, statusName: '已完成', total: 60, successCount: 60, failCount: 0 });
    // the provider was asked for every item (those A had in flight when it died, twice)
    expect(ai.counts.arrivals.length).toBeGreaterThanOrEqual(60);
  }, 180_000);

  it('a task running on one instance is cancelled through the other: it stops and is 已取消', async () => {
    // the instances now: the survivor of the test before and a new one
    const live = instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
    live.push(await instance());
    const token = await login(live[0].base);
    const id = await startTask(live[0].base, token, '跨实例取消', 60);
    await until(async () => (await holder(id)).state === 'running' && (await articles(id)) >= 4, 30_000);
    const owner = (await holder(id)).owner;
    const runner = live.find((i) => runsOn(owner, i))!;
    const other = live.find((i) => i !== runner)!;
    expect(runner).toBeDefined();
    expect(other).toBeDefined();

    const asked = Date.now();
    const r = await api<Rec>(other.base, token, 'POST', `${A}/cancel`, { json: { ids: id } });
    expect(r.body).toMatchObject({ code: 200, success: true });
    const replied = Date.now();
    await until(async () => (await holder(id)).state === 'cancelled', 30_000);
    // measured, not asserted (docs/benchmarks.md keeps the numbers): the issue wants it within 5 s
    console.log(`cancel through the other instance: reply ${replied - asked} ms, the running instance stopped ${Date.now() - asked} ms after the request`);
    const written = await articles(id);
    await stopsAsking(ai.counts, 4); // SEO_AI_CONCURRENCY of the instances
    expect(await articles(id)).toBe(written);
    const task = (await api<Rec>(runner.base, token, 'GET', `${A}/pollTaskStatus`, { query: { id } })).body.data;
    expect(task).toMatchObject({ status: 5, statusName: '已取消', total: 60, successCount: written, failCount: 0 });
    expect(written).toBeLessThan(60);
  }, 120_000);

  it('a restart of PostgreSQL while a task runs: its job runs again once the database is back, one article per item, 已完成', async () => {
    const live = instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
    const token = await login(live[0].base);
    const id = await startTask(live[0].base, token, '数据库重启', 60);
    const count = async (): Promise<number> => {
      try {
        return await articles(id);
      } catch {
        return -1; // this test's own pool, while the database is away
      }
    };
    await until(async () => (await count()) >= 8, 30_000);
    await pg.restart({ mode: 'fast', downMs: 3000 });
    await until(async () => {
      try {
        return Number((await data.get(sql<{ status: number }>`SELECT status FROM gpt_produce_article WHERE id = ${id}`))!.status) !== 1;
      } catch {
        return false;
      }
    }, 90_000, 200);
    const job = await holder(id);
    expect(job.state).toBe('done');
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    const items = await data.all(sql<{ gpt_item_index: number }>`SELECT gpt_item_index FROM article WHERE gpt_task_id = ${id} ORDER BY gpt_item_index`);
    expect(items.map((r) => Number(r.gpt_item_index))).toEqual(Array.from({ length: 60 }, (_, i) => i));
    const task = (await api<Rec>(live[0].base, token, 'GET', `${A}/pollTaskStatus`, { query: { id } })).body.data;
    expect(task).toMatchObject({ status: 2, statusName: '已完成', total: 60, successCount: 60, failCount: 0 });
  }, 150_000);
});
