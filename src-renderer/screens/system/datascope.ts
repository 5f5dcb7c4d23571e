// Data scopes (/website-blade-system/data-scope).
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/data-scope`;

const datascope: ScreenDef = {
  code: 'datascope',
  title: 'sysDatascope.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 100,
  columns: [
    { name: 'menuId', label: 'sysDatascope.menuId', valueType: 'treeSelect', treeUrl: `${SYS}/menu/tree`, hideInTable: true, rules: [{ required: true, message: 'sysCommon.menuRequired' }] },
    { name: 'scopeName', label: 'sysDatascope.scopeName', search: true, rules: [{ required: true, message: 'sysDatascope.scopeNameRequired' }] },
    { name: 'resourceCode', label: 'sysDatascope.resourceCode', search: true, rules: [{ required: true, message: 'sysDatascope.resourceCodeRequired' }] },
    { name: 'scopeColumn', label: 'sysDatascope.scopeColumn', default: 'create_dept' },
    { name: 'scopeType', label: 'sysDatascope.scopeType', valueType: 'select', dict: 'data_scope_type', numeric: true, rules: [{ required: true, message: 'sysDatascope.scopeTypeRequired' }] },
    { name: 'scopeField', label: 'sysDatascope.scopeField', default: '*', hideInTable: true },
    { name: 'scopeClass', label: 'sysDatascope.scopeClass', span: 24, hideInTable: true, rules: [{ required: true, message: 'sysDatascope.scopeClassRequired' }] },
    { name: 'scopeValue', label: 'sysDatascope.scopeValue', valueType: 'textarea', hideInTable: true },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default datascope;
