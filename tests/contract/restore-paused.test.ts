// A restored copy stays quiet until told (issue 37 item 4), on the engine of the project (contract: SQLite,
// restored into a new data folder; contract-postgres: PostgreSQL, restored into a new empty database). A backup is
// taken while a generation runs against the stand-in AI provider; the source is stopped; the backup is restored and
// started: its worker sees the pause and claims nothing (the run's job is claimable: its lease ran out), so no AI
// request reaches the stand-in; the platform administrator's status says paused (by restore). Resumed through the
// console's route, or with `npm run server -- jobs resume`, the run is taken over and goes on to 已完成.
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type EmbeddedServer } from '../../src-server/app';
import { restoreDataFolder, backupDataFolder } from '../../src-server/backup/commands';
import { openDataLayer, sql } from '../../src-server/db/data-layer';
import { api, articleAnswer, fakeAiProvider, login, multipart, sharedPostgres, startHarness, tempDir, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const A = '/website-blade-article/gptProduceArticle';
const KEYWORDS = 40;
const LEASE_MS = 1500;
const root = resolve(import.meta.dirname, '../..');

let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
let backupFile = '';
let taskId = '';
const dirs: string[] = [];

beforeAll(async () => {
  // every answer takes 500 ms: the run is still going when the backup is taken
  ai = await fakeAiProvider(articleAnswer, { delayMs: 500 });
  const h: Harness = await startHarness({ worker: { leaseMs: LEASE_MS } });
  try {
    const base = h.server.url;
    const admin = await login(base);
    const m = await api<Rec>(base, admin, 'POST', '/seo-blade-article/aiModel/submit', { json: { name: '本地', apiKey: 'sk-restore-1', url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 } });
    expect(m.body.code).toBe(200);
    const keywords = Array.from({ length: KEYWORDS }, (_, i) => `关键词${i}`);
    const r = await multipart(base, admin, `${A}/batchProduceArticle`, [
      { name: 'data', value: JSON.stringify({ taskName: '恢复测试', maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
      { name: 'file', value: keywords.join('\n'), filename: 'kw.txt' },
    ]);
    expect(r.status, String(r.body.msg)).toBe(200);
    taskId = String((r.body.data as Rec).id);
    const written = async () => Number((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE gpt_task_id = ${taskId}`))!.n);
    await until(async () => (await written()) >= 2, 60_000);
    const dir = tempDir('seo-restore-paused-');
    dirs.push(dir);
    backupFile = join(dir, 'running.tar.gz');
    await backupDataFolder(h.dataDir, backupFile, h.database);
  } finally {
    await h.stop();
  }
  // the source is gone: what it had sent is answered
  await until(async () => ai.counts.inFlight === 0, 30_000);
}, 120_000);

afterAll(async () => {
  await ai?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Copy {
  server: EmbeddedServer;
  dataDir: string;
  database?: string;
  logs: string[];
  close(): Promise<void>;
}

/** the backup restored into a new data folder (and, on PostgreSQL, a new empty database), then started */
async function restoredCopy(): Promise<Copy> {
  const dataDir = join(tempDir('seo-restored-'), 'data');
  dirs.push(dataDir);
  const database = process.env.ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
  await restoreDataFolder(backupFile, dataDir, database);
  // the run's job as the backup holds it, its lease run out: a worker that claims takes it over
  const data = openDataLayer({ dataDir, database });
  try {
    const job = await data.get(sql<{ state: string; lease_until: number | null; status: number }>`SELECT j.state, j.lease_until, t.status FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${taskId}`);
    // the backup holds the run unfinished: the task 执行中, fewer articles than keywords
    expect(['queued', 'running']).toContain(job!.state);
    expect(Number(job!.status)).toBe(1);
    const written = await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE gpt_task_id = ${taskId}`);
    expect(Number(written!.n)).toBeLessThan(KEYWORDS);
    await until(async () => Date.now() > Number(job!.lease_until ?? 0), 10_000);
  } finally {
    await data.close();
  }
  const logs: string[] = [];
  const server = await startServer({ dataDir, database, port: 0, worker: { leaseMs: LEASE_MS, log: (m) => logs.push(m) } });
  return {
    server,
    dataDir,
    database,
    logs,
    async close() {
      await server.close();
      if (database) await (await sharedPostgres()).dropDatabase(database);
    },
  };
}

/** the copy's worker has looked at the pause (or, without one, asked the provider) */
async function quietAfterStart(copy: Copy, before: number): Promise<void> {
  await until(async () => copy.logs.some((l) => l.startsWith('background work paused')) || ai.counts.arrivals.length > before, 30_000);
  expect(ai.counts.arrivals.length, 'AI requests from the restored copy before it was resumed').toBe(before);
  // a few more polls of its worker (250 ms each) see the pause again: still nothing
  await until(async () => (await statusOf(copy)).paused === true);
  expect(ai.counts.arrivals.length).toBe(before);
}

async function statusOf(copy: Copy): Promise<Rec> {
  const admin = await login(copy.server.url);
  return (await api<Rec>(copy.server.url, admin, 'GET', '/website-blade-system/background-work/status')).body.data;
}

/** the run goes on in the copy: the provider is asked again and the task reaches 已完成 with every article */
async function goesOn(copy: Copy, before: number): Promise<void> {
  const admin = await login(copy.server.url);
  await until(async () => ai.counts.arrivals.length > before, 30_000);
  await until(async () => Number((await api<Rec>(copy.server.url, admin, 'GET', `${A}/pollTaskStatus`, { query: { id: taskId } })).body.data.status) === 2, 90_000);
  const done = (await api<Rec>(copy.server.url, admin, 'GET', `${A}/pollTaskStatus`, { query: { id: taskId } })).body.data;
  expect(done).toMatchObject({ status: 2, statusName: '已完成', total: KEYWORDS, successCount: KEYWORDS, failCount: 0 });
  expect(copy.logs).toContain('background work resumed: jobs and schedules run');
}

describe('a restored copy stays quiet until told', () => {
  it('no AI request until the platform administrator resumes it (恢复后台任务); then the run goes on', async () => {
    const before = ai.counts.arrivals.length;
    const copy = await restoredCopy();
    try {
      await quietAfterStart(copy, before);
      expect(await statusOf(copy)).toMatchObject({ paused: true, by: 'restore' });
      const admin = await login(copy.server.url);
      const resumed = await api<Rec>(copy.server.url, admin, 'POST', '/website-blade-system/background-work/resume', { json: {} });
      expect(resumed.body).toMatchObject({ code: 200, success: true, msg: '后台任务已恢复', data: { paused: false } });
      expect(await statusOf(copy)).toMatchObject({ paused: false, by: null });
      await goesOn(copy, before);
    } finally {
      await copy.close();
    }
  }, 180_000);

  it('npm run server -- jobs resume lets it run too', async () => {
    await until(async () => ai.counts.inFlight === 0, 30_000);
    const before = ai.counts.arrivals.length;
    const copy = await restoredCopy();
    try {
      await quietAfterStart(copy, before);
      const args = ['--import', 'tsx', 'src-server/cli.ts', 'jobs', 'resume', '--data', copy.dataDir, ...(copy.database ? ['--database', copy.database] : [])];
      const env = { ...process.env };
      delete env.SEO_DATABASE_URL;
      const out = await promisify(execFile)(process.execPath, args, { cwd: root, encoding: 'utf8', env });
      expect(out.stdout).toMatch(/^background work resumed \(paused since .* by restore\)/);
      await goesOn(copy, before);
    } finally {
      await copy.close();
    }
  }, 180_000);
});
