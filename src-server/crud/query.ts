// List filters (BladeX map binding): every query parameter other than the reserved
// ones becomes a condition on a DECLARED column; the suffix picks the operator.
// Values are always bound parameters; unknown keys are ignored.
import { likeEscape, sql, type RawBuilder, type SqlDialect } from '../db/data-layer';
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
  /** the conditions, AND-ed (none: every row) */
  conditions: RawBuilder<unknown>[];
  /** true when a query-string condition was applied (beyond tenant and soft delete) */
  filtered?: boolean;
}

/** `WHERE a AND b ...`, or nothing */
export function whereSql(where: Where): RawBuilder<unknown> {
  return where.conditions.length ? sql`WHERE ${sql.join(where.conditions, sql` AND `)}` : sql``;
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
export function buildWhere(resource: Resource, query: Record<string, unknown>, tenantId: string, dialect: SqlDialect): Where {
  const scope: RawBuilder<unknown>[] = [];
  if (resource.tenantScoped) scope.push(sql`tenant_id = ${tenantId}`);
  if (resource.softDelete) scope.push(sql`is_deleted = 0`);
  const parts: RawBuilder<unknown>[] = [];
  let indexed = false;

  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const raw = firstString(rawValue);
    if (raw === undefined || raw.trim() === '') continue;
    const own = resource.filters?.[key];
    if (own) {
      parts.push(own(raw, dialect));
      continue;
    }
    const { field, op } = parseKey(key);
    const col = resource.column(field);
    if (!col || col.hidden || col.noFilter || op === 'ignore') continue;
    const c = sql.id(col.column);
    // a LIKE on a number column matches its text (SQLite converts it; PostgreSQL has no integer LIKE)
    const text = col.type === 'int' || col.type === 'decimal' ? sql`CAST(${c} AS TEXT)` : c;
    switch (op) {
      case 'null':
        parts.push(sql`${c} IS NULL`);
        break;
      case 'notnull':
        parts.push(sql`${c} IS NOT NULL`);
        break;
      case 'like':
        if (col.searchIndex && [...raw].length >= TRIGRAM) {
          // candidates from the trigram index (a superset: no escape there, case folded), the match below decides
          const candidates = dialect.searchCandidates(col.searchIndex, col.column, raw);
          if (candidates) {
            indexed = true;
            parts.push(candidates);
          }
        }
        parts.push(dialect.contains(text, raw));
        break;
      case 'notlike':
        parts.push(sql`NOT ${dialect.contains(text, raw)}`);
        break;
      case 'likeleft':
        parts.push(dialect.like(text, `%${likeEscape(raw)}`));
        break;
      case 'likeright':
        parts.push(dialect.like(text, `${likeEscape(raw)}%`));
        break;
      default:
        parts.push(sql`${c} ${sql.raw(SQL_OP[op]!)} ${valueFor(col, key, op, raw)}`);
    }
  }
  // a search index gives the candidate rows: the scope's columns are kept out of index choice (unary + on
  // SQLite), or a planner without statistics walks the whole tenant through its index and checks each row
  const scoped = indexed
    ? [
        ...(resource.tenantScoped ? [sql`${dialect.noIndex(sql.id('tenant_id'))} = ${tenantId}`] : []),
        ...(resource.softDelete ? [sql`${dialect.noIndex(sql.id('is_deleted'))} = 0`] : []),
      ]
    : scope;
  return { conditions: [...scoped, ...parts], filtered: parts.length > 0 };
}

export interface Order {
  column: string;
  asc: boolean;
}

/** `ascs` / `descs`: comma lists of columns (camelCase or snake_case); only declared columns are used. */
export function buildOrder(resource: Resource, query: Record<string, unknown>): { sql: RawBuilder<unknown>; orders: Order[] } {
  const orders: Order[] = [];
  for (const [param, asc] of [['ascs', true], ['descs', false]] as const) {
    for (const key of (firstString(query[param]) ?? '').split(',')) {
      const col = resource.column(key.trim());
      if (col && !col.hidden) orders.push({ column: col.column, asc });
    }
  }
  const effective = orders.length ? orders : (resource.defaultSort ?? []);
  const terms = effective.map((o) => sql`${sql.id(o.column)} ${sql.raw(o.asc ? 'ASC' : 'DESC')}`);
  terms.push(sql`${sql.id('id')} DESC`);
  return { sql: sql`ORDER BY ${sql.join(terms)}`, orders };
}
