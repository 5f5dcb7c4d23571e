// The 控制台's overview (GET /seo-blade-desk/dashboard/overview): what the back end
// is doing, what failed in the last 24 hours and why, sign-ins, storage, version.
// The back end builds it (src-server/modules/dashboard), the renderer shows it
// (src-renderer/pages/wel/Dashboard.tsx).

/** the work a row is about; each kind opens its own screen */
export type DashboardKind = 'generation' | 'import' | 'deploy' | 'deployTask';

/** work running or queued */
export interface DashboardActivity {
  kind: DashboardKind;
  /** the task's id (a deploy: the website's) */
  id: string;
  name: string;
  /** false: queued (a deploy task: started, waiting for `time`, its next run) */
  running: boolean;
  statusName: string;
  /** items finished so far (succeeded or failed) of `total`; 0 of 0 when the work has no count */
  done: number;
  failed: number;
  total: number;
  /** created (a deploy task: its next run) */
  time: string;
}

/** work that failed wholly or partly, with the reason it kept */
export interface DashboardFailure {
  kind: DashboardKind;
  id: string;
  name: string;
  statusName: string;
  reason: string;
  failed: number;
  total: number;
  /** when it finished */
  time: string;
}

export interface DashboardSignIns {
  recent: { account: string; time: string; ip: string }[];
  /** accounts with failed attempts still counted; lockedUntil empty when not locked */
  failed: { account: string; failCount: number; since: string; lockedUntil: string }[];
}

/** bytes */
export interface DashboardStorage {
  dataDir: string;
  database: number;
  uploads: number;
  imports: number;
  sites: number;
  total: number;
}

export interface DashboardOverview {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  now: string;
  /** null: the caller may see none of the task screens */
  activity: DashboardActivity[] | null;
  failures: DashboardFailure[] | null;
  /** the tenant's (an administrator) or the caller's own */
  signIns: DashboardSignIns;
  /** the platform administrator only */
  storage: DashboardStorage | null;
}

export const DASHBOARD_OVERVIEW_URL = '/seo-blade-desk/dashboard/overview';
