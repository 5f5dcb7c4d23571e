// The articles tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0 } from '../shared/schema';

/** categories (website columns) (migration 310) */
export const ARTICLE_CATE_TABLE = [
  table('article_cate', `  website_group_id TEXT NOT NULL,
  cate_name TEXT NOT NULL,
  type INTEGER NOT NULL DEFAULT 2,
  page_id TEXT,
  img_group_id TEXT,
  link_url TEXT,
  advert_id TEXT,
  opt_status INTEGER NOT NULL DEFAULT 0`, AUDIT0),
].join('\n');

/** articles, with lookups by website and category (migration 310) */
export const ARTICLE_TABLE = [
  table('article', `  website_info_id TEXT NOT NULL,
  website_group_id TEXT NOT NULL,
  parent_id TEXT NOT NULL,
  title TEXT NOT NULL,
  keyword TEXT,
  auth TEXT,
  cover_img TEXT,
  display_status INTEGER NOT NULL DEFAULT 1,
  sort INTEGER NOT NULL DEFAULT 0,
  content TEXT,
  desc_val TEXT,
  save_status TEXT,
  deploy_time TEXT`, AUDIT0),
  'CREATE INDEX ix_article_site ON article(website_info_id, status);',
  'CREATE INDEX ix_article_cate ON article(parent_id);',
].join('\n');

/** paragraphs (migration 310) */
export const PARAGRAPH_TABLE = [
  table('paragraph', '  content TEXT NOT NULL'),
].join('\n');
