// What a task row's durable job (src-shared/jobs.ts JobView) reads as in the
// console: its state's words (a retry's wait, an asked cancel and a wait for a worker included), the
// attempt, the progress, the instance (its host and role in words) and each attempt's outcome, for a cell. Pure: the
// cell (JobCell.tsx) and the column's width (CrudPage) both use it.
import type { TFunction } from 'i18next';
import { instanceParts, type JobAttemptView, type JobView } from '../../src-shared/jobs';

/**
 * The states the console names: a job's own, plus a retry's wait, a cancel asked and not yet honoured, and a job no
 * worker has claimed for longer than a lease with no worker of its kind alive (等待工作进程, not 排队中 / 执行中).
 */
export type JobShownState = JobView['state'] | 'retryWait' | 'cancelling' | 'waitingWorker' | 'partlyFailed' | 'allFailed';

/** The value of a job column as the wire sends it: a view, or null/absent for a row without a job. */
export function asJob(v: unknown): JobView | null {
  return v && typeof v === 'object' && typeof (v as JobView).state === 'string' ? (v as JobView) : null;
}

export function shownState(job: JobView): JobShownState {
  if (job.state === 'running' && job.cancelRequested) return 'cancelling';
  if (job.waitingSince && (job.state === 'queued' || job.state === 'running')) return 'waitingWorker';
  if (job.state === 'queued' && job.attempts > 0) return 'retryWait';
  // a job that ran to its end with items that failed is not called 已完成: 部分失败, or 全部失败 when none succeeded
  const failed = job.progress?.failed ?? 0;
  // (the items: the total when the job reported one, else those it went through)
  const items = job.progress?.total ?? job.progress?.done;
  if (job.state === 'done' && failed > 0) return items !== undefined && failed >= items ? 'allFailed' : 'partlyFailed';
  return job.state;
}

/** the tone of the state's words (crud's desk-tone-* classes) */
export function stateTone(s: JobShownState): 'success' | 'warning' | 'error' | undefined {
  if (s === 'done') return 'success';
  if (s === 'failed' || s === 'allFailed') return 'error';
  if (s === 'partlyFailed' || s === 'retryWait' || s === 'cancelling' || s === 'cancelled' || s === 'waitingWorker') return 'warning';
  return undefined;
}

/** whether the job may still change by itself (a list showing it reads again while it does) */
export function jobActive(v: unknown): boolean {
  const job = asJob(v);
  return job !== null && (job.state === 'queued' || job.state === 'running');
}

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The instance in words, its host and role (the worker's name host/role/pid/random: 'db-1 · 工作进程', 'db-1 · API');
 * an older version's host/pid/random as 'vm · 进程 8287'; any other name as it is. The cell, the popover and the
 * attempts say this; the popover adds the whole name.
 */
export function instanceText(t: TFunction, instance: string): string {
  const p = instanceParts(instance);
  if (p) return t(`crud.job.instanceOf.${p.role}`, { host: cut(p.host, 24) });
  const old = /^(.+)\/(\d+)\/[0-9a-f]+$/.exec(instance);
  if (old) return t('crud.job.instanceOf.process', { host: cut(old[1]!, 24), pid: old[2] });
  return cut(instance, 28);
}

/** since when a job waits for a worker, short for the cell ('11-29 03:40'); null when it does not wait */
export function waitingShort(job: JobView): string | null {
  return shownState(job) === 'waitingWorker' && job.waitingSince ? job.waitingSince.slice(5, 16) : null;
}

/** an attempt's outcome in words */
export function outcomeText(t: TFunction, a: JobAttemptView): string {
  return t(`crud.job.outcome.${a.outcome}`);
}

/**
 * why an attempt ended as it did: a failure's reason; 实例失去响应，由 <instance in words> 接管 for a takeover; the
 * instance given up (its lease ran out with no attempt left) or stopping; null for one running, done or cancelled
 */
export function attemptReason(t: TFunction, a: JobAttemptView): string | null {
  if (a.outcome === 'takenOver') return t('crud.job.takenOverBy', { instance: a.takenBy ? instanceText(t, a.takenBy) : '?' });
  if (a.outcome === 'released') return t('crud.job.releasedReason');
  if (a.outcome === 'lost') return a.reason ?? t('crud.job.lostReason');
  return a.outcome === 'failed' ? a.reason : null;
}

/** the reason worth showing: the last failure's, unless the job has since succeeded or was cancelled */
export function shownReason(job: JobView): string | null {
  return job.error && job.state !== 'done' && job.state !== 'cancelled' ? job.error : null;
}

/** 'done/total' (or 'done' without a total), null without progress */
export function progressText(job: JobView): string | null {
  const p = job.progress;
  if (!p || p.done === undefined) return null;
  return p.total !== undefined ? `${p.done}/${p.total}` : String(p.done);
}

/** 0-100 when the job knows its total */
export function progressPercent(job: JobView): number | null {
  const p = job.progress;
  if (!p || p.done === undefined || !p.total) return null;
  return Math.max(0, Math.min(100, Math.floor((p.done / p.total) * 100)));
}

/** a deploy's phase in words (known phases translated, others as reported) */
export function phaseText(t: TFunction, phase: string): string {
  return t(`crud.job.phases.${phase}`, { defaultValue: phase });
}

/** the attempt's words when it is a retry or a takeover (attempts > 1), else null */
export function attemptText(t: TFunction, job: JobView): string | null {
  return job.attempts > 1 ? t('crud.job.attempt', { n: job.attempts, max: job.maxAttempts }) : null;
}

/** One line of what the cell shows (its width is measured from this). */
export function jobSummary(t: TFunction, v: unknown): string {
  const job = asJob(v);
  if (!job) return '';
  const parts = [t(`crud.job.state.${shownState(job)}`)];
  const since = waitingShort(job);
  if (since) parts.push(t('crud.job.waitingSince', { time: since }));
  const progress = progressText(job);
  // the bar beside the numbers is about eight characters wide
  if (progress) parts.push(`${progressPercent(job) !== null ? '########' : ''}${progress}`);
  const attempt = attemptText(t, job);
  if (attempt) parts.push(attempt);
  if (job.instance) parts.push(instanceText(t, job.instance));
  const reason = shownReason(job);
  if (reason) parts.push(reason);
  return parts.join('  ');
}
