// Users (/website-blade-system/user): list by department tree, roles grant,
// password reset, unlock, platform. Spec shell-and-system.md §7.
import { ReloadOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { USER } from '../../../src-shared/declarations/system';
import type { Row } from '../../../src-shared/wire';
import '../../i18n/areas/system';
import { keysOf, post, SYS } from './api';
import { UserRoleDialog } from './components/UserRoleDialog';
import { UserPlatformDialog } from './components/UserPlatformDialog';

const B = `${SYS}/user`;

/** A guest from register-guest waiting for approval (no role yet). */
const pending = (row: Row): boolean => String(row.roleId ?? '') === '-1';

const user: ScreenDef = {
  code: 'user',
  title: 'sysUser.title',
  api: { list: `${B}/page`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: USER,
  dialogWidth: 880,
  labelWidth: 100,
  sideTree: { url: `${SYS}/dept/tree`, param: 'deptId', title: 'sysUser.deptTree' },
  columns: [
    { name: 'account', label: 'sysUser.account', search: true, readonlyOnEdit: true },
    { name: 'tenantName', label: 'sysUser.tenantName', hideInForm: true, hideInTable: true },
    { name: 'name', label: 'sysUser.name' },
    { name: 'realName', label: 'sysUser.realName', search: true },
    { name: 'password', label: 'sysUser.password', valueType: 'password', hideInTable: true, addOnly: true },
    { name: 'password2', label: 'sysUser.password2', valueType: 'password', hideInTable: true, addOnly: true },
    { name: 'roleId', label: 'sysUser.roleId', valueType: 'treeSelect', multiple: true, treeUrl: `${SYS}/role/tree`, displayField: 'roleName' },
    { name: 'deptId', label: 'sysUser.deptId', valueType: 'treeSelect', multiple: true, treeUrl: `${SYS}/dept/tree`, displayField: 'deptName' },
    { name: 'postId', label: 'sysUser.postId', valueType: 'select', multiple: true, remote: { url: `${SYS}/post/select`, labelKey: 'postName' }, displayField: 'postName', hideInTable: true },
    { name: 'userType', label: 'sysUser.userType', valueType: 'select', dict: 'user_type', numeric: true, default: 1, search: true, width: 90 },
    { name: 'phone', label: 'sysUser.phone' },
    { name: 'email', label: 'sysUser.email', hideInTable: true },
    { name: 'sex', label: 'sysUser.sex', valueType: 'select', dict: 'sex', numeric: true, hideInTable: true },
    { name: 'birthday', label: 'sysUser.birthday', valueType: 'datetime', hideInTable: true },
    { name: 'code', label: 'sysUser.code', hideInTable: true },
    {
      name: 'auditStatus', label: 'sysUser.auditStatus', valueType: 'select', search: true, hideInTable: true, hideInForm: true,
      options: [{ value: '0', label: 'sysUser.auditPending' }, { value: '1', label: 'sysUser.auditDone' }],
    },
  ],
  timeRange: false,
  extraActions: [
    { key: 'grantRole', label: 'sysUser.grantRole', permission: 'user_role', placement: 'toolbar', icon: UserOutlined, needsSelection: true, render: UserRoleDialog },
    {
      key: 'resetPassword', label: 'sysUser.resetPassword', permission: 'user_reset', placement: 'toolbar', icon: ReloadOutlined, needsSelection: true, confirm: 'sysUser.resetConfirm',
      run: (ctx) => post(`${B}/reset-password`, { params: { userIds: keysOf(ctx.selectedKeys) } }),
    },
    {
      key: 'unlock', label: 'sysUser.unlock', permission: 'user_unlock', placement: 'toolbar', icon: UnlockOutlined, needsSelection: true, confirm: 'sysUser.unlockConfirm',
      run: (ctx) => post(`${B}/unlock`, { params: { userIds: keysOf(ctx.selectedKeys) } }),
    },
    { key: 'platform', label: 'sysUser.platform', permission: 'user_platform', placement: 'row', render: UserPlatformDialog },
    {
      key: 'auditPass', label: 'sysUser.auditPass', permission: 'user_audit', placement: 'row', confirm: 'sysUser.auditPassConfirm', visible: pending,
      run: (ctx) => post(`${B}/audit-pass`, { params: { ids: String(ctx.row?.id ?? '') } }),
    },
    {
      key: 'auditRefuse', label: 'sysUser.auditRefuse', permission: 'user_audit', placement: 'row', confirm: 'sysUser.auditRefuseConfirm', danger: true, visible: pending,
      run: (ctx) => post(`${B}/audit-refuse`, { params: { ids: String(ctx.row?.id ?? '') } }),
    },
  ],
};

export default user;
