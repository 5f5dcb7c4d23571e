// Articles live in categories that hold pages (type 2, 自定义页面). A jump page (type 3, 跳转页面) is only a link in
// the navigation: a deploy never makes a page of an article in one (issue 38). The rule of every write that puts an
// article in a category (the article form and its imports, a generation task's column, a release), of a category
// that holds articles, and the flag the article list shows on an article a version before the rule left there.
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';

type Rec = Record<string, unknown>;

/** the category type whose articles are pages */
export const PAGE_CATE = 2;
/** the category type that is only a link */
export const JUMP_CATE = 3;

/** why an article gets no page: its column is a jump page, or its column is gone */
export type PageIssue = 'jump' | 'missing';

/** Refuses a category row (article_cate) that does not hold pages; none given passes. */
export function mustHoldPages(cate: Rec | undefined): void {
  if (cate && Number(cate.type) === JUMP_CATE) throw new ServiceError('article.cateNotPage');
}

/** Refuses releasing any of these unpublished articles while its column is a jump page. */
export async function refuseJumpRelease(q: Queries, tenantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await q.get(sql`SELECT 1 AS found FROM article a
      JOIN article_cate c ON c.id = a.parent_id AND c.tenant_id = a.tenant_id AND c.is_deleted = 0
     WHERE a.tenant_id = ${tenantId} AND a.is_deleted = 0 AND a.status = 0 AND c.type = ${JUMP_CATE} AND a.id IN (${sql.join([...ids])}) LIMIT 1`);
  if (found) throw new ServiceError('article.releaseJump');
}

/**
 * Sets each article record's `pageIssue`: 'jump' in a jump page, 'missing' when its column was deleted, '' otherwise
 * (an article waiting without a column, as a generation task leaves one, has no issue yet: it cannot be released).
 */
export async function flagPageIssues(q: Queries, records: Rec[], tenantId: string): Promise<void> {
  const ids = [...new Set(records.map((r) => String(r.parentId ?? '')).filter(Boolean))];
  const cates = ids.length
    ? await q.all(sql<{ id: string; type: number }>`SELECT id, type FROM article_cate WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND id IN (${sql.join(ids)})`)
    : [];
  const types = new Map(cates.map((c) => [c.id, Number(c.type)]));
  for (const r of records) {
    const parent = String(r.parentId ?? '');
    const type = types.get(parent);
    r.pageIssue = !parent ? '' : type === undefined ? 'missing' : type === JUMP_CATE ? 'jump' : '';
  }
}
