// The console's view of jobs (src-shared/jobs.ts): a task row carries its latest
// job's id (job_id) and its list answers that job's view, read here through the
// queries the caller reads with (a resource's hook, a route): one query for the
// jobs of a page, one for their attempts (job_attempt), and, only when one of them
// has gone unclaimed for longer than a lease, one for the workers alive
// (job_instance) to tell "waits for a worker" from "queued behind others".
import type { AttemptOutcome, JobAttemptView, JobProgress, JobState, JobView } from '../../src-shared/jobs';
import { sql, type Queries } from '../db/data-layer';
import { formatDateTime } from '../util/dates';
import { DEFAULT_LEASE_MS } from './queue';
import type { ReplyLanguage } from '../../src-shared/messages';
import { reasonText } from '../../src-shared/messages/stored';

function progressOf(p: unknown): JobProgress | null {
  if (!p || typeof p !== 'object') return null;
  const o = p as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const out: JobProgress = { done: n(o.done), total: n(o.total), failed: n(o.failed), phase: typeof o.phase === 'string' ? o.phase : undefined };
  for (const k of Object.keys(out) as (keyof JobProgress)[]) if (out[k] === undefined) delete out[k];
  return Object.keys(out).length ? out : null;
}

interface ViewRow {
  id: string;
  kind: string;
  state: JobState;
  lease_owner: string | null;
  lease_until: number | string | null;
  run_at: number | string;
  attempts: number;
  max_attempts: number;
  progress: string | null;
  error: string | null;
  error_reason: string | null;
  cancel_requested: number;
  start_time: number | string | null;
  end_time: number | string | null;
}

interface AttemptRow {
  job_id: string;
  attempt: number;
  instance: string;
  start_time: number | string;
  end_time: number | string | null;
  outcome: AttemptOutcome;
  reason: string | null;
  reason_message: string | null;
  taken_by: string | null;
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
const time = (v: number | string | null): string | null => (ms(v) === null ? null : formatDateTime(ms(v)!));

/** since when a worker could have claimed the job (due and queued, or running on a lease that ran out); null: it is held or finished */
function claimableSince(r: ViewRow, now: number): number | null {
  if (r.state === 'queued') return Number(r.run_at);
  const until = ms(r.lease_until);
  return r.state === 'running' && until !== null && until < now ? until : null;
}

/**
 * For each job claimable for longer than a lease: since when it waits for a worker, when no instance whose worker runs
 * its kind was seen within that worker's lease (since: the later of when it became claimable and when such a worker was
 * last seen). One read of job_instance, only when a job is that late.
 */
async function waitingSince(q: Queries, rows: ViewRow[], now: number): Promise<Map<string, number>> {
  const late = rows
    .map((r) => ({ r, since: claimableSince(r, now) }))
    .filter((x): x is { r: ViewRow; since: number } => x.since !== null && now - x.since > DEFAULT_LEASE_MS);
  const out = new Map<string, number>();
  if (late.length === 0) return out;
  const workers = await q.all(sql<{ kinds: string; lease_ms: number | string; seen_at: number | string }>`SELECT kinds, lease_ms, seen_at FROM job_instance`);
  for (const { r, since } of late) {
    const mine = workers.filter((w) => w.kinds.includes(`,${r.kind},`));
    if (mine.some((w) => Number(w.seen_at) + Number(w.lease_ms) >= now)) continue;
    out.set(r.id, Math.max(since, ...mine.map((w) => Number(w.seen_at) + Number(w.lease_ms))));
  }
  return out;
}

/**
 * The views of these jobs, by id, read through `q` (only the job tables and the given queries: a resource's hook
 * reaches it without the app's JobQueue). Empty, null and repeated ids are skipped; pruned jobs are left out.
 */
export async function jobsByIds(q: Queries, ids: readonly (string | null | undefined)[], now = Date.now(), language: ReplyLanguage = 'zh'): Promise<Map<string, JobView>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await q.all(sql<ViewRow>`SELECT id, kind, state, lease_owner, lease_until, run_at, attempts, max_attempts, progress, error, error_reason,
      cancel_requested, start_time, end_time
    FROM job WHERE id IN (${sql.join(wanted)})`);
  if (rows.length === 0) return new Map();
  const attempts = await q.all(sql<AttemptRow>`SELECT job_id, attempt, instance, start_time, end_time, outcome, reason, reason_message, taken_by
    FROM job_attempt WHERE job_id IN (${sql.join(rows.map((r) => r.id))}) ORDER BY start_time, id`);
  const history = new Map<string, JobAttemptView[]>();
  for (const a of attempts) {
    const list = history.get(a.job_id) ?? [];
    list.push({
      attempt: Number(a.attempt),
      instance: a.instance,
      startTime: time(a.start_time)!,
      endTime: time(a.end_time),
      outcome: a.outcome,
      reason: a.reason === null && a.reason_message === null ? null : reasonText(a.reason, a.reason_message, language),
      takenBy: a.taken_by ?? null,
    });
    history.set(a.job_id, list);
  }
  const waiting = await waitingSince(q, rows, now);
  return new Map(
    rows.map((r) => {
      const state = r.state;
      const since = waiting.get(r.id);
      const view: JobView = {
        id: String(r.id),
        state,
        instance: r.lease_owner ?? null,
        attempts: Number(r.attempts),
        maxAttempts: Number(r.max_attempts),
        progress: progressOf(parsed(r.progress)),
        error: r.error === null && r.error_reason === null ? null : reasonText(r.error, r.error_reason, language),
        cancelRequested: Number(r.cancel_requested) === 1 && state === 'running',
        startTime: time(r.start_time),
        endTime: time(r.end_time),
        waitingSince: since === undefined ? null : formatDateTime(since),
        history: history.get(r.id) ?? [],
      };
      return [view.id, view];
    }),
  );
}

/**
 * Adds to each record the view of the job whose id it holds in `idField` (a task's `jobId`, a website's
 * `deployJobId`) as `viewField` (`job`, `deployJob`): null when it has none or the job was pruned. Reasons in `language`.
 */
export async function attachJobViews(q: Queries, records: Record<string, unknown>[], idField = 'jobId', viewField = 'job', language: ReplyLanguage = 'zh'): Promise<void> {
  if (records.length === 0) return;
  const views = await jobsByIds(q, records.map((r) => (typeof r[idField] === 'string' ? (r[idField] as string) : null)), Date.now(), language);
  for (const r of records) r[viewField] = views.get(String(r[idField] ?? '')) ?? null;
}
