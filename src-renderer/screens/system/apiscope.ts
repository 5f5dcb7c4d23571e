// API scopes (/website-blade-system/api-scope).
import type { ScreenDef } from '../../crud/types';
import { API_SCOPE } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/api-scope`;

const apiscope: ScreenDef = {
  code: 'apiscope',
  title: 'sysApiscope.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: API_SCOPE,
  dialogWidth: 880,
  labelWidth: 100,
  columns: [
    { name: 'menuId', label: 'sysDatascope.menuId', valueType: 'treeSelect', treeUrl: `${SYS}/menu/tree`, hideInTable: true },
    { name: 'scopeName', label: 'sysDatascope.scopeName', search: true },
    { name: 'resourceCode', label: 'sysDatascope.resourceCode', search: true },
    { name: 'scopePath', label: 'sysApiscope.scopePath', span: 24 },
    { name: 'scopeType', label: 'sysApiscope.scopeType', valueType: 'select', dict: 'api_scope_type', numeric: true },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default apiscope;
