// The 控制台's overview (GET /seo-blade-desk/dashboard/overview): what the back end
// is doing, what failed in the last 24 hours and why, sign-ins, storage, version.
// The back end builds it (src-server/modules/dashboard), the renderer shows it
// (src-renderer/pages/wel/Dashboard.tsx).

/** the work a row is about; each kind opens its own screen */
export type DashboardKind = 'generation' | 'import' | 'deploy' | 'deployTask';

/** what the console colours a row's status by (its statusName is in the caller's language); '' for none */
export type DashboardStatus = 'queued' | 'running' | 'failed' | 'partlyFailed' | 'deploying' | 'deployFailed' | 'scheduled' | '';

/** work running or queued */
export interface DashboardActivity {
  kind: DashboardKind;
  /** the task's id (a deploy: the website's) */
  id: string;
  name: string;
  /** false: queued (a deploy task: started, waiting for `time`, its next run) */
  running: boolean;
  status: DashboardStatus;
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
  status: DashboardStatus;
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

/** The platform administrator's storage card (bytes). */
export interface DashboardStorage {
  /** the back end's database engine: SQLite keeps its file in the data folder, PostgreSQL on its own server */
  engine: 'sqlite' | 'postgres';
  dataDir: string;
  /** the database's size (SQLite: its file and journal; PostgreSQL: what the server says the database takes) */
  database: number;
  /** whether the database is counted in `total` (SQLite: yes, its file is in the data folder; PostgreSQL: no) */
  databaseInDataDir: boolean;
  uploads: number;
  imports: number;
  sites: number;
  /** the data folder's bytes, all of it: with the database only when its file is there (SQLite) */
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
