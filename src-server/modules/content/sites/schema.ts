// The sites tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0 } from '../shared/schema';

/** website groups (migration 300) */
export const WEBSITE_GROUP_TABLE = [
  table('website_group', `  name TEXT NOT NULL,
  type INTEGER NOT NULL DEFAULT 0,
  count INTEGER NOT NULL DEFAULT 0`),
].join('\n');

/** websites, with lookups by group, domain and template (migration 300) */
export const WEBSITE_INFO_TABLE = [
  table('website_info', `  website_group_id TEXT NOT NULL,
  website_type INTEGER NOT NULL DEFAULT 0,
  website_name TEXT NOT NULL,
  website_lang TEXT,
  desc_val TEXT,
  keywords TEXT,
  long_tail_words TEXT,
  domain_info_id TEXT,
  template_id TEXT,
  goods_id TEXT,
  domain_name TEXT,
  status_name TEXT,
  is_ssl INTEGER NOT NULL DEFAULT 0,
  type INTEGER NOT NULL DEFAULT 0,
  subdomain TEXT,
  ico_id TEXT,
  logo_id TEXT,
  banner_id TEXT,
  contact_id TEXT`),
  'CREATE INDEX ix_website_info_group ON website_info(website_group_id);',
  'CREATE INDEX ix_website_info_domain ON website_info(domain_info_id);',
  'CREATE INDEX ix_website_info_template ON website_info(template_id);',
].join('\n');

/** website languages (migration 300) */
export const WEBSITE_LANGUAGE_TABLE = [
  table('website_language', `  language TEXT NOT NULL,
  abbrevia TEXT`),
].join('\n');

/** website associations (migration 300) */
export const WEBSITE_ASSOCIA_TABLE = [
  table('website_associa', `  domain_id TEXT,
  website_info_id TEXT,
  languages_id TEXT,
  server_id TEXT,
  subdomain TEXT`, AUDIT0),
].join('\n');

/** navigation bars (migration 300) */
export const WEBSITE_NAVBAR_TABLE = [
  table('website_navbar', `  name TEXT NOT NULL,
  desc_val TEXT,
  type INTEGER,
  url TEXT,
  sort INTEGER NOT NULL DEFAULT 0,
  cate_id TEXT`, AUDIT0),
].join('\n');

/** search-engine traffic of the site dashboard (migration 300) */
export const SITE_TRAFFIC_TABLE = [
  table('site_traffic', `  website_info_id TEXT,
  engine TEXT NOT NULL DEFAULT 'google',
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0`),
].join('\n');
