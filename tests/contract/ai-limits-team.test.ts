// Per AI model limits across instances (issue 30, docs/team-server.md § AI limits): two
// instances of `npm run server -- --database` (two processes) on one real PostgreSQL,
// each generating articles with the same AI model (并发上限 3) against one local AI
// provider that answers after 300 ms and counts the requests it answers at once: together
// they never send more than 3. An instance killed (kill -9) while its requests ran leaves
// its slots held until their leases run out; then the other instance gets them.
// A task runs on whichever instance claims its job (generation runs are durable jobs): each instance here works one
// job at a time (tests/support/short-lease-server.ts), so two tasks run on the two instances.
// Chooses its engine itself: listed in ENGINE_EXPLICIT (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { api, articleAnswer, fakeAiProvider, login, multipart, startServerScript, tempDir, until } from './helpers';
import { instanceParts } from '../../src-shared/jobs';

type Rec = Record<string, unknown>;
let pg: PostgresServer;
let data: DataLayer;
let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
interface Instance {
  child: ChildProcess;
  url: string;
  token: string;
}
let a: Instance;
let b: Instance;
let modelId: string;
const KEY = 'sk-team-limits-01';
const A = '/website-blade-article';
const M = '/seo-blade-article/aiModel';

beforeAll(async () => {
  ai = await fakeAiProvider(articleAnswer, { delayMs: 300 });
  pg = await startPostgres();
  const database = await pg.createDatabase();
  const dataDir = tempDir('seo-ai-team-');
  const start = async (): Promise<Instance> => {
    // the default job lease (30 s): a killed instance's task is not taken over during the test; one job at a time
    const { child, base } = await startServerScript('tests/support/short-lease-server.ts', [database, dataDir, '30000', '1']);
    return { child, url: base, token: await login(base) };
  };
  [a, b] = await Promise.all([start(), start()]);
  data = postgresDataLayer(database, { max: 2 });
  const r = await api<Rec>(a.url, a.token, 'POST', `${M}/submit`, {
    json: { name: '共用模型', apiKey: KEY, url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1, maxConcurrency: 3, ratePerMinute: 0 },
  });
  expect(r.status, String(r.body.msg)).toBe(200);
  modelId = String(r.body.data.id);
}, 120_000);

afterAll(async () => {
  await data?.close();
  for (const i of [a, b]) {
    if (!i || i.child.exitCode !== null || i.child.signalCode !== null) continue;
    const exited = new Promise((r) => i.child.once('exit', r));
    i.child.kill('SIGTERM');
    await exited;
  }
  await pg?.close();
  await ai?.close();
});

/** Starts a generate-article task over `n` keywords through instance `i`; its id. */
const startTask = async (i: Instance, name: string, n: number): Promise<string> => {
  const keywords = Array.from({ length: n }, (_, k) => `${name}词${k}`);
  const r = await multipart(i.url, i.token, `${A}/gptProduceArticle/batchProduceArticle`, [
    { name: 'data', value: JSON.stringify({ taskName: name, maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
    { name: 'file', value: keywords.join('\n'), filename: 'kw.txt' },
  ]);
  expect(r.status, String(r.body.msg)).toBe(200);
  return String(r.body.data.id);
};
const poll = async (i: Instance, id: string): Promise<Rec> => (await api<Rec>(i.url, i.token, 'GET', `${A}/gptProduceArticle/pollTaskStatus`, { query: { id } })).body.data;
const finished = async (i: Instance, id: string): Promise<Rec> => {
  let last: Rec = {};
  await until(async () => {
    last = await poll(i, id);
    return Number(last.status) >= 2;
  }, 60_000);
  return last;
};

/** the pid of the instance running the task's job (the worker names itself host/role/pid/random), null while none does */
const runner = async (taskId: string): Promise<string | null> => {
  const r = await data.get(sql<{ lease_owner: string | null; state: string }>`SELECT j.lease_owner, j.state FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${taskId}`);
  return r?.state === 'running' && r.lease_owner ? (instanceParts(r.lease_owner)?.pid ?? null) : null;
};

describe('two instances, one AI model with 并发上限 3', () => {
  it('generating at once, together they never send more than 3 requests at once, and send 3', async () => {
    ai.reset();
    const ta = await startTask(a, '甲', 20);
    await until(async () => (await runner(ta)) !== null);
    const tb = await startTask(b, '乙', 20);
    await until(async () => (await runner(tb)) !== null);
    // one job at a time each: the two tasks run on the two instances
    expect([await runner(ta), await runner(tb)].sort()).toEqual([String(a.child.pid), String(b.child.pid)].sort());
    // each instance alone would send 8 at once (SEO_AI_CONCURRENCY): both are at work together
    await until(async () => Number((await poll(a, ta)).successCount) > 0 && Number((await poll(b, tb)).successCount) > 0, 30_000);
    const [pa, pb] = await Promise.all([finished(a, ta), finished(b, tb)]);
    expect([pa.statusName, pa.successCount, pb.statusName, pb.successCount]).toEqual(['已完成', 20, '已完成', 20]);
    expect(ai.counts.arrivals.length).toBe(40);
    expect(ai.counts.maxInFlight).toBe(3);
    // the slots were taken by both instances and all given back
    const holders = await data.all(sql<{ holder: string; held: number }>`SELECT holder, SUM(CASE WHEN released_ms IS NULL THEN 1 ELSE 0 END) AS held
      FROM ai_model_slot WHERE model_id = ${modelId} GROUP BY holder`);
    expect(holders.map((r) => r.holder.split(':').pop()).sort()).toEqual([String(a.child.pid), String(b.child.pid)].sort());
    expect(holders.map((r) => Number(r.held))).toEqual([0, 0]);
  });

  it('an instance killed while its requests ran: its slots stay held until their leases run out, then the other gets them', async () => {
    ai.reset();
    const ta = await startTask(a, '丙', 10);
    await until(async () => ai.counts.inFlight === 3, 30_000);
    // the instance running it dies (either may have claimed its job)
    const dead = (await runner(ta))!;
    const [gone, live] = String(a.child.pid) === dead ? [a, b] : [b, a];
    gone.child.kill('SIGKILL');
    await new Promise((r) => gone.child.once('exit', r));
    const held = async () =>
      Number((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ai_model_slot WHERE model_id = ${modelId} AND released_ms IS NULL AND holder LIKE ${`%:${dead}`}`))?.n);
    expect(await held()).toBe(3);
    // the other instance waits: the dead one's three leases still run
    await until(async () => ai.counts.inFlight === 0, 60_000);
    ai.reset();
    const tb = await startTask(live, '丁', 4);
    await until(async () => Number((await poll(live, tb)).status) === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ai.counts.arrivals.length).toBe(0);
    // two minutes later (the leases moved to their end rather than waited for)
    await data.run(sql`UPDATE ai_model_slot SET expires_ms = ${Date.now() - 1} WHERE model_id = ${modelId} AND released_ms IS NULL AND holder LIKE ${`%:${dead}`}`);
    expect(await finished(live, tb)).toMatchObject({ statusName: '已完成', successCount: 4 });
    expect(ai.counts.maxInFlight).toBe(3);
  });
});
