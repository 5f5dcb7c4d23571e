// Durable jobs (issue 30, docs/team-server.md § "Durable jobs"): work kept in the
// `job` table (core migration 32) and claimed by whichever instance has a
// worker for its kind. The same code runs on both engines: on PostgreSQL a
// claim locks its row with `FOR UPDATE SKIP LOCKED` (data.dialect.skipLocked),
// so two instances never take the same job; on SQLite one process serialises
// its writers and the clause is empty.
//
//   queued --claim--> running --complete--> done
//                        |  \--fail (attempts left)--> queued (run_at + backoff)
//                        |  \--fail (none left)-----> failed (the reason kept)
//                        |  \--lease ran out--------> running on the instance that takes it over (attempts + 1)
//   queued --cancel--> cancelled;  running --cancel--> marked: its next heartbeat answers 'cancelled', and it ends
//   cancelled however its handler returns
//
// A claim holds a lease (lease_owner, lease_until) renewed by heartbeats; every
// change that needs the lease checks `lease_owner = me` in its WHERE and the
// count of rows it changed. Times are ms since the epoch from the injected clock
// (lease arithmetic, the same on both engines).
//
// Every claim is an attempt, kept in `job_attempt` (jobs/migrations.ts 602) by the
// transaction that changes the job: opened by the claim, closed by complete, fail,
// acknowledgeCancel, release, a takeover (outcome takenOver, naming who took it) or
// a lease settled with none left (lost). The console lists them (job-view.ts).
import { sql, type DataLayer, type Queries, type RawBuilder } from '../db/data-layer';
import type { Clock } from '../util/clock';
import { nextId } from '../util/ids';
import { reasonJson } from '../../src-shared/messages/stored';
import type { AttemptOutcome } from '../../src-shared/jobs';

/** the LISTEN/NOTIFY channel that wakes workers: `<kind>` when a job is queued, `cancel:<id>` when one is cancelled */
export const JOB_CHANNEL = 'seo_jobs';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** a claim's lease when the worker is not told otherwise; the console says a job waits for a worker past it (job-view.ts) */
export const DEFAULT_LEASE_MS = 30_000;

/** the reason a job whose instance stopped renewing its lease keeps when it has no attempt left */
export const MSG_LEASE_LOST = '执行的实例失联（租约到期未续），尝试次数已用完';
/** MSG_LEASE_LOST's message (src-shared/messages/job-messages.ts) as a reason column holds it */
export const LEASE_LOST_REASON = reasonJson({ key: 'job.leaseLost' });

export interface JobSpec {
  /** the handler that runs it (JobWorker.handle) */
  kind: string;
  /** whose work it is: the claim is fair between tenants */
  tenantId: string;
  /** JSON-serialisable input of the handler */
  payload?: unknown;
  /** idempotency: a second job with the same key is not created (the first is answered) */
  key?: string;
  /** not before this time (ms); default now */
  runAt?: number;
  /** runs (first claim, retries, takeovers) before it is failed; default 3 */
  maxAttempts?: number;
  /** higher first within a tenant; default 0 */
  priority?: number;
  /**
   * the shared limit it counts against (e.g. `ai-model:<id>`): at most the lane's `max_running` jobs of it run at
   * once across every instance (setLaneLimit); none by default
   */
  lane?: string;
}

export interface Job {
  id: string;
  kind: string;
  tenantId: string;
  key: string | null;
  payload: unknown;
  state: JobState;
  priority: number;
  lane: string | null;
  runAt: number;
  attempts: number;
  maxAttempts: number;
  /** the instance that holds (or last held) it */
  leaseOwner: string | null;
  leaseUntil: number | null;
  cancelRequested: boolean;
  progress: unknown;
  /** the reason of the last failure (its zh text) */
  error: string | null;
  /** that reason's message key and params as JSON (src-shared/messages/stored.ts), when it has them */
  errorReason: string | null;
  createTime: number;
  updateTime: number;
  startTime: number | null;
  endTime: number | null;
}

/** what a heartbeat learns: keep going, stop because the job was cancelled, or stop because another instance has it */
export type Beat = 'ok' | 'cancelled' | 'lost';

export interface QueueOptions {
  /** the first retry's delay (doubled per attempt); default 2 s */
  backoffMs?: number;
  /** the longest retry delay; default 5 min */
  maxBackoffMs?: number;
}

type Row = Record<string, unknown>;

const COLUMNS = sql`id, kind, tenant_id, job_key, payload, state, priority, lane, run_at, attempts, max_attempts, lease_owner, lease_until,
  cancel_requested, progress, error, error_reason, create_time, update_time, start_time, end_time`;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : null);

function jobOf(r: Row): Job {
  return {
    id: String(r.id),
    kind: String(r.kind),
    tenantId: String(r.tenant_id),
    key: (r.job_key as string | null) ?? null,
    payload: json(r.payload),
    state: r.state as JobState,
    priority: Number(r.priority),
    lane: (r.lane as string | null) ?? null,
    runAt: Number(r.run_at),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: num(r.lease_until),
    cancelRequested: Number(r.cancel_requested) === 1,
    progress: json(r.progress),
    error: (r.error as string | null) ?? null,
    errorReason: (r.error_reason as string | null) ?? null,
    createTime: Number(r.create_time),
    updateTime: Number(r.update_time),
    startTime: num(r.start_time),
    endTime: num(r.end_time),
  };
}

/** The job table of one data layer, read with one clock. */
export class JobQueue {
  private readonly signals = new Set<(payload: string) => void>();
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    readonly data: DataLayer,
    readonly clock: Clock,
    o: QueueOptions = {},
  ) {
    this.backoffMs = o.backoffMs ?? 2000;
    this.maxBackoffMs = o.maxBackoffMs ?? 300_000;
  }

  /**
   * In-process news of this queue (SQLite's way of waking the worker; on PostgreSQL the NOTIFY reaches every
   * instance, this one too): `<kind>` after an enqueue, `cancel:<id>` after a cancel. Answers the unsubscriber.
   */
  onSignal(fn: (payload: string) => void): () => void {
    this.signals.add(fn);
    return () => this.signals.delete(fn);
  }

  private async signal(q: Queries, payload: string): Promise<void> {
    const notify = q.dialect.notify(JOB_CHANNEL, payload);
    if (notify) await q.run(notify); // delivered at the commit of q's transaction
    setImmediate(() => {
      for (const fn of this.signals) fn(payload);
    });
  }

  /**
   * Queues a job through `q` (the data layer, or the caller's transaction: then it exists, and workers hear of
   * it, at that commit). A job whose key is taken is not created: answers the existing job's id, `created` false.
   */
  async enqueue(q: Queries, spec: JobSpec): Promise<{ id: string; created: boolean }> {
    const now = this.clock();
    const id = nextId();
    const created = await q.run(sql`INSERT INTO job (id, kind, tenant_id, job_key, payload, state, priority, lane, run_at, attempts, max_attempts,
        cancel_requested, create_time, update_time)
      VALUES (${id}, ${spec.kind}, ${spec.tenantId}, ${spec.key ?? null}, ${JSON.stringify(spec.payload ?? {})}, 'queued', ${spec.priority ?? 0},
        ${spec.lane ?? null}, ${spec.runAt ?? now}, 0, ${spec.maxAttempts ?? 3}, 0, ${now}, ${now})
      ON CONFLICT (job_key) DO NOTHING`);
    if (created === 1) {
      await this.signal(q, spec.kind);
      return { id, created: true };
    }
    const existing = await q.get(sql<{ id: string }>`SELECT id FROM job WHERE job_key = ${spec.key ?? null}`);
    if (!existing) throw new Error(`enqueue: job ${spec.kind} was neither created nor found by its key`);
    return { id: existing.id, created: false };
  }

  async get(id: string, q: Queries = this.data): Promise<Job | undefined> {
    const r = await q.get(sql<Row>`SELECT ${COLUMNS} FROM job WHERE id = ${id}`);
    return r ? jobOf(r) : undefined;
  }

  /** these jobs (ids of pruned jobs are left out) */
  async many(ids: readonly string[], q: Queries = this.data): Promise<Job[]> {
    if (ids.length === 0) return [];
    return (await q.all(sql<Row>`SELECT ${COLUMNS} FROM job WHERE id IN (${sql.join([...ids])})`)).map(jobOf);
  }

  /** the job queued under `key`, if any */
  async byKey(key: string, q: Queries = this.data): Promise<Job | undefined> {
    const r = await q.get(sql<Row>`SELECT ${COLUMNS} FROM job WHERE job_key = ${key}`);
    return r ? jobOf(r) : undefined;
  }

  /**
   * At most `maxRunning` jobs of `lane` run at once, across every instance (null: no limit). Through `q`, the
   * caller's transaction when the limit comes with its own row (an AI model's concurrency).
   */
  async setLaneLimit(q: Queries, lane: string, maxRunning: number | null): Promise<void> {
    if (maxRunning === null) {
      await q.run(sql`DELETE FROM job_lane WHERE lane = ${lane}`);
      return;
    }
    await q.run(sql`INSERT INTO job_lane (lane, max_running, update_time) VALUES (${lane}, ${maxRunning}, ${this.clock()})
      ON CONFLICT (lane) DO UPDATE SET max_running = excluded.max_running, update_time = excluded.update_time`);
    await this.signal(q, 'lane'); // a higher limit may free jobs now
  }

  /** the jobs of `lane` running at `now` (a lease that ran out does not count: its job is up for takeover) */
  private laneRunning(lane: RawBuilder<unknown>, now: number): RawBuilder<number> {
    return sql<number>`(SELECT COUNT(*) FROM job r WHERE r.lane = ${lane} AND r.state = 'running' AND r.lease_until >= ${now})`;
  }

  /**
   * what a claim may take at `now`: due queued jobs, and running ones whose lease ran out (with attempts left),
   * whose lane (if any) is below its limit
   */
  private claimable(kinds: readonly string[], now: number): RawBuilder<unknown> {
    return sql`kind IN (${sql.join([...kinds])}) AND ((state = 'queued' AND run_at <= ${now})
      OR (state = 'running' AND lease_until < ${now} AND cancel_requested = 0 AND attempts < max_attempts))
      AND (lane IS NULL OR NOT EXISTS (SELECT 1 FROM job_lane l WHERE l.lane = job.lane AND l.max_running <= ${this.laneRunning(sql`job.lane`, now)}))`;
  }

  /**
   * Takes up to `limit` jobs of `kinds` for `owner`, each leased for `leaseMs`: due queued jobs and running jobs
   * whose lease ran out (a takeover: the attempt counts). Fair between tenants: each job goes to the tenant with
   * the fewest running jobs, then the one whose due work is oldest; within a tenant the highest priority, then the
   * oldest run_at. One short transaction per job (the running counts include the jobs just taken).
   * `onAbandoned` hears of each job this claim failed because its lease ran out with no attempt left (MSG_LEASE_LOST):
   * no handler of it runs any more, so its kind's own record (a task's status) is settled by the one who hears.
   */
  async claim(kinds: readonly string[], owner: string, leaseMs: number, limit: number, onAbandoned?: (job: Job) => void): Promise<Job[]> {
    if (kinds.length === 0 || limit <= 0) return [];
    // an idle poll is this one read (no transaction, no write)
    const now = this.clock();
    const some = await this.data.get(sql<{ found: number }>`SELECT 1 AS found FROM job WHERE kind IN (${sql.join([...kinds])})
      AND ((state = 'queued' AND run_at <= ${now}) OR (state = 'running' AND lease_until < ${now})) LIMIT 1`);
    if (!some) return [];
    for (const job of await this.settleExpired(kinds)) onAbandoned?.(job);
    const taken: Job[] = [];
    while (taken.length < limit) {
      const job = await this.claimOne(kinds, owner, leaseMs);
      if (!job) break;
      taken.push(job);
    }
    return taken;
  }

  /**
   * Running jobs whose lease ran out and that no one may take over: cancelled ones become cancelled, those
   * without attempts left failed (MSG_LEASE_LOST); answers the failed ones.
   */
  private async settleExpired(kinds: readonly string[]): Promise<Job[]> {
    const now = this.clock();
    const expired = sql`kind IN (${sql.join([...kinds])}) AND state = 'running' AND lease_until < ${now}`;
    return this.data.transaction(async (trx) => {
      const cancelled = await trx.all(sql<{ id: string }>`UPDATE job SET state = 'cancelled', lease_until = NULL, end_time = ${now}, update_time = ${now}
        WHERE ${expired} AND cancel_requested = 1 RETURNING id`);
      // the rows this statement changed are answered: of two instances settling at once, each hears of its own only
      const failed = (await trx.all(sql<Row>`UPDATE job SET state = 'failed', error = ${MSG_LEASE_LOST}, error_reason = ${LEASE_LOST_REASON}, lease_until = NULL, end_time = ${now}, update_time = ${now}
        WHERE ${expired} AND attempts >= max_attempts RETURNING ${COLUMNS}`)).map(jobOf);
      // their instances' attempts end: lost, no one took them over
      const lost = async (ids: string[], reason: string | null, message: string | null) => {
        if (ids.length === 0) return;
        await trx.run(sql`UPDATE job_attempt SET end_time = ${now}, outcome = ${'lost' satisfies AttemptOutcome}, reason = ${reason}, reason_message = ${message}
          WHERE job_id IN (${sql.join(ids)}) AND end_time IS NULL`);
      };
      await lost(cancelled.map((r) => String(r.id)), null, null);
      await lost(failed.map((j) => j.id), MSG_LEASE_LOST, LEASE_LOST_REASON);
      return failed;
    });
  }

  private claimOne(kinds: readonly string[], owner: string, leaseMs: number): Promise<Job | null> {
    return this.data.transaction(async (trx) => {
      const now = this.clock();
      const ready = this.claimable(kinds, now);
      const tenants = await trx.all(sql<{ tenant_id: string }>`SELECT d.tenant_id FROM
          (SELECT tenant_id, MIN(run_at) AS first_run FROM job WHERE ${ready} GROUP BY tenant_id) d
        ORDER BY (SELECT COUNT(*) FROM job r WHERE r.tenant_id = d.tenant_id AND r.state = 'running' AND r.lease_until >= ${now}),
          d.first_run, d.tenant_id
        LIMIT 8`);
      for (const { tenant_id: tenant } of tenants) {
        // another instance may hold this tenant's first job: SKIP LOCKED takes its next one
        const pick = await trx.get(sql<{ id: string; state: string; lane: string | null }>`SELECT id, state, lane FROM job
          WHERE tenant_id = ${tenant} AND ${ready} ORDER BY priority DESC, run_at, id LIMIT 1 ${trx.dialect.skipLocked()}`);
        if (!pick) continue;
        if (pick.lane !== null) {
          // the lane's claims take turns on its row (PostgreSQL): counted again under that lock, a limit is never passed
          const limit = await trx.get(sql<{ max_running: number }>`SELECT max_running FROM job_lane WHERE lane = ${pick.lane} ${trx.dialect.forUpdate()}`);
          if (limit && (await trx.get(sql<{ n: number }>`SELECT ${this.laneRunning(sql`${pick.lane}`, now)} AS n`))!.n >= limit.max_running) continue;
        }
        const took = await trx.get(sql<Row>`UPDATE job SET state = 'running', lease_owner = ${owner}, lease_until = ${now + leaseMs},
            attempts = attempts + 1, start_time = ${now}, end_time = NULL, update_time = ${now}
          WHERE id = ${pick.id} AND state = ${pick.state} RETURNING ${COLUMNS}`);
        if (!took) continue;
        // a takeover: the attempt of the instance that stopped renewing its lease ends here, naming who took it over
        if (pick.state === 'running') {
          await trx.run(sql`UPDATE job_attempt SET end_time = ${now}, outcome = ${'takenOver' satisfies AttemptOutcome}, taken_by = ${owner}
            WHERE job_id = ${pick.id} AND end_time IS NULL`);
        }
        const job = jobOf(took);
        await trx.run(sql`INSERT INTO job_attempt (id, job_id, attempt, instance, start_time, outcome)
          VALUES (${nextId()}, ${job.id}, ${job.attempts}, ${owner}, ${now}, ${'running' satisfies AttemptOutcome})`);
        return job;
      }
      return null;
    });
  }

  /**
   * Renews `owner`'s lease of a running job for `leaseMs` (and keeps `progress`, when given). Answers 'lost' when
   * the job is no longer this owner's running job (taken over, settled), 'cancelled' when a cancel was asked.
   */
  async heartbeat(id: string, owner: string, leaseMs: number, progress?: unknown): Promise<Beat> {
    const now = this.clock();
    const text = progress === undefined ? null : JSON.stringify(progress);
    const r = await this.data.get(sql<{ cancel_requested: number }>`UPDATE job SET lease_until = ${now + leaseMs}, update_time = ${now},
        progress = COALESCE(CAST(${text} AS TEXT), progress)
      WHERE id = ${id} AND lease_owner = ${owner} AND state = 'running' RETURNING cancel_requested`);
    if (!r) return 'lost';
    return Number(r.cancel_requested) === 1 ? 'cancelled' : 'ok';
  }

  /**
   * `owner`'s running job is done; false when it was not (any more) its to finish. A job whose cancel was asked
   * before this ends cancelled, not done, whether or not its run heard of the cancel in time: the cancel committed
   * first (with the kind's own record, a task set 已取消 in the same transaction), so the handler that returned
   * normally found the work already called off (an import whose task it read 已取消 right after its claim).
   */
  async complete(id: string, owner: string, progress?: unknown): Promise<boolean> {
    const now = this.clock();
    const text = progress === undefined ? null : JSON.stringify(progress);
    return this.data.transaction(async (trx) => {
      const r = await trx.get(sql<{ state: JobState }>`UPDATE job SET state = CASE WHEN cancel_requested = 1 THEN 'cancelled' ELSE 'done' END,
          lease_until = NULL, end_time = ${now}, update_time = ${now},
          progress = COALESCE(CAST(${text} AS TEXT), progress)
        WHERE id = ${id} AND lease_owner = ${owner} AND state = 'running' RETURNING state`);
      if (!r) return false;
      await this.endAttempt(trx, id, owner, now, r.state === 'cancelled' ? 'cancelled' : 'done');
      return true;
    });
  }

  /** `owner`'s open attempt of the job ends (inside the transaction that changed the job) */
  private async endAttempt(q: Queries, jobId: string, owner: string, now: number, outcome: AttemptOutcome, reason: string | null = null, message: string | null = null): Promise<void> {
    await q.run(sql`UPDATE job_attempt SET end_time = ${now}, outcome = ${outcome}, reason = ${reason}, reason_message = ${message}
      WHERE job_id = ${jobId} AND instance = ${owner} AND end_time IS NULL`);
  }

  /**
   * `owner`'s running job failed with `reason`: queued again after a backoff (doubling per attempt) while it has
   * attempts left and `retry`, else failed keeping the reason (its zh text, and `o.message` its key and params as JSON
   * when it has them). Answers what became of it ('lost': not its to fail).
   */
  async fail(id: string, owner: string, reason: string, o: { retry?: boolean; message?: string | null } = {}): Promise<'retry' | 'failed' | 'lost'> {
    const message = o.message ?? null;
    const now = this.clock();
    const job = await this.get(id);
    if (!job || job.state !== 'running' || job.leaseOwner !== owner) return 'lost';
    const retry = o.retry !== false && job.attempts < job.maxAttempts;
    const delay = Math.min(this.backoffMs * 2 ** Math.max(0, job.attempts - 1), this.maxBackoffMs);
    return this.data.transaction(async (trx) => {
      const n = retry
        ? await trx.run(sql`UPDATE job SET state = 'queued', run_at = ${now + delay}, error = ${reason}, error_reason = ${message}, lease_until = NULL, update_time = ${now}
            WHERE id = ${id} AND lease_owner = ${owner} AND state = 'running'`)
        : await trx.run(sql`UPDATE job SET state = 'failed', error = ${reason}, error_reason = ${message}, lease_until = NULL, end_time = ${now}, update_time = ${now}
            WHERE id = ${id} AND lease_owner = ${owner} AND state = 'running'`);
      if (n !== 1) return 'lost';
      await this.endAttempt(trx, id, owner, now, 'failed', reason, message);
      return retry ? 'retry' : 'failed';
    });
  }

  /** `owner` stopped its running job because it was cancelled: cancelled */
  async acknowledgeCancel(id: string, owner: string): Promise<boolean> {
    const now = this.clock();
    return this.data.transaction(async (trx) => {
      const n = await trx.run(sql`UPDATE job SET state = 'cancelled', lease_until = NULL, end_time = ${now}, update_time = ${now}
        WHERE id = ${id} AND lease_owner = ${owner} AND state = 'running'`);
      if (n !== 1) return false;
      await this.endAttempt(trx, id, owner, now, 'cancelled');
      return true;
    });
  }

  /**
   * `owner` gives a running job back unfinished (its instance is stopping): queued again at once for another
   * instance, the attempt not counted.
   */
  async release(id: string, owner: string): Promise<boolean> {
    const now = this.clock();
    return this.data.transaction(async (trx) => {
      const n = await trx.run(sql`UPDATE job SET state = 'queued', run_at = ${now}, lease_until = NULL, attempts = attempts - 1, update_time = ${now}
        WHERE id = ${id} AND lease_owner = ${owner} AND state = 'running' AND cancel_requested = 0`);
      if (n !== 1) return false;
      await this.endAttempt(trx, id, owner, now, 'released');
      return true;
    });
  }

  /**
   * Cancels a job: a queued one is cancelled at once ('cancelled'), a running one is marked and stops at its next
   * heartbeat on whichever instance runs it ('requested'); null when it has already finished (or does not exist).
   */
  async cancel(id: string, q: Queries = this.data): Promise<'cancelled' | 'requested' | null> {
    const now = this.clock();
    if ((await q.run(sql`UPDATE job SET state = 'cancelled', end_time = ${now}, update_time = ${now} WHERE id = ${id} AND state = 'queued'`)) === 1) {
      return 'cancelled';
    }
    const marked = await q.run(sql`UPDATE job SET cancel_requested = 1, update_time = ${now} WHERE id = ${id} AND state = 'running'`);
    if (marked !== 1) return null;
    await this.signal(q, `cancel:${id}`);
    return 'requested';
  }

  /** Removes finished jobs (done, failed, cancelled) that ended more than `keepMs` ago; answers how many. */
  async prune(keepMs: number): Promise<number> {
    const old = sql`state IN ('done', 'failed', 'cancelled') AND end_time < ${this.clock() - keepMs}`;
    return this.data.transaction(async (trx) => {
      await trx.run(sql`DELETE FROM job_attempt WHERE job_id IN (SELECT id FROM job WHERE ${old})`);
      await trx.run(sql`DELETE FROM job_instance WHERE seen_at < ${this.clock() - keepMs}`);
      return trx.run(sql`DELETE FROM job WHERE ${old}`);
    });
  }

  /**
   * `instance`'s worker is alive and runs `kinds` (written every third of its lease): the console says a job waits for
   * a worker when no instance running its kind was seen within its lease (job-view.ts).
   */
  async seen(instance: string, kinds: readonly string[], leaseMs: number, startedAt: number): Promise<void> {
    await this.data.run(sql`INSERT INTO job_instance (instance, kinds, lease_ms, started_at, seen_at)
      VALUES (${instance}, ${`,${kinds.join(',')},`}, ${leaseMs}, ${startedAt}, ${this.clock()})
      ON CONFLICT (instance) DO UPDATE SET kinds = excluded.kinds, lease_ms = excluded.lease_ms, seen_at = excluded.seen_at`);
  }

  /** `instance`'s worker stopped */
  async gone(instance: string): Promise<void> {
    await this.data.run(sql`DELETE FROM job_instance WHERE instance = ${instance}`);
  }
}
