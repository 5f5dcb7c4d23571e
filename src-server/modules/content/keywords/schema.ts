// The keywords tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table } from '../shared/schema';

/** managed keywords (migration 310) */
export const KEYWORD_TABLE = [
  table('keyword', '  keyword TEXT NOT NULL'),
].join('\n');

/** keywords kept for generation (migration 310) */
export const GPT_PRODUCE_KEYWORD_TABLE = [
  table('gpt_produce_keyword', `  site_group_id TEXT NOT NULL,
  type INTEGER NOT NULL,
  keyword TEXT NOT NULL`),
].join('\n');
