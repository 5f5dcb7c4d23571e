// Code generation entries (/blade-develop/code): list, detail, submit, remove, copy, gen-code (zip download).
import { CodeOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { GenCodeDialog } from './GenCodeDialog';
import '../../i18n/areas/admin';
import { CODE } from '../../../src-shared/declarations/admin';

const B = CODE.path;

const code: ScreenDef = {
  code: 'code',
  title: 'adminDev.codeTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 120,
  timeRange: false,
  declaration: CODE,
  columns: [
    {
      name: 'modelId',
      label: 'adminDev.modelId',
      valueType: 'select',
      // choosing a model fills 表名 with its table
      remote: { url: '/blade-develop/model/select', labelKey: 'modelName', fills: { tableName: 'modelTable' } },
      hideInTable: true,
    },
    // kept as typed: no value is put in for the operator (an empty field stays empty)
    { name: 'serviceName', label: 'adminDev.serviceName' },
    { name: 'codeName', label: 'adminDev.codeName', search: true },
    { name: 'tableName', label: 'adminDev.tableName', search: true },
    { name: 'tablePrefix', label: 'adminDev.tablePrefix', hideInTable: true },
    { name: 'pkName', label: 'adminDev.pkName', default: 'id', hideInTable: true },
    { name: 'apiPath', label: 'adminDev.apiPath' },
    { name: 'webPath', label: 'adminDev.webPath', hideInTable: true },
    {
      name: 'parentMenu',
      label: 'adminDev.parentMenu',
      valueType: 'select',
      remote: { url: `${B}/menu-parents`, labelKey: 'name', valueKey: 'code' },
      default: 'tool',
      hideInTable: true,
    },
  ],
  extraActions: [
    {
      key: 'copy',
      label: 'adminDev.copy',
      permission: 'code_add',
      placement: 'row',
      run: async ({ row }) => {
        await call('api:request', { method: 'post', url: `${B}/copy`, params: { id: String(row?.id ?? '') } });
      },
    },
    // gen-code answers a zip: downloaded through main's streamed export (save dialog / downloads folder)
    { key: 'genCode', label: 'adminDev.genCode', permission: 'code_edit', placement: 'both', icon: CodeOutlined, needsSelection: true, render: GenCodeDialog },
  ],
};

export default code;
