// Per AI model limits that every instance of the back end keeps together (issue 30,
// docs/team-server.md § AI limits): a provider limits its key, not a process. Every
// request to the provider holds one row of ai_model_slot (migration 375) for its run:
//   - acquire: one short transaction locks the model row (PostgreSQL FOR UPDATE, so
//     instances take turns; SQLite has one writer), counts the model's slots held
//     (not released, lease not run out) and started in the last minute, and inserts a
//     row only while both are under the model's max_concurrency / rate_per_minute
//     (0 = no rate limit). Else it waits (short polls with jitter, or until the
//     oldest request leaves the minute) and tries again; an AbortSignal stops waiting.
//   - while the request runs, no transaction is open; the lease (LEASE_MS) is renewed
//     every third of it, so a killed instance's slots come back when it runs out.
//   - release marks the row released; it still counts for the rate until it is a
//     minute old, then the next acquire for the model deletes it.
// The limits are read from the model row at each acquire: an edit applies at once.
import { sql, type DataLayer } from '../../../db/data-layer';
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

export class AiModelLimiter {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly holder: string;

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
      if ('slot' in found) return this.held(found.slot);
      await pause(found.waitMs, signal);
    }
  }

  /** One try, in one short transaction (no network inside). */
  async tryAcquire(modelId: string): Promise<Attempt> {
    const now = this.clock();
    const id = nextId();
    const poll = this.pollMs + Math.floor(Math.random() * this.pollMs);
    return this.data.transaction(async (trx) => {
      // the model row is the lock every instance takes before counting (PostgreSQL; SQLite writes one at a time)
      const model = await trx.get(sql<{ max_concurrency: number; rate_per_minute: number }>`SELECT max_concurrency, rate_per_minute
        FROM ai_model WHERE id = ${modelId} ${trx.dialect.forUpdate()}`);
      const most = Number(model?.max_concurrency ?? AI_LIMITS.maxConcurrency.default);
      const rate = Number(model?.rate_per_minute ?? AI_LIMITS.ratePerMinute.default);
      const since = now - RATE_WINDOW_MS;
      // rows neither held nor counted any more
      await trx.run(sql`DELETE FROM ai_model_slot WHERE model_id = ${modelId} AND acquired_ms <= ${since} AND (released_ms IS NOT NULL OR expires_ms <= ${now})`);
      const counts = await trx.get(sql<{ held: number; recent: number; oldest: number | null }>`SELECT
          COALESCE(SUM(CASE WHEN released_ms IS NULL AND expires_ms > ${now} THEN 1 ELSE 0 END), 0) AS held,
          COALESCE(SUM(CASE WHEN acquired_ms > ${since} THEN 1 ELSE 0 END), 0) AS recent,
          MIN(CASE WHEN acquired_ms > ${since} THEN acquired_ms END) AS oldest
        FROM ai_model_slot WHERE model_id = ${modelId}`);
      const held = Number(counts?.held ?? 0);
      const recent = Number(counts?.recent ?? 0);
      if (held >= most) return { waitMs: poll };
      if (rate > 0 && recent >= rate) {
        // the next place in the window opens when the oldest request in it is a minute old
        const opens = Number(counts?.oldest ?? now) + RATE_WINDOW_MS + 1 - now;
        return { waitMs: Math.max(poll, Math.min(opens, 10 * poll)) };
      }
      await trx.run(sql`INSERT INTO ai_model_slot (id, model_id, holder, acquired_ms, expires_ms, released_ms)
        VALUES (${id}, ${modelId}, ${this.holder}, ${now}, ${now + this.leaseMs}, NULL)`);
      return { slot: id };
    });
  }

  /** A held slot, its lease renewed every third of it until released. */
  private held(id: string): Slot {
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
      },
    };
  }
}

/** Waits `ms`, or rejects with the signal's reason when it is aborted first. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    };
    const stop = () => {
      done();
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
