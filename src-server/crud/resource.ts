// Declaring a CRUD resource: one small object per resource; the generic router
// (crud/router.ts) and repository (crud/repository.ts) serve every declared one.
import type { Queries, RawBuilder, SqlDialect } from '../db/data-layer';
import { camelToSnake } from '../util/case';
import type { FieldDecl, ResourceDecl } from '../../src-shared/declarations/declare';
import type { ReplyLanguage } from '../../src-shared/messages';

export type ColumnType = 'string' | 'int' | 'decimal' | 'datetime';

export type Rule =
  | { required: true; message: string }
  | { maxLength: number; message: string }
  | { min: number; message: string }
  | { max: number; message: string }
  | { pattern: RegExp; message: string }
  | { enum: readonly (string | number)[]; message: string }
  /** unique among the caller's tenant's live rows (or all live rows for untenanted resources) */
  | { unique: true; message: string };

export interface ColumnDef {
  /** camelCase property on the wire */
  name: string;
  /** snake_case column; defaults to camelToSnake(name) */
  column?: string;
  type: ColumnType;
  /** the field's declaration (src-shared/declarations): its rules, judged before `rules`, answered by message key */
  field?: FieldDecl;
  /** rules written here (messages as literal text): only for resources not declared in src-shared yet */
  rules?: Rule[];
  /** clients cannot write it (computed or server-set) */
  readOnly?: boolean;
  /** never sent to clients */
  hidden?: boolean;
  /**
   * a secret (access keys, client secrets): lists and details answer SECRET_MASK
   * when one is stored ('' when none); a write that sends the mask back, or an
   * update that leaves it empty, keeps the stored value
   */
  secret?: boolean;
  /** may not be used as a list filter */
  noFilter?: boolean;
  /**
   * an FTS5 trigram table over this column (external content, keyed by the table's rowid, kept by
   * triggers): a `like` filter of three characters or more finds its rows through it instead of
   * scanning the table (the LIKE itself still decides)
   */
  searchIndex?: string;
  /** value used on insert when the client sends nothing */
  default?: string | number;
  /** written on insert only; ignored (kept) on update (e.g. a website's group, a domain's server) */
  writeOnce?: boolean;
  /**
   * a recorded reason's zh text: reads answer it in the reader's language from this snake_case column's key and
   * params (src-shared/messages/stored.ts), the stored text when that column holds none
   */
  reasonColumn?: string;
}

export type Endpoint = 'list' | 'page' | 'detail' | 'submit' | 'save' | 'update' | 'remove';

export interface WriteContext {
  tenantId: string;
  userId: string;
  deptId: string;
  mode: 'insert' | 'update';
  /** the row being updated (update only) */
  id?: string;
  /**
   * the queries the write runs on (its transaction): a hook's own queries go through these, never through
   * the data layer itself (on SQLite a query outside the open transaction waits for it, forever)
   */
  q: Queries;
}

/** What a read or remove hook is called with: the caller's tenant and the queries to read through. */
export interface HookContext {
  tenantId: string;
  /** the data layer, or the caller's transaction (see WriteContext.q) */
  q: Queries;
  /** the language the caller reads recorded reasons in (src-shared/messages/stored.ts); zh when not given */
  language?: ReplyLanguage;
}

export interface ResourceHooks {
  /** adjust a validated, coerced row (camelCase keys) before it is written; throw ServiceError to refuse */
  beforeWrite?(row: Record<string, unknown>, ctx: WriteContext): void | Promise<void>;
  /** decorate formatted records (e.g. add display names) before they are sent */
  decorate?(records: Record<string, unknown>[], ctx: HookContext): void | Promise<void>;
  /** before a remove of these ids (caller's tenant); throw ServiceError to refuse (e.g. still in use) */
  beforeRemove?(ids: string[], ctx: HookContext): void | Promise<void>;
}

/**
 * Who may call a resource's generic endpoints (the router turns it into each
 * route's access declaration, http/access-policy.ts):
 * - list, page, detail: one of `menu` (the screen's grant);
 * - save / update / remove / submit: one of `menu` and the console's button of
 *   that write (`add`, `edit`, `delete`; submit: add without an id, edit with one);
 *   a write without a button code needs the menu alone;
 * - `shared`: rows every tenant shares (system dictionaries, menus, packages,
 *   clients, datasources, code generation, regions): writes by the platform
 *   administrator only, reads by the menu.
 */
export interface ResourceAccess {
  menu: readonly string[];
  /** 'user': every signed-in user reads (e.g. notices, which the shell's bell lists for everyone) */
  readBy?: 'user';
  /** menus of other screens that read this list as a select's options (reads only) */
  pickedBy?: readonly string[];
  add?: string;
  edit?: string;
  delete?: string;
  shared?: boolean;
}

/** The usual screen: menu `code` with the seeded buttons `<code>_add`, `<code>_edit`, `<code>_delete`. */
export function screenAccess(code: string, extra: Partial<ResourceAccess> = {}): ResourceAccess {
  return { menu: [code], add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete`, ...extra };
}

export interface ResourceDef {
  /** who may call its endpoints (see ResourceAccess) */
  access: ResourceAccess;
  /**
   * The table keeps its live-row count per tenant in `row_count` through
   * triggers (db/sql.ts countTriggers): an unfiltered page reads the total from
   * there instead of COUNT(*) over every row. For tables of millions of rows.
   */
  countedRows?: boolean;
  name: string;
  /** path under /api, e.g. /website-blade-system/param */
  basePath: string;
  /** the resource's declaration (src-shared/declarations): its cross-field rules are judged after the columns' */
  declaration?: ResourceDecl;
  table: string;
  columns: ColumnDef[];
  endpoints: readonly Endpoint[];
  /** tenant_id filled from the token, every query filtered by it */
  tenantScoped: boolean;
  /** is_deleted = 1 instead of DELETE */
  softDelete: boolean;
  /** BaseEntity audit columns present (create_user ... status, is_deleted); default true */
  audit?: boolean;
  /** default order; default create_time desc */
  defaultSort?: { column: string; asc: boolean }[];
  /**
   * list filters on what the row does not store itself (e.g. the name of the website a row belongs to): a query
   * parameter of this name becomes the condition the function gives for its value (bound as a parameter)
   */
  filters?: Record<string, (value: string, dialect: SqlDialect) => RawBuilder<unknown>>;
  hooks?: ResourceHooks;
}

export interface Column extends ColumnDef {
  column: string;
  /** the engine manages it (id and audit columns) */
  system: boolean;
}

export interface Resource extends Omit<ResourceDef, 'columns'> {
  columns: Column[];
  /** lookup by camelCase name or snake_case column */
  column(key: string): Column | undefined;
}

const AUDIT_COLUMNS: ColumnDef[] = [
  { name: 'createUser', type: 'string', readOnly: true },
  { name: 'createDept', type: 'string', readOnly: true },
  { name: 'createTime', type: 'datetime', readOnly: true },
  { name: 'updateUser', type: 'string', readOnly: true },
  { name: 'updateTime', type: 'datetime', readOnly: true },
  { name: 'status', type: 'int', default: 1 },
  { name: 'isDeleted', type: 'int', readOnly: true },
];

export function defineResource(def: ResourceDef): Resource {
  const system = (c: ColumnDef): Column => ({ ...c, column: c.column ?? camelToSnake(c.name), system: true });
  const own = def.columns.map((c): Column => ({ ...c, column: c.column ?? camelToSnake(c.name), system: false }));
  const columns: Column[] = [
    system({ name: 'id', type: 'string', readOnly: true }),
    ...(def.tenantScoped ? [system({ name: 'tenantId', type: 'string', readOnly: true })] : []),
    ...own,
    // an own column named like an audit column (e.g. status with another default) replaces it
    ...((def.audit ?? true) ? AUDIT_COLUMNS.filter((a) => !own.some((c) => c.name === a.name)).map(system) : def.softDelete ? [system({ name: 'isDeleted', type: 'int', readOnly: true })] : []),
  ];
  const byKey = new Map<string, Column>();
  for (const c of columns) {
    if (byKey.has(c.name)) throw new Error(`resource ${def.name}: duplicate column ${c.name}`);
    if (!/^[a-z][a-z0-9_]*$/.test(c.column)) throw new Error(`resource ${def.name}: bad column name ${c.column}`);
    byKey.set(c.name, c);
    byKey.set(c.column, c);
  }
  if (!/^[a-z][a-z0-9_]*$/.test(def.table)) throw new Error(`resource ${def.name}: bad table name ${def.table}`);
  return {
    ...def,
    defaultSort: def.defaultSort ?? ((def.audit ?? true) ? [{ column: 'create_time', asc: false }] : []),
    columns,
    column: (key) => byKey.get(key),
  };
}

/**
 * A column declared in src-shared: its name, type and rules from the declaration; `extra` adds what only the
 * server knows (writeOnce, default, secret...).
 */
export function declared(decl: ResourceDecl, name: string, extra: Omit<ColumnDef, 'name' | 'type' | 'field'> = {}): ColumnDef {
  const field = decl.fields[name];
  if (!field) throw new Error(`resource ${decl.name}: ${name} is not declared`);
  return { name, type: field.type, field, ...(field.default !== undefined && { default: field.default }), ...(field.writeOnce && { writeOnce: true }), ...extra };
}

/** The resource's name, path and declared columns in their declared order (`extra` per column as in `declared`). */
export function declaredResource(decl: ResourceDecl, extra: Record<string, Omit<ColumnDef, 'name' | 'type' | 'field'>> = {}): Pick<ResourceDef, 'name' | 'basePath' | 'declaration'> & { columns: ColumnDef[] } {
  for (const name of Object.keys(extra)) if (!decl.fields[name]) throw new Error(`resource ${decl.name}: ${name} is not declared`);
  return { name: decl.name, basePath: decl.path, declaration: decl, columns: Object.keys(decl.fields).map((name) => declared(decl, name, extra[name])) };
}
