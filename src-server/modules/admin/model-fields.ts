// A data model's fields (blade_model_prototype, BladeX's model-prototype): one
// row per column of the model's table with its label, property, type, where it
// shows (list, form, search), whether it is required, its input component and
// dictionary. Code generation (codegen.ts) builds from them. The 字段配置
// screen edits them through the generic resource below; the stock endpoints
// (model/model-prototype, model-prototype/submit-list, select) stay in develop.ts.
import { sql, type Queries } from '../../db/data-layer';
import { declaredResource, defineResource, screenAccess, type WriteContext } from '../../crud/resource';
import { DICT_COMPONENTS, MODEL_FIELD } from '../../../src-shared/declarations/admin';
import type { MessageKey } from '../../../src-shared/messages';
import { ServiceError } from '../../http/reply';
import { snakeToCamel } from '../../util/case';

export { DICT_COMPONENTS } from '../../../src-shared/declarations/admin';

/** The engine's own columns: never configured as fields (the generated resource gets them as system columns). */
export const SYSTEM_COLUMNS = new Set(['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted']);

/** the messages the checks beyond the declared rules answer (keys of src-shared/messages/admin-messages.ts) */
export const MSG = {
  modelMissing: 'admin.fieldModelMissing',
  jdbcNameSystem: 'admin.jdbcNameSystem',
  jdbcNameTaken: 'admin.jdbcNameTaken',
  propertyNameTaken: 'admin.propertyNameTaken',
  dictCodeMissing: 'admin.fieldDictCodeMissing',
  fieldsEmpty: 'admin.fieldsEmpty',
  fieldsOtherModel: 'admin.fieldsOtherModel',
} as const satisfies Record<string, MessageKey>;

/** One configured field (camelCase, as on the wire). */
export interface Prototype {
  jdbcName: string;
  jdbcType: string;
  propertyName: string;
  propertyType: string;
  comment: string;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  isQuery: number;
  queryType: string;
  componentType: string;
  dictCode: string;
  sort: number;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The checks one field must pass beyond each column's own rules (shared by submit and submit-list): the model
 * exists, the column is not the engine's, the declaration's cross rules on the whole field (a partial update's
 * values merged with the stored ones), the dictionary exists.
 */
export async function checkField(q: Queries, f: Record<string, unknown>): Promise<void> {
  if (!(await q.get(sql`SELECT 1 AS found FROM blade_model WHERE id = ${text(f.modelId)} AND is_deleted = 0`))) throw new ServiceError(MSG.modelMissing);
  if (SYSTEM_COLUMNS.has(text(f.jdbcName))) throw new ServiceError(MSG.jdbcNameSystem);
  for (const rule of MODEL_FIELD.cross ?? []) if (rule.refuses(f)) throw new ServiceError(rule.message);
  const code = text(f.dictCode);
  if (DICT_COMPONENTS.includes(text(f.componentType)) && !(await q.get(sql`SELECT 1 AS found FROM blade_dict WHERE code = ${code} AND parent_id = '0' AND is_deleted = 0`)))
    throw new ServiceError(MSG.dictCodeMissing);
}

async function beforeWrite(row: Record<string, unknown>, ctx: WriteContext): Promise<void> {
  const data = ctx.q; // the write's transaction
  const stored = ctx.id ? await data.get(sql<Record<string, unknown>>`SELECT * FROM blade_model_prototype WHERE id = ${ctx.id}`) : undefined;
  const merged: Record<string, unknown> = { ...Object.fromEntries(Object.entries(stored ?? {}).map(([k, v]) => [snakeToCamel(k), v])), ...row };
  await checkField(data, merged);
  // not a dictionary component: no dictionary; not searched: no query type kept
  if (!DICT_COMPONENTS.includes(text(merged.componentType))) row.dictCode = '';
  const others = sql`AND is_deleted = 0 AND id <> ${ctx.id ?? ''}`;
  const modelId = text(merged.modelId);
  if (await data.get(sql`SELECT 1 AS taken FROM blade_model_prototype WHERE model_id = ${modelId} AND jdbc_name = ${text(merged.jdbcName)} ${others}`))
    throw new ServiceError(MSG.jdbcNameTaken);
  if (await data.get(sql`SELECT 1 AS taken FROM blade_model_prototype WHERE model_id = ${modelId} AND property_name = ${text(merged.propertyName)} ${others}`))
    throw new ServiceError(MSG.propertyNameTaken);
}

/** 字段配置: GET list?modelId_equal= (by sort), detail, submit (one field), remove. */
export const modelFieldResource = defineResource({
  ...declaredResource(MODEL_FIELD),
  // the model screen's: reads by its menu, writes by the platform administrator (code generation is shared)
  access: screenAccess('model', { shared: true }),
  table: 'blade_model_prototype',
  tenantScoped: false,
  softDelete: true,
  audit: false,
  endpoints: ['list', 'detail', 'submit', 'remove'],
  defaultSort: [
    { column: 'sort', asc: true },
    { column: 'id', asc: true },
  ],
  hooks: { beforeWrite },
});

/** The component a column of this SQLite type and name gets by default. */
export function defaultComponent(propertyType: string): string {
  if (propertyType === 'int' || propertyType === 'decimal') return 'number';
  if (propertyType === 'date' || propertyType === 'datetime') return propertyType;
  return 'input';
}
