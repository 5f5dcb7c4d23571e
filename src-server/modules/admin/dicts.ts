// Dictionaries (blade_dict, platform-wide) and business dictionaries
// (blade_dict_biz, tenant-scoped): the same declared resource twice, plus the
// tree-shaped endpoints (list, parent-list, child-list, tree, dictionary).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type Queries, type RawBuilder } from '../../db/data-layer';
import { declaredResource, defineResource, screenAccess, type Resource } from '../../crud/resource';
import { DICT as DICT_DECL, DICT_BIZ as DICT_BIZ_DECL } from '../../../src-shared/declarations/admin';
import type { ResourceDecl } from '../../../src-shared/declarations/declare';
import { ok, ServiceError } from '../../http/reply';
import { pageOf } from '../../http/paging';
import { callerOf } from '../../http/auth-user';
import { formatRow } from '../../system/rows';
import { forest, paramOf } from '../system/common';
import { allow, menu } from '../../http/access-policy';


/** What the hooks need at run time (set when the module's routes are registered). */
interface DictState {
  /** a dictionary code changed (in the write's transaction `q`): drop its cached entries */
  changed?: (code: string, q: Queries) => Promise<void>;
}

export interface DictKind {
  name: 'dict' | 'dict-biz';
  basePath: string;
  table: 'blade_dict' | 'blade_dict_biz';
  tenantScoped: boolean;
  state: DictState;
  resource: Resource;
}

function makeKind(decl: ResourceDecl, table: DictKind['table'], tenantScoped: boolean, menuCode: string): DictKind {
  const state: DictState = {};
  const name = decl.name as DictKind['name'];
  const basePath = decl.path;
  const from = sql.id(table);
  const tenantSql = (tenantId: string): RawBuilder<unknown> => (tenantScoped ? sql` AND tenant_id = ${tenantId}` : sql``);
  const resource = defineResource({
    ...declaredResource(decl),
    // system dictionaries are shared by every tenant: changed by the platform administrator only
    access: tenantScoped ? screenAccess(menuCode) : screenAccess(menuCode, { shared: true }),
    table,
    tenantScoped,
    softDelete: true,
    audit: tenantScoped,
    endpoints: ['page', 'detail', 'submit', 'save', 'update', 'remove'],
    defaultSort: [{ column: 'sort', asc: true }, { column: 'id', asc: true }],
    hooks: {
      async beforeWrite(row, ctx) {
        const data = ctx.q; // the write's transaction
        const existing = ctx.id
          ? await data.get(sql<{ parent_id: string; code: string; dict_key: string }>`SELECT parent_id, code, dict_key FROM ${from} WHERE id = ${ctx.id}`)
          : undefined;
        const parentId = String(row.parentId ?? existing?.parent_id ?? '0') || '0';
        row.parentId = parentId;
        let code = String(row.code ?? existing?.code ?? '');
        if (parentId === '0') {
          // code is required for parents; children take their parent's
          if (!code.trim()) throw new ServiceError('admin.dictCodeRequired');
          row.code = code = code.trim();
          row.dictKey = '-1';
        } else {
          const parent = await data.get(sql<{ code: string }>`SELECT code FROM ${from} WHERE id = ${parentId} AND is_deleted = 0${tenantSql(ctx.tenantId)}`);
          if (!parent) throw new ServiceError('admin.dictParentMissing');
          if (parentId === ctx.id) throw new ServiceError('admin.dictParentMissing');
          code = parent.code;
          row.code = code;
          const key = String(row.dictKey ?? existing?.dict_key ?? '').trim();
          if (!key || key === '-1') throw new ServiceError('admin.dictKeyRequired');
          row.dictKey = key;
        }
        const dup = await data.get(
          sql`SELECT 1 AS taken FROM ${from} WHERE code = ${code} AND dict_key = ${String(row.dictKey)} AND id <> ${ctx.id ?? ''} AND is_deleted = 0${tenantSql(ctx.tenantId)} LIMIT 1`,
        );
        if (dup) throw new ServiceError('admin.dictDuplicate');
        if (existing && existing.code !== code) await state.changed?.(existing.code, data);
        await state.changed?.(code, data);
      },
      async beforeRemove(ids, ctx) {
        const data = ctx.q;
        const list = sql.join(ids); // the generic remove calls this with at least one id
        const children = (await data.get(
          sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE parent_id IN (${list}) AND id NOT IN (${list}) AND is_deleted = 0${tenantSql(ctx.tenantId)}`,
        ))!;
        if (children.n > 0) throw new ServiceError('common.deleteChildrenFirst');
        const codes = await data.all(sql<{ code: string }>`SELECT DISTINCT code FROM ${from} WHERE id IN (${list})`);
        for (const c of codes) await state.changed?.(c.code, data);
      },
    },
  });
  return { name, basePath, table, tenantScoped, state, resource };
}

export const DICT = makeKind(DICT_DECL, 'blade_dict', false, 'dict');
export const DICT_BIZ = makeKind(DICT_BIZ_DECL, 'blade_dict_biz', true, 'dictbiz');

const rowsOf = (list: unknown[]): Record<string, unknown>[] =>
  (list as Record<string, unknown>[]).map((r) => {
    const out = formatRow(r);
    delete out.isDeleted;
    return out;
  });

/** The special endpoints of one dictionary kind. */
export function registerDictKind(api: FastifyInstance, data: DataLayer, kind: DictKind, onChange: (code: string, q: Queries) => Promise<void>): void {
  kind.state.changed = onChange;
  const { basePath: B, table, tenantScoped } = kind;
  const from = sql.id(table);
  const read = menu(...kind.resource.access.menu);
  /** the caller's tenant condition (tenant-scoped kinds), preceded by AND */
  const scope = (request: FastifyRequest): RawBuilder<unknown> => {
    const caller = callerOf(request);
    return tenantScoped ? sql` AND tenant_id = ${caller.tenantId}` : sql``;
  };
  /** the search conditions (code, dictValue: contained, ASCII case ignored), each preceded by AND; null when none */
  const filters = (request: FastifyRequest): RawBuilder<unknown> | null => {
    const parts: RawBuilder<unknown>[] = [];
    for (const [param, column] of [['code', 'code'], ['dictValue', 'dict_value']] as const) {
      const v = paramOf(request, param)?.trim();
      if (v) parts.push(sql` AND ${data.dialect.contains(sql.ref(column), v)}`);
    }
    return parts.length ? sql.join(parts, sql``) : null;
  };
  const page = async (request: FastifyRequest, where: RawBuilder<unknown>) => {
    const { current, size, offset } = pageOf(request, 1000);
    const total = (await data.get(sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`))!.n;
    const list = await data.all(sql<Record<string, unknown>>`SELECT * FROM ${from} WHERE ${where} ORDER BY sort, id LIMIT ${size} OFFSET ${offset}`);
    const records = rowsOf(list);
    for (const r of records)
      r.hasChildren = (await data.get(sql`SELECT 1 AS found FROM ${from} WHERE parent_id = ${String(r.id)} AND is_deleted = 0 LIMIT 1`)) !== undefined;
    return { records, total, size, current, pages: Math.ceil(total / size), orders: [] };
  };

  // list: the whole forest (filters keep matching rows and their parents).
  api.get(`${B}/list`, allow(read), async (request) => {
    const s = scope(request);
    const f = filters(request);
    const all = rowsOf(await data.all(sql<Record<string, unknown>>`SELECT * FROM ${from} WHERE is_deleted = 0${s} ORDER BY sort, id`));
    let keep = all;
    if (f) {
      const hits = new Set(
        (await data.all(sql<{ id: string; parent_id: string }>`SELECT id, parent_id FROM ${from} WHERE is_deleted = 0${s}${f}`)).flatMap((r) => [r.id, r.parent_id]),
      );
      keep = all.filter((r) => hits.has(String(r.id)));
    }
    return ok(forest(keep as { id: unknown; parentId: unknown }[]));
  });
  api.get(`${B}/parent-list`, allow(read), async (request) => {
    const s = scope(request);
    const f = filters(request);
    return ok(await page(request, sql`parent_id = '0' AND is_deleted = 0${s}${f ?? sql``}`));
  });
  // child-list: one level under parentId (0 = the parents); the tree list's lazy level.
  api.get(`${B}/child-list`, allow(read), async (request) => {
    const s = scope(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const f = filters(request);
    const result = await page(request, sql`parent_id = ${parentId} AND is_deleted = 0${s}${f ?? sql``}`);
    return ok(paramOf(request, 'current') ? result : result.records);
  });
  // tree: the parents and their children as TreeNodes (code=DICT: every dictionary).
  api.get(`${B}/tree`, allow(read), async (request) => {
    const s = scope(request);
    const code = paramOf(request, 'code')?.trim();
    const onlyCode = code && code !== 'DICT' ? sql` AND code = ${code}` : sql``;
    const list = await data.all(
      sql<{ id: string; parent_id: string; code: string; dict_key: string; dict_value: string }>`SELECT id, parent_id, code, dict_key, dict_value FROM ${from}
        WHERE is_deleted = 0${s}${onlyCode} ORDER BY sort, id`,
    );
    return ok(
      forest(
        list.map((r) => ({
          id: r.id,
          parentId: r.parent_id,
          title: r.parent_id === '0' ? `${r.dict_value} (${r.code})` : r.dict_value,
          key: r.id,
          value: r.id,
          code: r.code,
          dictKey: r.dict_key,
        })) as { id: unknown; parentId: unknown }[],
      ),
    );
  });
  if (tenantScoped) {
    api.get(`${B}/dictionary`, allow('user'), async (request) => {
      const s = scope(request);
      const code = paramOf(request, 'code')?.trim();
      if (!code) throw new ServiceError({ key: 'common.missingParam', params: { name: 'code' } });
      const list = await data.all(
        sql<Record<string, unknown>>`SELECT id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed FROM ${from}
           WHERE code = ${code} AND parent_id <> '0' AND is_sealed = 0 AND is_deleted = 0${s} ORDER BY sort, id`,
      );
      return ok(rowsOf(list));
    });
  }
}

export const DICT_MIGRATION = {
  version: 400,
  name: 'admin: business dictionaries',
  sql: `
CREATE TABLE blade_dict_biz (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  parent_id TEXT NOT NULL DEFAULT '0',
  code TEXT NOT NULL,
  dict_key TEXT NOT NULL,
  dict_value TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 1,
  remark TEXT,
  is_sealed INTEGER NOT NULL DEFAULT 0,
  create_user TEXT,
  create_dept TEXT,
  create_time TEXT,
  update_user TEXT,
  update_time TEXT,
  status INTEGER NOT NULL DEFAULT 1,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_blade_dict_biz_code ON blade_dict_biz(tenant_id, code, parent_id);
`,
};
