// Tenants (/website-blade-system/tenant, administrator only): licence setting, package setting.
import { SettingOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { TENANT } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';
import { TenantSettingDialog } from './components/TenantSettingDialog';
import { TenantPackageSettingDialog } from './components/TenantPackageSettingDialog';
import { TenantDatasourceDialog } from './components/TenantDatasourceDialog';
import { TenantContentQuotaDialog } from './components/TenantContentQuotaDialog';

const B = `${SYS}/tenant`;

const tenant: ScreenDef = {
  code: 'tenant',
  title: 'sysTenant.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: TENANT,
  dialogWidth: 880,
  labelWidth: 100,
  columns: [
    { name: 'tenantId', label: 'sysTenant.tenantId', search: true, hideInForm: true, width: 100 },
    { name: 'tenantName', label: 'sysTenant.tenantName', search: true },
    { name: 'linkman', label: 'sysTenant.linkman', search: true },
    { name: 'contactNumber', label: 'sysTenant.contactNumber' },
    { name: 'domain', label: 'sysTenant.domain' },
    { name: 'accountNumber', label: 'sysTenant.accountNumber', valueType: 'number', width: 90 },
    { name: 'expireTime', label: 'sysTenant.expireTime', valueType: 'datetime' },
    { name: 'packageId', label: 'sysTenant.packageId', valueType: 'select', remote: { url: `${SYS}/tenant-package/select`, labelKey: 'packageName' }, addOnly: true, hideInTable: true },
    { name: 'address', label: 'sysTenant.address', valueType: 'textarea', hideInTable: true },
    { name: 'backgroundUrl', label: 'sysTenant.backgroundUrl', hideInTable: true },
  ],
  timeRange: false,
  extraActions: [
    { key: 'setting', label: 'sysTenant.setting', permission: 'tenant_setting', placement: 'toolbar', icon: SettingOutlined, needsSelection: true, render: TenantSettingDialog },
    { key: 'packageSetting', label: 'sysTenant.packageSetting', permission: 'tenant_package_setting', placement: 'row', render: TenantPackageSettingDialog },
    { key: 'datasource', label: 'sysTenant.datasource', permission: 'tenant_datasource', placement: 'row', render: TenantDatasourceDialog },
    { key: 'contentQuota', label: 'sysTenant.contentQuota', permission: 'tenant_content_quota', placement: 'row', render: TenantContentQuotaDialog },
  ],
};

export default tenant;
