// List filters (BladeX map binding): every query parameter other than the reserved
// ones becomes a condition on a DECLARED column; the suffix picks the operator.
// Values are always bound parameters; unknown keys are ignored.
import type { Column, Resource } from './resource';
import { formatError } from './values';
import { normalizeDateTime } from '../util/dates';

export const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth']);

type Op =
  | 'like' | 'notlike' | 'likeleft' | 'likeright'
  | 'equal' | 'notequal' | 'gt' | 'ge' | 'lt' | 'le'
  | 'datege' | 'dategt' | 'dateequal' | 'datelt' | 'datele'
  | 'null' | 'notnull' | 'ignore';

const OPS = new Set<Op>([
  'like', 'notlike', 'likeleft', 'likeright', 'equal', 'notequal', 'gt', 'ge', 'lt', 'le',
  'datege', 'dategt', 'dateequal', 'datelt', 'datele', 'null', 'notnull', 'ignore',
]);

const SQL_OP: Partial<Record<Op, string>> = {
  equal: '=', notequal: '<>', gt: '>', ge: '>=', lt: '<', le: '<=',
  datege: '>=', dategt: '>', dateequal: '=', datelt: '<', datele: '<=',
};

export interface Where {
  sql: string;
  params: (string | number)[];
  /** true when a query-string condition was applied (beyond tenant and soft delete) */
  filtered?: boolean;
}

function parseKey(key: string): { field: string; op: Op } {
  const i = key.lastIndexOf('_');
  if (i > 0) {
    const suffix = key.slice(i + 1).toLowerCase() as Op;
    if (OPS.has(suffix)) return { field: key.slice(0, i), op: suffix };
  }
  return { field: key, op: 'like' };
}

/** a trigram index answers LIKE patterns of at least three characters; a shorter one would scan it whole */
const TRIGRAM = 3;

const escapeLike = (v: string): string => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function valueFor(col: Column, key: string, op: Op, raw: string): string | number {
  if (op.startsWith('date')) {
    const d = normalizeDateTime(raw);
    if (d === null) throw formatError(key);
    return d;
  }
  if ((col.type === 'int' || col.type === 'decimal') && SQL_OP[op]) {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw formatError(key);
    return n;
  }
  return raw;
}

function firstString(v: unknown): string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined || x === null ? undefined : String(x);
}

/** Conditions from the query string plus the scope (tenant, not deleted). */
export function buildWhere(resource: Resource, query: Record<string, unknown>, tenantId: string): Where {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (resource.tenantScoped) {
    parts.push('tenant_id = ?');
    params.push(tenantId);
  }
  if (resource.softDelete) parts.push('is_deleted = 0');
  let indexed = false;

  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const raw = firstString(rawValue);
    if (raw === undefined || raw.trim() === '') continue;
    const { field, op } = parseKey(key);
    const col = resource.column(field);
    if (!col || col.hidden || col.noFilter || op === 'ignore') continue;
    const c = `"${col.column}"`;
    switch (op) {
      case 'null':
        parts.push(`${c} IS NULL`);
        break;
      case 'notnull':
        parts.push(`${c} IS NOT NULL`);
        break;
      case 'like':
      case 'notlike':
        if (op === 'like' && col.searchIndex && [...raw].length >= TRIGRAM) {
          indexed = true;
          // candidates from the trigram index (a superset: no escape there, case folded), the LIKE below decides
          parts.push(`rowid IN (SELECT rowid FROM "${col.searchIndex}" WHERE ${c} LIKE ?)`);
          params.push(`%${raw}%`);
        }
        parts.push(`${c} ${op === 'like' ? 'LIKE' : 'NOT LIKE'} ? ESCAPE '\\'`);
        params.push(`%${escapeLike(raw)}%`);
        break;
      case 'likeleft':
        parts.push(`${c} LIKE ? ESCAPE '\\'`);
        params.push(`%${escapeLike(raw)}`);
        break;
      case 'likeright':
        parts.push(`${c} LIKE ? ESCAPE '\\'`);
        params.push(`${escapeLike(raw)}%`);
        break;
      default:
        parts.push(`${c} ${SQL_OP[op]} ?`);
        params.push(valueFor(col, key, op, raw));
    }
  }
  const scoped = (resource.tenantScoped ? 1 : 0) + (resource.softDelete ? 1 : 0);
  // a search index gives the candidate rows: the scope's columns are kept out of index choice (unary +),
  // or a planner without statistics walks the whole tenant through its index and checks each row
  if (indexed) for (let i = 0; i < scoped; i++) parts[i] = `+${parts[i]}`;
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params, filtered: parts.length > scoped };
}

export interface Order {
  column: string;
  asc: boolean;
}

/** `ascs` / `descs`: comma lists of columns (camelCase or snake_case); only declared columns are used. */
export function buildOrder(resource: Resource, query: Record<string, unknown>): { sql: string; orders: Order[] } {
  const orders: Order[] = [];
  for (const [param, asc] of [['ascs', true], ['descs', false]] as const) {
    for (const key of (firstString(query[param]) ?? '').split(',')) {
      const col = resource.column(key.trim());
      if (col && !col.hidden) orders.push({ column: col.column, asc });
    }
  }
  const effective = orders.length ? orders : (resource.defaultSort ?? []);
  const terms = effective.map((o) => `"${o.column}" ${o.asc ? 'ASC' : 'DESC'}`);
  terms.push('"id" DESC');
  return { sql: `ORDER BY ${terms.join(', ')}`, orders };
}
