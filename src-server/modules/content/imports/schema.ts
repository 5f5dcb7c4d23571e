// The imports tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0 } from '../shared/schema';

/** import tasks (migration 310) */
export const IMPORT_TASK_TABLE = [
  table('import_task', `  task_name TEXT NOT NULL,
  task_type TEXT NOT NULL,
  total_rows INTEGER NOT NULL DEFAULT 0,
  success_rows INTEGER NOT NULL DEFAULT 0,
  failed_rows INTEGER NOT NULL DEFAULT 0`, AUDIT0),
].join('\n');

/** import tasks' error log (migration 310) */
export const TASK_ERROR_LOG_TABLE = [
  table('task_error_log', `  task_id TEXT NOT NULL,
  error_line INTEGER,
  error_msg TEXT,
  error_data TEXT`),
  'CREATE INDEX ix_task_error_log_task ON task_error_log(task_id);',
].join('\n');
