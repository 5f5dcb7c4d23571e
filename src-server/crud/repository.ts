// One repository serves every declared resource: paged lists, detail, insert,
// update and (soft) remove, always inside the caller's tenant.
import type { Db } from '../db/database';
import type { Page } from '../../src-shared/wire';
import { MSG_NOT_FOUND, ServiceError } from '../http/reply';
import type { Clock } from '../util/clock';
import { formatDateTime } from '../util/dates';
import { nextId } from '../util/ids';
import type { Column, Resource, WriteContext } from './resource';
import { buildOrder, buildWhere, type Where } from './query';
import { validate, type Value } from './validate';
import { toRecord } from './values';

/** A condition narrowing a resource's listed rows for the caller (data scopes: modules/system/scopes.ts). */
export type RowFilter = (resource: Resource) => { sql: string; params: string[] } | null;

export interface Scope {
  tenantId: string;
  userId: string;
  deptId: string;
  /** narrows page() (the caller's data scope); none: every row of the tenant */
  rowFilter?: RowFilter | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller's data-scope filter, set after the guard (modules/system/scopes.ts) */
    rowFilter: RowFilter | null;
  }
}

export const MAX_PAGE_SIZE = 1000;

function toInt(v: unknown, fallback: number): number {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function withRowFilter(where: Where, filter: { sql: string; params: string[] } | null): Where {
  if (!filter) return where;
  const sql = where.sql.trim() ? `${where.sql} AND (${filter.sql})` : `WHERE (${filter.sql})`;
  return { sql, params: [...where.params, ...filter.params], filtered: true };
}

export class CrudRepository {
  constructor(
    private readonly db: Db,
    readonly resource: Resource,
    private readonly clock: Clock,
  ) {}

  private scopeSql(scope: Scope): { sql: string; params: string[] } {
    const parts: string[] = [];
    const params: string[] = [];
    if (this.resource.tenantScoped) {
      parts.push('tenant_id = ?');
      params.push(scope.tenantId);
    }
    if (this.resource.softDelete) parts.push('is_deleted = 0');
    return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
  }

  private decorate(records: Record<string, unknown>[], scope: Scope): Record<string, unknown>[] {
    this.resource.hooks?.decorate?.(records, { tenantId: scope.tenantId });
    return records;
  }

  /** COUNT(*) of the page's rows; the trigger-kept tenant count when the resource has one and nothing is filtered. */
  private total(table: string, where: Where, scope: Scope): number {
    const r = this.resource;
    if (r.countedRows && r.tenantScoped && r.softDelete && !where.filtered) {
      const row = this.db
        .prepare('SELECT live FROM row_count WHERE table_name = ? AND tenant_id = ?')
        .get(r.table, scope.tenantId) as { live: number } | undefined;
      return row?.live ?? 0;
    }
    const row = this.db.prepare(`SELECT COUNT(*) AS total FROM ${table} ${where.sql}`).get(...where.params) as { total: number };
    return row.total;
  }

  page(query: Record<string, unknown>, scope: Scope): Page<Record<string, unknown>> {
    const current = toInt(query.current, 1);
    const size = Math.min(toInt(query.size, 10), MAX_PAGE_SIZE);
    const where = withRowFilter(buildWhere(this.resource, query, scope.tenantId), scope.rowFilter?.(this.resource) ?? null);
    const order = buildOrder(this.resource, query);
    const t = `"${this.resource.table}"`;
    const total = this.total(t, where, scope);
    const rows = this.db
      .prepare(`SELECT * FROM ${t} ${where.sql} ${order.sql} LIMIT ? OFFSET ?`)
      .all(...where.params, size, (current - 1) * size) as Record<string, unknown>[];
    return {
      records: this.decorate(rows.map((r) => toRecord(this.resource, r)), scope),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
      orders: order.orders,
    };
  }

  private row(id: string, scope: Scope): Record<string, unknown> | undefined {
    const s = this.scopeSql(scope);
    return this.db
      .prepare(`SELECT * FROM "${this.resource.table}" WHERE id = ?${s.sql}`)
      .get(id, ...s.params) as Record<string, unknown> | undefined;
  }

  detail(id: string, scope: Scope): Record<string, unknown> | null {
    const row = this.row(id, scope);
    return row ? this.decorate([toRecord(this.resource, row)], scope)[0] : null;
  }

  private uniqueCheck(scope: Scope, exceptId: string | null) {
    return (col: Column, value: Value): boolean => {
      const s = this.scopeSql(scope);
      const row = this.db
        .prepare(`SELECT 1 FROM "${this.resource.table}" WHERE "${col.column}" = ? AND id <> ?${s.sql} LIMIT 1`)
        .get(value, exceptId ?? '', ...s.params);
      return row !== undefined;
    };
  }

  private applyHook(values: Map<Column, Value>, ctx: WriteContext): Map<Column, Value> {
    const hook = this.resource.hooks?.beforeWrite;
    if (!hook) return values;
    const obj: Record<string, unknown> = {};
    for (const [col, v] of values) obj[col.name] = v;
    hook(obj, ctx);
    const out = new Map<Column, Value>();
    for (const [name, v] of Object.entries(obj)) {
      const col = this.resource.column(name);
      if (col && !col.readOnly) out.set(col, v as Value);
    }
    return out;
  }

  insert(body: Record<string, unknown>, scope: Scope): Record<string, unknown> {
    const ctx: WriteContext = { ...scope, mode: 'insert' };
    return this.db.transaction(() => {
      const values = this.applyHook(validate(this.resource, body, 'insert', this.uniqueCheck(scope, null)), ctx);
      const id = nextId();
      const now = formatDateTime(this.clock());
      const cols: string[] = ['id'];
      const params: Value[] = [id];
      const has = (name: string): boolean => this.resource.column(name)?.system === true;
      if (this.resource.tenantScoped) {
        cols.push('tenant_id');
        params.push(scope.tenantId);
      }
      for (const [col, v] of values) {
        cols.push(col.column);
        params.push(v);
      }
      if (has('createUser')) {
        cols.push('create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'is_deleted');
        params.push(scope.userId, scope.deptId, now, scope.userId, now, 0);
      } else if (has('isDeleted')) {
        cols.push('is_deleted');
        params.push(0);
      }
      this.db
        .prepare(`INSERT INTO "${this.resource.table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
        .run(...params);
      return this.detail(id, scope)!;
    })();
  }

  update(id: string, body: Record<string, unknown>, scope: Scope): Record<string, unknown> {
    const ctx: WriteContext = { ...scope, mode: 'update', id };
    return this.db.transaction(() => {
      if (!this.row(id, scope)) throw new ServiceError(MSG_NOT_FOUND);
      const values = this.applyHook(validate(this.resource, body, 'update', this.uniqueCheck(scope, id)), ctx);
      const sets: string[] = [];
      const params: Value[] = [];
      for (const [col, v] of values) {
        sets.push(`"${col.column}" = ?`);
        params.push(v);
      }
      if (this.resource.column('updateUser')?.system) {
        sets.push('update_user = ?', 'update_time = ?');
        params.push(scope.userId, formatDateTime(this.clock()));
      }
      if (sets.length > 0) {
        const s = this.scopeSql(scope);
        this.db
          .prepare(`UPDATE "${this.resource.table}" SET ${sets.join(', ')} WHERE id = ?${s.sql}`)
          .run(...params, id, ...s.params);
      }
      return this.detail(id, scope)!;
    })();
  }

  /** Removes (soft when declared) the rows of the caller's tenant among ids; returns how many. */
  remove(ids: string[], scope: Scope): number {
    if (ids.length === 0) return 0;
    this.resource.hooks?.beforeRemove?.(ids, { tenantId: scope.tenantId });
    const s = this.scopeSql(scope);
    const marks = ids.map(() => '?').join(', ');
    const t = `"${this.resource.table}"`;
    if (this.resource.softDelete) {
      const audit = this.resource.column('updateUser')?.system;
      const set = audit ? 'is_deleted = 1, update_user = ?, update_time = ?' : 'is_deleted = 1';
      const setParams = audit ? [scope.userId, formatDateTime(this.clock())] : [];
      return this.db.prepare(`UPDATE ${t} SET ${set} WHERE id IN (${marks})${s.sql}`).run(...setParams, ...ids, ...s.params)
        .changes;
    }
    return this.db.prepare(`DELETE FROM ${t} WHERE id IN (${marks})${s.sql}`).run(...ids, ...s.params).changes;
  }
}
