// OAuth clients (/website-blade-system/client).
import type { ScreenDef } from '../../crud/types';
import { CLIENT } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/client`;

const client: ScreenDef = {
  code: 'client',
  title: 'sysClient.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: CLIENT,
  dialogWidth: 880,
  labelWidth: 120,
  columns: [
    { name: 'clientId', label: 'sysClient.clientId', search: true },
    { name: 'clientSecret', label: 'sysClient.clientSecret' },
    { name: 'scope', label: 'sysClient.scope', default: 'all', hideInTable: true },
    { name: 'authorizedGrantTypes', label: 'sysClient.authorizedGrantTypes', default: 'refresh_token,password,authorization_code,captcha' },
    { name: 'accessTokenValidity', label: 'sysClient.accessTokenValidity', valueType: 'number', default: 3600 },
    { name: 'refreshTokenValidity', label: 'sysClient.refreshTokenValidity', valueType: 'number', default: 604800 },
    { name: 'webServerRedirectUri', label: 'sysClient.webServerRedirectUri', hideInTable: true },
    { name: 'resourceIds', label: 'sysClient.resourceIds', hideInTable: true },
    { name: 'authorities', label: 'sysClient.authorities', hideInTable: true },
    { name: 'autoapprove', label: 'sysClient.autoapprove', hideInTable: true },
  ],
};

export default client;
