// Import tasks and their error log (spec content-area.md §7).
import { sql } from '../../../db/data-layer';
import { declaredResource, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { IMPORT_TASK, TASK_ERROR_LOG } from '../../../../src-shared/declarations/imports';
import { addNames } from '../shared/lookups';
import { taskStatusName } from '../shared/task-status';
import { attachJobViews } from '../../../jobs/job-view';

export function importResources(): Resource[] {
  const importTask = defineResource({
    ...declaredResource(IMPORT_TASK),
    access: screenAccess('importTask', { pickedBy: ['taskErrorLog', 'keyword', 'article'] }),
    table: 'import_task',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['list', 'page', 'detail', 'submit', 'remove'],
    columns: [
      ...declaredResource(IMPORT_TASK).columns,
      { name: 'totalRows', type: 'int', readOnly: true },
      { name: 'successRows', type: 'int', readOnly: true },
      { name: 'failedRows', type: 'int', readOnly: true },
      { name: 'errorMsg', type: 'string', readOnly: true, noFilter: true, reasonColumn: 'error_reason' },
      { name: 'status', type: 'int', readOnly: true },
      // the task's latest durable job (set where it is enqueued): the row answers its view as `job`
      { name: 'jobId', type: 'string', readOnly: true, noFilter: true },
    ],
    hooks: {
      async decorate(records, { q, language }) {
        await attachJobViews(q, records, 'jobId', 'job', language);
        for (const r of records) {
          r.taskTypeName = IMPORT_TYPES[String(r.taskType)] ?? String(r.taskType);
          r.statusName = taskStatusName(r.status, language);
        }
      },
      async beforeRemove(ids, { tenantId, q }) {
        await q.run(sql`UPDATE task_error_log SET is_deleted = 1 WHERE tenant_id = ${tenantId} AND task_id IN (${sql.join(ids)})`);
      },
    },
  });

  const taskErrorLog = defineResource({
    ...declaredResource(TASK_ERROR_LOG, { errorMsg: { reasonColumn: 'error_reason' } }),
    // the import task screen opens a task's error lines (错误明细)
    access: screenAccess('taskErrorLog', { pickedBy: ['importTask'] }),
    table: 'task_error_log',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['list', 'page', 'detail', 'submit', 'remove'],
    defaultSort: [{ column: 'error_line', asc: true }],
    hooks: { decorate: (records, { tenantId, q }) => addNames(q, records, tenantId, 'taskId', 'taskName', 'import_task', 'task_name') },
  });

  return [importTask, taskErrorLog];
}

export const IMPORT_TYPES: Record<string, string> = { keyword: '关键词导入', article: '文章导入', website: '网站导入', template: '模板导入' };
