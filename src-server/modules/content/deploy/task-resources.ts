// Scheduled deploy tasks (spec content-area.md §7): a schedule (none, fixed rate,
// cron) deploying a website group's or websites' sites.
import { sql } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { declaredResource, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { DEPLOY_TASKS } from '../../../../src-shared/declarations/deploy-tasks';
import { SCHEDULE_MESSAGES } from '../../../../src-shared/schedule';
import { liveRow, mustExist } from '../shared/lookups';
import { nextTriggerTime } from './schedule';
import { runInLanguage, runStateName } from './deploy-scheduler';
import { messageText, type ReplyLanguage } from '../../../../src-shared/messages';
import type { RunSite } from '../../../../src-shared/deploy-run';
import { attachJobViews } from '../../../jobs/job-view';

export function deployTaskResources(): Resource[] {
  const deployTasks = defineResource({
    ...declaredResource(DEPLOY_TASKS),
    access: screenAccess('deployTasks'),
    table: 'deploy_tasks',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['page', 'list', 'detail', 'save', 'submit', 'update', 'remove'],
    columns: [
      ...declaredResource(DEPLOY_TASKS).columns,
      { name: 'executeCount', type: 'int', readOnly: true },
      { name: 'status', type: 'int', readOnly: true },
      // the last run's outcome (deploy-scheduler.ts): written by runs only
      { name: 'lastRunState', type: 'string', readOnly: true },
      { name: 'lastRunTime', type: 'string', readOnly: true },
      { name: 'lastRunPublished', type: 'int', readOnly: true },
      { name: 'lastRunSites', type: 'string', readOnly: true },
      // the latest trigger's durable job (deploy-scheduler.ts): the row answers its view as `job`
      { name: 'jobId', type: 'string', readOnly: true, noFilter: true },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        const old = ctx.id ? await liveRow(q, 'deploy_tasks', ctx.id, t) : undefined;
        const pick = (k: string, col: string): unknown => (k in row ? row[k] : old?.[col]);
        const groups = String(pick('groupIds', 'group_ids') ?? pick('websiteGroupId', 'website_group_id') ?? '')
          .split(',').map((s) => s.trim()).filter(Boolean);
        if (groups.length === 0) throw new ServiceError('site.groupRequired');
        const rows: Record<string, unknown>[] = [];
        for (const g of groups) rows.push((await mustExist(q, 'website_group', g, t, 'article.groupMissing'))!);
        row.groupIds = groups.join(',');
        row.websiteGroupId = groups[0];
        const type = String(pick('scheduleType', 'schedule_type') ?? 'NONE');
        const conf = pick('scheduleConf', 'schedule_conf');
        if (type === 'NONE') row.scheduleConf = null;
        else {
          if (conf === null || conf === undefined || String(conf).trim() === '') throw new ServiceError(SCHEDULE_MESSAGES[type === 'CRON' ? 'cronRequired' : 'fixRateRequired']);
          nextTriggerTime(type, String(conf), Date.now()); // throws the format message
        }
        // A/B articles only for white-hat groups: a count sent for other groups is refused, a kept one dropped
        if (!rows.some((g) => g.type === 1)) {
          if (Number(row.abArticleCount ?? 0) > 0) throw new ServiceError('deployTask.abOnlyWhiteHat');
          row.abArticleCount = 0;
        }
      },
      async decorate(records, { tenantId, q, language }) {
        const groups = await q.all(sql<{ id: string; name: string }>`SELECT id, name FROM website_group WHERE tenant_id = ${tenantId}`);
        const names = new Map(groups.map((g) => [g.id, g.name]));
        await attachJobViews(q, records, 'jobId', 'job', language);
        for (const r of records) {
          r.groupNames = String(r.groupIds || '').split(',').filter(Boolean).map((g) => names.get(g) ?? '').join(',');
          r.statusName = messageText(r.status === 1 ? 'taskStatus.started' : 'taskStatus.stopped', language ?? 'zh');
          r.lastRunStateName = runStateName(r.lastRunState, language ?? 'zh');
          r.lastRunSites = lastRunIn(r.lastRunSites, language ?? 'zh');
        }
      },
    },
  });

  return [deployTasks];
}

/** a task's last run (its sites' statuses and reasons, its message) as JSON in `language`; what does not parse as it is */
function lastRunIn(raw: unknown, language: ReplyLanguage): unknown {
  if (typeof raw !== 'string' || !raw) return raw;
  try {
    return JSON.stringify(runInLanguage(JSON.parse(raw) as { sites?: RunSite[]; message?: string; messageReason?: string }, language));
  } catch {
    return raw;
  }
}
