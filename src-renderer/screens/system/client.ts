// OAuth clients (/website-blade-system/client).
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/client`;

const client: ScreenDef = {
  code: 'client',
  title: 'sysClient.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 120,
  columns: [
    { name: 'clientId', label: 'sysClient.clientId', search: true, rules: [{ required: true, message: 'sysClient.clientIdRequired' }] },
    { name: 'clientSecret', label: 'sysClient.clientSecret', rules: [{ required: true, message: 'sysClient.clientSecretRequired' }] },
    { name: 'scope', label: 'sysClient.scope', default: 'all', hideInTable: true },
    { name: 'authorizedGrantTypes', label: 'sysClient.authorizedGrantTypes', default: 'refresh_token,password,authorization_code,captcha', rules: [{ required: true, message: 'sysClient.authorizedGrantTypesRequired' }] },
    { name: 'accessTokenValidity', label: 'sysClient.accessTokenValidity', valueType: 'number', default: 3600, min: 60, precision: 0, rules: [{ required: true, message: 'sysClient.accessRequired' }] },
    { name: 'refreshTokenValidity', label: 'sysClient.refreshTokenValidity', valueType: 'number', default: 604800, min: 60, precision: 0, rules: [{ required: true, message: 'sysClient.refreshRequired' }] },
    { name: 'webServerRedirectUri', label: 'sysClient.webServerRedirectUri', hideInTable: true },
    { name: 'resourceIds', label: 'sysClient.resourceIds', hideInTable: true },
    { name: 'authorities', label: 'sysClient.authorities', hideInTable: true },
    { name: 'autoapprove', label: 'sysClient.autoapprove', hideInTable: true },
  ],
};

export default client;
