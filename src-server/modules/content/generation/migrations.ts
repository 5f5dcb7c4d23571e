// Generation and import tasks that fail say why (migration 365): a generate-article
// task keeps the reason of a whole-task failure (the AI model unreachable, its key
// refused, no keyword in the file) in error_msg (import tasks have theirs since 330);
// tasks finished before with failed items are no longer called 已完成: 失败 when
// nothing succeeded, 部分失败 (4) when some items failed. Never edit an applied
// migration: append a new one.
import type { Migration } from '../../../db/migrations';

export const TASK_OUTCOME_MIGRATIONS: Migration[] = [
  {
    version: 365,
    name: 'content: failed generation and import tasks keep their reason; 部分失败 and 失败 instead of 已完成',
    sql: `
ALTER TABLE gpt_produce_article ADD COLUMN error_msg TEXT;
UPDATE gpt_produce_article SET status = CASE WHEN success_count = 0 THEN 3 ELSE 4 END WHERE status = 2 AND fail_count > 0;
UPDATE import_task SET status = CASE WHEN success_rows = 0 THEN 3 ELSE 4 END WHERE status = 2 AND failed_rows > 0;
`,
  },
];
