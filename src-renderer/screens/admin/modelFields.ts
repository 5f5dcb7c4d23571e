// 字段配置 of one data model (/blade-develop/model-prototype): its fields in the
// generic CrudPage, filtered by the model and saving into it. 加载表字段 adds the
// table's columns not configured yet (model/model-prototype, then submit-list).
import { DatabaseOutlined } from '@ant-design/icons';
import type { ColumnDef, ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import type { Row } from '../../../src-shared/wire';
import '../../i18n/areas/admin';
import { COMPONENT_TYPES as COMPONENTS, DICT_COMPONENTS, MODEL_FIELD, PROPERTY_TYPES as TYPES, QUERY_TYPES as QUERIES } from '../../../src-shared/declarations/admin';

const B = MODEL_FIELD.path;

const option = (value: string, key: string) => ({ value, label: `adminDev.field.${key}` });
export const PROPERTY_TYPES = TYPES.map((v) => option(v, `type.${v}`));
export const COMPONENT_TYPES = COMPONENTS.map((v) => option(v, `component.${v}`));
const QUERY_LABELS: Record<(typeof QUERIES)[number], string> = { like: 'queryLike', equal: 'queryEqual' };
const QUERY_TYPES = QUERIES.map((v) => option(v, QUERY_LABELS[v]));

const flag = (name: string, label: string, extra: Partial<ColumnDef> = {}): ColumnDef => ({ name, label: `adminDev.field.${label}`, valueType: 'switch', span: 6, ...extra });

/** Loads the table's columns not configured yet into the model's fields (the configured ones kept as they are). */
async function loadTableColumns(modelId: string): Promise<void> {
  const fields = (await call('api:request', { method: 'get', url: '/blade-develop/model/model-prototype', params: { modelId } })).data as Row[];
  // a column without a label gets its column name: every field saves, the operator names them after
  const named = fields.map((f) => ({ ...f, comment: String(f.comment ?? '') || String(f.jdbcName) }));
  await call('api:request', { method: 'post', url: `${B}/submit-list`, data: named });
}

export function modelFieldsScreen(modelId: string): ScreenDef {
  return {
    code: 'model',
    title: 'adminDev.field.title',
    api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
    listParams: { modelId_equal: modelId },
    submitParams: { modelId },
    timeRange: false,
    declaration: MODEL_FIELD,
    pageSize: 50,
    dialogWidth: 900,
    labelWidth: 100,
    recordLabel: 'jdbcName',
    columns: [
      // no min / max / precision: out of range or 2.5 gets the range message rather than being clamped
      { name: 'sort', label: 'adminDev.field.sort', valueType: 'number', default: 0, span: 12 },
      { name: 'jdbcName', label: 'adminDev.field.jdbcName', search: true },
      { name: 'comment', label: 'adminDev.field.comment', search: true },
      { name: 'propertyName', label: 'adminDev.field.propertyName' },
      { name: 'propertyType', label: 'adminDev.field.propertyType', valueType: 'select', options: PROPERTY_TYPES, default: 'string' },
      { name: 'componentType', label: 'adminDev.field.componentType', valueType: 'select', options: COMPONENT_TYPES, default: 'input' },
      {
        name: 'dictCode',
        label: 'adminDev.field.dictCode',
        valueType: 'select',
        remote: { url: `${B}/dict-codes`, labelKey: 'dictValue', valueKey: 'code' },
        visibleWhen: (v) => DICT_COMPONENTS.includes(String(v.componentType)),
      },
      flag('isList', 'isList', { default: true }),
      flag('isForm', 'isForm', { default: true }),
      // a required field the form does not show: refused by the declaration's cross rule
      flag('isRequired', 'isRequired'),
      flag('isQuery', 'isQuery'),
      {
        name: 'queryType',
        label: 'adminDev.field.queryType',
        valueType: 'select',
        options: QUERY_TYPES,
        default: 'like',
        hideInTable: true,
        visibleWhen: (v) => v.isQuery === true,
      },
    ],
    extraActions: [
      {
        key: 'loadColumns',
        label: 'adminDev.field.loadColumns',
        permission: 'model_edit',
        placement: 'toolbar',
        icon: DatabaseOutlined,
        successMessage: 'adminDev.field.loaded',
        run: () => loadTableColumns(modelId),
      },
    ],
  };
}
