// API scopes (/website-blade-system/api-scope).
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/api-scope`;

const apiscope: ScreenDef = {
  code: 'apiscope',
  title: 'sysApiscope.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 100,
  columns: [
    { name: 'menuId', label: 'sysDatascope.menuId', valueType: 'treeSelect', treeUrl: `${SYS}/menu/tree`, hideInTable: true, rules: [{ required: true, message: 'sysCommon.menuRequired' }] },
    { name: 'scopeName', label: 'sysDatascope.scopeName', search: true, rules: [{ required: true, message: 'sysDatascope.scopeNameRequired' }] },
    { name: 'resourceCode', label: 'sysDatascope.resourceCode', search: true, rules: [{ required: true, message: 'sysDatascope.resourceCodeRequired' }] },
    { name: 'scopePath', label: 'sysApiscope.scopePath', span: 24, rules: [{ required: true, message: 'sysApiscope.scopePathRequired' }] },
    { name: 'scopeType', label: 'sysApiscope.scopeType', valueType: 'select', dict: 'api_scope_type', numeric: true, rules: [{ required: true, message: 'sysApiscope.scopeTypeRequired' }] },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default apiscope;
