// Dictionaries (blade_dict, platform-wide) and business dictionaries
// (blade_dict_biz, tenant-scoped): the same declared resource twice, plus the
// tree-shaped endpoints (list, parent-list, child-list, tree, dictionary).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { defineResource, screenAccess, type Resource } from '../../crud/resource';
import { ok, ServiceError } from '../../http/reply';
import { pageOf } from '../../http/paging';
import { callerOf } from '../../http/auth-user';
import { formatRow } from '../../system/rows';
import { forest, likeParam, MSG_HAS_CHILDREN, paramOf, SYS } from '../system/common';
import { allow, menu } from '../../http/access-policy';

export const MSG_DICT_DUPLICATE = '当前字典键值已存在!';
export const MSG_DICT_CODE = '请输入字典编号';
export const MSG_DICT_KEY = '请输入字典键值';
export const MSG_DICT_PARENT = '父级字典不存在';

/** What the hooks need at run time (set when the module's routes are registered). */
interface DictState {
  db?: Db;
  /** a dictionary code changed: drop its cached entries */
  changed?: (code: string) => void;
}

export interface DictKind {
  name: 'dict' | 'dict-biz';
  basePath: string;
  table: 'blade_dict' | 'blade_dict_biz';
  tenantScoped: boolean;
  state: DictState;
  resource: Resource;
}

function makeKind(name: DictKind['name'], table: DictKind['table'], tenantScoped: boolean, menuCode: string): DictKind {
  const state: DictState = {};
  const basePath = `${SYS}/${name}`;
  const tenantSql = tenantScoped ? ' AND tenant_id = ?' : '';
  const tenantArgs = (tenantId: string): string[] => (tenantScoped ? [tenantId] : []);
  const resource = defineResource({
    name,
    // system dictionaries are shared by every tenant: changed by the platform administrator only
    access: tenantScoped ? screenAccess(menuCode) : screenAccess(menuCode, { shared: true }),
    basePath,
    table,
    tenantScoped,
    softDelete: true,
    audit: tenantScoped,
    endpoints: ['page', 'detail', 'submit', 'save', 'update', 'remove'],
    defaultSort: [{ column: 'sort', asc: true }, { column: 'id', asc: true }],
    columns: [
      { name: 'parentId', type: 'string', default: '0' },
      { name: 'code', type: 'string', rules: [{ maxLength: 255, message: '字典编号不能超过255个字符' }] },
      { name: 'dictKey', type: 'string', rules: [{ maxLength: 255, message: '字典键值不能超过255个字符' }] },
      { name: 'dictValue', type: 'string', rules: [{ required: true, message: '请输入字典名称' }, { maxLength: 255, message: '字典名称不能超过255个字符' }] },
      { name: 'sort', type: 'int', rules: [{ required: true, message: '请输入字典排序' }, { min: 0, message: '排序必须是0到99999的整数' }, { max: 99999, message: '排序必须是0到99999的整数' }] },
      { name: 'isSealed', type: 'int', default: 0, rules: [{ required: true, message: '请选择字典封存' }, { enum: [0, 1], message: '请选择字典封存' }] },
      { name: 'remark', type: 'string', rules: [{ maxLength: 255, message: '备注不能超过255个字符' }] },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const db = state.db!;
        const existing = ctx.id
          ? (db.prepare(`SELECT parent_id, code, dict_key FROM ${table} WHERE id = ?`).get(ctx.id) as { parent_id: string; code: string; dict_key: string } | undefined)
          : undefined;
        const parentId = String(row.parentId ?? existing?.parent_id ?? '0') || '0';
        row.parentId = parentId;
        let code = String(row.code ?? existing?.code ?? '');
        if (parentId === '0') {
          // code is required for parents; children take their parent's
          if (!code.trim()) throw new ServiceError(MSG_DICT_CODE);
          row.code = code = code.trim();
          row.dictKey = '-1';
        } else {
          const parent = db.prepare(`SELECT code FROM ${table} WHERE id = ? AND is_deleted = 0${tenantSql}`).get(parentId, ...tenantArgs(ctx.tenantId)) as
            | { code: string }
            | undefined;
          if (!parent) throw new ServiceError(MSG_DICT_PARENT);
          if (parentId === ctx.id) throw new ServiceError(MSG_DICT_PARENT);
          code = parent.code;
          row.code = code;
          const key = String(row.dictKey ?? existing?.dict_key ?? '').trim();
          if (!key || key === '-1') throw new ServiceError(MSG_DICT_KEY);
          row.dictKey = key;
        }
        const dup = db
          .prepare(`SELECT 1 FROM ${table} WHERE code = ? AND dict_key = ? AND id <> ? AND is_deleted = 0${tenantSql} LIMIT 1`)
          .get(code, String(row.dictKey), ctx.id ?? '', ...tenantArgs(ctx.tenantId));
        if (dup) throw new ServiceError(MSG_DICT_DUPLICATE);
        if (existing && existing.code !== code) state.changed?.(existing.code);
        state.changed?.(code);
      },
      beforeRemove(ids, ctx) {
        const db = state.db!;
        const marks = ids.map(() => '?').join(', ');
        const children = db
          .prepare(`SELECT count(*) AS n FROM ${table} WHERE parent_id IN (${marks}) AND id NOT IN (${marks}) AND is_deleted = 0${tenantSql}`)
          .get(...ids, ...ids, ...tenantArgs(ctx.tenantId)) as { n: number };
        if (children.n > 0) throw new ServiceError(MSG_HAS_CHILDREN);
        const codes = db.prepare(`SELECT DISTINCT code FROM ${table} WHERE id IN (${marks})`).all(...ids) as { code: string }[];
        for (const c of codes) state.changed?.(c.code);
      },
    },
  });
  return { name, basePath, table, tenantScoped, state, resource };
}

export const DICT = makeKind('dict', 'blade_dict', false, 'dict');
export const DICT_BIZ = makeKind('dict-biz', 'blade_dict_biz', true, 'dictbiz');

const rowsOf = (list: unknown[]): Record<string, unknown>[] =>
  (list as Record<string, unknown>[]).map((r) => {
    const out = formatRow(r);
    delete out.isDeleted;
    return out;
  });

/** The special endpoints of one dictionary kind. */
export function registerDictKind(api: FastifyInstance, db: Db, kind: DictKind, onChange: (code: string) => void): void {
  kind.state.db = db;
  kind.state.changed = onChange;
  const { basePath: B, table, tenantScoped } = kind;
  const read = menu(...kind.resource.access.menu);
  const scope = (request: FastifyRequest): { sql: string; args: string[] } => {
    const caller = callerOf(request);
    return tenantScoped ? { sql: ' AND tenant_id = ?', args: [caller.tenantId] } : { sql: '', args: [] };
  };
  const filters = (request: FastifyRequest): { sql: string; args: string[] } => {
    let sql = '';
    const args: string[] = [];
    for (const [param, column] of [['code', 'code'], ['dictValue', 'dict_value']] as const) {
      const v = paramOf(request, param)?.trim();
      if (v) {
        sql += ` AND ${column} LIKE ? ESCAPE '\\'`;
        args.push(likeParam(v));
      }
    }
    return { sql, args };
  };
  const page = (request: FastifyRequest, where: string, args: string[]) => {
    const { current, size, offset } = pageOf(request, 1000);
    const total = (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...args) as { n: number }).n;
    const list = db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY sort, id LIMIT ? OFFSET ?`).all(...args, size, offset);
    const records = rowsOf(list);
    const hasChildren = db.prepare(`SELECT 1 FROM ${table} WHERE parent_id = ? AND is_deleted = 0 LIMIT 1`);
    for (const r of records) r.hasChildren = hasChildren.get(String(r.id)) !== undefined;
    return { records, total, size, current, pages: Math.ceil(total / size), orders: [] };
  };

  // list: the whole forest (filters keep matching rows and their parents).
  api.get(`${B}/list`, allow(read), async (request) => {
    const s = scope(request);
    const f = filters(request);
    const all = rowsOf(db.prepare(`SELECT * FROM ${table} WHERE is_deleted = 0${s.sql} ORDER BY sort, id`).all(...s.args));
    let keep = all;
    if (f.args.length > 0) {
      const hits = new Set(
        (db.prepare(`SELECT id, parent_id FROM ${table} WHERE is_deleted = 0${s.sql}${f.sql}`).all(...s.args, ...f.args) as { id: string; parent_id: string }[]).flatMap((r) => [
          r.id,
          r.parent_id,
        ]),
      );
      keep = all.filter((r) => hits.has(String(r.id)));
    }
    return ok(forest(keep as { id: unknown; parentId: unknown }[]));
  });
  api.get(`${B}/parent-list`, allow(read), async (request) => {
    const s = scope(request);
    const f = filters(request);
    return ok(page(request, `parent_id = '0' AND is_deleted = 0${s.sql}${f.sql}`, [...s.args, ...f.args]));
  });
  // child-list: one level under parentId (0 = the parents); the tree list's lazy level.
  api.get(`${B}/child-list`, allow(read), async (request) => {
    const s = scope(request);
    const parentId = paramOf(request, 'parentId')?.trim() || '0';
    const f = filters(request);
    const result = page(request, `parent_id = ? AND is_deleted = 0${s.sql}${f.sql}`, [parentId, ...s.args, ...f.args]);
    return ok(paramOf(request, 'current') ? result : result.records);
  });
  // tree: the parents and their children as TreeNodes (code=DICT: every dictionary).
  api.get(`${B}/tree`, allow(read), async (request) => {
    const s = scope(request);
    const code = paramOf(request, 'code')?.trim();
    const onlyCode = code && code !== 'DICT' ? ' AND code = ?' : '';
    const list = db
      .prepare(`SELECT id, parent_id, code, dict_key, dict_value FROM ${table} WHERE is_deleted = 0${s.sql}${onlyCode} ORDER BY sort, id`)
      .all(...s.args, ...(onlyCode ? [code] : [])) as { id: string; parent_id: string; code: string; dict_key: string; dict_value: string }[];
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
      if (!code) throw new ServiceError('缺少必要的请求参数: code');
      const list = db
        .prepare(
          `SELECT id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed FROM ${table}
           WHERE code = ? AND parent_id <> '0' AND is_sealed = 0 AND is_deleted = 0${s.sql} ORDER BY sort, id`,
        )
        .all(code, ...s.args);
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
