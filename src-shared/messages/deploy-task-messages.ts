// Scheduled deploy tasks' messages (spec content-area.md §3, §5): the task, its groups, its schedule (the problems
// src-shared/schedule.ts names) and its article counts. zh is the spec's text the server answered before keys.
import type { MessageFamily } from './text';

export const DEPLOY_TASK_MESSAGES = {
  'deployTask.taskNameRequired': { zh: '请输入任务名称', en: 'Please enter the task name' },
  'deployTask.taskNameMax': { zh: '任务名称不能超过50个字符', en: 'The task name may not exceed 50 characters' },
  'deployTask.scheduleType': { zh: '请选择调度类型', en: 'Please select the schedule type' },
  'deployTask.fixRateRequired': { zh: '请输入固定速度', en: 'Please enter the fixed rate' },
  'deployTask.fixRateInvalid': { zh: '固定速度必须是大于0的整数（秒）', en: 'The fixed rate must be a whole number of seconds greater than 0' },
  'deployTask.cronRequired': { zh: '请输入CRON表达式', en: 'Please enter the CRON expression' },
  'deployTask.cronInvalid': { zh: 'CRON表达式格式不正确', en: 'The CRON expression is not valid' },
  'deployTask.articleCountRequired': { zh: '请输入文章发布数量', en: 'Please enter the number of articles to publish' },
  'deployTask.countMin': { zh: '文章发布数量须为不小于0的整数', en: 'The number of articles to publish must be a whole number of 0 or more' },
  'deployTask.abCountMin': { zh: 'A/B文章数量须为不小于0的整数', en: 'The number of A/B articles must be a whole number of 0 or more' },
  'deployTask.abOnlyWhiteHat': { zh: 'A/B文章数量只适用于白帽分组', en: 'A/B articles apply to white-hat groups only' },
  'deployTask.noneCannotStart': { zh: '调度类型为NONE的任务不能启动，请使用执行一次', en: 'A task whose schedule type is NONE cannot be started; use Run once' },
} as const satisfies MessageFamily;
