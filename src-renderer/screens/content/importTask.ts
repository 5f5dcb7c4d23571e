// Import tasks: spec content-area.md §3 Import task (row counts); read only.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';

const I = '/seo-blade-material/importTask';

const importTask: ScreenDef = {
  code: 'importTask',
  title: 'content.c2.importTask.title',
  api: { list: `${I}/page`, detail: `${I}/detail`, submit: `${I}/submit`, remove: `${I}/remove` },
  hide: ['add', 'edit'],
  columns: [
    { name: 'taskName', label: 'content.c2.importTask.taskName', search: true },
    { name: 'taskTypeName', label: 'content.c2.importTask.taskTypeName', hideInForm: true },
    { name: 'statusName', label: 'content.c2.importTask.statusName', hideInForm: true, width: 100 },
    { name: 'totalRows', label: 'content.c2.importTask.totalRows', hideInForm: true, width: 100 },
    { name: 'successRows', label: 'content.c2.importTask.successRows', hideInForm: true, width: 100 },
    { name: 'failedRows', label: 'content.c2.importTask.failedRows', hideInForm: true, width: 100 },
    createTimeColumn,
  ],
};

export default importTask;
