// Scheduled publish / deploy tasks: spec content-area.md §3 Scheduled publish task, §4, §5.
// Status is set by the server (jobSwitch); the schedule config shows only for FIX_RATE (seconds) and
// CRON (cron editor); A/B文章数量 only for white-hat groups; a run's outcome per site is kept and shown.
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { createTimeColumn, jobColumn, REMOTE, remoteSelect } from './shared';
import { DEPLOY_TASKS } from '../../../src-shared/declarations/deploy-tasks';
import { NextTriggerDialog } from './NextTriggerDialog';
import { ScheduleConfInput } from './ScheduleConfInput';
import { DeployRunDialog, RUN_STATES, runProblem, type RunOutcome } from './DeployRunDialog';

/** whether one of the chosen groups (ids, from the form) is a white-hat group (option parent = group type) */
function hasWhiteHatGroup(value: unknown, groups: readonly { value: string | number; parent?: string }[]): boolean {
  const chosen = new Set((Array.isArray(value) ? value : String(value ?? '').split(',')).map(String));
  return groups.some((g) => chosen.has(String(g.value)) && g.parent === '1');
}

const D = '/website-blade-deploy/deployTasks';

const deployTasks: ScreenDef = {
  code: 'deployTasks',
  title: 'content.c2.deployTask.title',
  api: { list: `${D}/page`, detail: `${D}/detail`, save: `${D}/save`, update: `${D}/update`, remove: `${D}/remove` },
  declaration: DEPLOY_TASKS,
  dialogWidth: 760,
  labelWidth: 130,
  columns: [
    { name: 'taskName', label: 'content.c2.deployTask.taskName', search: true, span: 24 },
    // each group option carries its type (0 normal, 1 white-hat) as its parent: A/B文章数量 follows it
    remoteSelect('groupIds', 'content.c2.deployTask.groupIds', { ...REMOTE.websiteGroups, parentKey: 'type' }, {
      multiple: true, span: 24, displayField: 'groupNames', validateTrigger: 'onChange',
    }),
    {
      name: 'scheduleType', label: 'content.c2.deployTask.scheduleType', valueType: 'select', default: 'NONE', validateTrigger: 'onChange',
      options: [{ value: 'NONE', label: 'content.c2.deployTask.none' }, { value: 'FIX_RATE', label: 'content.c2.deployTask.fixRate' }, { value: 'CRON', label: 'content.c2.deployTask.cron' }],
    },
    {
      // FIX_RATE: a seconds input; CRON: the cron editor; both previewing the next trigger times (ScheduleConfInput)
      name: 'scheduleConf', label: 'content.c2.deployTask.scheduleConf', valueType: 'custom', input: ScheduleConfInput, span: 24, validateTrigger: 'onChange',
      visibleWhen: (v) => v.scheduleType === 'FIX_RATE' || v.scheduleType === 'CRON',
    },
    { name: 'articleCount', label: 'content.c2.deployTask.articleCount', valueType: 'number', default: 0 },
    {
      // only for white-hat groups (spec §5): shown (and sent) while a chosen group is of type 1
      name: 'abArticleCount', label: 'content.c2.deployTask.abArticleCount', valueType: 'number', default: 0, extra: 'content.c2.deployTask.abHint',
      visibleWhen: (v, ctx) => hasWhiteHatGroup(v.groupIds, ctx.options?.groupIds ?? []),
    },
    { name: 'executeCount', label: 'content.c2.deployTask.executeCount', hideInForm: true, width: 100 },
    { name: 'statusName', label: 'content.common.status', hideInForm: true, width: 90 },
    // 执行情况, beside the status: the latest trigger's job: the instance running it, progress, attempt and reason
    jobColumn,
    { name: 'lastRunState', label: 'content.ops.run.lastRun', valueType: 'select', options: RUN_STATES, hideInForm: true },
    { name: 'lastRunTime', label: 'content.ops.run.lastRunTime', hideInForm: true, width: 170 },
    createTimeColumn,
  ],
  extraActions: [
    {
      key: 'switch', label: 'content.c2.deployTask.switch', permission: 'deployTasks_edit', placement: 'row',
      async run(ctx) {
        await call('api:request', { method: 'post', url: `${D}/jobSwitch`, data: { id: ctx.row!.id, status: ctx.row!.status === 1 ? 0 : 1 } });
      },
    },
    {
      key: 'executeOnce', label: 'content.c2.deployTask.executeOnce', permission: 'deployTasks_edit', placement: 'row', confirm: 'content.c2.deployTask.executeConfirm',
      async run(ctx) {
        const r = await call('api:request', { method: 'post', url: `${D}/executeOnce`, data: { id: ctx.row!.id } });
        // a run whose sites failed is not 操作成功: the row shows the outcome, the message says so
        const problem = runProblem(r.data as RunOutcome);
        if (problem) {
          ctx.reload();
          throw new Error(problem);
        }
      },
    },
    { key: 'next', label: 'content.c2.deployTask.nextTrigger', permission: 'deployTasks_view', placement: 'row', render: NextTriggerDialog },
    { key: 'runResult', label: 'content.ops.run.result', permission: 'deployTasks_view', placement: 'row', visible: (row) => !!row.lastRunState, render: DeployRunDialog },
  ],
};

export default deployTasks;
