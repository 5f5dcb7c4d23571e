// Code-generation models (/blade-develop/model): a model names a table of a data source.
import type { ScreenDef } from '../../crud/types';
import { subListDialog } from '../../crud/SubListDialog';
import { modelFieldsScreen } from './modelFields';
import '../../i18n/areas/admin';

const B = '/blade-develop/model';
/** the embedded SQLite data source (seeded by the back end) */
const EMBEDDED = '1123598812738675201';

const model: ScreenDef = {
  code: 'model',
  title: 'adminDev.modelTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 800,
  labelWidth: 110,
  timeRange: false,
  columns: [
    {
      name: 'datasourceId',
      label: 'adminDev.datasourceId',
      valueType: 'select',
      remote: { url: '/blade-develop/datasource/select', labelKey: 'name' },
      default: EMBEDDED,
      hideInTable: true,
      rules: [{ required: true, message: 'adminDev.datasourceRequired' }],
    },
    { name: 'modelName', label: 'adminDev.modelName', search: true, rules: [{ required: true, message: 'adminDev.modelNameRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'modelCode', label: 'adminDev.modelCode', search: true, rules: [{ required: true, message: 'adminDev.modelCodeRequired' }, { pattern: '^[a-z][A-Za-z0-9]*$', message: 'adminDev.modelCodeFormat' }] },
    {
      name: 'modelTable',
      label: 'adminDev.modelTable',
      valueType: 'select',
      remote: { url: `${B}/table-list`, params: { datasourceId: EMBEDDED }, labelKey: 'name', valueKey: 'name' },
      // a table of the database, or a new one: its fields (字段配置) are its columns, 生成代码's migration creates it
      allowInput: true,
      rules: [{ required: true, message: 'adminDev.modelTableRequired' }, { pattern: '^[a-z][a-z0-9_]*$', message: 'adminDev.modelTableFormat' }, { max: 64, message: 'crud.maxLength' }],
    },
    { name: 'modelClass', label: 'adminDev.modelClass', rules: [{ required: true, message: 'adminDev.modelClassRequired' }, { pattern: '^[A-Z][A-Za-z0-9]*$', message: 'adminDev.modelClassFormat' }] },
    { name: 'modelRemark', label: 'adminDev.remark', valueType: 'textarea', hideInTable: true },
  ],
  // the model's fields: what 生成代码 builds the table, resource, screen and strings from
  extraActions: [{ key: 'fields', label: 'adminDev.field.title', permission: 'model_edit', placement: 'row', inline: true, render: subListDialog({ title: 'adminDev.field.title', nameField: 'modelName', screen: modelFieldsScreen, width: 1200 }) }],
};

export default model;
