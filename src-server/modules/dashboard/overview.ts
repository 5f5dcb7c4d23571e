// What the 控制台 (/wel/dashboard) shows, read from the tables the background work
// keeps: the generation, import and deploy work running and queued (with
// progress), what failed in the last 24 hours with each kept reason, the
// sign-ins, and for the platform administrator the data folder's storage and the
// database's (in the folder on SQLite, on its own server on PostgreSQL).
// Everything but storage, version and uptime is the caller's tenant only, and
// each part only for a caller granted the screen it links to.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Queries, type DataLayer } from '../../db/data-layer';
import { formatDateTime } from '../../util/dates';
import { TASK, taskStatusName } from '../content/shared/task-status';
import { UPLOAD_DIR } from '../content/shared/uploads';
import { IMPORTS_DIR } from '../content/imports/import-runner';
import { DEPLOY_FAILED, DEPLOYING } from '../content/deploy/site-deployer';
import { deployStatusName, runInLanguage, runStateName } from '../content/deploy/deploy-scheduler';
import type { RunSite } from '../../../src-shared/deploy-run';
import { messageText, type ReplyLanguage } from '../../../src-shared/messages';
import { reasonText } from '../../../src-shared/messages/stored';
import type { DashboardActivity, DashboardFailure, DashboardSignIns, DashboardStatus, DashboardStorage } from '../../../src-shared/dashboard';

type Rec = Record<string, unknown>;

/** The screens (menu codes) each part of the dashboard belongs to. */
export const DASHBOARD_SCREENS = { generation: 'gptProduceArticle', imports: 'importTask', deployTasks: 'deployTasks', websites: 'websiteInfo' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const LIMIT = 50;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number => Number(v) || 0;

/** The two kinds of item-counting tasks (generation, imports): their table and count columns. */
const COUNTED_TASKS = [
  { kind: 'generation', screen: DASHBOARD_SCREENS.generation, table: 'gpt_produce_article', total: 'total', ok: 'success_count', failed: 'fail_count' },
  { kind: 'import', screen: DASHBOARD_SCREENS.imports, table: 'import_task', total: 'total_rows', ok: 'success_rows', failed: 'failed_rows' },
] as const;

/** Generation, import and deploy work running or queued in the tenant, running first. */
export async function activityOf(q: Queries, tenantId: string, can: (screen: string) => boolean, language: ReplyLanguage = 'zh'): Promise<DashboardActivity[]> {
  const out: DashboardActivity[] = [];
  for (const t of COUNTED_TASKS) {
    if (!can(t.screen)) continue;
    const rows = await q.all(
      sql<Rec>`SELECT id, task_name, status, ${sql.ref(t.total)} AS total, ${sql.ref(t.ok)} AS ok, ${sql.ref(t.failed)} AS failed, create_time FROM ${sql.table(t.table)}
         WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status IN (${TASK.running}, ${TASK.queued}) ORDER BY status DESC, create_time DESC LIMIT ${LIMIT}`,
    );
    for (const r of rows)
      out.push({ kind: t.kind, id: str(r.id), name: str(r.task_name), running: r.status === TASK.running, status: TASK_CODE[num(r.status)] ?? '', statusName: taskStatusName(r.status, language), done: num(r.ok) + num(r.failed), failed: num(r.failed), total: num(r.total), time: str(r.create_time) });
  }
  if (can(DASHBOARD_SCREENS.websites)) {
    // a website being deployed now (its status while the deploy runs)
    const rows = await q.all(
      sql<Rec>`SELECT id, website_name, domain_name, update_time FROM website_info
        WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status_name = ${DEPLOYING} ORDER BY update_time DESC LIMIT ${LIMIT}`,
    );
    for (const r of rows) out.push({ kind: 'deploy', id: str(r.id), name: str(r.website_name) || str(r.domain_name), running: true, status: 'deploying', statusName: messageText('taskStatus.deploying', language), done: 0, failed: 0, total: 0, time: str(r.update_time) });
  }
  if (can(DASHBOARD_SCREENS.deployTasks)) {
    // started deploy tasks: queued until their next trigger time
    const rows = await q.all(
      sql<Rec>`SELECT id, task_name, next_time FROM deploy_tasks
        WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1 AND next_time IS NOT NULL ORDER BY next_time LIMIT ${LIMIT}`,
    );
    for (const r of rows) out.push({ kind: 'deployTask', id: str(r.id), name: str(r.task_name), running: false, status: 'scheduled', statusName: '', done: 0, failed: 0, total: 0, time: formatDateTime(num(r.next_time)) });
  }
  return out.sort((a, b) => Number(b.running) - Number(a.running));
}

/** The reason a deploy task's last run kept, in `language`: its message, else the first failed sites'. */
function runReason(sitesJson: unknown, language: ReplyLanguage): string {
  try {
    const run = runInLanguage(JSON.parse(str(sitesJson)) as { message?: string; messageReason?: string; sites?: RunSite[] }, language);
    if (run.message) return run.message;
    const failed = (run.sites ?? []).filter((s) => s.statusName !== undefined && !s.deployed);
    return failed.map((s) => `${s.websiteName ?? ''}: ${s.message || s.statusName || ''}`).slice(0, 3).join('; ');
  } catch {
    return '';
  }
}

/** the status codes the console colours a row by (its name is in the caller's language) */
const TASK_CODE: Record<number, DashboardStatus> = { [TASK.queued]: 'queued', [TASK.running]: 'running', [TASK.failed]: 'failed', [TASK.partlyFailed]: 'partlyFailed' };

/** Work of the tenant that failed (wholly or partly) in the 24 hours before `now`, newest first. */
export async function failuresOf(q: Queries, tenantId: string, now: number, can: (screen: string) => boolean, language: ReplyLanguage = 'zh'): Promise<DashboardFailure[]> {
  const since = formatDateTime(now - DAY_MS);
  const out: DashboardFailure[] = [];
  for (const t of COUNTED_TASKS) {
    if (!can(t.screen)) continue;
    // the task's reason, else its first failed item's
    const itemOf = (column: string) =>
      t.kind === 'generation'
        ? sql`(SELECT ${sql.ref(`a.${column === 'text' ? 'error' : 'error_reason'}`)} FROM gpt_article a WHERE a.task_id = t.id AND a.error IS NOT NULL AND a.error <> '' ORDER BY a.item_index LIMIT 1)`
        : sql`(SELECT ${sql.ref(`e.${column === 'text' ? 'error_msg' : 'error_reason'}`)} FROM task_error_log e WHERE e.task_id = t.id ORDER BY e.error_line LIMIT 1)`;
    const rows = await q.all(
      sql<Rec>`SELECT t.id, t.task_name, t.status, t.error_msg, ${sql.ref(`t.${t.total}`)} AS total, ${sql.ref(`t.${t.failed}`)} AS failed, t.update_time, t.error_reason, ${itemOf('text')} AS item_error, ${itemOf('reason')} AS item_reason
         FROM ${sql.table(t.table)} t WHERE t.tenant_id = ${tenantId} AND t.is_deleted = 0 AND t.status IN (${TASK.failed}, ${TASK.partlyFailed}) AND t.update_time >= ${since}
         ORDER BY t.update_time DESC LIMIT ${LIMIT}`,
    );
    for (const r of rows)
      out.push({ kind: t.kind, id: str(r.id), name: str(r.task_name), status: TASK_CODE[num(r.status)] ?? '', statusName: taskStatusName(r.status, language), reason: reasonText(r.error_msg, r.error_reason, language) || reasonText(r.item_error, r.item_reason, language), failed: num(r.failed), total: num(r.total), time: str(r.update_time) });
  }
  if (can(DASHBOARD_SCREENS.deployTasks)) {
    const rows = await q.all(
      sql<Rec>`SELECT id, task_name, last_run_state, last_run_time, last_run_sites FROM deploy_tasks
         WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND last_run_state IN ('partial', 'failed') AND last_run_time >= ${since} ORDER BY last_run_time DESC LIMIT ${LIMIT}`,
    );
    for (const r of rows)
      out.push({ kind: 'deployTask', id: str(r.id), name: str(r.task_name), status: r.last_run_state === 'partial' ? 'partlyFailed' : 'failed', statusName: runStateName(r.last_run_state, language) || str(r.last_run_state), reason: runReason(r.last_run_sites, language), failed: 0, total: 0, time: str(r.last_run_time) });
  }
  if (can(DASHBOARD_SCREENS.websites)) {
    const rows = await q.all(
      sql<Rec>`SELECT d.id, d.website_info_id, d.domain, d.status_name, d.message, d.message_reason, d.create_time, w.website_name FROM website_deploy d
         LEFT JOIN website_info w ON w.id = d.website_info_id
         WHERE d.tenant_id = ${tenantId} AND d.is_deleted = 0 AND d.status_name = ${DEPLOY_FAILED} AND d.create_time >= ${since} ORDER BY d.create_time DESC LIMIT ${LIMIT}`,
    );
    for (const r of rows)
      out.push({ kind: 'deploy', id: str(r.website_info_id), name: str(r.website_name) || str(r.domain), status: 'deployFailed', statusName: deployStatusName(r.status_name, language), reason: reasonText(r.message, r.message_reason, language), failed: 0, total: 0, time: str(r.create_time) });
  }
  return out.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
}

/**
 * Sign-ins of the tenant: the latest successful ones (the sign-in log, refreshes left out) and the accounts
 * with failed attempts still counted (the lockout's ledger). `account` set: that account's only.
 */
export async function signInsOf(q: Queries, tenantId: string, now: number, account: string | null): Promise<DashboardSignIns> {
  const own = account === null ? sql`` : sql` AND create_by = ${account}`;
  // a refresh is logged as a sign-in with ` refresh_token ` in its data (SQLite's LIKE ignores ASCII case: so does the dialect's)
  const refresh = q.dialect.like(sql.ref('log_data'), '% refresh_token %');
  const recent = (await q.all(
    sql<Rec>`SELECT create_by, create_time, remote_ip FROM blade_log_usual WHERE tenant_id = ${tenantId} AND log_id = 'login' AND NOT (${refresh})${own}
       ORDER BY create_time DESC, id DESC LIMIT 10`,
  )).map((r) => ({ account: str(r.create_by), time: str(r.create_time), ip: str(r.remote_ip) }));
  const ownFail = account === null ? sql`` : sql` AND account = ${account}`;
  const failed = (await q.all(
    sql<Rec>`SELECT account, fail_count, first_fail_at, locked_until FROM blade_login_fail WHERE tenant_id = ${tenantId} AND fail_count > 0${ownFail}
      ORDER BY first_fail_at DESC LIMIT 10`,
  )).map((r) => {
    const locked = r.locked_until !== null && num(r.locked_until) > now;
    return { account: str(r.account), failCount: num(r.fail_count), since: formatDateTime(num(r.first_fail_at)), lockedUntil: locked ? formatDateTime(num(r.locked_until)) : '' };
  });
  return { recent, failed };
}

async function sizeOf(path: string): Promise<number> {
  const s = await stat(path).catch(() => null);
  if (!s) return 0;
  if (!s.isDirectory()) return s.size;
  let total = 0;
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.isSymbolicLink()) continue; // a release's `current` link: its target is counted once, as itself
    total += await sizeOf(join(path, e.name));
  }
  return total;
}

/** The database's bytes: its SQLite file with the journal's where there is one (in the data folder), else what the database server says. */
async function databaseSize(data: DataLayer): Promise<{ bytes: number; inDataDir: boolean }> {
  const file = data.sqlite?.name;
  if (file) {
    const [db, wal, shm] = await Promise.all([sizeOf(file), sizeOf(`${file}-wal`), sizeOf(`${file}-shm`)]);
    return { bytes: db + wal + shm, inDataDir: true };
  }
  return { bytes: (await data.get(data.dialect.databaseBytes()))?.bytes ?? 0, inDataDir: false };
}

/**
 * Bytes the data folder holds (uploads, import files, rendered sites and releases, all of it) and the database's:
 * SQLite's file is in the folder and counted in its total; a team server's PostgreSQL database is not in the
 * folder, so it is its own line and the folder's total leaves it out.
 */
export async function storageOf(data: DataLayer, dataDir: string): Promise<DashboardStorage> {
  const [database, uploads, imports, sites, folder] = await Promise.all([
    databaseSize(data),
    sizeOf(join(dataDir, UPLOAD_DIR)),
    sizeOf(join(dataDir, IMPORTS_DIR)),
    sizeOf(join(dataDir, 'sites')),
    sizeOf(dataDir),
  ]);
  return { engine: data.engine, dataDir, database: database.bytes, databaseInDataDir: database.inDataDir, uploads, imports, sites, total: folder };
}
