// A durable job (src-server/jobs) as the console's task screens show it: which
// instance runs it, how far it got, its attempts and, for a failure, the reason.
// Generation, import and deploy tasks carry the view of their latest job.

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/**
 * What a handler reports while it runs (JobContext.progress): items done of a total, and for a deploy its phase.
 * Every field is optional: a job reports what it knows.
 */
export interface JobProgress {
  done?: number;
  total?: number;
  /** items that failed so far (their reasons are kept per item by the task) */
  failed?: number;
  /** a deploy's phase (connect, render, upload, switch...) */
  phase?: string;
}

export interface JobView {
  id: string;
  state: JobState;
  /** the instance that holds (or last held) the job: host/pid/random, as the worker names itself */
  instance: string | null;
  /** runs so far: the first claim, retries and takeovers after an instance died */
  attempts: number;
  maxAttempts: number;
  progress: JobProgress | null;
  /** the reason of the last failure (kept when a retry follows) */
  error: string | null;
  /** a cancel was asked and the running instance has not stopped yet */
  cancelRequested: boolean;
  /** 'YYYY-MM-DD HH:mm:ss' */
  startTime: string | null;
  endTime: string | null;
}
