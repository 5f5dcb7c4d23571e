// Data scopes (/website-blade-system/data-scope).
import type { ScreenDef } from '../../crud/types';
import { DATA_SCOPE } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/data-scope`;

const datascope: ScreenDef = {
  code: 'datascope',
  title: 'sysDatascope.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: DATA_SCOPE,
  dialogWidth: 880,
  labelWidth: 100,
  columns: [
    { name: 'menuId', label: 'sysDatascope.menuId', valueType: 'treeSelect', treeUrl: `${SYS}/menu/tree`, hideInTable: true },
    { name: 'scopeName', label: 'sysDatascope.scopeName', search: true },
    { name: 'resourceCode', label: 'sysDatascope.resourceCode', search: true },
    { name: 'scopeColumn', label: 'sysDatascope.scopeColumn', default: 'create_dept' },
    { name: 'scopeType', label: 'sysDatascope.scopeType', valueType: 'select', dict: 'data_scope_type', numeric: true },
    { name: 'scopeField', label: 'sysDatascope.scopeField', default: '*', hideInTable: true },
    { name: 'scopeClass', label: 'sysDatascope.scopeClass', span: 24, hideInTable: true },
    { name: 'scopeValue', label: 'sysDatascope.scopeValue', valueType: 'textarea', hideInTable: true },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default datascope;
