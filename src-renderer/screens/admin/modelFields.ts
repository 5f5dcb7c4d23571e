// 字段配置 of one data model (/blade-develop/model-prototype): its fields in the
// generic CrudPage, filtered by the model and saving into it. 加载表字段 adds the
// table's columns not configured yet (model/model-prototype, then submit-list).
import type { ColumnDef, ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import type { Row } from '../../../src-shared/wire';
import '../../i18n/areas/admin';

const B = '/blade-develop/model-prototype';
const DICT_COMPONENTS = ['select', 'radio'];

const option = (value: string, key: string) => ({ value, label: `adminDev.field.${key}` });
export const PROPERTY_TYPES = ['string', 'int', 'decimal', 'date', 'datetime'].map((v) => option(v, `type.${v}`));
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'radio', 'switch', 'date', 'datetime'].map((v) => option(v, `component.${v}`));
const QUERY_TYPES = [option('like', 'queryLike'), option('equal', 'queryEqual')];

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
    pageSize: 50,
    dialogWidth: 900,
    labelWidth: 100,
    recordLabel: 'jdbcName',
    columns: [
      { name: 'sort', label: 'adminDev.field.sort', valueType: 'number', min: 0, max: 9999, precision: 0, default: 0, span: 12, rules: [{ required: true, message: 'adminDev.field.sortRequired' }] },
      {
        name: 'jdbcName',
        label: 'adminDev.field.jdbcName',
        search: true,
        rules: [
          { required: true, message: 'adminDev.field.jdbcNameRequired' },
          { pattern: '^[a-z][a-z0-9_]*$', message: 'adminDev.field.jdbcNameFormat' },
          { max: 64, message: 'crud.maxLength' },
        ],
      },
      { name: 'comment', label: 'adminDev.field.comment', search: true, rules: [{ required: true, message: 'adminDev.field.commentRequired' }, { max: 64, message: 'crud.maxLength' }] },
      {
        name: 'propertyName',
        label: 'adminDev.field.propertyName',
        rules: [
          { required: true, message: 'adminDev.field.propertyNameRequired' },
          { pattern: '^[a-z][A-Za-z0-9]*$', message: 'adminDev.field.propertyNameFormat' },
          { max: 64, message: 'crud.maxLength' },
        ],
      },
      { name: 'propertyType', label: 'adminDev.field.propertyType', valueType: 'select', options: PROPERTY_TYPES, default: 'string', rules: [{ required: true, message: 'adminDev.field.propertyTypeRequired' }] },
      { name: 'componentType', label: 'adminDev.field.componentType', valueType: 'select', options: COMPONENT_TYPES, default: 'input', rules: [{ required: true, message: 'adminDev.field.componentTypeRequired' }] },
      {
        name: 'dictCode',
        label: 'adminDev.field.dictCode',
        valueType: 'select',
        remote: { url: `${B}/dict-codes`, labelKey: 'dictValue', valueKey: 'code' },
        visibleWhen: (v) => DICT_COMPONENTS.includes(String(v.componentType)),
        rules: [{ required: true, message: 'adminDev.field.dictCodeRequired' }],
      },
      flag('isList', 'isList', { default: true }),
      flag('isForm', 'isForm', { default: true }),
      // a required field the form does not show could never be filled
      flag('isRequired', 'isRequired', { dependencies: ['isForm'], rules: [{ check: (v, values) => !v || values.isForm === true, message: 'adminDev.field.requiredNotInForm' }] }),
      flag('isQuery', 'isQuery'),
      {
        name: 'queryType',
        label: 'adminDev.field.queryType',
        valueType: 'select',
        options: QUERY_TYPES,
        default: 'like',
        hideInTable: true,
        visibleWhen: (v) => v.isQuery === true,
        rules: [{ required: true, message: 'adminDev.field.queryTypeRequired' }],
      },
    ],
    extraActions: [
      {
        key: 'loadColumns',
        label: 'adminDev.field.loadColumns',
        permission: 'model_edit',
        placement: 'toolbar',
        successMessage: 'adminDev.field.loaded',
        run: () => loadTableColumns(modelId),
      },
    ],
  };
}
