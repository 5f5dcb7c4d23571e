// The snowflake ids' worker number (util/ids.ts), leased per instance from the
// database: two back ends on one database (a team server's instances, on one
// machine or several) never mint the same id, where the process id alone could
// repeat across machines. A lease is renewed while the instance runs; one not
// renewed for STALE_MS (its instance died) is taken over by the next instance
// that starts. Table `id_worker` (core migration 10).
import { randomUUID } from 'node:crypto';
import { ID_WORKERS, setIdWorker } from '../util/ids';
import { sql, type Queries } from './data-layer';

export const RENEW_MS = 10_000;
export const STALE_MS = 60_000;

export interface IdWorkerLease {
  /** the leased number (0-1023) */
  readonly worker: number;
  /** stops renewing and gives the number back */
  release(): Promise<void>;
}

/** Takes the lowest number free or stale at `now`; null when every number is held by a live instance. */
async function take(q: Queries, instance: string, now: number): Promise<number | null> {
  const held = await q.all(sql<{ worker: number }>`SELECT worker FROM id_worker WHERE heartbeat_ms > ${now - STALE_MS}`);
  const live = new Set(held.map((r) => Number(r.worker)));
  for (let n = 0; n < ID_WORKERS; n++) {
    if (live.has(n)) continue;
    // one statement: another instance racing for the same number gets 0 rows and tries the next
    const took = await q.run(sql`INSERT INTO id_worker (worker, instance, heartbeat_ms) VALUES (${n}, ${instance}, ${now})
      ON CONFLICT (worker) DO UPDATE SET instance = excluded.instance, heartbeat_ms = excluded.heartbeat_ms
      WHERE id_worker.heartbeat_ms <= ${now - STALE_MS}`);
    if (took === 1) return n;
  }
  return null;
}

/**
 * Leases a worker number for this process and sets it (setIdWorker); renews it every RENEW_MS. A renewal
 * that finds the number taken (this instance was stalled past STALE_MS) leases a new one.
 */
export async function leaseIdWorker(q: Queries, o: { now?: () => number; renewMs?: number } = {}): Promise<IdWorkerLease> {
  const now = o.now ?? Date.now;
  const instance = randomUUID();
  let worker = await take(q, instance, now());
  if (worker === null) throw new Error(`every one of the ${ID_WORKERS} id worker numbers is held by a running instance`);
  setIdWorker(worker);
  let renewing: Promise<void> = Promise.resolve();
  const renew = async () => {
    const kept = await q.run(sql`UPDATE id_worker SET heartbeat_ms = ${now()} WHERE worker = ${worker} AND instance = ${instance}`);
    if (kept === 1) return;
    const next = await take(q, instance, now());
    if (next !== null) {
      worker = next;
      setIdWorker(next);
    }
  };
  const timer = setInterval(() => {
    // a failed renewal (the database is restarting) is tried again at the next tick
    renewing = renew().catch(() => undefined);
  }, o.renewMs ?? RENEW_MS);
  timer.unref();
  return {
    get worker() {
      return worker as number;
    },
    async release() {
      clearInterval(timer);
      await renewing;
      await q.run(sql`DELETE FROM id_worker WHERE worker = ${worker} AND instance = ${instance}`).catch(() => undefined);
    },
  };
}
