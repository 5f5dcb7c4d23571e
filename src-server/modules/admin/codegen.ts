// 生成代码: the files of one generated module of this product, built from a code
// entry, its data model and the model's fields (字段配置). Applying them to a
// checkout is dropping them into folders; nothing else is edited:
//
//   src-server/modules/generated/<name>/index.ts       the ServerModule (found by modules/generated/index.ts)
//   src-shared/declarations/generated/<name>.ts        the fields declared once (types, rules, their messages in
//                                                       zh and en): the resource and the screen both read it
//   src-server/modules/generated/<name>/resource.ts    defineResource over the declaration (declaredResource)
//   src-server/modules/generated/<name>/migrations.ts  the table (unless the product already creates it), then
//                                                       the menu, its four buttons and their grant (after seed)
//   src-renderer/screens/generated/<name>/index.ts     menu path, zh/en strings (found by screens/generated/index.ts)
//   src-renderer/screens/generated/<name>/screen.ts    the ScreenDef rendered by CrudPage (its rules: the declaration's)
//
// Migration versions come from the range reserved for generated modules
// (GENERATED_MIGRATIONS, 1000-9999): each code entry keeps its pair once given.
import { sql, type Queries } from '../../db/data-layer';
import type { Migration } from '../../db/migrations';
import { postgresVariant } from '../../db/sql';
import { ServiceError } from '../../http/reply';
import { camelToSnake } from '../../util/case';
import { DICT_COMPONENTS, SYSTEM_COLUMNS, type Prototype } from './model-fields';

/** Migration versions of generated modules: 10 per module, first 1000 (docs/development.md). */
export const GENERATED_MIGRATIONS = { first: 1000, last: 9999, step: 10 } as const;

/** Inputs of one generation (read from the database by `generationInput`). */
export interface GenerationInput {
  /** module name (code entry's codeName, lowerCamelCase) */
  name: string;
  /** zh title (the model's name) */
  title: string;
  /** the model's class name (UpperCamelCase), humanised for the en title */
  className: string;
  table: string;
  /** API base path, e.g. /blade-demo/book */
  apiPath: string;
  /** the menu code the new menu goes under */
  parentMenu: string;
  /** first migration version of the module */
  version: number;
  /** the product's own migrations create the table: no CREATE */
  tableOwned: boolean;
  /** columns the table has now (an owned table: what the resource may declare) */
  tableColumns: string[];
  fields: Prototype[];
}

const q = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const sqlText = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** bookName -> Book name; DemoBook -> Demo book */
export function humanise(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PICKS = new Set(['select', 'radio', 'switch', 'date', 'datetime']);
/** 请输入X / 请选择X, as the console's own messages */
const requiredMessage = (f: Prototype): string => `${PICKS.has(f.componentType) ? '请选择' : '请输入'}${f.comment || f.propertyName}`;
const enRequired = (f: Prototype): string => `${PICKS.has(f.componentType) ? 'Choose' : 'Enter'} the ${humanise(f.propertyName).toLowerCase()}`;

const SQL_TYPE: Record<string, string> = { int: 'INTEGER', decimal: 'REAL', string: 'TEXT', date: 'TEXT', datetime: 'TEXT' };
/** the same on PostgreSQL (a generated module's migrations carry both texts) */
const PG_TYPE: Record<string, string> = { int: 'BIGINT', decimal: 'DOUBLE PRECISION', string: 'TEXT', date: 'TEXT', datetime: 'TEXT' };
const RESOURCE_TYPE: Record<string, string> = { int: 'int', decimal: 'decimal', string: 'string', date: 'string', datetime: 'datetime' };
const VALUE_TYPE: Record<string, string | undefined> = {
  input: undefined,
  textarea: 'textarea',
  number: 'number',
  select: 'select',
  radio: 'radio',
  switch: 'switch',
  date: 'date',
  datetime: 'datetime',
};
/** text longer than this is refused (form and server) */
const maxLengthOf = (f: Prototype): number | null => (f.propertyType !== 'string' ? null : f.componentType === 'textarea' ? 2000 : f.componentType === 'input' ? 255 : null);

/** Menu and button ids: fixed by the module's version (the same on every install it is applied to). */
const menuId = (version: number, n: number): string => (BigInt(version) * 10n ** 15n + BigInt(n)).toString();

function tableMigration(input: GenerationInput, fields: Prototype[]): Migration | null {
  if (input.tableOwned) return null;
  const t = input.table;
  const text = (types: Record<string, string>) => [
    '',
    `CREATE TABLE IF NOT EXISTS ${t} (`,
    '  id TEXT PRIMARY KEY,',
    "  tenant_id TEXT NOT NULL DEFAULT '000000',",
    ...fields.map((f) => `  ${f.jdbcName} ${types[f.propertyType] ?? 'TEXT'},`),
    '  create_user TEXT,',
    '  create_dept TEXT,',
    '  create_time TEXT,',
    '  update_user TEXT,',
    '  update_time TEXT,',
    '  status INTEGER NOT NULL DEFAULT 1,',
    '  is_deleted INTEGER NOT NULL DEFAULT 0',
    ');',
    `CREATE INDEX IF NOT EXISTS ix_${t}_tenant ON ${t}(tenant_id, is_deleted, create_time);`,
    '',
  ].join('\n');
  return { version: input.version, name: `generated ${input.name}: table ${t}`, sql: text(SQL_TYPE), postgres: text(PG_TYPE) };
}

function menuMigration(input: GenerationInput): Migration {
  const v = input.version + 1;
  const id = menuId(v, 0);
  const path = `/generated/${input.name}`;
  const buttons: [string, string, string, number, number][] = [
    ['add', '新增', 'plus', 1, 1],
    ['edit', '修改', 'edit', 2, 2],
    ['delete', '删除', 'delete', 3, 3],
    ['view', '查看', 'eye', 2, 4],
  ];
  const sql = [
    '',
    `-- the menu ${input.name} under ${input.parentMenu} (else at the top), its buttons, granted to every administrator role`,
    'INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)',
    `  SELECT '${id}', COALESCE((SELECT p.id FROM blade_menu p WHERE p.code = ${sqlText(input.parentMenu)} AND p.category = 1 AND p.is_deleted = 0 LIMIT 1), '0'),`,
    `         ${sqlText(input.name)}, ${sqlText(input.title)}, 'menu', ${sqlText(path)}, 'appstore', 99, 1, 0, 1, 0`,
    `   WHERE NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = ${sqlText(input.name)} AND x.is_deleted = 0);`,
    ...buttons.map(
      ([alias, name, source, action, sort], i) =>
        `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)\n` +
        `  SELECT '${menuId(v, i + 1)}', '${id}', ${sqlText(`${input.name}_${alias}`)}, '${name}', '${alias}', ${sqlText(`${path}/${alias}`)}, '${source}', ${sort}, 2, ${action}, 1, 0\n` +
        `   WHERE EXISTS (SELECT 1 FROM blade_menu m WHERE m.id = '${id}')\n` +
        `     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = ${sqlText(`${input.name}_${alias}`)} AND x.is_deleted = 0);`,
    ),
    'INSERT INTO blade_role_menu (id, role_id, menu_id)',
    `  SELECT r.id || substr(m.id, 1, 4) || substr(m.id, -1), r.id, m.id FROM blade_role r JOIN blade_menu m ON m.id IN (${[0, 1, 2, 3, 4].map((n) => `'${menuId(v, n)}'`).join(', ')})`,
    "   WHERE r.role_alias = 'administrator' AND r.is_deleted = 0",
    '     AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = r.id AND x.menu_id = m.id);',
    '',
  ].join('\n');
  return { version: v, name: `generated ${input.name}: menu and buttons`, sql, postgres: postgresVariant(sql, [['substr(m.id, -1)', 'right(m.id, 1)']]) };
}

/** The fields the module declares: configured ones of real columns, the engine's own left to it. */
function declaredFields(input: GenerationInput): Prototype[] {
  const fields = input.fields.filter((f) => !SYSTEM_COLUMNS.has(f.jdbcName));
  if (fields.length === 0) throw new ServiceError('admin.codegenNoFields');
  if (input.tableOwned) {
    const missing = fields.find((f) => !input.tableColumns.includes(f.jdbcName));
    if (missing) throw new ServiceError({ key: 'admin.codegenColumnMissing', params: { table: input.table, column: missing.jdbcName } });
  }
  return fields;
}

function migrationLiteral(m: Migration, afterSeed: boolean): string {
  const literal = (text: string) => `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
  return [`  {`, `    version: ${m.version},`, `    name: ${q(m.name)},`, ...(afterSeed ? ['    afterSeed: true,'] : []), `    sql: ${literal(m.sql)},`, ...(m.postgres ? [`    postgres: ${literal(m.postgres)},`] : []), `  },`].join('\n');
}

function serverFiles(input: GenerationInput, fields: Prototype[]): Record<string, string> {
  const { name } = input;
  const dir = `src-server/modules/generated/${name}`;
  const has = (c: string) => !input.tableOwned || input.tableColumns.includes(c);
  const tenantScoped = has('tenant_id');
  const softDelete = has('is_deleted');
  const audit = has('create_user') && has('create_time') && has('status') && softDelete;
  // the declared fields whose column is not their snake-cased name
  const columns = fields.filter((f) => camelToSnake(f.propertyName) !== f.jdbcName).map((f) => `    ${f.propertyName}: { column: ${q(f.jdbcName)} },`);
  const resource = [
    `// Generated by 生成代码 from the model ${input.title} (${input.table}): served by the generic CRUD router; its fields`,
    `// and rules are the declaration's (src-shared/declarations/generated/${name}.ts), its messages added to the table.`,
    `import { declaredResource, defineResource, screenAccess } from '../../../crud/resource';`,
    `import { addModuleMessages } from '../../../../src-shared/messages';`,
    `import { DECLARATION, MESSAGES } from '../../../../src-shared/declarations/generated/${name}';`,
    ``,
    `addModuleMessages(MESSAGES);`,
    ``,
    `export const ${name}Resource = defineResource({`,
    ...(columns.length ? [`  ...declaredResource(DECLARATION, {`, ...columns, `  }),`] : [`  ...declaredResource(DECLARATION),`]),
    `  access: screenAccess(${q(name)}),`,
    `  table: ${q(input.table)},`,
    `  tenantScoped: ${tenantScoped},`,
    `  softDelete: ${softDelete},`,
    ...(audit ? [] : [`  audit: false,`]),
    `  endpoints: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],`,
    `});`,
    ``,
  ].join('\n');
  const table = tableMigration(input, fields);
  const migrations = [
    `// Generated by 生成代码: the migrations of ${name} (versions ${input.version}-${input.version + 9}, the range of generated`,
    `// modules). Never edit one once applied: the database keeps each one's checksum.`,
    `import type { Migration } from '../../../db/migrations';`,
    ``,
    `export const MIGRATIONS: Migration[] = [`,
    ...(table ? [migrationLiteral(table, false)] : [`  // no table: ${input.table} is created by the product's own migrations`]),
    // the menu goes under a menu the first-start seed creates, granted to its role: on a new database, after it
    migrationLiteral(menuMigration(input), true),
    `];`,
    ``,
  ].join('\n');
  const index = [
    `// Generated by 生成代码: the module ${name} (${input.title}), found by src-server/modules/generated/index.ts.`,
    `import type { ServerModule } from '../../types';`,
    `import { MIGRATIONS } from './migrations';`,
    `import { ${name}Resource } from './resource';`,
    ``,
    `const module: ServerModule = { name: ${q(`generated:${name}`)}, migrations: MIGRATIONS, resources: [${name}Resource] };`,
    ``,
    `export default module;`,
    ``,
  ].join('\n');
  return { [`${dir}/index.ts`]: index, [`${dir}/resource.ts`]: resource, [`${dir}/migrations.ts`]: migrations };
}

function rendererFiles(input: GenerationInput, fields: Prototype[]): Record<string, string> {
  const { name } = input;
  const dir = `src-renderer/screens/generated/${name}`;
  const key = (k: string) => `gen.${name}.${k}`;
  const columns = fields
    .filter((f) => f.isList || f.isForm)
    .map((f) => {
      const parts = [`name: ${q(f.propertyName)}`, `label: ${q(key(f.propertyName))}`];
      const valueType = VALUE_TYPE[f.componentType];
      if (valueType) parts.push(`valueType: '${valueType}'`);
      if (DICT_COMPONENTS.includes(f.componentType) && f.dictCode) parts.push(`dict: ${q(f.dictCode)}`);
      if ((DICT_COMPONENTS.includes(f.componentType) || f.componentType === 'switch') && f.propertyType === 'int') parts.push('numeric: true');
      if (f.componentType === 'number' && f.propertyType === 'int') parts.push('precision: 0');
      if (f.isQuery) parts.push('search: true', `searchOp: '${f.queryType === 'equal' ? 'equal' : 'like'}'`);
      if (!f.isList) parts.push('hideInTable: true');
      if (!f.isForm) parts.push('hideInForm: true');
      return `    { ${parts.join(', ')} },`;
    });
  const base = input.apiPath;
  const screen = [
    `// Generated by 生成代码 from the model ${input.title} (${input.table}): rendered by the generic CrudPage.`,
    `// Its form's rules are the declaration's (src-shared/declarations/generated/${name}.ts), as the server's.`,
    `import type { ScreenDef } from '../../../crud/types';`,
    `import { DECLARATION } from '../../../../src-shared/declarations/generated/${name}';`,
    ``,
    `const screen: ScreenDef = {`,
    `  code: ${q(name)},`,
    `  title: ${q(key('title'))},`,
    `  declaration: DECLARATION,`,
    `  api: { list: ${q(`${base}/list`)}, detail: ${q(`${base}/detail`)}, submit: ${q(`${base}/submit`)}, remove: ${q(`${base}/remove`)} },`,
    // the creation-time filter only over a table that keeps it
    ...(input.tableOwned && !input.tableColumns.includes('create_time') ? ['  timeRange: false,'] : []),
    `  columns: [`,
    ...columns,
    `  ],`,
    `};`,
    ``,
    `export default screen;`,
    ``,
  ].join('\n');
  const zh: [string, string][] = [['title', input.title]];
  const en: [string, string][] = [['title', humanise(input.className)]];
  for (const f of fields) {
    zh.push([f.propertyName, f.comment || f.propertyName]);
    en.push([f.propertyName, humanise(f.propertyName)]);
  }
  // the declaration's messages, where the form's rules look for them (msg.<key>)
  const block = (pairs: [string, string][], menu: string, language: string) =>
    [`    ...moduleMessageResources(MESSAGES, '${language}'),`, `    menu: { ${name}: ${q(menu)} },`, `    gen: {`, `      ${name}: {`, ...pairs.map(([k, v]) => `        ${k}: ${q(v)},`), `      },`, `    },`].join('\n');
  const index = [
    `// Generated by 生成代码: where the screen ${name} opens and its zh/en strings (found by screens/generated/index.ts).`,
    `import type { GeneratedScreen } from '../types';`,
    `import { moduleMessageResources } from '../../../../src-shared/messages';`,
    `import { MESSAGES } from '../../../../src-shared/declarations/generated/${name}';`,
    ``,
    `const entry: GeneratedScreen = {`,
    `  path: ${q(`/generated/${name}`)},`,
    `  load: () => import('./screen'),`,
    `  messages: {`,
    `    zh: {`,
    block(zh, input.title, 'zh').replace(/^/gm, '    '),
    `    },`,
    `    en: {`,
    block(en, humanise(input.className), 'en').replace(/^/gm, '    '),
    `    },`,
    `  },`,
    `};`,
    ``,
    `export default entry;`,
    ``,
  ].join('\n');
  return { [`${dir}/index.ts`]: index, [`${dir}/screen.ts`]: screen };
}

/** The module's declaration (src-shared/declarations/generated/<name>.ts): its fields and their messages, once. */
function declarationFile(input: GenerationInput, fields: Prototype[]): Record<string, string> {
  const { name } = input;
  const messages: string[] = [];
  const message = (field: Prototype, suffix: string, zh: string, en: string): string => {
    const key = `gen.${name}.${field.propertyName}${suffix}`;
    messages.push(`  ${q(key)}: { zh: ${q(zh)}, en: ${q(en)} },`);
    return `addedKey(${q(key)})`;
  };
  const lines = fields.map((f) => {
    const label = f.comment || f.propertyName;
    const enLabel = humanise(f.propertyName).toLowerCase();
    const rules: string[] = [];
    if (f.isRequired) rules.push(`{ required: true, message: ${message(f, 'Required', requiredMessage(f), enRequired(f))} }`);
    const max = maxLengthOf(f);
    if (max) rules.push(`{ maxLength: ${max}, message: ${message(f, 'Max', `${label}不能超过${max}个字符`, `The ${enLabel} may not exceed ${max} characters`)} }`);
    if (f.propertyType === 'date') rules.push(`{ pattern: ${q('^\\d{4}-\\d{2}-\\d{2}$')}, message: ${message(f, 'Date', `${label}须为日期`, `The ${enLabel} must be a date`)} }`);
    return `    ${f.propertyName}: { type: ${q(RESOURCE_TYPE[f.propertyType] ?? 'string')}, rules: [${rules.join(', ')}] },`;
  });
  const text = [
    `// Generated by 生成代码 from the model ${input.title} (${input.table}): its fields declared once (docs/development.md`,
    `// § declaring a resource). The resource (src-server/modules/generated/${name}) and the screen`,
    `// (src-renderer/screens/generated/${name}) both read it; its messages join the table when the module loads.`,
    `import { addedKey, type MessageFamily } from '../../messages';`,
    `import type { ResourceDecl } from '../declare';`,
    ``,
    `export const MESSAGES: MessageFamily = {`,
    ...messages,
    `};`,
    ``,
    `export const DECLARATION: ResourceDecl = {`,
    `  name: ${q(name)},`,
    `  path: ${q(input.apiPath)},`,
    `  fields: {`,
    ...lines,
    `  },`,
    `};`,
    ``,
  ].join('\n');
  return { [`src-shared/declarations/generated/${name}.ts`]: text };
}

/** The files of one generated module (paths relative to the repository root). */
export function generateModule(input: GenerationInput): Record<string, string> {
  const fields = declaredFields(input);
  return { ...declarationFile(input, fields), ...serverFiles(input, fields), ...rendererFiles(input, fields) };
}

/** Tables the product's own migrations create (not the generated modules'). */
export function ownedTables(migrations: readonly Migration[]): Set<string> {
  const out = new Set<string>();
  for (const m of migrations) {
    if (m.version >= GENERATED_MIGRATIONS.first && m.version <= GENERATED_MIGRATIONS.last) continue;
    for (const hit of m.sql.matchAll(/CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi)) out.add(hit[1]!.toLowerCase());
  }
  return out;
}

/**
 * The code entry's first migration version: kept on the entry once given, else the next free slot of the range
 * (after every version given to an entry and every generated version this database has applied). Given under
 * one lock (`transactionLock`): two entries generated at once (any instances) get two slots.
 */
export async function versionOf(q: Queries, codeId: string): Promise<number> {
  return q.transaction(async (trx) => {
    await trx.run(trx.dialect.transactionLock('blade_code.migration_version'));
    const kept = await trx.get(sql<{ v: number | null }>`SELECT migration_version AS v FROM blade_code WHERE id = ${codeId}`);
    if (kept?.v) return kept.v;
    const { first, last, step } = GENERATED_MIGRATIONS;
    const given = (await trx.get(sql<{ v: number | null }>`SELECT MAX(migration_version) AS v FROM blade_code`))?.v ?? 0;
    const applied = (await trx.get(sql<{ v: number | null }>`SELECT MAX(version) AS v FROM schema_migrations WHERE version BETWEEN ${first} AND ${last}`))?.v ?? 0;
    const top = Math.max(given, applied);
    const next = top < first ? first : Math.floor(top / step) * step + step;
    if (next + step - 1 > last) throw new ServiceError('admin.codegenVersionsExhausted');
    await trx.run(sql`UPDATE blade_code SET migration_version = ${next} WHERE id = ${codeId}`);
    return next;
  });
}
