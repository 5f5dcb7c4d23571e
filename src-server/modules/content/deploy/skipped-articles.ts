// The published articles of a website a deploy makes no page of, and why (issue 38): the renderer (site-render.ts)
// makes pages of the published, shown articles whose column is one of the website group's columns that hold pages;
// an article in a jump page (type 3, 跳转页面), in a deleted column or in another group's column is left out. A
// deploy's result names them, so nothing published is dropped without a word.
import { sql, type Queries } from '../../../db/data-layer';
import { JUMP_CATE } from '../articles/page-cates';
import type { Message } from '../../../../src-shared/messages';

export interface SkippedArticle {
  id: string;
  title: string;
  /** why (a message of the table: deploy-messages.ts) */
  reason: Message;
}

/** at most this many skipped articles are named in a deploy's message (the count says how many there are) */
export const SKIPPED_NAMED = 10;

/** The website's published, shown articles its deploy makes no page of, with the reason, oldest first. */
export async function skippedArticles(q: Queries, site: Record<string, unknown>, tenantId: string): Promise<SkippedArticle[]> {
  const group = String(site.website_group_id ?? '');
  const rows = await q.all(sql<{ id: string; title: string; cate_id: string | null; cate_name: string | null; type: number | null; group_id: string | null }>`
    SELECT a.id, a.title, c.id AS cate_id, c.cate_name, c.type, c.website_group_id AS group_id
      FROM article a
      LEFT JOIN article_cate c ON c.id = a.parent_id AND c.tenant_id = a.tenant_id AND c.is_deleted = 0
     WHERE a.tenant_id = ${tenantId} AND a.is_deleted = 0 AND a.status = 1 AND a.display_status = 1 AND a.website_info_id = ${String(site.id)}
       AND (c.id IS NULL OR c.type = ${JUMP_CATE} OR c.website_group_id <> ${group})
     ORDER BY a.create_time, a.id`);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    reason: r.cate_id === null
      ? { key: 'deploy.cateGone' }
      : { key: Number(r.type) === JUMP_CATE ? 'deploy.cateJump' : 'deploy.cateOtherGroup', params: { cate: r.cate_name ?? '' } },
  }));
}

/** What a deploy's message adds for them ('' when none): the count, then the first ones by title with their reason. */
export function skippedText(list: readonly SkippedArticle[]): Message | '' {
  if (list.length === 0) return '';
  const named: Message[] = list.slice(0, SKIPPED_NAMED).map((a) => ({ key: 'deploy.skippedArticle', params: { title: a.title, reason: a.reason } }));
  return { key: list.length > SKIPPED_NAMED ? 'deploy.skippedMore' : 'deploy.skipped', params: { count: list.length, named } };
}
