// Small SQL helpers of the content resources: display names, counts, existence
// and in-use checks, always inside the caller's tenant.
import type { Db } from '../../../db/database';
import { ServiceError } from '../../../http/reply';

type Rec = Record<string, unknown>;

/** id -> name for the given ids of a tenant table. */
export function namesOf(db: Db, table: string, nameCol: string, ids: string[], tenantId: string): Map<string, string> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const rows = db
    .prepare(`SELECT id, "${nameCol}" AS n FROM "${table}" WHERE tenant_id = ? AND id IN (${wanted.map(() => '?').join(',')})`)
    .all(tenantId, ...wanted) as { id: string; n: string | null }[];
  for (const r of rows) out.set(r.id, r.n ?? '');
  return out;
}

/** Sets records[i][outField] to the name of records[i][idField] in `table`. */
export function addNames(db: Db, records: Rec[], tenantId: string, idField: string, outField: string, table: string, nameCol: string): void {
  const map = namesOf(db, table, nameCol, records.map((r) => String(r[idField] ?? '')), tenantId);
  for (const r of records) r[outField] = map.get(String(r[idField] ?? '')) ?? '';
}

/** Live rows of `table` per value of `col` among the given values. */
export function countBy(db: Db, table: string, col: string, values: string[], tenantId: string): Map<string, number> {
  const wanted = [...new Set(values.filter(Boolean))];
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  const rows = db
    .prepare(
      `SELECT "${col}" AS k, COUNT(*) AS n FROM "${table}" WHERE tenant_id = ? AND is_deleted = 0 AND "${col}" IN (${wanted.map(() => '?').join(',')}) GROUP BY "${col}"`,
    )
    .all(tenantId, ...wanted) as { k: string; n: number }[];
  for (const r of rows) out.set(r.k, r.n);
  return out;
}

/** The live row of a tenant table, or undefined. */
export function liveRow(db: Db, table: string, id: string, tenantId: string): Rec | undefined {
  return db.prepare(`SELECT * FROM "${table}" WHERE id = ? AND tenant_id = ? AND is_deleted = 0`).get(id, tenantId) as Rec | undefined;
}

/** Throws `message` when the referenced id is not a live row of the caller's tenant. */
export function mustExist(db: Db, table: string, id: unknown, tenantId: string, message: string): Rec | undefined {
  if (id === undefined || id === null || id === '') return undefined;
  const row = liveRow(db, table, String(id), tenantId);
  if (!row) throw new ServiceError(message);
  return row;
}

/** Refuses a removal while any live row of `table` points at one of the ids through one of `cols`. */
export function refuseInUse(db: Db, ids: string[], tenantId: string, table: string, cols: string[], message: string): void {
  const marks = ids.map(() => '?').join(',');
  const cond = cols.map((c) => `"${c}" IN (${marks})`).join(' OR ');
  const row = db
    .prepare(`SELECT 1 FROM "${table}" WHERE tenant_id = ? AND is_deleted = 0 AND (${cond}) LIMIT 1`)
    .get(tenantId, ...cols.flatMap(() => ids));
  if (row) throw new ServiceError(message);
}
