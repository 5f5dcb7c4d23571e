// A data model's fields (blade_model_prototype, BladeX's model-prototype): one
// row per column of the model's table with its label, property, type, where it
// shows (list, form, search), whether it is required, its input component and
// dictionary. Code generation (codegen.ts) builds from them. The 字段配置
// screen edits them through the generic resource below; the stock endpoints
// (model/model-prototype, model-prototype/submit-list, select) stay in develop.ts.
import { sql, type Queries } from '../../db/data-layer';
import { defineResource, screenAccess, type WriteContext } from '../../crud/resource';
import { ServiceError } from '../../http/reply';
import { snakeToCamel } from '../../util/case';

export const PROPERTY_TYPES = ['string', 'int', 'decimal', 'date', 'datetime'] as const;
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'radio', 'switch', 'date', 'datetime'] as const;
export const QUERY_TYPES = ['like', 'equal'] as const;
/** components whose options come from a system dictionary */
export const DICT_COMPONENTS: readonly string[] = ['select', 'radio'];

/** The engine's own columns: never configured as fields (the generated resource gets them as system columns). */
export const SYSTEM_COLUMNS = new Set(['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted']);

export const MSG = {
  modelMissing: '数据模型不存在',
  jdbcNameRequired: '请输入物理列名',
  jdbcNameFormat: '物理列名须为小写英文、数字或下划线',
  jdbcNameSystem: '该列由系统维护，不能配置',
  jdbcNameTaken: '物理列名已存在',
  commentRequired: '请输入字段说明',
  commentLength: '字段说明不能超过64个字符',
  propertyNameRequired: '请输入实体列名',
  propertyNameFormat: '实体列名须为小驼峰英文',
  propertyNameTaken: '实体列名已存在',
  propertyTypeRequired: '请选择实体类型',
  componentTypeRequired: '请选择组件类型',
  dictCodeRequired: '请选择字典编号',
  dictCodeMissing: '字典编号不存在',
  queryTypeRequired: '请选择查询方式',
  requiredNotInForm: '必填字段须显示在表单中',
  flag: '请选择是或否',
  sort: '排序须为0到9999的整数',
} as const;

const FLAG = [0, 1] as const;

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

/** A field as the checks see it (camelCase, as on the wire). */
export interface FieldValues {
  modelId?: unknown;
  jdbcName?: unknown;
  propertyName?: unknown;
  comment?: unknown;
  componentType?: unknown;
  dictCode?: unknown;
  isQuery?: unknown;
  queryType?: unknown;
  isRequired?: unknown;
  isForm?: unknown;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const on = (v: unknown): boolean => Number(v) === 1;

/** The checks one field must pass beyond each column's own rules (shared by submit and submit-list). */
export async function checkField(q: Queries, f: FieldValues): Promise<void> {
  if (!(await q.get(sql`SELECT 1 AS found FROM blade_model WHERE id = ${text(f.modelId)} AND is_deleted = 0`))) throw new ServiceError(MSG.modelMissing);
  if (SYSTEM_COLUMNS.has(text(f.jdbcName))) throw new ServiceError(MSG.jdbcNameSystem);
  if (DICT_COMPONENTS.includes(text(f.componentType))) {
    const code = text(f.dictCode);
    if (!code) throw new ServiceError(MSG.dictCodeRequired);
    if (!(await q.get(sql`SELECT 1 AS found FROM blade_dict WHERE code = ${code} AND parent_id = '0' AND is_deleted = 0`))) throw new ServiceError(MSG.dictCodeMissing);
  }
  if (on(f.isQuery) && !text(f.queryType)) throw new ServiceError(MSG.queryTypeRequired);
  if (on(f.isRequired) && !on(f.isForm)) throw new ServiceError(MSG.requiredNotInForm);
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
  name: 'modelPrototype',
  // the model screen's: reads by its menu, writes by the platform administrator (code generation is shared)
  access: screenAccess('model', { shared: true }),
  basePath: '/blade-develop/model-prototype',
  table: 'blade_model_prototype',
  tenantScoped: false,
  softDelete: true,
  audit: false,
  endpoints: ['list', 'detail', 'submit', 'remove'],
  defaultSort: [
    { column: 'sort', asc: true },
    { column: 'id', asc: true },
  ],
  columns: [
    { name: 'modelId', type: 'string', writeOnce: true, rules: [{ required: true, message: MSG.modelMissing }] },
    {
      name: 'jdbcName',
      type: 'string',
      rules: [
        { required: true, message: MSG.jdbcNameRequired },
        { pattern: /^[a-z][a-z0-9_]*$/, message: MSG.jdbcNameFormat },
        { maxLength: 64, message: MSG.jdbcNameFormat },
      ],
    },
    { name: 'jdbcType', type: 'string', default: '' },
    { name: 'comment', type: 'string', rules: [{ required: true, message: MSG.commentRequired }, { maxLength: 64, message: MSG.commentLength }] },
    {
      name: 'propertyName',
      type: 'string',
      rules: [
        { required: true, message: MSG.propertyNameRequired },
        { pattern: /^[a-z][A-Za-z0-9]*$/, message: MSG.propertyNameFormat },
        { maxLength: 64, message: MSG.propertyNameFormat },
      ],
    },
    { name: 'propertyType', type: 'string', default: 'string', rules: [{ required: true, message: MSG.propertyTypeRequired }, { enum: PROPERTY_TYPES, message: MSG.propertyTypeRequired }] },
    { name: 'isList', type: 'int', default: 1, rules: [{ enum: FLAG, message: MSG.flag }] },
    { name: 'isForm', type: 'int', default: 1, rules: [{ enum: FLAG, message: MSG.flag }] },
    { name: 'isRow', type: 'int', default: 0, rules: [{ enum: FLAG, message: MSG.flag }] },
    { name: 'isRequired', type: 'int', default: 0, rules: [{ enum: FLAG, message: MSG.flag }] },
    { name: 'isQuery', type: 'int', default: 0, rules: [{ enum: FLAG, message: MSG.flag }] },
    { name: 'queryType', type: 'string', default: 'like', rules: [{ enum: QUERY_TYPES, message: MSG.queryTypeRequired }] },
    { name: 'componentType', type: 'string', default: 'input', rules: [{ required: true, message: MSG.componentTypeRequired }, { enum: COMPONENT_TYPES, message: MSG.componentTypeRequired }] },
    { name: 'dictCode', type: 'string', default: '' },
    { name: 'sort', type: 'int', default: 0, rules: [{ min: 0, message: MSG.sort }, { max: 9999, message: MSG.sort }] },
  ],
  hooks: { beforeWrite },
});

/** The component a column of this SQLite type and name gets by default. */
export function defaultComponent(propertyType: string): string {
  if (propertyType === 'int' || propertyType === 'decimal') return 'number';
  if (propertyType === 'date' || propertyType === 'datetime') return propertyType;
  return 'input';
}
