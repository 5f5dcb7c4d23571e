// Scheduled publish / deploy tasks: spec content-area.md §3 Scheduled publish task, §4, §5.
// Status is set by the server (jobSwitch); the schedule config shows only for FIX_RATE and CRON.
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';
import { NextTriggerDialog } from './NextTriggerDialog';

const D = '/website-blade-deploy/deployTasks';

const deployTasks: ScreenDef = {
  code: 'deployTasks',
  title: 'content.c2.deployTask.title',
  api: { list: `${D}/page`, detail: `${D}/detail`, save: `${D}/save`, update: `${D}/update`, remove: `${D}/remove` },
  dialogWidth: 760,
  labelWidth: 130,
  columns: [
    { name: 'taskName', label: 'content.c2.deployTask.taskName', search: true, span: 24, rules: [{ required: true, message: 'content.c2.task.nameRequired' }, { max: 50, message: 'content.c2.task.nameMax' }] },
    remoteSelect('groupIds', 'content.c2.deployTask.groupIds', REMOTE.websiteGroups, {
      multiple: true, span: 24, displayField: 'groupNames', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.c2.groupRequired' }],
    }),
    {
      name: 'scheduleType', label: 'content.c2.deployTask.scheduleType', valueType: 'select', default: 'NONE', validateTrigger: 'onChange',
      options: [{ value: 'NONE', label: 'content.c2.deployTask.none' }, { value: 'FIX_RATE', label: 'content.c2.deployTask.fixRate' }, { value: 'CRON', label: 'content.c2.deployTask.cron' }],
    },
    {
      name: 'scheduleConf', label: 'content.c2.deployTask.scheduleConf', extra: 'content.c2.deployTask.confHint',
      visibleWhen: (v) => v.scheduleType === 'FIX_RATE' || v.scheduleType === 'CRON',
      requiredWhen: {
        when: (v) => v.scheduleType === 'FIX_RATE' || v.scheduleType === 'CRON',
        message: 'content.c2.deployTask.cronRequired',
        messageOf: (v) => (v.scheduleType === 'FIX_RATE' ? 'content.c2.deployTask.fixRateRequired' : 'content.c2.deployTask.cronRequired'),
      },
      rules: [],
    },
    {
      name: 'articleCount', label: 'content.c2.deployTask.articleCount', valueType: 'number', min: 0, precision: 0, default: 0,
      rules: [{ required: true, message: 'content.c2.deployTask.articleCountRequired' }, { min: 0, message: 'content.c2.deployTask.countMin' }],
    },
    { name: 'abArticleCount', label: 'content.c2.deployTask.abArticleCount', valueType: 'number', min: 0, precision: 0, default: 0, extra: 'content.c2.deployTask.abHint' },
    { name: 'executeCount', label: 'content.c2.deployTask.executeCount', hideInForm: true, width: 100 },
    { name: 'statusName', label: 'content.common.status', hideInForm: true, width: 90 },
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
        await call('api:request', { method: 'post', url: `${D}/executeOnce`, data: { id: ctx.row!.id } });
      },
    },
    { key: 'next', label: 'content.c2.deployTask.nextTrigger', permission: 'deployTasks_view', placement: 'row', render: NextTriggerDialog },
  ],
};

export default deployTasks;
