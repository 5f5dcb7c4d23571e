// Tenant packages (/website-blade-system/tenant-package): spec §3, §5 — name and
// menus required; the screen always allows add, edit and delete, and has no view button.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/tenant-package`;

const tenantPackage: ScreenDef = {
  code: 'tenantPackage',
  title: 'sysTenantPackage.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 110,
  alwaysAllow: ['add', 'edit', 'delete'],
  hide: ['view'],
  columns: [
    { name: 'packageName', label: 'sysTenantPackage.packageName', search: true, rules: [{ required: true, message: 'sysTenantPackage.packageNameRequired' }, { max: 50, message: 'crud.maxLength' }] },
    { name: 'menuId', label: 'sysTenantPackage.menuId', valueType: 'treeSelect', multiple: true, treeUrl: `${SYS}/menu/tree`, span: 24, hideInTable: true, rules: [{ required: true, message: 'sysTenantPackage.menuRequired' }] },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea' },
  ],
};

export default tenantPackage;
