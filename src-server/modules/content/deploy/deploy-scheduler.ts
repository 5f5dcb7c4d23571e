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
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import type { JobContext } from '../../../jobs/worker';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { DEPLOY_FAILED, DEPLOY_OK, type SiteDeployer } from './site-deployer';
import { nextTriggerTime } from './schedule';
import type { RunOutcome, RunSite, RunState } from '../../../../src-shared/deploy-run';

type Rec = Record<string, unknown>;

export type { RunSite, RunState } from '../../../../src-shared/deploy-run';
export type RunResult = RunOutcome;

export const RUN_STATE_NAMES: Record<RunState, string> = { success: '成功', partial: '部分失败', failed: '失败' };

/** the job kind of one trigger of a deploy task */
export const DEPLOY_TASK_JOB = 'deploy-task';

/** the key that makes a trigger fire once across instances */
export const triggerKey = (taskId: string, trigger: number): string => `${DEPLOY_TASK_JOB}:${taskId}:${trigger}`;

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
      const now = this.clock();
      const due = await this.data.all(sql<Rec>`SELECT id, tenant_id, schedule_type, schedule_conf, next_time FROM deploy_tasks
        WHERE status = 1 AND is_deleted = 0 AND next_time IS NOT NULL AND next_time <= ${now}`);
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
          await this.jobs.queue.enqueue(trx, {
            kind: DEPLOY_TASK_JOB,
            tenantId: String(task.tenant_id),
            key: triggerKey(id, trigger),
            payload: { taskId: id, trigger } satisfies TriggerPayload,
            runAt: trigger,
          });
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
    const r = await this.run(task);
    ctx.progress({ state: r.state, published: r.published, deployed: r.deployed, failed: r.failed });
  }

  /** Schedules a task from now (switching on) or clears its schedule (switching off). */
  async arm(taskId: string, on: boolean): Promise<void> {
    const task = await this.data.get(sql<Rec>`SELECT * FROM deploy_tasks WHERE id = ${taskId}`);
    if (!task) return;
    const next = on ? nextTriggerTime(String(task.schedule_type), String(task.schedule_conf ?? ''), this.clock()) : null;
    await this.data.run(sql`UPDATE deploy_tasks SET status = ${on ? 1 : 0}, next_time = ${next} WHERE id = ${taskId}`);
  }

  /** One execution of a task: publishing, then the same deploy path as the deploy dialog. */
  async run(task: Rec): Promise<RunResult> {
    const tenantId = String(task.tenant_id);
    const groups = String(task.group_ids ?? task.website_group_id ?? '').split(',').filter(Boolean);
    const now = formatDateTime(this.clock());
    let published = 0;
    const results: RunSite[] = [];
    const scope = { userId: String(task.create_user ?? ''), deptId: String(task.create_dept ?? '') };
    for (const groupId of groups) {
      const group = await this.data.get(sql<Rec>`SELECT * FROM website_group WHERE id = ${groupId} AND tenant_id = ${tenantId} AND is_deleted = 0`);
      if (!group) continue;
      const sites = await this.data.all(sql<Rec>`SELECT id, website_type, website_name, domain_name FROM website_info
        WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND website_group_id = ${groupId} ORDER BY create_time`);
      const publish = async (q: Queries, siteIds: string[], limit: number): Promise<number> => {
        if (siteIds.length === 0 || limit <= 0) return 0;
        const ids = (await q.all(sql<{ id: string }>`SELECT id FROM article
          WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 0 AND website_info_id IN (${sql.join(siteIds)}) ORDER BY sort, create_time LIMIT ${limit}`)).map((r) => r.id);
        if (ids.length === 0) return 0;
        return q.run(sql`UPDATE article SET status = 1, deploy_time = ${now}, save_status = '定时发布', update_time = ${now} WHERE id IN (${sql.join(ids)}) AND status = 0`);
      };
      const whiteHat = group.type === 1;
      const ab = whiteHat ? sites.filter((s) => s.website_type === 1).map((s) => String(s.id)) : [];
      const normal = sites.map((s) => String(s.id)).filter((id) => !ab.includes(id));
      published += await this.data.transaction(async (trx) => (await publish(trx, normal, Number(task.article_count) || 0)) + (await publish(trx, ab, Number(task.ab_article_count) || 0)));
      for (const s of sites) {
        const site = { websiteInfoId: String(s.id), websiteName: String(s.website_name ?? ''), domain: String(s.domain_name ?? '') };
        try {
          const r = await this.deployer.deploy(site.websiteInfoId, tenantId, scope);
          results.push({ ...site, domain: r.domain || site.domain, statusName: r.statusName, message: r.message });
        } catch (e) {
          // refused before deploying (e.g. the site is being deployed by someone else): failed, with that reason
          results.push({ ...site, statusName: DEPLOY_FAILED, message: `${DEPLOY_FAILED}: ${e instanceof Error ? e.message : String(e)}` });
        }
      }
    }
    const deployed = results.filter((r) => r.statusName === DEPLOY_OK).length;
    const failed = results.length - deployed;
    const state: RunState = results.length > 0 && failed === 0 ? 'success' : deployed > 0 ? 'partial' : 'failed';
    const message = results.length === 0 ? '任务的网站分组下没有网站' : undefined;
    await this.data.run(sql`UPDATE deploy_tasks SET execute_count = execute_count + 1, last_run_state = ${state}, last_run_time = ${now}, last_run_published = ${published},
        last_run_sites = ${JSON.stringify(message ? { message, sites: results } : { sites: results })}, update_time = ${now} WHERE id = ${String(task.id)}`);
    return { published, deployed, failed, state, sites: results, ...(message ? { message } : {}) };
  }
}
