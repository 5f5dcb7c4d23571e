// Business messages of imports (spec content-area.md §7): why a line of an import was skipped (task_error_log) and why
// a task failed (import_task.error_msg). The zh text is kept in error_msg (the stock wire, older rows), the key and
// params in error_reason (src-shared/messages/stored.ts). zh is the text the server wrote before keys.
import type { MessageFamily } from './text';

export const IMPORT_MESSAGES = {
  'importReason.duplicate': { zh: '关键词已存在', en: 'The keyword exists already' },
  'importReason.json': { zh: '数据格式错误，应为JSON对象', en: 'Bad data: a JSON object was expected' },
  'importReason.text': { zh: '数据格式错误，应为：标题|关键字|内容', en: 'Bad data: expected title|keyword|content' },
  'importReason.file': { zh: '导入文件不存在', en: 'The import file does not exist' },
  'importReason.removed': { zh: '导入任务已删除', en: 'The import task was deleted' },
  // {{detail}}: the database's or the store's own words
  'importReason.failed': { zh: '导入失败: {{detail}}', en: 'Import failed: {{detail}}' },
} as const satisfies MessageFamily;
