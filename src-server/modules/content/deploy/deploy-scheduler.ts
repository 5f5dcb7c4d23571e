// The deploy-task scheduler: started tasks (status 1) fire at their next trigger
// time (kept in deploy_tasks.next_time, so schedules survive a restart). A run
// publishes up to articleCount unpublished articles of the group's websites
// (abArticleCount for the A/B websites of white-hat groups), redeploys the
// group's websites and counts the execution. The run's outcome is kept on the
// task (last_run_*): 成功 when every site deployed, 部分失败 / 失败 otherwise,
// with each site's deploy status and reason.
//
// A trigger is a durable job (src-server/jobs) keyed `deploy-task:<taskId>:<triggerTime>`,
// queued in the transaction that moves next_time on: with several instances
// ticking on one database, the key's unique index lets one trigger fire once, and
// whichever instance's worker claims the job runs the task. Only working
// instances (`--role worker|all`) tick and run; any instance arms and runs once.
//
// A run fans out: it publishes (once per run: the run's marker in deploy_task_run
// is written in the publishing transaction, so a trigger job taken over after its
// instance died does not publish another batch), queues one `deploy-site` job per
// site (keyed by the run, so a takeover finds them) that any working instance
// runs, waits for them, and records the outcome once (the marker again).
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import { nextId } from '../../../util/ids';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import type { JobContext } from '../../../jobs/worker';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { DEPLOY_FAILED, DEPLOY_OK, type SiteDeployer } from './site-deployer';
import { deployStatusName } from './deploy-jobs';
import { nextTriggerTime } from './schedule';
import type { RunOutcome, RunSite, RunState } from '../../../../src-shared/deploy-run';
import { messageText, type MessageKey, type ReplyLanguage } from '../../../../src-shared/messages';
import { reasonJson, reasonText, storedReason } from '../../../../src-shared/messages/stored';
import { PAGE_CATE } from '../articles/page-cates';

type Rec = Record<string, unknown>;

export type { RunSite, RunState } from '../../../../src-shared/deploy-run';
export type RunResult = RunOutcome;

export const RUN_STATE_NAMES: Record<RunState, MessageKey> = { success: 'taskStatus.runSuccess', partial: 'taskStatus.partlyFailed', failed: 'taskStatus.failed' };

/** a run's state by name in `language` ('' for none) */
export const runStateName = (state: unknown, language: ReplyLanguage): string => {
  const key = RUN_STATE_NAMES[state as RunState];
  return key ? messageText(key, language) : '';
};

export { deployStatusName } from './deploy-jobs';

/**
 * A run as its reader gets it (executeOnce's answer, a task's last run): each site's status and reason, and the run's
 * message, in `language` (from their keys; a run kept before keys as it was written); the keys themselves left out.
 */
export function runInLanguage<T extends { sites?: RunSite[]; message?: string; messageReason?: string }>(run: T, language: ReplyLanguage): T {
  const { messageReason, ...rest } = run;
  const out = { ...rest } as T;
  if (run.message !== undefined) out.message = reasonText(run.message, messageReason, language);
  if (run.sites) {
    out.sites = run.sites.map(({ reason, ...site }) => ({
      ...site,
      deployed: site.deployed ?? site.statusName === DEPLOY_OK,
      statusName: deployStatusName(site.statusName, language),
      message: reasonText(site.message, reason, language),
    }));
  }
  return out;
}

/** the job kind of one trigger of a deploy task */
export const DEPLOY_TASK_JOB = 'deploy-task';

/** the key that makes a trigger fire once across instances */
export const triggerKey = (taskId: string, trigger: number): string => `${DEPLOY_TASK_JOB}:${taskId}:${trigger}`;

/**
 * The lane of trigger jobs whose task has websites to deploy: such a trigger waits for its sites' deploy jobs while
 * holding a worker slot, so at most this many wait at once across the instances, leaving slots (4 per instance by
 * default) to the deploy jobs they wait for.
 */
export const DEPLOY_RUN_LANE = 'deploy-task-runs';
const DEPLOY_RUN_LANE_LIMIT = 2;

interface TriggerPayload {
  taskId: string;
  trigger: number;
}

/**
 * The trigger after `trigger`, on the task's own schedule (a fixed rate does not drift with the tick); a trigger
 * already past (the back end was stopped, or busy) is skipped: the schedule goes on from now.
 */
function nextAfter(task: Rec, trigger: number, now: number): number | null {
  try {
    const type = String(task.schedule_type);
    const conf = String(task.schedule_conf ?? '');
    const next = nextTriggerTime(type, conf, trigger);
    return next !== null && next <= now ? nextTriggerTime(type, conf, now) : next;
  } catch {
    return null;
  }
}

export class DeployScheduler {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private laneSet = false;
  /** the last tick failed (its error was said once) */
  private failing = false;

  constructor(
    private readonly data: DataLayer,
    private readonly clock: Clock,
    private readonly deployer: SiteDeployer,
    private readonly jobs: Jobs,
    private readonly tickMs = 250,
  ) {
    jobs.handle(DEPLOY_TASK_JOB, (job, ctx) => this.fire(job, ctx));
  }

  /** Ticks on a working instance (an `api` instance queues no trigger and runs none). */
  start(): void {
    if (!this.jobs.working) return;
    this.timer ??= setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Queues a trigger job for every started task that is due, moving its next_time on in the same transaction; the
   * update only moves the trigger this tick read, so of two instances ticking at once one queues it (and were both
   * to try, the job key lets one job exist).
   */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      // a restored copy fires no schedule until it is resumed (jobs/pause.ts)
      if (await this.jobs.paused()) return;
      const now = this.clock();
      const due = await this.data.all(sql<Rec>`SELECT id, tenant_id, schedule_type, schedule_conf, next_time, group_ids, website_group_id FROM deploy_tasks
        WHERE status = 1 AND is_deleted = 0 AND next_time IS NOT NULL AND next_time <= ${now}`);
      if (due.length > 0 && !this.laneSet) {
        await this.jobs.queue.setLaneLimit(this.data, DEPLOY_RUN_LANE, DEPLOY_RUN_LANE_LIMIT);
        this.laneSet = true;
      }
      for (const task of due) {
        const id = String(task.id);
        const trigger = Number(task.next_time);
        await this.data.transaction(async (trx) => {
          const moved = await trx.run(sql`UPDATE deploy_tasks SET next_time = ${nextAfter(task, trigger, now)}
            WHERE id = ${id} AND status = 1 AND is_deleted = 0 AND next_time = ${trigger}`);
          if (moved !== 1) return; // another instance fired it
          // one run of a task at a time (as when the one process's tick waited for its deploys): a trigger that comes
          // while the previous one is still queued or running is skipped, its sites would be refused as being deployed
          const previous = await trx.get(sql`SELECT 1 AS busy FROM job WHERE kind = ${DEPLOY_TASK_JOB} AND state IN ('queued', 'running')
            AND job_key LIKE ${`${DEPLOY_TASK_JOB}:${id}:%`}`);
          if (previous) return;
          const groups = groupsOf(task);
          const sites = groups.length
            ? await trx.get(sql`SELECT 1 AS found FROM website_info WHERE tenant_id = ${String(task.tenant_id)} AND is_deleted = 0 AND website_group_id IN (${sql.join(groups)}) LIMIT 1`)
            : undefined;
          const { id: jobId } = await this.jobs.queue.enqueue(trx, {
            kind: DEPLOY_TASK_JOB,
            tenantId: String(task.tenant_id),
            key: triggerKey(id, trigger),
            payload: { taskId: id, trigger } satisfies TriggerPayload,
            runAt: trigger,
            lane: sites ? DEPLOY_RUN_LANE : undefined,
          });
          await trx.run(sql`UPDATE deploy_tasks SET job_id = ${jobId} WHERE id = ${id}`);
        });
      }
      this.failing = false;
    } catch (e) {
      // the database is away (a team server's PostgreSQL restarting): the next tick tries again; said once
      if (this.timer && !this.failing) console.error(`deploy schedule: ${(e as Error).message}; trying again every ${this.tickMs} ms`);
      this.failing = true;
    } finally {
      this.busy = false;
    }
  }

  /**
   * One trigger's job: the task runs if it is still started (switched off or removed meanwhile, the trigger is
   * dropped). The job's progress says which, and the run's counts.
   */
  private async fire(job: Job, ctx: JobContext): Promise<void> {
    const { taskId } = job.payload as TriggerPayload;
    const task = await this.data.get(sql<Rec>`SELECT * FROM deploy_tasks WHERE id = ${taskId} AND is_deleted = 0 AND status = 1`);
    if (!task) {
      ctx.progress({ skipped: '任务已停止或已删除' });
      return;
    }
    const r = await this.run(task, job.key ?? triggerKey(taskId, (job.payload as TriggerPayload).trigger), ctx);
    ctx.progress({ state: r.state, published: r.published, deployed: r.deployed, failed: r.failed });
  }

  /** Schedules a task from now (switching on) or clears its schedule (switching off). */
  async arm(taskId: string, on: boolean): Promise<void> {
    const task = await this.data.get(sql<Rec>`SELECT * FROM deploy_tasks WHERE id = ${taskId}`);
    if (!task) return;
    const next = on ? nextTriggerTime(String(task.schedule_type), String(task.schedule_conf ?? ''), this.clock()) : null;
    await this.data.run(sql`UPDATE deploy_tasks SET status = ${on ? 1 : 0}, next_time = ${next} WHERE id = ${taskId}`);
  }

  /**
   * One execution of a task: publishing (once per `runKey`), then a deploy job per site of its groups (the same
   * deploy as the deploy dialog's), run by any working instance and waited for; the outcome is recorded once per
   * `runKey`. `executeOnce` runs it with a key of its own; a trigger's job with the trigger's key, so that its
   * takeover after its instance died finds what the first run did. `ctx` (a job's): its signal stops the wait,
   * and the run's counts go to its progress.
   */
  async run(task: Rec, runKey = `${DEPLOY_TASK_JOB}:${String(task.id)}:once:${nextId()}`, ctx?: Pick<JobContext, 'signal' | 'progress'>): Promise<RunResult> {
    const tenantId = String(task.tenant_id);
    const taskId = String(task.id);
    const now = formatDateTime(this.clock());
    const scope = { userId: String(task.create_user ?? ''), deptId: String(task.create_dept ?? '') };
    const publish = async (q: Queries, siteIds: string[], limit: number): Promise<number> => {
      if (siteIds.length === 0 || limit <= 0) return 0;
      // only articles in a column that holds pages: one in a jump page (or without a column) would get no page
      const ids = (await q.all(sql<{ id: string }>`SELECT a.id FROM article a
        JOIN article_cate c ON c.id = a.parent_id AND c.tenant_id = a.tenant_id AND c.is_deleted = 0 AND c.type = ${PAGE_CATE}
        WHERE a.tenant_id = ${tenantId} AND a.is_deleted = 0 AND a.status = 0 AND a.website_info_id IN (${sql.join(siteIds)}) ORDER BY a.sort, a.create_time LIMIT ${limit}`)).map((r) => r.id);
      if (ids.length === 0) return 0;
      return q.run(sql`UPDATE article SET status = 1, deploy_time = ${now}, save_status = '定时发布', update_time = ${now} WHERE id IN (${sql.join(ids)}) AND status = 0`);
    };
    // the groups' websites, and the publishing with the run's marker in one transaction: a run taken over publishes nothing again
    const { published, sites } = await this.data.transaction(async (trx) => {
      const marker = await trx.get(sql<{ published: number }>`SELECT published FROM deploy_task_run WHERE run_key = ${runKey}`);
      let count = 0;
      const all: Rec[] = [];
      for (const groupId of groupsOf(task)) {
        const group = await trx.get(sql<Rec>`SELECT * FROM website_group WHERE id = ${groupId} AND tenant_id = ${tenantId} AND is_deleted = 0`);
        if (!group) continue;
        const sites = await trx.all(sql<Rec>`SELECT id, website_type, website_name, domain_name FROM website_info
          WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND website_group_id = ${groupId} ORDER BY create_time`);
        all.push(...sites);
        if (marker) continue;
        const whiteHat = group.type === 1;
        const ab = whiteHat ? sites.filter((s) => s.website_type === 1).map((s) => String(s.id)) : [];
        const normal = sites.map((s) => String(s.id)).filter((id) => !ab.includes(id));
        count += (await publish(trx, normal, Number(task.article_count) || 0)) + (await publish(trx, ab, Number(task.ab_article_count) || 0));
      }
      if (marker) return { published: Number(marker.published), sites: all };
      await trx.run(sql`INSERT INTO deploy_task_run (run_key, task_id, published, recorded, create_time) VALUES (${runKey}, ${taskId}, ${count}, 0, ${now})`);
      return { published: count, sites: all };
    });
    const ids = [...new Set(sites.map((s) => String(s.id)))];
    ctx?.progress({ phase: 'deploy', done: 0, total: ids.length, published });
    const queued = await this.data.transaction((trx) => this.deployer.jobs.enqueue(trx, ids, tenantId, scope, (siteId) => `deploy-site:${runKey}:${siteId}`));
    const jobIds = queued.map((q) => q.jobId).filter((id): id is string => Boolean(id));
    const finished = await this.deployer.jobs.wait(jobIds, ctx?.signal);
    const outcomes = new Map((await this.deployer.jobs.outcomes(queued, finished)).map((o) => [o.websiteInfoId, o]));
    const results: RunSite[] = [];
    for (const s of sites) {
      const site = { websiteInfoId: String(s.id), websiteName: String(s.website_name ?? ''), domain: String(s.domain_name ?? '') };
      const r = outcomes.get(site.websiteInfoId)!;
      // refused before deploying (e.g. the site is being deployed by someone else): failed, with that reason
      if (r.refused) {
        const failed = { key: 'deploy.renderFailed', params: { reason: storedReason(r.reason) ?? r.refused } } as const;
        results.push({ ...site, statusName: DEPLOY_FAILED, message: messageText(failed, 'zh'), reason: reasonJson(failed), deployed: false });
      } else results.push({ ...site, domain: r.domain || site.domain, statusName: r.statusName, message: r.message, reason: r.reason ?? null, deployed: r.statusName === DEPLOY_OK });
    }
    const deployed = results.filter((r) => r.statusName === DEPLOY_OK).length;
    const failed = results.length - deployed;
    const state: RunState = results.length > 0 && failed === 0 ? 'success' : deployed > 0 ? 'partial' : 'failed';
    const message = results.length === 0 ? messageText('taskStatus.runNoSites', 'zh') : undefined;
    const messageReason = results.length === 0 ? reasonJson({ key: 'taskStatus.runNoSites' }) : undefined;
    const done = formatDateTime(this.clock());
    // counted once per run, however many times its job ran
    await this.data.transaction(async (trx) => {
      if ((await trx.run(sql`UPDATE deploy_task_run SET recorded = 1 WHERE run_key = ${runKey} AND recorded = 0`)) !== 1) return;
      await trx.run(sql`UPDATE deploy_tasks SET execute_count = execute_count + 1, last_run_state = ${state}, last_run_time = ${now}, last_run_published = ${published},
          last_run_sites = ${JSON.stringify(message ? { message, messageReason, sites: results } : { sites: results })}, update_time = ${done} WHERE id = ${taskId}`);
      // the markers of runs recorded over a week ago are no longer needed (their trigger jobs are pruned too)
      await trx.run(sql`DELETE FROM deploy_task_run WHERE task_id = ${taskId} AND recorded = 1 AND create_time < ${formatDateTime(this.clock() - 7 * 86_400_000)}`);
    });
    return { published, deployed, failed, state, sites: results, ...(message ? { message, messageReason: messageReason! } : {}) };
  }
}

/** the website groups a task deploys */
function groupsOf(task: Rec): string[] {
  return String(task.group_ids ?? task.website_group_id ?? '').split(',').filter(Boolean);
}
