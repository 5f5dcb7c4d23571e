// Small SQL helpers of the content resources: display names, counts, existence
// and in-use checks, always inside the caller's tenant. Each runs on the queries
// it is given (the data layer, or a caller's transaction).
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import type { MessageKey } from '../../../../src-shared/messages';

type Rec = Record<string, unknown>;

/** id -> name for the given ids of a tenant table. */
export async function namesOf(q: Queries, table: string, nameCol: string, ids: string[], tenantId: string): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const rows = await q.all(
    sql<{ id: string; n: string | null }>`SELECT id, ${sql.id(nameCol)} AS n FROM ${sql.id(table)} WHERE tenant_id = ${tenantId} AND id IN (${sql.join(wanted)})`,
  );
  for (const r of rows) out.set(r.id, r.n ?? '');
  return out;
}

/** Sets records[i][outField] to the name of records[i][idField] in `table`. */
export async function addNames(q: Queries, records: Rec[], tenantId: string, idField: string, outField: string, table: string, nameCol: string): Promise<void> {
  const map = await namesOf(q, table, nameCol, records.map((r) => String(r[idField] ?? '')), tenantId);
  for (const r of records) r[outField] = map.get(String(r[idField] ?? '')) ?? '';
}

/** Live rows of `table` per value of `col` among the given values. */
export async function countBy(q: Queries, table: string, col: string, values: string[], tenantId: string): Promise<Map<string, number>> {
  const wanted = [...new Set(values.filter(Boolean))];
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  const column = sql.id(col);
  const rows = await q.all(
    sql<{ k: string; n: number }>`SELECT ${column} AS k, COUNT(*) AS n FROM ${sql.id(table)}
      WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND ${column} IN (${sql.join(wanted)}) GROUP BY ${column}`,
  );
  for (const r of rows) out.set(r.k, r.n);
  return out;
}

/** The live row of a tenant table, or undefined. */
export function liveRow(q: Queries, table: string, id: string, tenantId: string): Promise<Rec | undefined> {
  return q.get(sql<Rec>`SELECT * FROM ${sql.id(table)} WHERE id = ${id} AND tenant_id = ${tenantId} AND is_deleted = 0`);
}

/** Throws `message` when the referenced id is not a live row of the caller's tenant. */
export async function mustExist(q: Queries, table: string, id: unknown, tenantId: string, message: MessageKey): Promise<Rec | undefined> {
  if (id === undefined || id === null || id === '') return undefined;
  const row = await liveRow(q, table, String(id), tenantId);
  if (!row) throw new ServiceError(message);
  return row;
}

/** Refuses a removal while any live row of `table` points at one of the ids through one of `cols`. */
export async function refuseInUse(q: Queries, ids: string[], tenantId: string, table: string, cols: string[], message: MessageKey): Promise<void> {
  if (ids.length === 0) return;
  const cond = sql.join(cols.map((c) => sql`${sql.id(c)} IN (${sql.join(ids)})`), sql` OR `);
  const row = await q.get(sql`SELECT 1 AS used FROM ${sql.id(table)} WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND (${cond}) LIMIT 1`);
  if (row) throw new ServiceError(message);
}
