// One repository serves every declared resource: paged lists, detail, insert,
// update and (soft) remove, always inside the caller's tenant.
import { sql, type Queries, type RawBuilder } from '../db/data-layer';
import { liveRowsSql } from '../db/sql';
import type { Page } from '../../src-shared/wire';
import { ServiceError } from '../http/reply';
import { DEFAULT_PAGE_SIZE, pagingValue } from '../http/paging';
import type { Clock } from '../util/clock';
import { formatDateTime } from '../util/dates';
import { nextId } from '../util/ids';
import type { ReplyLanguage } from '../../src-shared/messages';
import type { Column, Resource, WriteContext } from './resource';
import { buildOrder, buildWhere, whereSql, type Where } from './query';
import { validate, type Value } from './validate';
import { toRecord } from './values';

/** A condition narrowing a resource's listed rows for the caller (data scopes: modules/system/scopes.ts). */
export type RowFilter = (resource: Resource) => Promise<RawBuilder<unknown> | null>;

export interface Scope {
  tenantId: string;
  userId: string;
  deptId: string;
  /** narrows page() (the caller's data scope); none: every row of the tenant */
  rowFilter?: RowFilter | null;
  /** the language recorded reasons are read in (ColumnDef.reasonColumn); zh when not given */
  language?: ReplyLanguage;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller's data-scope filter, set after the guard (modules/system/scopes.ts) */
    rowFilter: RowFilter | null;
  }
}

export const MAX_PAGE_SIZE = 1000;
/** from this offset on, a page is read ids first (see `page`) */
export const DEFERRED_FROM = 1000;

/**
 * An unfiltered near page's LIMIT and OFFSET, written into the statement: PostgreSQL plans a prepared statement
 * once (its generic plan) only when that plan looks no dearer than one made for the values, and with the page's
 * size and offset as parameters it guesses a tenth of the table for each, so every list was planned anew at every
 * run (pg_stat_statements: as many plans as calls, half of a page's time). A few sizes times the near offsets make
 * few texts; deep pages (the deferred join) keep them as parameters. A filtered page keeps them too: with the
 * LIMIT written in, its generic plan (a title search's pattern unknown, guessed common) walked the list's order
 * for the ten matches of a search that had one, 1.2 s on a million articles instead of 13 ms through the trigram
 * index its plan for the values uses. Both are whole numbers (http/paging.ts).
 */
function nearLimit(size: number, offset: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(size) || !Number.isSafeInteger(offset)) throw new Error(`paging: ${size}, ${offset}`);
  return offset === 0 ? sql`LIMIT ${sql.lit(size)}` : sql`LIMIT ${sql.lit(size)} OFFSET ${sql.lit(offset)}`;
}


function withRowFilter(where: Where, filter: RawBuilder<unknown> | null): Where {
  if (!filter) return where;
  return { conditions: [...where.conditions, sql`(${filter})`], filtered: true };
}

/**
 * The generic CRUD of one resource. Every method runs on the data layer it was given; a caller inside a
 * transaction may pass its `trx` (Queries) as `q`, and the write joins that transaction.
 */
export class CrudRepository {
  constructor(
    private readonly data: Queries,
    readonly resource: Resource,
    private readonly clock: Clock,
  ) {}

  private get table(): RawBuilder<unknown> {
    return sql.id(this.resource.table);
  }

  /** the tenant and soft-delete conditions of a row lookup, each preceded by AND */
  private scopeSql(scope: Scope): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [];
    if (this.resource.tenantScoped) parts.push(sql` AND tenant_id = ${scope.tenantId}`);
    if (this.resource.softDelete) parts.push(sql` AND is_deleted = 0`);
    return sql.join(parts, sql``);
  }

  private async decorate(records: Record<string, unknown>[], scope: Scope, q: Queries): Promise<Record<string, unknown>[]> {
    await this.resource.hooks?.decorate?.(records, { tenantId: scope.tenantId, q, language: scope.language });
    return records;
  }

  /** Whether the page's total is the trigger-kept tenant count (the resource has one and nothing is filtered). */
  private counted(where: Where): boolean {
    const r = this.resource;
    return !!r.countedRows && r.tenantScoped && r.softDelete && !where.filtered;
  }

  private liveCount(scope: Scope): RawBuilder<number> {
    return liveRowsSql(this.resource.table, scope.tenantId);
  }

  /** COUNT(*) of the page's rows; the trigger-kept tenant count when the resource has one and nothing is filtered. */
  private async total(where: Where, scope: Scope): Promise<number> {
    if (this.counted(where)) {
      const row = await this.data.get(sql<{ live: number | null }>`SELECT ${this.liveCount(scope)} AS live`);
      return row?.live ?? 0;
    }
    const row = await this.data.get(sql<{ total: number }>`SELECT COUNT(*) AS total FROM ${this.table} ${whereSql(where)}`);
    return row?.total ?? 0;
  }

  async page(query: Record<string, unknown>, scope: Scope): Promise<Page<Record<string, unknown>>> {
    const current = pagingValue(query, 'current') ?? 1;
    const size = Math.min(pagingValue(query, 'size') ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const filter = scope.rowFilter ? await scope.rowFilter(this.resource) : null;
    const where = withRowFilter(buildWhere(this.resource, query, scope.tenantId, this.data.dialect), filter);
    const order = buildOrder(this.resource, query);
    const offset = (current - 1) * size;
    // A deep page finds its ids first (the list index alone, no table rows for the skipped ones), then reads
    // just those rows: on PostgreSQL an index-only scan instead of 50,000 table rows fetched and dropped.
    // a trigger-kept total rides along with the rows (one round trip to the database, not two)
    const counted = this.counted(where);
    const also = counted ? sql`, ${this.liveCount(scope)} AS seo_page_total` : sql``;
    const rows = await this.data.all(
      offset < DEFERRED_FROM
        ? sql<Record<string, unknown>>`SELECT *${also} FROM ${this.table} ${whereSql(where)} ${order.sql} ${where.filtered ? sql`LIMIT ${size} OFFSET ${offset}` : nearLimit(size, offset)}`
        : sql<Record<string, unknown>>`SELECT *${also} FROM ${this.table} WHERE id IN (SELECT id FROM ${this.table} ${whereSql(where)} ${order.sql} LIMIT ${size} OFFSET ${offset}) ${order.sql}`,
    );
    // a page that is not full ends the list: its rows tell the total without counting (a search's one page)
    const total =
      rows.length < size && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : counted && rows.length > 0
          ? Number(rows[0]!.seo_page_total ?? 0)
          : await this.total(where, scope);
    return {
      records: await this.decorate(rows.map((r) => toRecord(this.resource, r, scope.language)), scope, this.data),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
      orders: order.orders,
    };
  }

  private row(q: Queries, id: string, scope: Scope): Promise<Record<string, unknown> | undefined> {
    return q.get(sql<Record<string, unknown>>`SELECT * FROM ${this.table} WHERE id = ${id}${this.scopeSql(scope)}`);
  }

  async detail(id: string, scope: Scope, q: Queries = this.data): Promise<Record<string, unknown> | null> {
    const row = await this.row(q, id, scope);
    return row ? (await this.decorate([toRecord(this.resource, row, scope.language)], scope, q))[0]! : null;
  }

  /** Whether another live row of the scope holds `value` in a unique column. Runs in the write's transaction. */
  private uniqueCheck(q: Queries, scope: Scope, exceptId: string | null) {
    return async (col: Column, value: Value): Promise<boolean> => {
      // two writes of one value at once (two instances, or two pooled connections) check one after the other,
      // the second seeing the first's row: the value's lock is held until the write's transaction ends
      const owner = this.resource.tenantScoped ? scope.tenantId : '';
      await q.run(q.dialect.transactionLock(`unique:${this.resource.table}.${col.column}:${owner}:${String(value)}`));
      const row = await q.get(
        sql`SELECT 1 AS taken FROM ${this.table} WHERE ${sql.id(col.column)} = ${value} AND id <> ${exceptId ?? ''}${this.scopeSql(scope)} LIMIT 1`,
      );
      return row !== undefined;
    };
  }

  private async applyHook(values: Map<Column, Value>, ctx: WriteContext): Promise<Map<Column, Value>> {
    const hook = this.resource.hooks?.beforeWrite;
    if (!hook) return values;
    const obj: Record<string, unknown> = {};
    for (const [col, v] of values) obj[col.name] = v;
    await hook(obj, ctx);
    const out = new Map<Column, Value>();
    for (const [name, v] of Object.entries(obj)) {
      const col = this.resource.column(name);
      if (col && !col.readOnly) out.set(col, v as Value);
    }
    return out;
  }

  async insert(body: Record<string, unknown>, scope: Scope, q: Queries = this.data): Promise<Record<string, unknown>> {
    return q.transaction(async (trx) => {
      const ctx: WriteContext = { ...scope, mode: 'insert', q: trx };
      const values = await this.applyHook(await validate(this.resource, body, 'insert', this.uniqueCheck(trx, scope, null)), ctx);
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
      // the saved row comes back with the INSERT (no read after it: one round trip less a save)
      const row = await trx.get(sql<Record<string, unknown>>`INSERT INTO ${this.table} (${sql.join(cols.map((c) => sql.id(c)))}) VALUES (${sql.join(params)}) RETURNING *`);
      return (await this.decorate([toRecord(this.resource, row!, scope.language)], scope, trx))[0]!;
    });
  }

  async update(id: string, body: Record<string, unknown>, scope: Scope, q: Queries = this.data): Promise<Record<string, unknown>> {
    return q.transaction(async (trx) => {
      const ctx: WriteContext = { ...scope, mode: 'update', id, q: trx };
      if (!(await this.row(trx, id, scope))) throw new ServiceError('common.notFound');
      const values = await this.applyHook(await validate(this.resource, body, 'update', this.uniqueCheck(trx, scope, id)), ctx);
      const sets: RawBuilder<unknown>[] = [];
      for (const [col, v] of values) sets.push(sql`${sql.id(col.column)} = ${v}`);
      if (this.resource.column('updateUser')?.system) {
        sets.push(sql`update_user = ${scope.userId}`, sql`update_time = ${formatDateTime(this.clock())}`);
      }
      if (sets.length === 0) return (await this.detail(id, scope, trx))!;
      const row = await trx.get(sql<Record<string, unknown>>`UPDATE ${this.table} SET ${sql.join(sets)} WHERE id = ${id}${this.scopeSql(scope)} RETURNING *`);
      return (await this.decorate([toRecord(this.resource, row!, scope.language)], scope, trx))[0]!;
    });
  }

  /** Removes (soft when declared) the rows of the caller's tenant among ids; returns how many. */
  async remove(ids: string[], scope: Scope, q: Queries = this.data): Promise<number> {
    if (ids.length === 0) return 0;
    await this.resource.hooks?.beforeRemove?.(ids, { tenantId: scope.tenantId, q });
    const list = sql.join(ids);
    if (this.resource.softDelete) {
      const set = this.resource.column('updateUser')?.system
        ? sql`is_deleted = 1, update_user = ${scope.userId}, update_time = ${formatDateTime(this.clock())}`
        : sql`is_deleted = 1`;
      return q.run(sql`UPDATE ${this.table} SET ${set} WHERE id IN (${list})${this.scopeSql(scope)}`);
    }
    return q.run(sql`DELETE FROM ${this.table} WHERE id IN (${list})${this.scopeSql(scope)}`);
  }
}
