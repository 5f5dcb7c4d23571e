// Import tasks as durable jobs (issue 30, import-runner.ts), on the harness's engine (SQLite, and PostgreSQL in
// the contract-postgres project): a keyword import whose first run is cut (its instance stops mid-way and gives
// the job back; or its lease is taken over by another instance) continues after its last committed chunk, its
// rows complete and unduplicated; a run that lost its lease commits nothing more; a cancel keeps the rows already
// imported and ends the task 已取消.
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type EmbeddedServer } from '../../src-server/app';
import { postgresDataLayer, sql, sqliteDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { openDatabase } from '../../src-server/db/database';
import { api, ENGINE, login, multipart, sharedPostgres, tempDir, until } from './helpers';
import { JobQueue } from '../../src-server/jobs/queue';
import { JobWorker } from '../../src-server/jobs/worker';
import type { Jobs } from '../../src-server/jobs/jobs';
import { ImportRunner } from '../../src-server/modules/content/imports/import-runner';
import { FileStores } from '../../src-server/files/file-stores';
import { SecretBox } from '../../src-server/util/secret-box';
import { CacheRegistry } from '../../src-server/system/cache';
import { systemClock } from '../../src-server/util/clock';

type Rec = Record<string, unknown>;
const K = '/website-blade-article/keyword/import';
const T = '/seo-blade-material/importTask';
/** three chunks of the keyword import (100,000 staged lines each) */
const N = 250_000;
const WORDS = Array.from({ length: N }, (_, i) => `jobkw-${String(i).padStart(6, '0')}`);

interface Task {
  status: number;
  done_lines: number;
  total_rows: number;
  success_rows: number;
  failed_rows: number;
  job_id: string;
}

const open: { server?: EmbeddedServer; data?: DataLayer }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.data?.close();
    await o.server?.close();
  }
});

/** a back end on `dataDir` (and `database`) whose worker gives its jobs back at once when it stops, with a short lease */
async function backEnd(dataDir: string, database: string | undefined): Promise<{ server: EmbeddedServer; token: string }> {
  const server = await startServer({ dataDir, port: 0, database, worker: { graceMs: 0, leaseMs: 3000, pollMs: 100 } });
  open.push({ server });
  return { server, token: await login(server.url) };
}

async function place(): Promise<{ dataDir: string; database: string | undefined; data: DataLayer }> {
  const dataDir = tempDir('seo-import-jobs-');
  const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
  // the schema first (a back end started and stopped), then this test's own connection to read it
  const first = await startServer({ dataDir, port: 0, database });
  await first.close();
  const data = database ? postgresDataLayer(database, { max: 2 }) : sqliteDataLayer(openDatabase(dataDir));
  open.unshift({ data });
  return { dataDir, database, data };
}

const taskOf = async (data: DataLayer, id: string): Promise<Task> => {
  const t = (await data.get(sql<Task>`SELECT status, done_lines, total_rows, success_rows, failed_rows, job_id FROM import_task WHERE id = ${id}`))!;
  return { ...t, status: Number(t.status), done_lines: Number(t.done_lines), total_rows: Number(t.total_rows), success_rows: Number(t.success_rows), failed_rows: Number(t.failed_rows) };
};

const keywords = async (data: DataLayer): Promise<{ rows: number; distinct: number }> => {
  const r = (await data.get(sql<{ n: number; d: number }>`SELECT COUNT(*) AS n, COUNT(DISTINCT keyword) AS d FROM keyword
    WHERE tenant_id = '000000' AND is_deleted = 0 AND keyword LIKE 'jobkw-%'`))!;
  return { rows: Number(r.n), distinct: Number(r.d) };
};

const jobOf = async (data: DataLayer, id: string) =>
  (await data.get(sql<{ state: string; attempts: number; lease_owner: string | null; progress: string | null }>`SELECT state, attempts, lease_owner, progress FROM job WHERE id = ${id}`))!;

async function startImport(base: string, token: string): Promise<string> {
  const r = await multipart(base, token, K, [{ name: 'file', value: `${WORDS.join('\n')}\n`, filename: 'jobkw.txt' }]);
  expect(r.body.code).toBe(200);
  return String((r.body.data as Rec).id);
}

/** the whole file imported once: every keyword a row, none twice, the task 已完成 with its counts */
async function expectComplete(data: DataLayer, id: string): Promise<void> {
  expect(await taskOf(data, id)).toMatchObject({ status: 2, done_lines: N, total_rows: N, success_rows: N, failed_rows: 0 });
  expect(await keywords(data)).toEqual({ rows: N, distinct: N });
}

describe('an import task is a durable job', () => {
  it('its first run cut by its instance stopping, the next instance continues after the last committed chunk', async () => {
    const { dataDir, database, data } = await place();
    const a = await backEnd(dataDir, database);
    const id = await startImport(a.server.url, a.token);
    const { job_id: jobId } = await taskOf(data, id);
    expect(jobId).toBeTruthy();
    // the first chunk committed: the instance stops (its worker gives the job back without waiting)
    await until(async () => (await taskOf(data, id)).done_lines > 0, 60_000, 5);
    await a.server.close();
    const cut = await taskOf(data, id);
    expect(cut.status).toBe(1);
    expect(cut.done_lines).toBeGreaterThan(0);
    expect(cut.done_lines).toBeLessThan(N);
    // what the first run committed is exactly its chunks' rows
    expect((await keywords(data)).rows).toBe(cut.success_rows);
    // given back (queued), or, when the stop did not wait for the chunk in flight, left running until its lease runs out
    expect(['queued', 'running']).toContain((await jobOf(data, jobId)).state);

    const b = await backEnd(dataDir, database);
    await until(async () => (await taskOf(data, id)).status >= 2, 90_000);
    await expectComplete(data, id);
    const job = await jobOf(data, jobId);
    expect(job.state).toBe('done');
    expect(JSON.parse(job.progress ?? '{}')).toMatchObject({ done: N, total: N, failed: 0 });
    // through the API too
    expect((await api<Rec>(b.server.url, b.token, 'GET', `${T}/detail`, { query: { id } })).body.data).toMatchObject({ status: 2, statusName: '已完成', successRows: N });
  }, 180_000);

  it('a run whose lease another instance took commits no further chunk; the taker continues after the last committed one', async () => {
    const { dataDir, database, data } = await place();
    const a = await backEnd(dataDir, database);
    const id = await startImport(a.server.url, a.token);
    const { job_id: jobId } = await taskOf(data, id);
    await until(async () => (await taskOf(data, id)).done_lines > 0, 60_000, 5);
    // another instance takes the job over (as a claim after a lease ran out does: a new owner, the next attempt)
    const before = await jobOf(data, jobId);
    expect(before.lease_owner).toBeTruthy();
    const far = Date.now() + 600_000;
    expect(await data.run(sql`UPDATE job SET lease_owner = 'other-host/1/000000', attempts = attempts + 1, lease_until = ${far} WHERE id = ${jobId} AND state = 'running'`)).toBe(1);
    const taken = await taskOf(data, id);
    // the first run learns it at its next heartbeat (a second at most with this lease) and stops: nothing it had in
    // flight is committed
    await new Promise((r) => setTimeout(r, 4000));
    expect(await taskOf(data, id)).toEqual(taken);
    expect((await keywords(data)).rows).toBe(taken.success_rows);
    expect(taken.done_lines).toBeLessThan(N);
    // the other instance dies in turn: its lease runs out and the first instance's worker takes the job over
    expect(await data.run(sql`UPDATE job SET lease_until = ${Date.now() - 1} WHERE id = ${jobId}`)).toBe(1);
    await until(async () => (await taskOf(data, id)).status >= 2, 90_000);
    await expectComplete(data, id);
    const job = await jobOf(data, jobId);
    expect(job).toMatchObject({ state: 'done', lease_owner: before.lease_owner });
    // the other instance's attempt and the takeover; on a machine so busy that a 3 s lease ran out between two
    // heartbeats the worker took its own job over once more (seen at a load average of 14): more attempts, the same
    // rows (expectComplete above)
    expect(Number(job.attempts)).toBeGreaterThanOrEqual(Number(before.attempts) + 2);
  }, 180_000);

  it('取消: the task ends 已取消 at once, the rows already imported kept and nothing written after; a finished task cannot be cancelled', async () => {
    const { dataDir, database, data } = await place();
    const a = await backEnd(dataDir, database);
    const post = (path: string, json: Rec) => api<Rec>(a.server.url, a.token, 'POST', path, { json });
    const id = await startImport(a.server.url, a.token);
    const { job_id: jobId } = await taskOf(data, id);
    await until(async () => (await taskOf(data, id)).done_lines > 0, 60_000, 5);
    const cancelled = await post(`${T}/cancel`, { id });
    expect(cancelled.body).toMatchObject({ code: 200, data: { id, status: 5 } });
    // the job stops on its instance (its next heartbeat, or at once by the queue's notice)
    await until(async () => (await jobOf(data, jobId)).state === 'cancelled', 60_000);
    const after = await taskOf(data, id);
    expect(after.status).toBe(5);
    expect(after.done_lines).toBeLessThan(N);
    expect(await keywords(data)).toEqual({ rows: after.success_rows, distinct: after.success_rows });
    const detail = (await api<Rec>(a.server.url, a.token, 'GET', `${T}/detail`, { query: { id } })).body.data;
    expect(detail).toMatchObject({ status: 5, statusName: '已取消' });
    // nothing to cancel any more, or nothing of this tenant's
    expect((await post(`${T}/cancel`, { id })).body.msg).toBe('任务已结束，不能取消');
    expect((await post(`${T}/cancel`, { id: '1' })).body.msg).toBe('数据不存在或已被删除');
    expect((await post(`${T}/cancel`, {})).body.msg).toBe('数据不存在或已被删除');
    // a queued task's job is cancelled before it runs: a small import, cancelled as soon as it is created
    const small = await post(K, { keywords: ['jobkw-x'] });
    const smallId = String(small.body.data.id);
    const r = await post(`${T}/cancel`, { id: smallId });
    if (r.body.code === 200) {
      expect(r.body.data).toMatchObject({ status: 5 });
      const smallJob = (await taskOf(data, smallId)).job_id;
      await until(async () => (await jobOf(data, smallJob)).state === 'cancelled', 60_000);
    } else expect(r.body.msg).toBe('任务已结束，不能取消'); // it was quicker
  }, 180_000);

  it('取消 while a worker holds the claim: the task 已取消 and its job cancelled, never 已完成, nothing imported', async () => {
    // The race of a small import cancelled at once, made deliberate: the worker's claim is taken and held (its
    // handler waits at a gate) when the cancel commits; then the run reads its task 已取消 and returns. The cancel
    // goes through another runner (another instance's queue: on SQLite no in-process signal reaches the worker,
    // and its heartbeat is a minute away), so the run ends before it hears of the cancel.
    const { dataDir, data } = await place();
    const files = () => new FileStores(data, dataDir, SecretBox.forDataDir(dataDir), new CacheRegistry());
    const queue = new JobQueue(data, systemClock);
    const worker = new JobWorker(queue, { pollMs: 50, leaseMs: 180_000, heartbeatMs: 60_000, graceMs: 0 });
    let claimed!: () => void;
    const held = new Promise<void>((resolve) => (claimed = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated: Jobs = {
      queue,
      working: true,
      handle: (kind, handler, options) =>
        worker.handle(kind, async (job, ctx) => {
          claimed();
          await gate;
          return handler(job, ctx);
        }, options),
      paused: () => worker.paused(),
      wake: () => worker.wake(),
    };
    new ImportRunner(data, files(), systemClock, new Map(), gated);
    const elsewhere = new ImportRunner(data, files(), systemClock, new Map(), { queue: new JobQueue(data, systemClock), working: false, handle: () => undefined, paused: async () => false, wake: () => undefined });
    const scope = { tenantId: '000000', userId: '1', deptId: '1' };
    const task = await elsewhere.start(scope, { kind: 'keyword', format: 'lines', taskName: 'race', lines: ['jobkw-race'] });
    const id = String(task.id);
    const { job_id: jobId } = await taskOf(data, id);
    await worker.start();
    try {
      await held;
      expect((await jobOf(data, jobId)).state).toBe('running');
      expect(await elsewhere.cancel(scope, id)).toMatchObject({ id, status: 5 });
      release();
      await until(async () => !['queued', 'running'].includes(String((await jobOf(data, jobId)).state)), 30_000);
      expect((await jobOf(data, jobId)).state).toBe('cancelled');
      expect(await taskOf(data, id)).toMatchObject({ status: 5, success_rows: 0 });
      expect(await keywords(data)).toEqual({ rows: 0, distinct: 0 });
    } finally {
      release();
      await worker.stop(0);
    }
  }, 60_000);

  it('a task removed while it runs: its job stops with the reason, nothing more is written', async () => {
    const { dataDir, database, data } = await place();
    const a = await backEnd(dataDir, database);
    const id = await startImport(a.server.url, a.token);
    const { job_id: jobId } = await taskOf(data, id);
    await until(async () => (await taskOf(data, id)).done_lines > 0, 60_000, 5);
    expect((await api<Rec>(a.server.url, a.token, 'POST', `${T}/remove`, { query: { ids: id } })).body.code).toBe(200);
    await until(async () => (await jobOf(data, jobId)).state === 'failed', 30_000);
    expect((await data.get(sql<{ error: string }>`SELECT error FROM job WHERE id = ${jobId}`))!.error).toBe('导入任务已删除');
    const left = await taskOf(data, id);
    expect(left.done_lines).toBeLessThan(N);
    expect(await keywords(data)).toEqual({ rows: left.success_rows, distinct: left.success_rows });
  }, 180_000);
});
