// Status names of the content area's background tasks (generation, imports). A
// finished task is 已完成 only when every item succeeded: 部分失败 when some failed,
// 失败 when none succeeded (or the task could not run at all; its reason is kept on the task).
// The names are messages of the table (task-status-messages.ts): a reply's statusName is in the caller's language.
import { messageText, type MessageKey, type ReplyLanguage } from '../../../../src-shared/messages';

export const TASK_STATUS: Record<number, MessageKey> = {
  0: 'taskStatus.queued',
  1: 'taskStatus.running',
  2: 'taskStatus.done',
  3: 'taskStatus.failed',
  4: 'taskStatus.partlyFailed',
  5: 'taskStatus.cancelled',
};

/** A status's name in `language` ('' for a status without one). */
export function taskStatusName(status: unknown, language: ReplyLanguage = 'zh'): string {
  const key = TASK_STATUS[Number(status)];
  return key ? messageText(key, language) : '';
}

/** The status codes behind TASK_STATUS. */
export const TASK = { queued: 0, running: 1, done: 2, failed: 3, partlyFailed: 4, cancelled: 5 } as const;

/** A finished task's status from its counts of items that succeeded and failed. */
export function finalStatus(succeeded: number, failed: number): number {
  if (failed === 0) return TASK.done;
  return succeeded === 0 ? TASK.failed : TASK.partlyFailed;
}

/** Whether a task with this status has finished (its counts are final). */
export const isFinished = (status: number): boolean => status === TASK.done || status === TASK.failed || status === TASK.partlyFailed;
