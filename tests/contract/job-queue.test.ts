// The durable job queue (issue 30, src-server/jobs) on the harness's engine
// (contract: SQLite, contract-postgres: PostgreSQL): enqueue, claim, complete,
// fail with retries and backoff, cancel (queued at once, running at its next
// heartbeat), dedup by key (also inside a caller's transaction), takeover of a
// job whose lease ran out, fairness between tenants, and concurrent claims that
// never take one job twice (on PostgreSQL from two data layers: two instances).
// The worker: handlers by kind, a cancel or a lost lease aborts the handler,
// stop() gives unfinished jobs back. Each test uses kinds of its own (the
// server's own worker claims only the kinds it has handlers for).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { JobQueue, MSG_LEASE_LOST, type Job } from '../../src-server/jobs/queue';
import { JobError, JobWorker, type StopReason } from '../../src-server/jobs/worker';
import { ENGINE, sharedPostgres, startHarness, until, type Harness } from './helpers';

let h: Harness;
let database: string | undefined;
let data: DataLayer;
/** the test clock of the queues that are not run by a worker */
let now = Date.parse('2026-11-27T08:00:00Z');
const clock = () => now;
const extra: DataLayer[] = [];

beforeAll(async () => {
  database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
  h = await startHarness({ database });
  data = h.data();
}, 60_000);
afterAll(async () => {
  for (const d of extra) await d.close();
  await h.stop();
});

const queue = (o: { backoffMs?: number } = {}) => new JobQueue(data, clock, o);

/** on PostgreSQL, `n` more data layers on the database, as other instances would have (closed at the end); none on SQLite */
function otherInstances(n: number): DataLayer[] {
  if (!database) return [];
  const made = Array.from({ length: n }, () => postgresDataLayer(database!, { max: 6 }));
  extra.push(...made);
  return made;
}

describe('the queue', () => {
  it('enqueue, claim, complete: the job is leased to its claimer, and only the claimer finishes it', async () => {
    const q = queue();
    const { id, created } = await q.enqueue(data, { kind: 'q-basic', tenantId: '000000', payload: { a: 1 } });
    expect(created).toBe(true);
    expect(await q.get(id)).toMatchObject({ state: 'queued', attempts: 0, payload: { a: 1 }, tenantId: '000000', leaseOwner: null });
    const [job, more] = await q.claim(['q-basic'], 'inst-a', 30_000, 5);
    expect(more).toBeUndefined();
    expect(job).toMatchObject({ id, state: 'running', attempts: 1, leaseOwner: 'inst-a', leaseUntil: now + 30_000, startTime: now });
    // another instance claims nothing: it is leased
    expect(await q.claim(['q-basic'], 'inst-b', 30_000, 5)).toEqual([]);
    expect(await q.heartbeat(id, 'inst-a', 30_000, { done: 3, total: 5 })).toBe('ok');
    expect((await q.get(id))!.progress).toEqual({ done: 3, total: 5 });
    expect(await q.complete(id, 'inst-b')).toBe(false);
    expect(await q.complete(id, 'inst-a')).toBe(true);
    expect(await q.get(id)).toMatchObject({ state: 'done', endTime: now, leaseOwner: 'inst-a', leaseUntil: null, progress: { done: 3, total: 5 } });
    expect(await q.complete(id, 'inst-a')).toBe(false);
  });

  it('a job not yet due is not claimed; among due ones the higher priority first', async () => {
    const q = queue();
    const later = await q.enqueue(data, { kind: 'q-due', tenantId: '000000', runAt: now + 60_000 });
    const low = await q.enqueue(data, { kind: 'q-due', tenantId: '000000' });
    const high = await q.enqueue(data, { kind: 'q-due', tenantId: '000000', priority: 5 });
    expect((await q.claim(['q-due'], 'a', 600_000, 5)).map((j) => j.id)).toEqual([high.id, low.id]);
    now += 60_000;
    expect((await q.claim(['q-due'], 'a', 600_000, 5)).map((j) => j.id)).toEqual([later.id]);
  });

  it('a failure is retried after a backoff that doubles, until max_attempts; then failed, keeping the reason', async () => {
    const q = queue({ backoffMs: 1000 });
    const { id } = await q.enqueue(data, { kind: 'q-fail', tenantId: '000000', maxAttempts: 3 });
    await q.claim(['q-fail'], 'a', 30_000, 1);
    expect(await q.fail(id, 'b', 'not mine')).toBe('lost');
    expect(await q.fail(id, 'a', '服务器无应答')).toBe('retry');
    expect(await q.get(id)).toMatchObject({ state: 'queued', runAt: now + 1000, error: '服务器无应答', attempts: 1 });
    expect(await q.claim(['q-fail'], 'a', 30_000, 1)).toEqual([]);
    now += 1000;
    expect((await q.claim(['q-fail'], 'a', 30_000, 1))[0]).toMatchObject({ id, attempts: 2 });
    expect(await q.fail(id, 'a', '还是无应答')).toBe('retry');
    expect((await q.get(id))!.runAt).toBe(now + 2000);
    now += 2000;
    await q.claim(['q-fail'], 'a', 30_000, 1);
    expect(await q.fail(id, 'a', '第三次无应答')).toBe('failed');
    expect(await q.get(id)).toMatchObject({ state: 'failed', attempts: 3, error: '第三次无应答', endTime: now });
    now += 60_000;
    expect(await q.claim(['q-fail'], 'a', 30_000, 1)).toEqual([]);
  });

  it('a failure that says not to retry is failed at once', async () => {
    const q = queue();
    const { id } = await q.enqueue(data, { kind: 'q-fail-now', tenantId: '000000', maxAttempts: 5 });
    await q.claim(['q-fail-now'], 'a', 30_000, 1);
    expect(await q.fail(id, 'a', '参数不正确', { retry: false })).toBe('failed');
    expect(await q.get(id)).toMatchObject({ state: 'failed', attempts: 1, error: '参数不正确' });
  });

  it('cancel: a queued job at once, a running one at its next heartbeat', async () => {
    const q = queue();
    const queued = await q.enqueue(data, { kind: 'q-cancel', tenantId: '000000', runAt: now + 1000 });
    expect(await q.cancel(queued.id)).toBe('cancelled');
    now += 1000;
    expect(await q.claim(['q-cancel'], 'a', 30_000, 5)).toEqual([]);
    expect((await q.get(queued.id))!.state).toBe('cancelled');

    const running = await q.enqueue(data, { kind: 'q-cancel', tenantId: '000000' });
    await q.claim(['q-cancel'], 'a', 30_000, 5);
    expect(await q.cancel(running.id)).toBe('requested');
    expect(await q.get(running.id)).toMatchObject({ state: 'running', cancelRequested: true });
    expect(await q.heartbeat(running.id, 'a', 30_000)).toBe('cancelled');
    expect(await q.acknowledgeCancel(running.id, 'b')).toBe(false);
    expect(await q.acknowledgeCancel(running.id, 'a')).toBe(true);
    expect((await q.get(running.id))!.state).toBe('cancelled');
    // finished: nothing to cancel
    expect(await q.cancel(running.id)).toBeNull();
  });

  it('a running job whose cancel was asked ends cancelled even when its handler returns before it hears of it', async () => {
    const q = queue();
    const { id } = await q.enqueue(data, { kind: 'q-cancel-race', tenantId: '000000' });
    await q.claim(['q-cancel-race'], 'a', 30_000, 1);
    expect(await q.cancel(id)).toBe('requested');
    // no heartbeat came between: the run found its work called off and returned as if done
    expect(await q.complete(id, 'a', { done: 0 })).toBe(true);
    expect(await q.get(id)).toMatchObject({ state: 'cancelled', endTime: now, leaseUntil: null });
  });

  it('a running job marked cancelled whose instance died is cancelled once its lease runs out, not taken over', async () => {
    const q = queue();
    const { id } = await q.enqueue(data, { kind: 'q-cancel-dead', tenantId: '000000' });
    await q.claim(['q-cancel-dead'], 'dead', 1000, 1);
    await q.cancel(id);
    now += 1001;
    expect(await q.claim(['q-cancel-dead'], 'b', 1000, 1)).toEqual([]);
    expect(await q.get(id)).toMatchObject({ state: 'cancelled', leaseOwner: 'dead' });
  });

  it('dedup by key: a second enqueue answers the first job; inside a rolled-back transaction nothing is kept', async () => {
    const q = queue();
    const first = await q.enqueue(data, { kind: 'q-key', tenantId: '000000', key: 'item:1', payload: { n: 1 } });
    const second = await q.enqueue(data, { kind: 'q-key', tenantId: '000000', key: 'item:1', payload: { n: 2 } });
    expect(second).toEqual({ id: first.id, created: false });
    expect((await q.get(first.id))!.payload).toEqual({ n: 1 });
    // in the caller's transaction: the row and its job commit together, or neither
    await expect(
      data.transaction(async (trx) => {
        await q.enqueue(trx, { kind: 'q-key', tenantId: '000000', key: 'item:2' });
        throw new Error('the caller\'s write failed');
      }),
    ).rejects.toThrow('the caller\'s write failed');
    expect(await q.byKey('item:2')).toBeUndefined();
    const inside = await data.transaction(async (trx) => {
      const a = await q.enqueue(trx, { kind: 'q-key', tenantId: '000000', key: 'item:2' });
      const b = await q.enqueue(trx, { kind: 'q-key', tenantId: '000000', key: 'item:2' });
      return [a, b];
    });
    expect(inside[0].created).toBe(true);
    expect(inside[1]).toEqual({ id: inside[0].id, created: false });
    const n = await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE job_key IN ('item:1', 'item:2')`);
    expect(n!.n).toBe(2);
    // jobs without a key never collide
    await q.enqueue(data, { kind: 'q-key', tenantId: '000000' });
    await q.enqueue(data, { kind: 'q-key', tenantId: '000000' });
    expect((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'q-key' AND job_key IS NULL`))!.n).toBe(2);
  });

  it('takeover: a job whose lease ran out is claimed by another instance (attempt counted); the first has lost it', async () => {
    const q = queue();
    const { id } = await q.enqueue(data, { kind: 'q-take', tenantId: '000000', maxAttempts: 2 });
    await q.claim(['q-take'], 'dying', 1000, 1);
    now += 999;
    expect(await q.claim(['q-take'], 'heir', 1000, 1)).toEqual([]);
    now += 2;
    const [taken] = await q.claim(['q-take'], 'heir', 1000, 1);
    expect(taken).toMatchObject({ id, state: 'running', attempts: 2, leaseOwner: 'heir', leaseUntil: now + 1000 });
    expect(await q.heartbeat(id, 'dying', 1000)).toBe('lost');
    expect(await q.complete(id, 'dying')).toBe(false);
    expect(await q.fail(id, 'dying', 'x')).toBe('lost');
    // the heir dies too: no attempt left, the job fails with why
    now += 1001;
    expect(await q.claim(['q-take'], 'third', 1000, 1)).toEqual([]);
    expect(await q.get(id)).toMatchObject({ state: 'failed', error: MSG_LEASE_LOST, attempts: 2 });
  });

  it('fair between tenants: a tenant with many queued jobs does not starve another', async () => {
    const q = queue();
    for (let i = 0; i < 10; i++) await q.enqueue(data, { kind: 'q-fair', tenantId: 'big', payload: { i } });
    now += 10; // the small tenant's jobs are newer
    for (let i = 0; i < 2; i++) await q.enqueue(data, { kind: 'q-fair', tenantId: 'small', payload: { i } });
    const first = await q.claim(['q-fair'], 'a', 30_000, 4);
    expect(first.map((j) => j.tenantId)).toEqual(['big', 'small', 'big', 'small']);
    // with its jobs running, the small tenant's next one would come first again
    await q.enqueue(data, { kind: 'q-fair', tenantId: 'small', payload: { i: 2 } });
    for (const j of first.filter((j) => j.tenantId === 'big')) await q.complete(j.id, 'a');
    // big: 0 running, small: 2 running -> big first, then big (1 vs 2), then small (2 vs 2, older due work is big's)...
    const next = await q.claim(['q-fair'], 'a', 30_000, 3);
    expect(next.map((j) => j.tenantId)).toEqual(['big', 'big', 'big']);
    const more = await q.claim(['q-fair'], 'a', 30_000, 2);
    // big 3 running, small 2: small's
    expect(more.map((j) => j.tenantId)).toEqual(['small', 'big']);
  });

  it('a lane runs at most its limit at once; a job without a lane is not held back by it', async () => {
    const q = queue();
    await q.setLaneLimit(data, 'ai-model:1', 2);
    const laned = [];
    for (let i = 0; i < 5; i++) laned.push((await q.enqueue(data, { kind: 'q-lane', tenantId: '000000', lane: 'ai-model:1', payload: { i } })).id);
    const free = await q.enqueue(data, { kind: 'q-lane', tenantId: '000000' });
    const first = await q.claim(['q-lane'], 'a', 600_000, 10);
    expect(first.map((j) => j.id).sort()).toEqual([laned[0], laned[1], free.id].sort());
    expect(first.filter((j) => j.lane === 'ai-model:1')).toHaveLength(2);
    expect(await q.claim(['q-lane'], 'b', 600_000, 10)).toEqual([]);
    await q.complete(laned[0], 'a');
    expect((await q.claim(['q-lane'], 'b', 600_000, 10)).map((j) => j.id)).toEqual([laned[2]]);
    // a higher limit lets more run; no limit lets the rest run
    await q.setLaneLimit(data, 'ai-model:1', 3);
    expect((await q.claim(['q-lane'], 'b', 600_000, 10)).map((j) => j.id)).toEqual([laned[3]]);
    await q.setLaneLimit(data, 'ai-model:1', null);
    expect((await q.claim(['q-lane'], 'b', 600_000, 10)).map((j) => j.id)).toEqual([laned[4]]);
  });

  it('a lane\'s limit holds while claims race (PostgreSQL: from three data layers)', async () => {
    const layers = [data, ...otherInstances(2)];
    const seed = new JobQueue(data, Date.now);
    await seed.setLaneLimit(data, 'ai-model:race', 3);
    const total = 40;
    for (let i = 0; i < total; i++) await seed.enqueue(data, { kind: 'q-lane-race', tenantId: `t${i % 2}`, lane: 'ai-model:race' });
    // counted up after a claim committed and down before its completion is written: never above the database's count
    let running = 0;
    let most = 0;
    let done = 0;
    await Promise.all(
      layers.flatMap((d, li) =>
        [0, 1].map(async (k) => {
          const owner = `lane${li}-${k}`;
          const q = new JobQueue(d, Date.now);
          while (done < total) {
            const [job] = await q.claim(['q-lane-race'], owner, 60_000, 1);
            if (!job) {
              await new Promise((r) => setTimeout(r, 5));
              continue;
            }
            running++;
            most = Math.max(most, running);
            await new Promise((r) => setTimeout(r, 15));
            running--;
            done++;
            expect(await q.complete(job.id, owner)).toBe(true);
          }
        }),
      ),
    );
    expect(done).toBe(total);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1); // the claimers did run side by side
    expect((await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'q-lane-race' AND state = 'done' AND attempts = 1`))!.n).toBe(total);
  }, 120_000);

  it('claims racing (PostgreSQL: two data layers, as two instances) never take one job twice', async () => {
    const layers = [data, ...otherInstances(2)];
    const seed = queue();
    const total = 150;
    for (let i = 0; i < total; i++) await seed.enqueue(data, { kind: 'q-race', tenantId: `t${i % 3}`, payload: { i } });
    const claimed: string[] = [];
    const perOwner = new Map<string, number>();
    // 3 claimers per data layer, each taking up to 4 at a time until none is left
    await Promise.all(
      layers.flatMap((d, li) =>
        [0, 1, 2].map(async (k) => {
          const owner = `layer${li}-${k}`;
          const q = new JobQueue(d, clock);
          for (;;) {
            const jobs = await q.claim(['q-race'], owner, 60_000, 4);
            if (jobs.length === 0) {
              // nothing claimable: done once no job is queued any more
              const left = await d.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM job WHERE kind = 'q-race' AND state = 'queued'`);
              if (left!.n === 0) return;
              continue;
            }
            for (const j of jobs) {
              claimed.push(j.id);
              perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
              expect(await q.complete(j.id, owner)).toBe(true);
            }
          }
        }),
      ),
    );
    expect(claimed.length).toBe(total);
    expect(new Set(claimed).size).toBe(total);
    const rows = await data.all(sql<{ state: string; attempts: number; n: number }>`SELECT state, attempts, COUNT(*) AS n FROM job WHERE kind = 'q-race' GROUP BY state, attempts`);
    expect(rows).toEqual([{ state: 'done', attempts: 1, n: total }]);
    // more than one claimer got work (the claims did run side by side)
    expect(perOwner.size).toBeGreaterThan(1);
  }, 120_000);
});

describe('the worker', () => {
  const workers: JobWorker[] = [];
  afterAll(async () => {
    for (const w of workers) await w.stop(100);
  });
  const worker = (o: ConstructorParameters<typeof JobWorker>[1] = {}) => {
    const w = new JobWorker(new JobQueue(data, Date.now, { backoffMs: 20 }), { pollMs: 20, leaseMs: 2000, heartbeatMs: 50, log: () => undefined, ...o });
    workers.push(w);
    return w;
  };
  const stateOf = async (w: JobWorker, id: string) => (await w.queue.get(id))!;

  it('runs handlers by kind: done, failed at once by a JobError, retried then failed keeping the reason', async () => {
    const w = worker();
    const seen: string[] = [];
    w.handle('w-ok', async (job) => {
      seen.push((job.payload as { name: string }).name);
    });
    let tries = 0;
    w.handle('w-flaky', async () => {
      tries++;
      throw new Error(`第${tries}次失败`);
    });
    w.handle('w-bad', async () => {
      throw new JobError('参数不正确');
    });
    await w.start();
    const ok = await w.queue.enqueue(data, { kind: 'w-ok', tenantId: '000000', payload: { name: 'x' } });
    const flaky = await w.queue.enqueue(data, { kind: 'w-flaky', tenantId: '000000', maxAttempts: 2 });
    const bad = await w.queue.enqueue(data, { kind: 'w-bad', tenantId: '000000', maxAttempts: 5 });
    await until(async () => (await stateOf(w, ok.id)).state === 'done');
    expect(seen).toEqual(['x']);
    await until(async () => (await stateOf(w, flaky.id)).state === 'failed');
    expect(await stateOf(w, flaky.id)).toMatchObject({ attempts: 2, error: '第2次失败', leaseOwner: w.owner });
    await until(async () => (await stateOf(w, bad.id)).state === 'failed');
    expect(await stateOf(w, bad.id)).toMatchObject({ attempts: 1, error: '参数不正确' });
    await w.stop();
  });

  it('a cancel reaches the running handler through its signal; the job ends cancelled', async () => {
    const w = worker({ heartbeatMs: 1000 }); // the cancel is told at once, not at the next heartbeat
    let started = false;
    let stopped: StopReason | undefined;
    w.handle('w-cancel', (_job, ctx) => {
      started = true;
      ctx.progress({ step: 1 });
      return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => {
        stopped = ctx.signal.reason as StopReason;
        reject(new Error('stopped'));
      }));
    });
    await w.start();
    const { id } = await w.queue.enqueue(data, { kind: 'w-cancel', tenantId: '000000' });
    await until(async () => started);
    expect(await w.queue.cancel(id)).toBe('requested');
    await until(async () => (await stateOf(w, id)).state === 'cancelled');
    expect(stopped).toBe('cancelled');
    await w.stop();
  });

  it('a job queued, or cancelled, while the worker sleeps is seen at once: NOTIFY from another instance (PostgreSQL), the queue\'s own signal (SQLite)', async () => {
    // it would poll again in 10 minutes and heartbeat in 10: only the news can make it act within the test
    const w = worker({ pollMs: 600_000, leaseMs: 1_800_000, heartbeatMs: 600_000 });
    let why: StopReason | undefined;
    w.handle('w-news', (job, ctx) =>
      (job.payload as { wait?: boolean }).wait
        ? new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error((why = ctx.signal.reason as StopReason)))))
        : Promise.resolve());
    await w.start();
    await new Promise((r) => setTimeout(r, 200)); // its first claim has found nothing: it sleeps
    // on PostgreSQL another instance's queue: no in-process signal reaches this worker
    const [elsewhere] = otherInstances(1);
    const other = elsewhere ? new JobQueue(elsewhere, Date.now) : w.queue;
    const quick = await other.enqueue(other.data, { kind: 'w-news', tenantId: '000000' });
    await until(async () => (await stateOf(w, quick.id)).state === 'done', 30_000);
    const slow = await other.enqueue(other.data, { kind: 'w-news', tenantId: '000000', payload: { wait: true } });
    await until(async () => w.runningIds().includes(slow.id), 30_000);
    expect(await other.cancel(slow.id)).toBe('requested');
    await until(async () => (await stateOf(w, slow.id)).state === 'cancelled', 30_000);
    expect(why).toBe('cancelled');
    await w.stop();
  }, 60_000);

  it('a job whose lease ran out while it still runs here, claimed again by this instance, stops its old run before the new one starts', async () => {
    // no heartbeat within the lease: the lease runs out under the running handler, as under a stalled event loop
    const w = worker({ leaseMs: 300, heartbeatMs: 60_000 });
    let runs = 0;
    let atOnce = 0;
    let most = 0;
    const reasons: unknown[] = [];
    w.handle('w-stalled', (_job, ctx) => {
      runs++;
      most = Math.max(most, ++atOnce);
      if (runs > 1) return Promise.resolve(void atOnce--);
      return new Promise<void>((resolve) =>
        ctx.signal.addEventListener('abort', () => {
          reasons.push(ctx.signal.reason);
          atOnce--;
          resolve();
        }),
      );
    });
    await w.start();
    const { id } = await w.queue.enqueue(data, { kind: 'w-stalled', tenantId: '000000' });
    await until(async () => (await stateOf(w, id)).state === 'done');
    expect(runs).toBe(2);
    expect(reasons).toEqual(['lost']);
    expect(most).toBe(1);
    expect(await stateOf(w, id)).toMatchObject({ attempts: 2, leaseOwner: w.owner });
    await w.stop();
  });

  it('tells the kind once when a job is given up (its last attempt\'s instance died), and runs no handler of it', async () => {
    const q = new JobQueue(data, Date.now);
    const { id } = await q.enqueue(data, { kind: 'w-given-up', tenantId: '000000', maxAttempts: 1 });
    const [dead] = await q.claim(['w-given-up'], 'killed-instance', 100, 1);
    expect(dead.id).toBe(id);
    const heard: Job[] = [];
    let ran = 0;
    // two instances find it at once: one of them settles it
    const a = worker();
    const b = worker();
    for (const w of [a, b])
      w.handle('w-given-up', async () => void ran++, { abandoned: async (job) => void heard.push(job) });
    await Promise.all([a.start(), b.start()]);
    await until(async () => heard.length > 0);
    await new Promise((r) => setTimeout(r, 200)); // a second telling would have come by now
    expect(heard.map((j) => j.id)).toEqual([id]);
    expect(heard[0]).toMatchObject({ state: 'failed', error: MSG_LEASE_LOST, attempts: 1 });
    expect(ran).toBe(0);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('takes over the job of an instance that died once its lease runs out; a handler whose lease is lost is aborted', async () => {
    const q = new JobQueue(data, Date.now);
    const { id } = await q.enqueue(data, { kind: 'w-take', tenantId: '000000' });
    const [dead] = await q.claim(['w-take'], 'killed-instance', 300, 1);
    expect(dead.id).toBe(id);
    const heir = worker();
    heir.handle('w-take', async () => undefined);
    await heir.start();
    await until(async () => (await stateOf(heir, id)).state === 'done');
    expect(await stateOf(heir, id)).toMatchObject({ attempts: 2, leaseOwner: heir.owner });

    // a worker that keeps running a job another instance took over stops it
    const slow = worker({ leaseMs: 3000, heartbeatMs: 50 });
    let why: StopReason | undefined;
    slow.handle('w-lost', (_job, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve((why = ctx.signal.reason as StopReason)))));
    await slow.start();
    const lost = await slow.queue.enqueue(data, { kind: 'w-lost', tenantId: '000000' });
    await until(async () => slow.runningIds().includes(lost.id));
    await data.run(sql`UPDATE job SET lease_owner = 'someone-else' WHERE id = ${lost.id}`);
    await until(async () => why !== undefined);
    expect(why).toBe('lost');
    // the other instance's job is left to it
    await until(async () => !slow.runningIds().includes(lost.id));
    expect(await stateOf(slow, lost.id)).toMatchObject({ state: 'running', leaseOwner: 'someone-else' });
    await slow.stop();
  });

  it('stopping gives a job still running back to the queue (its attempt not counted) for another instance', async () => {
    const w = worker();
    let aborted: StopReason | undefined;
    w.handle('w-stop', (_job, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve((aborted = ctx.signal.reason as StopReason)))));
    await w.start();
    const { id } = await w.queue.enqueue(data, { kind: 'w-stop', tenantId: '000000' });
    await until(async () => w.runningIds().includes(id));
    await w.stop(50);
    expect(aborted).toBe('shutdown');
    const job: Job = await stateOf(w, id);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, leaseUntil: null });
  });
});
