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
  /** the instance that holds (or last held) the job: host/role/pid/random, as the worker names itself (instanceNameOf) */
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
  /**
   * set when no worker has claimed the job for longer than a lease and no instance that runs its kind is alive (the
   * team server's workers are all gone, or every instance is `--role api`): since when it waits ('YYYY-MM-DD HH:mm:ss');
   * the console says 等待工作进程, not 排队中 / 执行中
   */
  waitingSince: string | null;
  /** every attempt, oldest first (job_attempt): a claim, a retry, a takeover */
  history: JobAttemptView[];
}

/**
 * how an attempt ended: still running, done, failed (its reason kept), cancelled, given back by a stopping instance
 * (released), its instance stopped renewing the lease and another took the job over (takenOver, naming it), or its
 * lease ran out with no attempt left / a cancel asked (lost)
 */
export type AttemptOutcome = 'running' | 'done' | 'failed' | 'cancelled' | 'released' | 'takenOver' | 'lost';

/** one attempt of a job: the instance that ran it, when, and how it ended */
export interface JobAttemptView {
  /** the job's attempt count when this one started (a released attempt is not counted: the next has its number) */
  attempt: number;
  /** the instance's whole name (instanceNameOf) */
  instance: string;
  startTime: string;
  endTime: string | null;
  outcome: AttemptOutcome;
  /** a failure's reason, or why its lease was given up */
  reason: string | null;
  /** the instance that took it over (outcome takenOver) */
  takenBy: string | null;
}

/** what a back-end instance does (`--role`): serve the API, run jobs and schedules, or both */
export type InstanceRole = 'api' | 'worker' | 'all';

/** the parts of an instance's name */
export interface InstanceParts {
  host: string;
  role: InstanceRole;
  pid: string;
  /** random, so two processes given the same pid (a restart, another container) never share a name */
  suffix: string;
}

/** An instance's name as its job worker makes it (src-server/jobs/worker.ts): `host/role/pid/suffix`, readable and unique. */
export function instanceNameOf(p: InstanceParts): string {
  return `${p.host}/${p.role}/${p.pid}/${p.suffix}`;
}

/** The parts of a name made by instanceNameOf; null for any other name (an older version's `host/pid/random`, a test's). */
export function instanceParts(name: string): InstanceParts | null {
  const m = /^(.+)\/(api|worker|all)\/(\d+)\/([0-9a-z]+)$/.exec(name);
  return m ? { host: m[1]!, role: m[2] as InstanceRole, pid: m[3]!, suffix: m[4]! } : null;
}

/** the console's URLs of a restored copy's paused background work (src-server/jobs/pause-routes.ts), platform administrator only */
export const BACKGROUND_WORK_STATUS_URL = '/website-blade-system/background-work/status';
export const BACKGROUND_WORK_RESUME_URL = '/website-blade-system/background-work/resume';

/** whether background work is paused (a restored backup or a moved-in workspace, until resumed) */
export interface BackgroundWorkStatus {
  paused: boolean;
  /** what paused it: a `restore` or an `import-local` */
  by: 'restore' | 'import-local' | null;
  /** since when (ISO 8601) */
  since: string | null;
}
