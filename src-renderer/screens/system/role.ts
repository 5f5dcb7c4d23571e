// Roles (/website-blade-system/role): tree list, add child, grant dialog with three trees.
import { SettingOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { ROLE } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';
import { RoleGrantDialog } from './components/RoleGrantDialog';

const B = `${SYS}/role`;

const role: ScreenDef = {
  code: 'role',
  title: 'sysRole.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: ROLE,
  dialogWidth: 700,
  labelWidth: 100,
  tree: { addChild: true },
  timeRange: false,
  columns: [
    { name: 'roleName', label: 'sysRole.roleName', search: true },
    { name: 'roleAlias', label: 'sysRole.roleAlias', search: true },
    { name: 'parentId', label: 'sysRole.parentId', valueType: 'treeSelect', treeUrl: `${B}/tree`, displayField: 'parentName', hideInTable: true },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1 },
  ],
  extraActions: [{ key: 'grant', label: 'sysCommon.grant', permission: 'role_setting', placement: 'both', icon: SettingOutlined, needsSelection: true, render: RoleGrantDialog }],
};

export default role;
