// A website's deploy is a durable job (issue 30): kind `deploy-site`, one per
// site, run by whichever working instance claims it (src-server/jobs). Every
// deploy entry point queues its sites' jobs here, each in the transaction that
// sets the site's deploy_job_id, and, where its reply carries the results (the
// deploy dialog, batch deploys, a scheduled task's run), waits for them by
// reading the job table (any instance may run them; an `api` instance runs
// none), then answers the outcomes each run recorded in website_deploy (its
// job_id names the job). A site's progress and its cancel go through its job,
// so they work from any instance.
import type { Migration } from '../../../db/migrations';
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import { ServiceError } from '../../../http/reply';
import { formatDateTime } from '../../../util/dates';
import { messageText, type MessageKey, type ReplyLanguage } from '../../../../src-shared/messages';
import { reasonJson } from '../../../../src-shared/messages/stored';

export const DEPLOY_OK = '部署成功';
export const DEPLOY_FAILED = '部署失败';
export const DEPLOYING = '部署中';
/** a website's status before its first deploy (website_info.status_name empty) */
export const NOT_DEPLOYED = '未部署';
const STATUS_KEYS: Record<string, MessageKey> = {
  [DEPLOY_OK]: 'taskStatus.deployOk',
  [DEPLOY_FAILED]: 'taskStatus.deployFailed',
  [DEPLOYING]: 'taskStatus.deploying',
  [NOT_DEPLOYED]: 'taskStatus.notDeployed',
};

/** a deploy's status name (部署成功 / 部署失败 / 部署中 / 未部署, as recorded) in `language`; another name as it is */
export const deployStatusName = (name: unknown, language: ReplyLanguage): string => {
  const key = STATUS_KEYS[String(name ?? '')];
  return key ? messageText(key, language) : String(name ?? '');
};

/**
 * A deploy's status as a reply carries it: its name in `language` and, beside it, `deployed` (whether it deployed),
 * which the console decides and colours by (the name is in the caller's language).
 */
export const deployStatus = (name: unknown, language: ReplyLanguage): { statusName: string; deployed: boolean } => ({
  statusName: deployStatusName(name, language),
  deployed: name === DEPLOY_OK,
});
export const BUSY = '该网站正在部署中, 请稍后再试';
/** BUSY as a reply (a ServiceError): its message key, answered in the caller's language */
export const BUSY_KEY: MessageKey = 'deploy.busy';
/** a site refused because it is gone (its key: answered in the caller's language) */
const SITE_GONE = 'article.websiteMissing';
export const CANCELLED = '部署已取消';
/** a reply that waited for deploy jobs while its instance stops: the jobs go on (another instance, or the next start) */

/** the job kind of one website's deploy */
export const DEPLOY_SITE_JOB = 'deploy-site';

export const DEPLOY_JOB_MIGRATION: Migration = {
  version: 390,
  name: 'content: a deploy record names the job that ran it; a deploy task run keeps the marker of the trigger that published',
  sql: `
ALTER TABLE website_deploy ADD COLUMN job_id TEXT;
CREATE INDEX ix_website_deploy_job ON website_deploy(job_id);
CREATE TABLE deploy_task_run (
  run_key TEXT NOT NULL PRIMARY KEY,
  task_id TEXT NOT NULL,
  published INTEGER NOT NULL DEFAULT 0,
  recorded INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL
);
`,
};

export interface DeployResult {
  id: string;
  websiteInfoId: string;
  domain: string;
  statusName: string;
  /** the zh text (as recorded in website_deploy.message) */
  message: string;
  /** the message's key and params as recorded (message_reason, src-shared/messages/stored.ts), when keyed */
  reason?: string | null;
  release?: string;
  previousRelease?: string;
  filesTotal: number;
  filesSent: number;
  bytesSent: number;
  durationMs: number;
  /** where the deployed site can be opened: its domain, or the back end's preview of a data-folder site */
  url: string;
}

/** a site's deploy as its caller gets it: the recorded outcome, or the reason it was refused before deploying */
export type DeployOutcome = DeployResult & { refused?: string };

export interface DeployScope {
  userId: string;
  deptId: string;
}

export interface SitePayload {
  websiteId: string;
  tenantId: string;
  scope: DeployScope;
}

/** a site's job, or why none was queued */
export interface Queued {
  websiteInfoId: string;
  jobId?: string;
  refused?: string;
}

export interface JobProgressRow {
  websiteInfoId: string;
  progress: { phase?: string; done?: number; total?: number } | null;
  startedAt: string;
}

const FINAL = new Set(['done', 'failed', 'cancelled']);
const POLL_MS = 150;

type Row = Record<string, unknown>;

function resultOf(r: Row): DeployResult {
  const opt = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
  return {
    id: String(r.id),
    websiteInfoId: String(r.website_info_id),
    domain: String(r.domain ?? ''),
    statusName: String(r.status_name),
    message: String(r.message ?? ''),
    reason: r.message_reason === null || r.message_reason === undefined ? null : String(r.message_reason),
    release: opt(r.release_name),
    previousRelease: opt(r.previous_release),
    filesTotal: Number(r.files_total),
    filesSent: Number(r.files_sent),
    bytesSent: Number(r.bytes_sent),
    durationMs: Number(r.duration_ms),
    url: String(r.site_url ?? ''),
  };
}

/** a refusal: its zh text, and its key when it has one (BUSY, CANCELLED..., or as its job recorded it) */
function refusedOf(websiteInfoId: string, reason: string, key?: MessageKey | string | null): DeployOutcome {
  const json = key && key.startsWith('{') ? key : key ? reasonJson({ key: key as MessageKey }) : null;
  return { id: '', websiteInfoId, domain: '', statusName: DEPLOY_FAILED, message: reason, reason: json, filesTotal: 0, filesSent: 0, bytesSent: 0, durationMs: 0, url: '', refused: reason };
}

export class DeployJobs {
  /** fires when the instance stops: replies waiting for deploy jobs answer deploy.stopping instead of holding the close */
  private readonly closing = new AbortController();

  constructor(
    private readonly data: DataLayer,
    readonly jobs: Jobs,
  ) {}

  /**
   * Queues a deploy job per site through `q` (the caller's transaction), each site's deploy_job_id set with it. A
   * site already queued or being deployed is refused (BUSY). With `keyOf`, a site whose job of that key exists
   * (a scheduled run taken over) answers that job.
   */
  async enqueue(q: Queries, websiteIds: readonly string[], tenantId: string, scope: DeployScope, keyOf?: (websiteId: string) => string): Promise<Queued[]> {
    const out: Queued[] = [];
    for (const websiteInfoId of websiteIds) {
      const key = keyOf?.(websiteInfoId);
      const existing = key ? await this.jobs.queue.byKey(key, q) : undefined;
      if (existing) {
        out.push({ websiteInfoId, jobId: existing.id });
        continue;
      }
      const site = await q.get(sql<{ deploy_job_id: string | null }>`SELECT deploy_job_id FROM website_info WHERE id = ${websiteInfoId} AND tenant_id = ${tenantId} AND is_deleted = 0`);
      if (!site) {
        out.push({ websiteInfoId, refused: messageText(SITE_GONE, 'zh') });
        continue;
      }
      const busy = site.deploy_job_id
        ? await q.get(sql`SELECT 1 AS busy FROM job WHERE id = ${site.deploy_job_id} AND state IN ('queued', 'running')`)
        : undefined;
      if (busy) {
        out.push({ websiteInfoId, refused: BUSY });
        continue;
      }
      const { id } = await this.jobs.queue.enqueue(q, {
        kind: DEPLOY_SITE_JOB,
        tenantId,
        key,
        payload: { websiteId: websiteInfoId, tenantId, scope } satisfies SitePayload,
      });
      await q.run(sql`UPDATE website_info SET deploy_job_id = ${id} WHERE id = ${websiteInfoId}`);
      out.push({ websiteInfoId, jobId: id });
    }
    return out;
  }

  /**
   * Waits until every one of these jobs has finished (done, failed or cancelled), on whichever instance ran it; a job
   * waiting gives its `signal`, a reply none (it ends when the instance stops).
   */
  async wait(jobIds: readonly string[], signal?: AbortSignal): Promise<Map<string, Job>> {
    const pending = new Set(jobIds);
    const finished = new Map<string, Job>();
    while (pending.size > 0) {
      signal?.throwIfAborted();
      // a reply (no job's signal: a job's own wait ends with its signal, the job given back as the worker stops)
      if (!signal && this.closing.signal.aborted) throw new ServiceError('deploy.stopping');
      const jobs = new Map((await this.jobs.queue.many([...pending])).map((j) => [j.id, j]));
      for (const id of [...pending]) {
        const job = jobs.get(id);
        // a job pruned meanwhile (days later) has finished too
        if (job && !FINAL.has(job.state)) continue;
        if (job) finished.set(id, job);
        pending.delete(id);
      }
      if (pending.size > 0) await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return finished;
  }

  /**
   * What each site's deploy came to: the outcome its job's run recorded (the latest, should a run taken over have
   * recorded too), else why it did not deploy (refused, cancelled while queued, failed before deploying).
   */
  async outcomes(queued: readonly Queued[], jobs: Map<string, Job>): Promise<DeployOutcome[]> {
    const ids = queued.map((s) => s.jobId).filter((id): id is string => Boolean(id));
    const records = new Map<string, DeployResult>();
    if (ids.length > 0) {
      const rows = await this.data.all(sql<Row>`SELECT * FROM website_deploy WHERE job_id IN (${sql.join(ids)}) ORDER BY create_time, id`);
      for (const r of rows) records.set(String(r.job_id), resultOf(r));
    }
    return queued.map((s) => {
      if (!s.jobId) return refusedOf(s.websiteInfoId, s.refused ?? BUSY, (s.refused ?? BUSY) === BUSY ? BUSY_KEY : s.refused === messageText(SITE_GONE, 'zh') ? SITE_GONE : undefined);
      const recorded = records.get(s.jobId);
      if (recorded) return recorded;
      const job = jobs.get(s.jobId);
      if (job?.state === 'cancelled') return refusedOf(s.websiteInfoId, CANCELLED, 'deploy.cancelled');
      return job?.error ? refusedOf(s.websiteInfoId, job.error, job.errorReason) : refusedOf(s.websiteInfoId, messageText('deploy.jobGone', 'zh'), 'deploy.jobGone');
    });
  }

  /** Queues these sites' deploys, waits for them and answers their outcomes, in the order given. */
  async deployMany(websiteIds: readonly string[], tenantId: string, scope: DeployScope, signal?: AbortSignal): Promise<DeployOutcome[]> {
    const queued = await this.data.transaction((trx) => this.enqueue(trx, websiteIds, tenantId, scope));
    const jobs = await this.wait(queued.map((s) => s.jobId).filter((id): id is string => Boolean(id)), signal);
    return this.outcomes(queued, jobs);
  }

  /** the instance is stopping: waits end (the jobs stay queued for a working instance) */
  close(): void {
    this.closing.abort();
  }

  /** the tenant's sites whose deploy job is queued or running, with the progress their job reported */
  async running(tenantId: string, ids?: readonly string[]): Promise<JobProgressRow[]> {
    const only = ids && ids.length > 0 ? sql` AND w.id IN (${sql.join([...ids])})` : sql``;
    const rows = await this.data.all(sql<{ id: string; progress: string | null; start_time: number | null; create_time: number }>`
      SELECT w.id, j.progress, j.start_time, j.create_time FROM website_info w JOIN job j ON j.id = w.deploy_job_id
       WHERE w.tenant_id = ${tenantId} AND w.is_deleted = 0 AND j.state IN ('queued', 'running')${only} ORDER BY w.id`);
    return rows.map((r) => ({
      websiteInfoId: r.id,
      progress: r.progress ? (JSON.parse(r.progress) as JobProgressRow['progress']) : null,
      startedAt: formatDateTime(Number(r.start_time ?? r.create_time)),
    }));
  }

  /** Cancels the site's queued or running deploy job, on whichever instance runs it; false when there is none. */
  async cancel(websiteId: string): Promise<boolean> {
    const site = await this.data.get(sql<{ deploy_job_id: string | null }>`SELECT deploy_job_id FROM website_info WHERE id = ${websiteId}`);
    if (!site?.deploy_job_id) return false;
    return (await this.jobs.queue.cancel(site.deploy_job_id)) !== null;
  }
}
