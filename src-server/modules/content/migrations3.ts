// The article and website lists at scale (docs/benchmarks.md, "Server list
// pages"): indexes matching each resource's default order, so a page is an
// index walk rather than a sort of the tenant's rows, and a trigger-kept live
// count for articles, so an unfiltered page does not COUNT(*) a million rows.
import type { Migration } from '../../db/migrations';
import { countTriggers } from '../../db/sql';

export const CONTENT3_MIGRATIONS: Migration[] = [
  {
    version: 320,
    name: 'content: list-order indexes, article row count',
    sql: `
CREATE INDEX ix_article_list ON article(tenant_id, is_deleted, sort, create_time DESC, id DESC);
CREATE INDEX ix_website_info_list ON website_info(tenant_id, is_deleted, create_time DESC, id DESC);
${countTriggers('article')}`,
  },
];
