// Per AI model limits that every instance of the back end keeps together (issue 30,
// docs/team-server.md § AI limits): a provider limits its key, not a process. Every
// request to the provider holds one row of ai_model_slot (migration 375) for its run:
//   - acquire: one short transaction locks the model row (PostgreSQL FOR UPDATE, so
//     instances take turns; SQLite has one writer), counts the model's slots held
//     (not released, lease not run out) and started in the last minute, and inserts a
//     row only while both are under the model's max_concurrency / rate_per_minute
//     (0 = no rate limit). Else it waits (short polls with jitter, or until the
//     oldest request leaves the minute) and tries again; an AbortSignal stops waiting.
//     While the model is full, a try only reads (no lock, no write); a slot this
//     process releases wakes its longest waiter for the model at once (first come,
//     first served within the process).
//   - while the request runs, no transaction is open; the lease (LEASE_MS) is renewed
//     every third of it, so a killed instance's slots come back when it runs out.
//   - release marks the row released; it still counts for the rate until it is a
//     minute old, then the next acquire for the model deletes it.
// The limits are read from the model row at each acquire: an edit applies at once.
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import type { Clock } from '../../../util/clock';
import { nextId } from '../../../util/ids';
import { AI_LIMITS } from '../../../../src-shared/ai-limits';
import { hostname } from 'node:os';

/** how long a slot is held without renewal (a killed instance's slots come back after this) */
export const LEASE_MS = 120_000;
/** the rate's sliding window */
export const RATE_WINDOW_MS = 60_000;

export interface LimiterOptions {
  leaseMs?: number;
  /** the shortest wait between two tries while the model is at its limit (a random part up to as much is added) */
  pollMs?: number;
  /** who holds the slots (this instance), for the operator reading the table */
  holder?: string;
}

/** A held slot: give it back with release() (idempotent). */
export interface Slot {
  readonly id: string;
  release(): Promise<void>;
}

/** What one try found: a slot, or how long to wait before trying again. */
type Attempt = { slot: string } | { waitMs: number };

/** a model's limits and what counts against them at one moment */
interface Usage {
  most: number;
  rate: number;
  held: number;
  recent: number;
  oldest: number | null;
}

export class AiModelLimiter {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly holder: string;
  /** this process's callers waiting for a slot, per model, in arrival order: woken one at a time by a release */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly data: DataLayer,
    private readonly clock: Clock,
    opts: LimiterOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
    this.pollMs = opts.pollMs ?? 100;
    this.holder = opts.holder ?? `${hostname()}:${process.pid}`;
  }

  /** Runs `work` (one request to the provider) holding a slot of the model; waits for one first. */
  async run<T>(modelId: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await this.acquire(modelId, signal);
    try {
      return await work();
    } finally {
      await slot.release();
    }
  }

  /** Waits until the model has a slot free and its rate allows a request, then holds it (renewed until released). */
  async acquire(modelId: string, signal?: AbortSignal): Promise<Slot> {
    for (;;) {
      signal?.throwIfAborted();
      const found = await this.tryAcquire(modelId);
      if ('slot' in found) return this.held(modelId, found.slot);
      await this.pause(modelId, found.waitMs, signal);
    }
  }

  /** One try: a look without a lock, then (when there seems to be room) one short transaction (no network inside). */
  async tryAcquire(modelId: string): Promise<Attempt> {
    const now = this.clock();
    const poll = this.pollMs + Math.floor(Math.random() * this.pollMs);
    const wait = (u: Usage): number | null => {
      if (u.held >= u.most) return poll;
      // the next place in the window opens when the oldest request in it is a minute old
      if (u.rate > 0 && u.recent >= u.rate) return Math.max(poll, Math.min((u.oldest ?? now) + RATE_WINDOW_MS + 1 - now, 10 * poll));
      return null;
    };
    // a full model costs its waiters a read, not a lock
    const seen = wait(await this.usage(this.data, modelId, now, false));
    if (seen !== null) return { waitMs: seen };
    return this.data.transaction(async (trx) => {
      // the model row is the lock every instance takes before counting (PostgreSQL; SQLite writes one at a time)
      const usage = await this.usage(trx, modelId, now, true);
      const waitMs = wait(usage);
      if (waitMs !== null) return { waitMs };
      const id = nextId();
      await trx.run(sql`INSERT INTO ai_model_slot (id, model_id, holder, acquired_ms, expires_ms, released_ms)
        VALUES (${id}, ${modelId}, ${this.holder}, ${now}, ${now + this.leaseMs}, NULL)`);
      // rows neither held nor counted any more
      await trx.run(sql`DELETE FROM ai_model_slot WHERE model_id = ${modelId} AND acquired_ms <= ${now - RATE_WINDOW_MS}
        AND (released_ms IS NOT NULL OR expires_ms <= ${now})`);
      return { slot: id };
    });
  }

  /** The model's limits (its row locked when `lock`) and its slots held and started in the last minute. */
  private async usage(q: Queries, modelId: string, now: number, lock: boolean): Promise<Usage> {
    const model = await q.get(sql<{ max_concurrency: number; rate_per_minute: number }>`SELECT max_concurrency, rate_per_minute
      FROM ai_model WHERE id = ${modelId} ${lock ? q.dialect.forUpdate() : sql``}`);
    const since = now - RATE_WINDOW_MS;
    const counts = await q.get(sql<{ held: number; recent: number; oldest: number | null }>`SELECT
        COALESCE(SUM(CASE WHEN released_ms IS NULL AND expires_ms > ${now} THEN 1 ELSE 0 END), 0) AS held,
        COALESCE(SUM(CASE WHEN acquired_ms > ${since} THEN 1 ELSE 0 END), 0) AS recent,
        MIN(CASE WHEN acquired_ms > ${since} THEN acquired_ms END) AS oldest
      FROM ai_model_slot WHERE model_id = ${modelId}`);
    return {
      most: Number(model?.max_concurrency ?? AI_LIMITS.maxConcurrency.default),
      rate: Number(model?.rate_per_minute ?? AI_LIMITS.ratePerMinute.default),
      held: Number(counts?.held ?? 0),
      recent: Number(counts?.recent ?? 0),
      oldest: counts?.oldest === null || counts?.oldest === undefined ? null : Number(counts.oldest),
    };
  }

  /** Waits `ms`, or less when a release of this process wakes this waiter; rejects when `signal` is aborted. */
  private pause(modelId: string, ms: number, signal?: AbortSignal): Promise<void> {
    const queue = this.waiting.get(modelId) ?? new Set<() => void>();
    this.waiting.set(modelId, queue);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        queue.delete(wake);
        if (queue.size === 0 && this.waiting.get(modelId) === queue) this.waiting.delete(modelId);
        signal?.removeEventListener('abort', stop);
      };
      const wake = () => {
        done();
        resolve();
      };
      const stop = () => {
        done();
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      const timer = setTimeout(wake, ms);
      queue.add(wake);
      signal?.addEventListener('abort', stop, { once: true });
    });
  }

  /** Wakes this process's longest waiter for the model (a slot was given back). */
  private wakeOne(modelId: string): void {
    const first = this.waiting.get(modelId)?.values().next().value;
    first?.();
  }

  /** A held slot, its lease renewed every third of it until released. */
  private held(modelId: string, id: string): Slot {
    let released = false;
    const renew = setInterval(() => {
      this.data
        .run(sql`UPDATE ai_model_slot SET expires_ms = ${this.clock() + this.leaseMs} WHERE id = ${id} AND released_ms IS NULL`)
        .catch(() => undefined); // the database away: the lease runs out by itself, which is what it is for
    }, Math.max(1000, Math.floor(this.leaseMs / 3)));
    renew.unref();
    return {
      id,
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        try {
          await this.data.run(sql`UPDATE ai_model_slot SET released_ms = ${this.clock()} WHERE id = ${id}`);
        } catch {
          // the database away: the lease runs out by itself
        }
        this.wakeOne(modelId);
      },
    };
  }
}
