// Tenant packages (/website-blade-system/tenant-package): spec §3, §5 — name and
// menus required; the screen always allows add, edit and delete, and has no view button.
import type { ScreenDef } from '../../crud/types';
import { TENANT_PACKAGE } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/tenant-package`;

const tenantPackage: ScreenDef = {
  code: 'tenantPackage',
  title: 'sysTenantPackage.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: TENANT_PACKAGE,
  dialogWidth: 880,
  labelWidth: 110,
  alwaysAllow: ['add', 'edit', 'delete'],
  hide: ['view'],
  columns: [
    { name: 'packageName', label: 'sysTenantPackage.packageName', search: true },
    { name: 'menuId', label: 'sysTenantPackage.menuId', valueType: 'treeSelect', multiple: true, treeUrl: `${SYS}/menu/tree`, span: 24, hideInTable: true },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea' },
  ],
};

export default tenantPackage;
