// Code generation (/blade-develop): data sources (the embedded SQLite is the
// default one), models built from a table's columns (table-list, table-info,
// model-prototype, submit-list, select), code entries (list, detail, submit,
// remove, copy), the fields of a model (字段配置, model-fields.ts) and gen-code:
// a zip of one module of this product per code entry (codegen.ts).
import type { FastifyInstance } from 'fastify';
import { sql, type DataLayer, type Queries } from '../../db/data-layer';
import { declaredResource, defineResource, screenAccess } from '../../crud/resource';
import { CODE, DATASOURCE, MODEL } from '../../../src-shared/declarations/admin';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf } from '../../http/auth-user';
import { AUDIT } from '../../db/sql';
import { nextId } from '../../util/ids';
import { formatDateTime } from '../../util/dates';
import type { Clock } from '../../util/clock';
import { snakeToCamel } from '../../util/case';
import { formatRow } from '../../system/rows';
import { idList, paramOf } from '../system/common';
import { zipFiles } from './zip';
import { allow, menu, menuButton } from '../../http/access-policy';
import { validate } from '../../crud/validate';
import type { Migration } from '../../db/migrations';
import { checkField, defaultComponent, DICT_COMPONENTS, modelFieldResource, MSG, SYSTEM_COLUMNS, type Prototype } from './model-fields';
import { generateModule, ownedTables, versionOf } from './codegen';
import { rewriteForDialect } from '../../http/dialects';

export const DEV = '/blade-develop';
export const EMBEDDED_DATASOURCE_ID = '1123598812738675201';
export const EMBEDDED_URL = 'jdbc:sqlite:embedded';
const ALL = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'] as const;

export const DEVELOP_MIGRATION = {
  version: 404,
  name: 'admin: code generation (datasources, models, prototypes, code entries)',
  sql: `
CREATE TABLE blade_datasource (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  driver_class TEXT NOT NULL,
  url TEXT NOT NULL,
  username TEXT,
  password TEXT,
  remark TEXT,${AUDIT}
);
INSERT INTO blade_datasource (id, name, driver_class, url, username, password, remark, create_time, update_time)
VALUES ('${EMBEDDED_DATASOURCE_ID}', '内置SQLite', 'org.sqlite.JDBC', '${EMBEDDED_URL}', '', '', '控制台内置数据库', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
CREATE TABLE blade_model (
  id TEXT PRIMARY KEY,
  datasource_id TEXT NOT NULL,
  model_name TEXT NOT NULL,
  model_code TEXT NOT NULL,
  model_table TEXT NOT NULL,
  model_class TEXT NOT NULL,
  model_remark TEXT,${AUDIT}
);
CREATE TABLE blade_model_prototype (
  id TEXT PRIMARY KEY,
  model_id TEXT NOT NULL,
  jdbc_name TEXT NOT NULL,
  jdbc_type TEXT,
  comment TEXT,
  property_type TEXT,
  property_name TEXT NOT NULL,
  is_list INTEGER NOT NULL DEFAULT 1,
  is_form INTEGER NOT NULL DEFAULT 1,
  is_row INTEGER NOT NULL DEFAULT 0,
  component_type TEXT,
  dict_code TEXT,
  is_required INTEGER NOT NULL DEFAULT 0,
  is_query INTEGER NOT NULL DEFAULT 0,
  query_type TEXT,
  sort INTEGER NOT NULL DEFAULT 0,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_blade_model_prototype_model ON blade_model_prototype(model_id, sort);
CREATE TABLE blade_code (
  id TEXT PRIMARY KEY,
  model_id TEXT NOT NULL,
  service_name TEXT,
  code_name TEXT NOT NULL,
  table_name TEXT NOT NULL,
  table_prefix TEXT,
  pk_name TEXT,
  package_name TEXT,
  base_mode INTEGER NOT NULL DEFAULT 1,
  wrap_mode INTEGER NOT NULL DEFAULT 1,
  api_path TEXT,
  web_path TEXT,${AUDIT}
);
`,
};

/** 代码生成: where the generated screen's menu goes, and the code entry's migration versions once given (codegen.ts). */
export const CODE_MENU_MIGRATION = {
  version: 420,
  name: "admin: a code entry's menu parent and generated migration versions",
  sql: `
ALTER TABLE blade_code ADD COLUMN parent_menu TEXT NOT NULL DEFAULT 'tool';
ALTER TABLE blade_code ADD COLUMN migration_version INTEGER;
`,
};

export const datasourceResource = defineResource({
  // the password is stored sealed and answered masked
  ...declaredResource(DATASOURCE, { password: { secret: true } }),
  access: screenAccess('datasource', { shared: true }),
  table: 'blade_datasource',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
});

export const modelResource = defineResource({
  ...declaredResource(MODEL),
  access: screenAccess('model', { shared: true }),
  table: 'blade_model',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
});

const code = declaredResource(CODE);
export const codeResource = defineResource({
  ...code,
  access: screenAccess('code', { shared: true }),
  table: 'blade_code',
  tenantScoped: false,
  softDelete: true,
  endpoints: ALL,
  columns: [...code.columns, { name: 'migrationVersion', type: 'int', readOnly: true }],
  hooks: {
    // the column is NOT NULL: no model is stored as ''
    beforeWrite(row) {
      if (row.modelId === null) row.modelId = '';
    },
    // the stock (OSS) code row names its data source, and Saber's code form requires it on
    // edit; the generator reads its tables from the embedded database, so that is the one
    decorate(records) {
      for (const r of records) r.datasourceId ??= EMBEDDED_DATASOURCE_ID;
    },
  },
});

interface ColumnInfo {
  name: string;
  type: string;
  not_null: number;
  pk: number;
}

/** Tables of the embedded database a model may be built from (not the engine's own bookkeeping). */
async function tables(data: Queries): Promise<{ name: string; comment: string }[]> {
  // ordinary tables only: not full-text indexes (virtual) nor the tables they keep their data in (shadow)
  return (await data.all(data.dialect.tables())).map((t) => ({
    name: t.name,
    comment: '',
  }));
}

async function columnsOf(data: Queries, table: string): Promise<ColumnInfo[]> {
  if (!(await tables(data)).some((t) => t.name === table)) throw new ServiceError('admin.tableMissing');
  return data.all(data.dialect.columnsOf(table));
}

const propertyType = (c: ColumnInfo): string => {
  const t = c.type.toUpperCase();
  if (t.includes('INT')) return 'int';
  if (t.includes('REAL') || t.includes('NUM') || t.includes('DEC') || t.includes('DOUB') || t.includes('FLOA')) return 'decimal';
  if (c.name.endsWith('_time')) return 'datetime';
  if (c.name.endsWith('_date')) return 'date';
  return 'string';
};

async function fieldsOf(data: Queries, table: string) {
  return (await columnsOf(data, table)).map((c, i) => ({
    name: c.name,
    jdbcName: c.name,
    jdbcType: c.type,
    propertyName: snakeToCamel(c.name),
    propertyType: propertyType(c),
    comment: '',
    keyFlag: c.pk > 0,
    isRequired: c.not_null ? 1 : 0,
    sort: i,
  }));
}

async function requireEmbedded(data: Queries, datasourceId: string | undefined): Promise<void> {
  const ds = await data.get(sql<{ url: string }>`SELECT url FROM blade_datasource WHERE id = ${datasourceId ?? EMBEDDED_DATASOURCE_ID} AND is_deleted = 0`);
  if (!ds) throw new ServiceError('admin.datasourceMissing');
  if (ds.url !== EMBEDDED_URL) throw new ServiceError('admin.datasourceNotEmbedded');
}

/**
 * A model's fields: the saved ones (字段配置), then every column of its table not saved yet (the engine's own
 * columns left out), as a new field would start: shown in list and form, required when the column is NOT NULL.
 */
export async function prototypesOf(data: Queries, modelId: string): Promise<Prototype[]> {
  const model = await data.get(sql<{ model_table: string }>`SELECT model_table FROM blade_model WHERE id = ${modelId} AND is_deleted = 0`);
  if (!model) throw new ServiceError(MSG.modelMissing);
  const saved = (await data.all(sql<Record<string, unknown>>`SELECT * FROM blade_model_prototype WHERE model_id = ${modelId} AND is_deleted = 0 ORDER BY sort, id`)).map(
    (p): Prototype => ({
      jdbcName: String(p.jdbc_name),
      jdbcType: String(p.jdbc_type ?? ''),
      propertyName: String(p.property_name),
      propertyType: String(p.property_type ?? 'string'),
      comment: String(p.comment ?? ''),
      isList: Number(p.is_list),
      isForm: Number(p.is_form),
      isRow: Number(p.is_row),
      isRequired: Number(p.is_required),
      isQuery: Number(p.is_query),
      queryType: String(p.query_type ?? 'like'),
      componentType: String(p.component_type ?? 'input'),
      dictCode: String(p.dict_code ?? ''),
      sort: Number(p.sort),
    }),
  );
  const known = new Set(saved.map((p) => p.jdbcName));
  const table = (await tables(data)).some((t) => t.name === model.model_table) ? await fieldsOf(data, model.model_table) : [];
  const next = saved.reduce((n, p) => Math.max(n, p.sort + 1), 0);
  const added = table
    .filter((f) => !known.has(f.jdbcName) && !SYSTEM_COLUMNS.has(f.jdbcName))
    .map(
      (f, i): Prototype => ({
        jdbcName: f.jdbcName,
        jdbcType: f.jdbcType,
        propertyName: f.propertyName,
        propertyType: f.propertyType,
        comment: '',
        isList: 1,
        isForm: 1,
        isRow: 0,
        isRequired: f.isRequired,
        isQuery: 0,
        queryType: 'like',
        componentType: defaultComponent(f.propertyType),
        dictCode: '',
        sort: next + i,
      }),
    );
  return [...saved, ...added];
}

/** The files 生成代码 writes for one code entry (paths relative to the repository root; codegen.ts). */
export async function generate(
  data: Queries,
  codeId: string,
  migrations: readonly Migration[],
  routeTaken: (path: string) => boolean = () => false,
): Promise<Record<string, string>> {
  const code = await data.get(sql<Record<string, string>>`SELECT * FROM blade_code WHERE id = ${codeId} AND is_deleted = 0`);
  if (!code) throw new ServiceError('admin.codeMissing');
  const model = await data.get(sql<Record<string, string>>`SELECT * FROM blade_model WHERE id = ${code.model_id} AND is_deleted = 0`);
  if (!model) throw new ServiceError(MSG.modelMissing);
  const table = code.table_name || model.model_table;
  const exists = (await tables(data)).some((t) => t.name === table);
  if (!(await data.get(sql`SELECT 1 AS found FROM blade_menu WHERE code = ${code.parent_menu} AND parent_id = ${'0'} AND category = 1 AND is_deleted = 0`)))
    throw new ServiceError('admin.parentMenuMissing');
  const generatedPath = `/generated/${code.code_name}`;
  if (await data.get(sql`SELECT 1 AS found FROM blade_menu WHERE code = ${code.code_name} AND path <> ${generatedPath} AND is_deleted = 0`))
    throw new ServiceError({ key: 'admin.menuCodeTaken', params: { code: code.code_name } });
  // the module's routes must be new, unless it is this very module, already applied here (its menu is there)
  const applied = await data.get(sql`SELECT 1 AS found FROM blade_menu WHERE code = ${code.code_name} AND path = ${generatedPath} AND is_deleted = 0`);
  if (!applied && routeTaken(`${code.api_path}/list`)) throw new ServiceError({ key: 'admin.apiPathTaken', params: { path: code.api_path } });
  return generateModule({
    name: code.code_name,
    title: model.model_name,
    className: model.model_class,
    table,
    apiPath: code.api_path,
    parentMenu: code.parent_menu,
    version: await versionOf(data, codeId),
    tableOwned: ownedTables(migrations).has(table.toLowerCase()),
    tableColumns: exists ? (await columnsOf(data, table)).map((c) => c.name) : [],
    fields: await prototypesOf(data, model.id),
  });
}

export function registerDevelopRoutes(api: FastifyInstance, deps: { data: DataLayer; clock: Clock; migrations: readonly Migration[] }): void {
  const { data, clock } = deps;
  api.get(`${DEV}/datasource/select`, allow(menu('model', 'datasource')), async (request) => {
    callerOf(request);
    return ok((await data.all(sql<Record<string, unknown>>`SELECT id, name, url FROM blade_datasource WHERE is_deleted = 0 ORDER BY create_time`)).map(formatRow));
  });
  api.get(`${DEV}/model/select`, allow(menu('code', 'model')), async (request) => {
    callerOf(request);
    return ok((await data.all(sql<Record<string, unknown>>`SELECT id, model_name, model_code, model_table FROM blade_model WHERE is_deleted = 0 ORDER BY create_time`)).map(formatRow));
  });
  api.get(`${DEV}/model/table-list`, allow(menu('model')), async (request) => {
    callerOf(request);
    await requireEmbedded(data, paramOf(request, 'datasourceId'));
    return ok(await tables(data));
  });
  api.get(`${DEV}/model/table-info`, allow(menu('model', 'code')), async (request) => {
    callerOf(request);
    let table = paramOf(request, 'tableName')?.trim();
    const modelId = paramOf(request, 'modelId')?.trim();
    if (modelId) {
      const m = await data.get(sql<{ model_table: string; datasource_id: string }>`SELECT model_table, datasource_id FROM blade_model WHERE id = ${modelId} AND is_deleted = 0`);
      if (!m) throw new ServiceError(MSG.modelMissing);
      await requireEmbedded(data, m.datasource_id);
      table = m.model_table;
    } else await requireEmbedded(data, paramOf(request, 'datasourceId'));
    if (!table) throw new ServiceError({ key: 'common.missingParam', params: { name: 'tableName' } });
    return ok({ name: table, comment: '', fields: await fieldsOf(data, table) });
  });
  api.get(`${DEV}/model/model-prototype`, allow(menu('model', 'code')), async (request) => {
    callerOf(request);
    const modelId = paramOf(request, 'modelId')?.trim();
    if (!modelId) throw new ServiceError({ key: 'common.missingParam', params: { name: 'modelId' } });
    return ok((await prototypesOf(data, modelId)).map((p) => ({ ...p, modelId })));
  });
  api.get(`${DEV}/model-prototype/select`, allow(menu('model', 'code')), async (request) => {
    callerOf(request);
    const modelId = paramOf(request, 'modelId')?.trim() ?? '';
    return ok((await data.all(sql<Record<string, unknown>>`SELECT * FROM blade_model_prototype WHERE model_id = ${modelId} AND is_deleted = 0 ORDER BY sort, id`)).map(formatRow));
  });
  api.post(`${DEV}/model-prototype/submit-list`, allow('platform'), async (request) => {
    callerOf(request);
    const list = Array.isArray(request.body) ? (request.body as Record<string, unknown>[]) : null;
    if (!list || list.length === 0) throw new ServiceError(MSG.fieldsEmpty);
    const modelId = String(list[0].modelId ?? '');
    if (!(await data.get(sql`SELECT 1 AS found FROM blade_model WHERE id = ${modelId} AND is_deleted = 0`))) throw new ServiceError(MSG.modelMissing);
    // each field passes the 字段配置 form's checks (the resource's rules, then checkField); names once per model
    const rows: Record<string, string | number | null>[] = [];
    for (const [i, p] of list.entries()) {
      if (String(p.modelId ?? modelId) !== modelId) throw new ServiceError(MSG.fieldsOtherModel);
      const body = { sort: i, ...p, modelId, propertyName: String(p.propertyName ?? '').trim() || snakeToCamel(String(p.jdbcName ?? '').trim()) };
      const values = new Map([...(await validate(modelFieldResource, body, 'insert', async () => false))].map(([c, v]) => [c.name, v]));
      const row = Object.fromEntries(values) as Record<string, string | number | null>;
      await checkField(data, row);
      if (!DICT_COMPONENTS.includes(String(row.componentType))) row.dictCode = '';
      rows.push(row);
    }
    for (const key of ['jdbcName', 'propertyName'] as const) {
      const seen = new Set<string>();
      for (const r of rows) {
        if (seen.has(String(r[key]))) throw new ServiceError(key === 'jdbcName' ? MSG.jdbcNameTaken : MSG.propertyNameTaken);
        seen.add(String(r[key]));
      }
    }
    await data.transaction(async (trx) => {
      await trx.run(sql`DELETE FROM blade_model_prototype WHERE model_id = ${modelId}`);
      for (const r of rows)
        await trx.run(sql`INSERT INTO blade_model_prototype (id, model_id, jdbc_name, jdbc_type, comment, property_type, property_name, is_list, is_form, is_row,
           component_type, dict_code, is_required, is_query, query_type, sort)
           VALUES (${nextId()}, ${modelId}, ${r.jdbcName}, ${r.jdbcType ?? ''}, ${r.comment}, ${r.propertyType}, ${r.propertyName}, ${r.isList}, ${r.isForm}, ${r.isRow},
             ${r.componentType}, ${r.dictCode ?? ''}, ${r.isRequired}, ${r.isQuery}, ${r.queryType}, ${r.sort})`);
    });
    return status(true);
  });
  // 字段配置's dictionary select: the system dictionaries (code and name)
  api.get(`${DEV}/model-prototype/dict-codes`, allow(menu('model')), async (request) => {
    callerOf(request);
    return ok(await data.all(sql`SELECT code, dict_value AS "dictValue" FROM blade_dict WHERE parent_id = '0' AND is_deleted = 0 ORDER BY sort, code`));
  });
  // 代码生成's 上级菜单 select: the menus a generated screen's menu can go under (the top level)
  api.get(`${DEV}/code/menu-parents`, allow(menu('code')), async (request) => {
    callerOf(request);
    return ok(await data.all(sql`SELECT code, name FROM blade_menu WHERE parent_id = '0' AND category = 1 AND is_deleted = 0 ORDER BY sort, code`));
  });
  api.post(`${DEV}/code/copy`, allow('platform'), async (request) => {
    const caller = callerOf(request);
    const id = paramOf(request, 'id')?.trim();
    const row = await data.get(sql<Record<string, unknown>>`SELECT * FROM blade_code WHERE id = ${id ?? ''} AND is_deleted = 0`);
    if (!row) throw new ServiceError('admin.codeMissing');
    const now = formatDateTime(clock());
    const copy: Record<string, unknown> = { ...row, id: nextId(), code_name: `${String(row.code_name)}Copy`, create_user: caller.userId, create_time: now, update_user: caller.userId, update_time: now };
    const cols = Object.keys(copy);
    await data.run(sql`INSERT INTO blade_code (${sql.join(cols.map((c) => sql.id(c)))}) VALUES (${sql.join(cols.map((c) => copy[c] as string | number | null))})`);
    return ok(formatRow((await data.get(sql<Record<string, unknown>>`SELECT * FROM blade_code WHERE id = ${copy.id as string}`))!));
  });
  api.post(`${DEV}/code/gen-code`, allow(menuButton('code', 'code_edit')), async (request, reply) => {
    callerOf(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const files: Record<string, string> = {};
    // taken: served already, or a stock prefix the back end rewrites to the spec's (the module's routes would never be reached)
    const taken = (path: string) => rewriteForDialect(`${api.prefix}${path}`, 'both') !== `${api.prefix}${path}` || request.server.hasRoute({ method: 'GET', url: `${api.prefix}${path}` });
    const paths = new Set<string>();
    for (const id of ids) {
      const apiPath = (await data.get(sql<{ api_path: string }>`SELECT api_path FROM blade_code WHERE id = ${id}`))?.api_path;
      if (apiPath && paths.has(apiPath)) throw new ServiceError({ key: 'admin.apiPathRepeated', params: { path: apiPath } });
      if (apiPath) paths.add(apiPath);
      Object.assign(files, await generate(data, id, deps.migrations, taken));
    }
    return reply.type('application/zip').header('content-disposition', 'attachment; filename="blade-code.zip"').send(zipFiles(files, new Date(clock())));
  });
}
