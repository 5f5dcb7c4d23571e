// Import tasks: spec content-area.md §3 Import task (row counts); read only. The status
// is coloured (failed red, partly failed orange), a failed task shows its reason, and
// 错误明细 opens the task's error lines (its task error log). 取消 stops a queued or running
// task (its durable job, on whichever instance runs it): 已取消, the rows already imported kept.
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { createTimeColumn, jobColumn } from './shared';
import { taskStatusColumn } from './TaskStatusCell';
import { ImportErrorsDialog } from './ImportErrorsDialog';
import { IMPORT_TASK } from '../../../src-shared/declarations/imports';

const I = '/seo-blade-material/importTask';

const importTask: ScreenDef = {
  code: 'importTask',
  title: 'content.c2.importTask.title',
  api: { list: `${I}/page`, detail: `${I}/detail`, submit: `${I}/submit`, remove: `${I}/remove` },
  hide: ['add', 'edit'],
  declaration: IMPORT_TASK,
  // a running import's counts change on the server: read again while one shows
  refreshWhile: (row) => row.status === 1,
  columns: [
    { name: 'taskName', label: 'content.c2.importTask.taskName', search: true },
    { name: 'taskTypeName', label: 'content.c2.importTask.taskTypeName', hideInForm: true },
    // 等待工作进程 instead of 执行中 while no worker takes its job
    taskStatusColumn('content.c2.importTask.statusName'),
    // 执行情况, beside the status: the instance running it, progress, attempt and the job's reason
    jobColumn,
    { name: 'totalRows', label: 'content.c2.importTask.totalRows', hideInForm: true, width: 100 },
    { name: 'successRows', label: 'content.c2.importTask.successRows', hideInForm: true, width: 100 },
    { name: 'failedRows', label: 'content.c2.importTask.failedRows', hideInForm: true, width: 100 },
    { name: 'errorMsg', label: 'content.c2.importTask.errorMsg', hideInForm: true },
    createTimeColumn,
  ],
  extraActions: [
    {
      key: 'errors', label: 'content.c2.importTask.errorLines', permission: 'importTask_view', placement: 'row', inline: true,
      visible: (row) => Number(row.failedRows) > 0, render: ImportErrorsDialog,
    },
    {
      key: 'cancel', label: 'content.c2.importTask.cancel', permission: 'importTask_cancel', placement: 'row', danger: true,
      confirm: 'content.c2.importTask.cancelConfirm', visible: (row) => Number(row.status) === 0 || Number(row.status) === 1,
      async run(ctx) {
        await call('api:request', { method: 'post', url: `${I}/cancel`, data: { id: ctx.row!.id } });
      },
    },
  ],
};

export default importTask;
