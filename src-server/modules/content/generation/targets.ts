// Where a generate-article task's articles go (article-generator.ts): its website, else the group's websites in
// turn; its column, else the group's columns that hold pages in turn (a jump page holds no article: issue 38).
import { sql, type Queries } from '../../../db/data-layer';
import { PAGE_CATE } from '../articles/page-cates';

type Rec = Record<string, unknown>;

export interface Targets {
  group: string;
  sites: string[];
  cates: string[];
}

export async function targetsOf(q: Queries, task: Rec): Promise<Targets> {
  const group = String(task.website_group_id ?? '');
  if (!group) return { group: '', sites: [], cates: [] };
  const tenantId = String(task.tenant_id);
  const ids = async (table: 'website_info' | 'article_cate') =>
    (await q.all(sql<{ id: string }>`SELECT id FROM ${sql.id(table)} WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND website_group_id = ${group}
      ${table === 'article_cate' ? sql`AND type = ${PAGE_CATE}` : sql``} ORDER BY create_time, id`)).map((r) => r.id);
  return {
    group,
    sites: task.website_info_id ? [String(task.website_info_id)] : await ids('website_info'),
    cates: task.parent_id ? [String(task.parent_id)] : await ids('article_cate'),
  };
}
