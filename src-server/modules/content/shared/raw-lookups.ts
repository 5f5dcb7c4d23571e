// Interim (issue 29): the lookups of shared/lookups.ts and quota/quota.ts that the content engines still call
// synchronously on the raw SQLite handle (site rendering and deploying, AI generation, the generation and deploy
// task routes) while those files wait for their own move onto the data layer. Same SQL, same answers. Delete
// this file once nothing imports it.
import type { Db } from '../../../db/database';

/** The live row of a tenant table, or undefined (shared/lookups.ts liveRow, on the raw handle). */
export function liveRow(db: Db, table: string, id: string, tenantId: string): Record<string, unknown> | undefined {
  return db.prepare(`SELECT * FROM "${table}" WHERE id = ? AND tenant_id = ? AND is_deleted = 0`).get(id, tenantId) as Record<string, unknown> | undefined;
}

/** How many more articles the tenant may create, Infinity when unlimited (quota/quota.ts articlesLeft, on the raw handle). */
export function articlesLeft(db: Db, tenantId: string): number {
  const quota = db.prepare('SELECT article_number FROM content_quota WHERE tenant_id = ?').get(tenantId) as { article_number: number } | undefined;
  const limit = quota?.article_number ?? -1;
  if (limit < 0) return Infinity;
  const used = db.prepare("SELECT live FROM row_count WHERE table_name = 'article' AND tenant_id = ?").get(tenantId) as { live: number } | undefined;
  return Math.max(0, limit - (used?.live ?? 0));
}
