// Servers: spec content-area.md §3 Server; the password is write-only (never listed), the
// tenant binding is shown only in tenant mode (the platform tenant 000000 binds servers to tenants).
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const S = '/website-blade-material/serverInfo';

const serverInfo: ScreenDef = {
  code: 'serverInfo',
  title: 'content.server.title',
  api: { list: `${S}/page`, detail: `${S}/detail`, save: `${S}/save`, update: `${S}/update`, remove: `${S}/remove` },
  dialogWidth: 880,
  columns: [
    { name: 'serverName', label: 'content.server.serverName', search: true, rules: [{ required: true, message: 'content.server.nameRequired' }] },
    {
      name: 'serverIp', label: 'content.server.serverIp', search: true,
      rules: [{ required: true, message: 'content.server.ipRequired' }, { pattern: '^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)$|^[0-9a-fA-F:]+$', message: 'content.server.ipPattern' }],
    },
    {
      name: 'serverPort', label: 'content.server.serverPort', valueType: 'number', min: 1, max: 65535, precision: 0, default: 22, width: 90,
      rules: [{ required: true, message: 'content.server.portRequired' }, { min: 1, max: 65535, message: 'content.server.portRange' }],
    },
    { name: 'serverUsername', label: 'content.server.serverUsername', rules: [{ required: true, message: 'content.server.usernameRequired' }] },
    {
      name: 'serverPassword', label: 'content.server.serverPassword', valueType: 'password', hideInTable: true, extra: 'content.server.passwordHint',
      // required when adding only: an empty password on edit keeps the stored one
      requiredWhen: { when: (_v, ctx) => ctx.mode === 'add', message: 'content.server.passwordRequired' },
    },
    { name: 'status', label: 'content.server.status', valueType: 'select', dict: 'server_ip_status', numeric: true, hideInForm: true, width: 90 },
    remoteSelect('bindTenantId', 'content.server.bindTenantId', REMOTE.tenants, {
      multiple: true, hideInTable: true, span: 24, visibleWhen: (_v, ctx) => ctx.tenantId === '000000',
    }),
    createTimeColumn,
  ],
};

export default serverInfo;
