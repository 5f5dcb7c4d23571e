// The deploy tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0 } from '../shared/schema';

/** deploy records (migration 300) */
export const WEBSITE_DEPLOY_TABLE = [
  table('website_deploy', `  website_info_id TEXT NOT NULL,
  domain TEXT,
  status_name TEXT,
  message TEXT,
  output_dir TEXT`),
].join('\n');

/** scheduled deploy tasks (migration 310) */
export const DEPLOY_TASKS_TABLE = [
  table('deploy_tasks', `  task_name TEXT NOT NULL,
  group_ids TEXT,
  website_group_id TEXT,
  schedule_type TEXT NOT NULL DEFAULT 'NONE',
  schedule_conf TEXT,
  type INTEGER NOT NULL DEFAULT 0,
  execute_count INTEGER NOT NULL DEFAULT 0,
  article_count INTEGER NOT NULL DEFAULT 0,
  ab_article_count INTEGER NOT NULL DEFAULT 0,
  next_time INTEGER`, AUDIT0),
].join('\n');
