// The console's view of jobs (src-shared/jobs.ts): a task row carries its latest
// job's id (job_id) and its list answers that job's view, read here in one query
// per page through the queries the caller reads with (a resource's hook, a route).
import type { JobProgress, JobState, JobView } from '../../src-shared/jobs';
import { sql, type Queries } from '../db/data-layer';
import { formatDateTime } from '../util/dates';
import type { Job, JobQueue } from './queue';

function progressOf(p: unknown): JobProgress | null {
  if (!p || typeof p !== 'object') return null;
  const o = p as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const out: JobProgress = { done: n(o.done), total: n(o.total), failed: n(o.failed), phase: typeof o.phase === 'string' ? o.phase : undefined };
  for (const k of Object.keys(out) as (keyof JobProgress)[]) if (out[k] === undefined) delete out[k];
  return Object.keys(out).length ? out : null;
}

/** A job as the console shows it. */
export function jobView(job: Job): JobView {
  return {
    id: job.id,
    state: job.state,
    instance: job.leaseOwner,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    progress: progressOf(job.progress),
    error: job.error,
    cancelRequested: job.cancelRequested && job.state === 'running',
    startTime: job.startTime === null ? null : formatDateTime(job.startTime),
    endTime: job.endTime === null ? null : formatDateTime(job.endTime),
  };
}

/** The views of these jobs, by id (ids of pruned jobs are left out). */
export async function jobViews(queue: JobQueue, ids: readonly (string | null | undefined)[], q?: Queries): Promise<Map<string, JobView>> {
  return jobsByIds(q ?? queue.data, ids);
}

interface ViewRow {
  id: string;
  state: JobState;
  lease_owner: string | null;
  attempts: number;
  max_attempts: number;
  progress: string | null;
  error: string | null;
  cancel_requested: number;
  start_time: number | string | null;
  end_time: number | string | null;
}

const parsed = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const ms = (v: number | string | null): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The views of these jobs, by id, read in one query through `q` (only the job table and the given queries: a
 * resource's hook reaches it without the app's JobQueue). Empty, null and repeated ids are skipped; pruned
 * jobs are left out.
 */
export async function jobsByIds(q: Queries, ids: readonly (string | null | undefined)[]): Promise<Map<string, JobView>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await q.all(sql<ViewRow>`SELECT id, state, lease_owner, attempts, max_attempts, progress, error, cancel_requested, start_time, end_time
    FROM job WHERE id IN (${sql.join(wanted)})`);
  return new Map(
    rows.map((r) => {
      const state = r.state;
      const view: JobView = {
        id: String(r.id),
        state,
        instance: r.lease_owner ?? null,
        attempts: Number(r.attempts),
        maxAttempts: Number(r.max_attempts),
        progress: progressOf(parsed(r.progress)),
        error: r.error ?? null,
        cancelRequested: Number(r.cancel_requested) === 1 && state === 'running',
        startTime: ms(r.start_time) === null ? null : formatDateTime(ms(r.start_time)!),
        endTime: ms(r.end_time) === null ? null : formatDateTime(ms(r.end_time)!),
      };
      return [view.id, view];
    }),
  );
}

/**
 * Adds to each record the view of the job whose id it holds in `idField` (a task's `jobId`, a website's
 * `deployJobId`) as `viewField` (`job`, `deployJob`): null when it has none or the job was pruned. One query.
 */
export async function attachJobViews(q: Queries, records: Record<string, unknown>[], idField = 'jobId', viewField = 'job'): Promise<void> {
  if (records.length === 0) return;
  const views = await jobsByIds(q, records.map((r) => (typeof r[idField] === 'string' ? (r[idField] as string) : null)));
  for (const r of records) r[viewField] = views.get(String(r[idField] ?? '')) ?? null;
}
