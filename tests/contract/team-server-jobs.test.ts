// Durable jobs on a team server (issue 30): two instances of `npm run server --
// --database` (two processes) on one real PostgreSQL. 20 deploy tasks on a
// 2-second FIX_RATE run for a minute: every trigger ran exactly once (each
// trigger is a job keyed `deploy-task:<task>:<time>`; the triggers of a task are
// its schedule's times one after the other, none missing, none twice, and its
// execution count is the number of triggers that ran), and both instances ran
// some; the trigger job of an instance that died is taken over once its lease
// runs out; a restart of PostgreSQL does not stop them. Then the roles: an `--role api` instance arms tasks but fires none; a
// `--role worker` instance fires them and answers only /api/health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { MSG_WORKER_ONLY } from '../../src-server/app';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { api, login, startCli, tempDir, until } from './helpers';

type Rec = Record<string, unknown>;
let pg: PostgresServer;
const children: ChildProcess[] = [];

async function start(database: string, dataDir: string, ...args: string[]): Promise<string> {
  const { child, base } = await startCli(['--database', database, '--data', dataDir, ...args]);
  children.push(child);
  return base;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);

afterAll(async () => {
  for (const c of children) await stop(c);
  await pg?.close();
});

const DT = '/website-blade-deploy/deployTasks';
const RATE_MS = 2000;

/** a website group without websites (a run is quick: the scheduler is what is under test) and `n` FIX_RATE 2 s tasks on it */
async function tasksOn(base: string, token: string, n: number): Promise<string[]> {
  const post = (path: string, json: Rec) => api<Rec>(base, token, 'POST', path, { json });
  const group = await post('/website-blade-material/websiteGroup/save', { name: '定时组', type: 0 });
  expect(group.body.code).toBe(200);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await post(`${DT}/save`, { taskName: `定时${i}`, groupIds: group.body.data.id, scheduleType: 'FIX_RATE', scheduleConf: String(RATE_MS / 1000), articleCount: 0 });
    expect(r.body.code).toBe(200);
    ids.push(r.body.data.id as string);
  }
  return ids;
}

const jobSwitch = (base: string, token: string, id: string, status: number) => api<Rec>(base, token, 'POST', `${DT}/jobSwitch`, { json: { id, status } });

describe('two instances on one PostgreSQL: scheduled deploy tasks', () => {
  let database: string;
  let data: DataLayer;
  let a: string;
  let b: string;
  beforeAll(async () => {
    database = await pg.createDatabase();
    const dataDir = tempDir('seo-jobs-');
    [a, b] = await Promise.all([start(database, dataDir), start(database, dataDir)]);
    data = postgresDataLayer(database, { max: 2 });
  }, 120_000);
  afterAll(async () => {
    await data?.close();
  });

  it('20 tasks on a 2-second FIX_RATE for a minute: every trigger ran exactly once, on either instance', async () => {
    const token = await login(a);
    const ids = await tasksOn(a, token, 20);
    // switched on through both instances
    for (const [i, id] of ids.entries()) expect((await jobSwitch(i % 2 ? b : a, token, id, 1)).body.data).toMatchObject({ status: 1 });
    const first = new Map<string, number>();
    for (const r of await data.all(sql<{ id: string; next_time: number }>`SELECT id, next_time FROM deploy_tasks WHERE id IN (${sql.join(ids)})`)) {
      first.set(r.id, Number(r.next_time));
    }
    await new Promise((r) => setTimeout(r, 60_000));
    // switched off through both instances; when each was switched off bounds its triggers
    const offStart = new Map<string, number>();
    const offEnd = new Map<string, number>();
    for (const [i, id] of ids.entries()) {
      offStart.set(id, Date.now());
      expect((await jobSwitch(i % 2 ? a : b, token, id, 0)).body.data).toMatchObject({ status: 0 });
      offEnd.set(id, Date.now());
    }
    // the triggers queued before the switch-off run out
    await until(async () => (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'deploy-task' AND state IN ('queued', 'running')`))!.n === 0, 30_000);

    const jobs = await data.all(sql<{ job_key: string; state: string; attempts: number; lease_owner: string; progress: string | null }>`
      SELECT job_key, state, attempts, lease_owner, progress FROM job WHERE kind = 'deploy-task'`);
    const counts = new Map((await data.all(sql<{ id: string; execute_count: number }>`SELECT id, execute_count FROM deploy_tasks WHERE id IN (${sql.join(ids)})`)).map((r) => [r.id, Number(r.execute_count)]));
    let total = 0;
    for (const id of ids) {
      const mine = jobs.filter((j) => j.job_key.startsWith(`deploy-task:${id}:`));
      const times = mine.map((j) => Number(j.job_key.split(':')[2])).sort((x, y) => x - y);
      // the schedule's times one after the other from the first: none missing, none twice
      expect(times, id).toEqual(times.map((_, k) => first.get(id)! + k * RATE_MS));
      // every trigger due a second before the switch-off was queued, none after it
      const due = (until: number) => Math.floor((until - first.get(id)!) / RATE_MS) + 1;
      expect(times.length, id).toBeGreaterThanOrEqual(due(offStart.get(id)! - 1000));
      expect(times.length, id).toBeLessThanOrEqual(due(offEnd.get(id)!));
      expect(times.length, id).toBeGreaterThanOrEqual(25);
      // each ran once: done at the first attempt, and counted once by the task (a trigger dropped because the task
      // had just been switched off says so and is not counted)
      expect(mine.every((j) => j.state === 'done' && Number(j.attempts) === 1), id).toBe(true);
      const ran = mine.filter((j) => !(JSON.parse(j.progress ?? '{}') as Rec).skipped);
      expect(mine.length - ran.length, id).toBeLessThanOrEqual(1);
      expect(counts.get(id), id).toBe(ran.length);
      total += ran.length;
    }
    expect(total).toBeGreaterThanOrEqual(20 * 25);
    // both instances ran triggers
    expect(new Set(jobs.map((j) => j.lease_owner)).size).toBe(2);
    // and nothing fires once switched off
    const after = await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'deploy-task'`);
    await new Promise((r) => setTimeout(r, 2 * RATE_MS + 500));
    expect((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'deploy-task'`))!.n).toBe(after!.n);
  }, 180_000);

  it('the trigger job of an instance that died mid-run is taken over by a live one once its lease runs out', async () => {
    const token = await login(a);
    const [id] = await tasksOn(a, token, 1);
    // started, with no trigger of its own to come: the only run is the dead instance's
    await data.run(sql`UPDATE deploy_tasks SET status = 1, next_time = NULL WHERE id = ${id}`);
    const now = Date.now();
    const key = `deploy-task:${id}:${now}`;
    await data.run(sql`INSERT INTO job (id, kind, tenant_id, job_key, payload, state, priority, run_at, attempts, max_attempts, lease_owner, lease_until,
        cancel_requested, create_time, update_time, start_time)
      VALUES ('9000000000000000001', 'deploy-task', '000000', ${key}, ${JSON.stringify({ taskId: id, trigger: now })}, 'running', 0, ${now}, 1, 3,
        'killed-host/4242/dead00', ${now + 1500}, 0, ${now}, ${now}, ${now})`);
    await until(async () => (await data.get(sql<{ state: string }>`SELECT state FROM job WHERE job_key = ${key}`))!.state === 'done', 30_000);
    const job = (await data.get(sql<{ attempts: number; lease_owner: string }>`SELECT attempts, lease_owner FROM job WHERE job_key = ${key}`))!;
    expect(Number(job.attempts)).toBe(2);
    expect(job.lease_owner).not.toBe('killed-host/4242/dead00');
    expect(Number((await data.get(sql<{ n: number }>`SELECT execute_count AS n FROM deploy_tasks WHERE id = ${id}`))!.n)).toBe(1);
    await jobSwitch(a, token, id, 0);
  }, 60_000);

  it('a restart of PostgreSQL: the schedule and the workers carry on by themselves', async () => {
    const token = await login(b);
    const [id] = await tasksOn(b, token, 1);
    await jobSwitch(b, token, id, 1);
    const count = async (): Promise<number> => {
      try {
        return Number((await data.get(sql<{ n: number }>`SELECT execute_count AS n FROM deploy_tasks WHERE id = ${id}`))!.n);
      } catch {
        return -1; // this test's own pool, while the database is away
      }
    };
    await until(async () => (await count()) >= 1, 60_000);
    await pg.restart({ mode: 'fast', downMs: 3000 });
    const before = await until(async () => (await count()) >= 0, 60_000).then(count);
    await until(async () => (await count()) >= before + 2, 30_000);
    await jobSwitch(a, await login(a), id, 0);
    await until(async () => (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE job_key LIKE ${`deploy-task:${id}:%`} AND state IN ('queued', 'running')`))!.n === 0, 30_000);
    // every trigger queued ran once (a trigger due while the database was away is skipped, not run twice)
    const jobs = await data.all(sql<{ state: string; progress: string | null }>`SELECT state, progress FROM job WHERE job_key LIKE ${`deploy-task:${id}:%`}`);
    const ran = jobs.filter((j) => j.state === 'done' && !(JSON.parse(j.progress ?? '{}') as Rec).skipped).length;
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
    expect(await count()).toBe(ran);
  }, 120_000);
});

describe('roles', () => {
  it('an api instance arms tasks and fires none; a worker instance fires them and serves only /api/health', async () => {
    const database = await pg.createDatabase();
    const dataDir = tempDir('seo-roles-');
    const apiBase = await start(database, dataDir, '--role', 'api');
    const data = postgresDataLayer(database, { max: 2 });
    try {
      const token = await login(apiBase);
      const [id] = await tasksOn(apiBase, token, 1);
      expect((await jobSwitch(apiBase, token, id, 1)).body.data).toMatchObject({ status: 1 });
      const next = Number((await data.get(sql<{ next_time: number }>`SELECT next_time FROM deploy_tasks WHERE id = ${id}`))!.next_time);
      // past its first trigger, nothing fired: no instance works jobs
      await until(async () => Date.now() > next + RATE_MS, 10_000);
      expect((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job`))!.n).toBe(0);
      expect((await data.get(sql<{ next_time: number }>`SELECT next_time FROM deploy_tasks WHERE id = ${id}`))!.next_time).toBe(next);

      const workerBase = await start(database, dataDir, '--role', 'worker');
      await until(async () => Number((await data.get(sql<{ n: number }>`SELECT execute_count AS n FROM deploy_tasks WHERE id = ${id}`))!.n) >= 2, 60_000);
      const owners = await data.all(sql<{ lease_owner: string }>`SELECT DISTINCT lease_owner FROM job WHERE kind = 'deploy-task' AND state = 'done'`);
      expect(owners).toHaveLength(1);
      // the worker answers its probe, and nothing else
      const health = await fetch(`${workerBase}/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { data: Rec }).data).toMatchObject({ engine: 'postgres', database: 'up' });
      const refused = await api<Rec>(workerBase, token, 'GET', `${DT}/detail`, { query: { id } });
      expect(refused).toMatchObject({ status: 404, body: { code: 404, success: false, msg: MSG_WORKER_ONLY } });
      // the api instance answers the task, run by the worker
      const detail = await api<Rec>(apiBase, token, 'GET', `${DT}/detail`, { query: { id } });
      expect(Number(detail.body.data.executeCount)).toBeGreaterThanOrEqual(2);
      expect((await jobSwitch(apiBase, token, id, 0)).body.data).toMatchObject({ status: 0 });
    } finally {
      await data.close();
    }
  }, 120_000);

  it('the embedded back end (no --database) is one process: --role api or worker is refused', async () => {
    await expect(startCli(['--data', tempDir('seo-roles-lite-'), '--role', 'worker'])).rejects.toThrow('--database');
    await expect(startCli(['--data', tempDir('seo-roles-lite-'), '--role', 'boss'])).rejects.toThrow('--role: api, worker or all');
  });
});
