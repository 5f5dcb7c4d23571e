// Import tasks and their error lines (spec content-area.md §3 Import task, §7), declared once for the server's
// validation and the screens (read only there: the tasks are made by the import dialogs, the lines by the runs).
import { int, maxLength, required, text, type ResourceDecl } from './declare';

export const IMPORT_TASK: ResourceDecl = {
  name: 'importTask',
  path: '/seo-blade-material/importTask',
  submitOnly: true,
  fields: {
    taskName: text(required('importTask.taskNameRequired'), maxLength(50, 'importTask.taskNameMax')),
    taskType: text(required('importTask.taskTypeRequired')),
  },
};

export const TASK_ERROR_LOG: ResourceDecl = {
  name: 'taskErrorLog',
  path: '/seo-blade-material/taskErrorLog',
  submitOnly: true,
  fields: {
    taskId: text(required('importTask.taskRequired')),
    errorLine: int(),
    errorMsg: text(),
    errorData: text(),
  },
};

export const IMPORT_DECLARATIONS: readonly ResourceDecl[] = [IMPORT_TASK, TASK_ERROR_LOG];
