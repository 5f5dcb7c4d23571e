// Generation and import tasks that fail say why (migration 365): a generate-article
// task keeps the reason of a whole-task failure (the AI model unreachable, its key
// refused, no keyword in the file) in error_msg (import tasks have theirs since 330);
// tasks finished before with failed items are no longer called 已完成: 失败 when
// nothing succeeded, 部分失败 (4) when some items failed.
// Per AI model limits kept by every instance together (migration 375, issue 30):
// ai_model.max_concurrency / rate_per_minute and the ai_model_slot lease rows the
// limiter (ai-limiter.ts) counts.
// Generation runs as durable jobs (migrations 380-384, issue 30): 380 the 取消 button
// of the generation task screen (gptProduceArticle_cancel); 381 gives every task a
// previous version left 执行中 (its process resumed it at start) a job of its own,
// so any working instance takes it over. Never edit an applied migration: append a new one.
import { withPostgres, type Migration } from '../../../db/migrations';
import { pgButtonSort, postgresVariant } from '../../../db/sql';
import { buttons } from '../deploy/publish-migrations';

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

/** ms since the epoch in SQLite's SQL (the job table's times) */
const SQLITE_NOW_MS = `CAST(strftime('%s', 'now') AS INTEGER) * 1000`;

export const GENERATION_JOB_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 380,
    name: 'content: the cancel button of generate-article tasks',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('gptProduceArticle', 'gptProduceArticle_cancel', '取消', 'cancel', 'stop', 2, 80);
${buttons(['gptProduceArticle_cancel'])}`,
  },
  {
    version: 381,
    name: 'content: generate-article tasks left running by a previous version become durable jobs',
    // the job takes the task's id (ids are unique across tables); the handler goes on skipping the items done
    sql: `
INSERT INTO job (id, kind, tenant_id, job_key, payload, state, priority, run_at, attempts, max_attempts, cancel_requested, create_time, update_time)
  SELECT id, 'generation-task', tenant_id, NULL, '{"taskId":"' || id || '"}', 'queued', 0, ${SQLITE_NOW_MS}, 0, 10, 0, ${SQLITE_NOW_MS}, ${SQLITE_NOW_MS}
  FROM gpt_produce_article WHERE status = 1 AND is_deleted = 0 AND job_id IS NULL;
UPDATE gpt_produce_article SET job_id = id WHERE status = 1 AND is_deleted = 0 AND job_id IS NULL;
`,
  },
], {
  380: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]),
  381: (sqlite) => postgresVariant(sqlite, [[SQLITE_NOW_MS, 'CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)']]),
});

/** 测试连接 on AI model settings (issue 38): its own button, granted to every role holding the menu */
export const AI_TEST_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 396,
    name: 'content: the test-connection button of AI model settings',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('aiModel', 'aiModel_test', '测试连接', 'test-connection', 'api', 2, 8);
${buttons(['aiModel_test'])}`,
  },
], {
  396: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]),
});
