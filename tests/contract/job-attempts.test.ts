// Operators can read what happened to a job (issue 37 item 6), on the harness's
// engine (contract: SQLite, contract-postgres: PostgreSQL), through the task
// screens' answers (an import task's `job`):
// - every attempt is kept (job_attempt) with its instance, start, end, outcome and
//   reason: a failure, a takeover after the lease of an instance that died ran out
//   (naming the instance that took it over: two job runners, the heir a real
//   JobWorker on a data layer of its own on PostgreSQL), the heir's success;
// - a job no worker claimed for longer than a lease, with no instance alive that
//   runs its kind, answers since when it waits (等待工作进程), and not while a worker
//   of its kind is alive (only busy);
// - instances are named host/role/pid/random, so the console can say host and role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { instanceNameOf, instanceParts, type JobView } from '../../src-shared/jobs';
import type { Page } from '../../src-shared/wire';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { DEFAULT_LEASE_MS, JobQueue } from '../../src-server/jobs/queue';
import { JobWorker } from '../../src-server/jobs/worker';
import { ReasonError } from '../../src-server/http/reasons';
import { formatDateTime } from '../../src-server/util/dates';
import { api, login, startHarness, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let admin: string;
let other: DataLayer | undefined;
const workers: JobWorker[] = [];

const KIND = 'job-attempts-test';
const IDLE_KIND = 'job-attempts-idle';
const DEAD = instanceNameOf({ host: 'db-1', role: 'worker', pid: '4101', suffix: 'a1b2c3' });

beforeAll(async () => {
  h = await startHarness();
  admin = await login(h.server.url);
  // the heir runs as another instance: on PostgreSQL a data layer (a pool) of its own
  if (h.database) other = postgresDataLayer(h.database, { max: 4 });
}, 60_000);
afterAll(async () => {
  for (const w of workers) await w.stop(100);
  await other?.close();
  await h.stop();
});

/** an import task whose job_id is a job of `kind` enqueued with `spec`; answers both ids */
async function taskWithJob(name: string, kind: string, spec: { runAt?: number; maxAttempts?: number } = {}): Promise<{ task: string; job: string }> {
  const r = await api<Rec>(h.server.url, admin, 'POST', '/seo-blade-material/importTask/submit', { json: { taskName: name, taskType: 'keyword' } });
  expect(r.status).toBe(200);
  const task = String(r.body.data.id);
  const queue = new JobQueue(h.data(), Date.now);
  const job = await h.data().transaction(async (trx) => {
    const { id } = await queue.enqueue(trx, { kind, tenantId: '000000', key: `job-attempts:${task}`, ...spec });
    await trx.run(sql`UPDATE import_task SET job_id = ${id} WHERE id = ${task}`);
    return id;
  });
  return { task, job };
}

/** the task's job as the import task list answers it */
async function listed(task: string, headers?: Record<string, string>): Promise<JobView> {
  const page = await api<Page<Rec>>(h.server.url, admin, 'GET', '/seo-blade-material/importTask/page', { query: { size: 100 }, headers });
  return page.body.data.records.find((r) => r.id === task)!.job as JobView;
}

describe('what happened to a job', () => {
  it('lists every attempt: a failure, a takeover after the lease ran out naming the heir, the heir\'s success', async () => {
    // the dying instance's clock is 10 minutes back: its lease (1 min) ran out long ago when the heir claims
    let shift = -600_000;
    const dying = new JobQueue(h.data(), () => Date.now() + shift, { backoffMs: 0 });
    const { task, job } = await taskWithJob('尝试记录', KIND, { runAt: Date.now() - 600_000, maxAttempts: 3 });
    expect((await dying.claim([KIND], DEAD, 60_000, 1)).map((j) => j.id)).toEqual([job]);
    expect(await dying.fail(job, DEAD, 'AI接口 http://127.0.0.1:9/v1 返回 502')).toBe('retry');
    shift += 1000;
    expect((await dying.claim([KIND], DEAD, 60_000, 1)).map((j) => j.id)).toEqual([job]);
    // running on the dead instance: one attempt failed, one open
    let view = await listed(task);
    expect(view.history.map((a) => [a.attempt, a.instance, a.outcome, a.reason])).toEqual([
      [1, DEAD, 'failed', 'AI接口 http://127.0.0.1:9/v1 返回 502'],
      [2, DEAD, 'running', null],
    ]);

    // the heir: a real worker, another instance
    const heir = new JobWorker(new JobQueue(other ?? h.data(), Date.now), { role: 'worker', pollMs: 20, heartbeatMs: 50, log: () => undefined });
    workers.push(heir);
    heir.handle(KIND, async () => undefined);
    await heir.start();
    await until(async () => (await heir.queue.get(job))!.state === 'done');
    await heir.stop(100);

    view = await listed(task);
    expect(view).toMatchObject({ state: 'done', attempts: 3, instance: heir.owner, waitingSince: null });
    expect(view.history.map((a) => [a.attempt, a.instance, a.outcome, a.reason, a.takenBy])).toEqual([
      [1, DEAD, 'failed', 'AI接口 http://127.0.0.1:9/v1 返回 502', null],
      [2, DEAD, 'takenOver', null, heir.owner],
      [3, heir.owner, 'done', null, null],
    ]);
    for (const a of view.history) {
      expect(a.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(a.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // the takeover ended the dead instance's attempt when the heir started its own
    expect(view.history[1]!.endTime).toBe(view.history[2]!.startTime);
    // instances say their host and role (the console's words): never only a process id
    expect(instanceParts(heir.owner)).toMatchObject({ host: hostname(), role: 'worker', pid: String(process.pid) });
    expect(instanceParts(DEAD)).toMatchObject({ host: 'db-1', role: 'worker' });
    // the detail answers the same
    const detail = await api<Rec>(h.server.url, admin, 'GET', '/seo-blade-material/importTask/detail', { query: { id: task } });
    expect((detail.body.data.job as JobView).history).toEqual(view.history);
  });

  it('a job no worker claimed for longer than a lease waits for a worker (since when) once no instance of its kind is alive', async () => {
    const dueAt = Date.now() - 5 * DEFAULT_LEASE_MS;
    // a worker of the kind, busy with a job that does not end: the other, as old, is only queued behind it
    const busy = new JobWorker(new JobQueue(other ?? h.data(), Date.now), { role: 'worker', concurrency: 1, pollMs: 20, heartbeatMs: 50, log: () => undefined });
    workers.push(busy);
    // it runs until its worker stops (then given back to the queue)
    busy.handle(IDLE_KIND, (_job, ctx) => new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve())));
    const first = await taskWithJob('占用工作进程', IDLE_KIND, { runAt: dueAt - 1000 });
    await busy.start();
    await until(async () => busy.runningIds().includes(first.job));
    const second = await taskWithJob('等待工作进程', IDLE_KIND, { runAt: dueAt });
    expect(await listed(second.task)).toMatchObject({ state: 'queued', waitingSince: null, history: [] });

    // the worker is gone (its running job given back, due now, so not late): the old one waits for a worker since it was due
    await busy.stop(100);
    const queued = await new JobQueue(h.data(), Date.now).get(second.job);
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });
    const view = await listed(second.task);
    expect(view).toMatchObject({ state: 'queued', attempts: 0, instance: null });
    expect(view.waitingSince).toBe(formatDateTime(dueAt));
    const lastSeen = Number((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job_instance WHERE kinds LIKE ${`%,${IDLE_KIND},%`}`))!.n);
    expect(lastSeen).toBe(0);

    // a job queued just now is not late yet: queued, not waiting
    const fresh = await taskWithJob('刚排队', IDLE_KIND);
    expect(await listed(fresh.task)).toMatchObject({ state: 'queued', waitingSince: null });

    // a running job whose instance stopped renewing its lease long ago, with no worker of its kind: waits too
    const stale = await taskWithJob('失联', IDLE_KIND, { runAt: dueAt });
    // its clock 3 leases back: the job (due 5 leases ago) is due there, its lease ran out 2 leases ago
    const gone = new JobQueue(h.data(), () => Date.now() - 3 * DEFAULT_LEASE_MS);
    expect((await gone.claim([IDLE_KIND], DEAD, DEFAULT_LEASE_MS, 5)).map((j) => j.id)).toContain(stale.job);
    const lost = await listed(stale.task);
    expect(lost).toMatchObject({ state: 'running', instance: DEAD });
    expect(lost.waitingSince).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a failure and a lost lease keep their reason as a message: zh without Accept-Language, en with Accept-Language: en', async () => {
    const kind = 'job-attempts-reasons';
    // a job whose instance stopped renewing its lease, no attempt left: the next claim of its kind gives it up
    const lost = await taskWithJob('失联原因', kind, { runAt: Date.now() - 600_000, maxAttempts: 1 });
    expect((await new JobQueue(h.data(), () => Date.now() - 600_000).claim([kind], DEAD, 60_000, 1)).map((j) => j.id)).toEqual([lost.job]);
    // a job whose handler fails with a keyed reason carrying the provider's own words
    const failing = await taskWithJob('失败原因', kind, { maxAttempts: 1 });
    const worker = new JobWorker(new JobQueue(h.data(), Date.now), { role: 'worker', pollMs: 20, heartbeatMs: 50, log: () => undefined });
    workers.push(worker);
    worker.handle(kind, async () => {
      throw new ReasonError({ key: 'genReason.httpDetail', params: { status: 502, endpoint: 'http://127.0.0.1:9/v1', detail: 'Bad gateway' } });
    });
    await worker.start();
    await until(async () => (await worker.queue.get(failing.job))!.state === 'failed' && (await worker.queue.get(lost.job))!.state === 'failed');
    await worker.stop(100);
    const en = { 'Accept-Language': 'en' };
    const zhFailed = 'AI接口错误: HTTP 502 http://127.0.0.1:9/v1 (Bad gateway)';
    const enFailed = 'The AI endpoint answered an error: HTTP 502 http://127.0.0.1:9/v1 (Bad gateway)';
    expect(await listed(failing.task)).toMatchObject({ state: 'failed', error: zhFailed });
    expect((await listed(failing.task)).history.map((a) => a.reason)).toEqual([zhFailed]);
    expect(await listed(failing.task, en)).toMatchObject({ state: 'failed', error: enFailed });
    expect((await listed(failing.task, en)).history.map((a) => a.reason)).toEqual([enFailed]);
    const zhLost = '执行的实例失联（租约到期未续），尝试次数已用完';
    const enLost = 'The instance running it stopped answering (its lease ran out unrenewed) and no attempt is left';
    expect(await listed(lost.task)).toMatchObject({ state: 'failed', error: zhLost });
    const lostEn = await listed(lost.task, en);
    expect(lostEn).toMatchObject({ state: 'failed', error: enLost });
    expect(lostEn.history.map((a) => [a.outcome, a.reason])).toEqual([['lost', enLost]]);
  });
});
