// Code-generation models (/blade-develop/model): a model names a table of a data source.
import type { ScreenDef } from '../../crud/types';
import { subListDialog } from '../../crud/SubListDialog';
import { modelFieldsScreen } from './modelFields';
import '../../i18n/areas/admin';
import { MODEL } from '../../../src-shared/declarations/admin';

const B = MODEL.path;
/** the embedded SQLite data source (seeded by the back end) */
const EMBEDDED = '1123598812738675201';

const model: ScreenDef = {
  code: 'model',
  title: 'adminDev.modelTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 800,
  labelWidth: 110,
  timeRange: false,
  declaration: MODEL,
  columns: [
    {
      name: 'datasourceId',
      label: 'adminDev.datasourceId',
      valueType: 'select',
      remote: { url: '/blade-develop/datasource/select', labelKey: 'name' },
      default: EMBEDDED,
      hideInTable: true,
    },
    { name: 'modelName', label: 'adminDev.modelName', search: true },
    { name: 'modelCode', label: 'adminDev.modelCode', search: true },
    {
      name: 'modelTable',
      label: 'adminDev.modelTable',
      valueType: 'select',
      remote: { url: `${B}/table-list`, params: { datasourceId: EMBEDDED }, labelKey: 'name', valueKey: 'name' },
      // a table of the database, or a new one: its fields (字段配置) are its columns, 生成代码's migration creates it
      allowInput: true,
    },
    { name: 'modelClass', label: 'adminDev.modelClass' },
    { name: 'modelRemark', label: 'adminDev.remark', valueType: 'textarea', hideInTable: true },
  ],
  // the model's fields: what 生成代码 builds the table, resource, screen and strings from
  extraActions: [{ key: 'fields', label: 'adminDev.field.title', permission: 'model_edit', placement: 'row', inline: true, render: subListDialog({ title: 'adminDev.field.title', nameField: 'modelName', screen: modelFieldsScreen, width: 1200 }) }],
};

export default model;
