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
