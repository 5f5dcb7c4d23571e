// The console's view of jobs (src-shared/jobs.ts): a task row carries its latest
// job's id (job_id) and its list answers that job's view, read here in one query.
import type { JobProgress, JobView } from '../../src-shared/jobs';
import type { Queries } from '../db/data-layer';
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
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  return new Map((await queue.many(wanted, q)).map((job) => [job.id, jobView(job)]));
}
