// Task error logs: spec content-area.md §3 Task error log (line, message, raw data) per import task.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, remoteSelect } from './shared';
import { TASK_ERROR_LOG } from '../../../src-shared/declarations/imports';

const L = '/seo-blade-material/taskErrorLog';

const taskErrorLog: ScreenDef = {
  code: 'taskErrorLog',
  title: 'content.c2.errorLog.title',
  api: { list: `${L}/page`, detail: `${L}/detail`, submit: `${L}/submit`, remove: `${L}/remove` },
  hide: ['add', 'edit'],
  declaration: TASK_ERROR_LOG,
  columns: [
    remoteSelect('taskId', 'content.c2.errorLog.taskId', { url: '/seo-blade-material/importTask/page', params: { size: 200 }, labelKey: 'taskName' }, { search: true, displayField: 'taskName' }),
    { name: 'errorLine', label: 'content.c2.errorLog.errorLine', width: 90 },
    { name: 'errorMsg', label: 'content.c2.errorLog.errorMsg' },
    { name: 'errorData', label: 'content.c2.errorLog.errorData', valueType: 'textarea' },
    createTimeColumn,
  ],
};

export default taskErrorLog;
