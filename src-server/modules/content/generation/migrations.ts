// Generation and import tasks that fail say why (migration 365): a generate-article
// task keeps the reason of a whole-task failure (the AI model unreachable, its key
// refused, no keyword in the file) in error_msg (import tasks have theirs since 330);
// tasks finished before with failed items are no longer called 已完成: 失败 when
// nothing succeeded, 部分失败 (4) when some items failed.
// Per AI model limits kept by every instance together (migration 375, issue 30):
// ai_model.max_concurrency / rate_per_minute and the ai_model_slot lease rows the
// limiter (ai-limiter.ts) counts. Never edit an applied migration: append a new one.
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

export const AI_LIMIT_MIGRATIONS: Migration[] = [
  {
    version: 375,
    name: 'content: per AI model concurrency and rate limits shared by all instances (ai_model_slot leases)',
    // one row per request to the provider: held while released_ms is null and expires_ms (renewed while the
    // request runs) is ahead; counted for the rate while acquired_ms is in the last minute. Times: ms since the epoch
    sql: `
ALTER TABLE ai_model ADD COLUMN max_concurrency INTEGER NOT NULL DEFAULT 8;
ALTER TABLE ai_model ADD COLUMN rate_per_minute INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ai_model_slot (
  id TEXT PRIMARY KEY,
  model_id TEXT NOT NULL,
  holder TEXT NOT NULL,
  acquired_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL,
  released_ms BIGINT
);
CREATE INDEX idx_ai_model_slot_model ON ai_model_slot (model_id, acquired_ms);
`,
  },
];
