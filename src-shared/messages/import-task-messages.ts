// Import tasks' and their error lines' messages (spec content-area.md §3 Import task). zh is the text the server
// answered before keys. (The reasons a run records are import-messages.ts'.)
import type { MessageFamily } from './text';

export const IMPORT_TASK_MESSAGES = {
  'importTask.taskNameRequired': { zh: '请输入任务名称', en: 'Please enter the task name' },
  'importTask.taskNameMax': { zh: '任务名称不能超过50个字符', en: 'The task name may not exceed 50 characters' },
  'importTask.taskTypeRequired': { zh: '请选择任务类型', en: 'Please select the task type' },
  'importTask.taskRequired': { zh: '请选择任务', en: 'Please select the task' },
  'importTask.typeMissing': { zh: '导入类型不存在', en: 'No such import type' },
  'importTask.ended': { zh: '任务已结束，不能取消', en: 'The task has ended and cannot be cancelled' },
} as const satisfies MessageFamily;
