// The generation tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0, AUDIT2 } from '../shared/schema';

/** AI model settings (migration 310) */
export const AI_MODEL_TABLE = [
  table('ai_model', `  name TEXT NOT NULL,
  api_key TEXT NOT NULL,
  url TEXT NOT NULL,
  model TEXT NOT NULL,
  platform TEXT NOT NULL,
  temperature REAL NOT NULL,
  max_tokens INTEGER NOT NULL`),
].join('\n');

/** AI API keys (sealed) (migration 310) */
export const AI_KEY_TABLE = [
  table('ai_key', `  name TEXT NOT NULL,
  type INTEGER,
  target_url TEXT,
  key_value TEXT`, AUDIT2),
].join('\n');

/** generate-article tasks (migration 310) */
export const GPT_PRODUCE_ARTICLE_TABLE = [
  table('gpt_produce_article', `  task_name TEXT NOT NULL,
  max_tokens INTEGER NOT NULL DEFAULT 4096,
  prompts TEXT NOT NULL,
  file_link TEXT,
  file_name TEXT,
  total INTEGER NOT NULL DEFAULT 0,
  success_count INTEGER NOT NULL DEFAULT 0,
  fail_count INTEGER NOT NULL DEFAULT 0`, AUDIT0),
].join('\n');

/** generation items' ledger (migration 310) */
export const GPT_ARTICLE_TABLE = [
  table('gpt_article', `  task_id TEXT NOT NULL,
  item_index INTEGER NOT NULL,
  keyword TEXT,
  title TEXT,
  content TEXT,
  error TEXT`),
  'CREATE UNIQUE INDEX ux_gpt_article_item ON gpt_article(task_id, item_index);',
].join('\n');
