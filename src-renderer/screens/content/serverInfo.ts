// Servers: spec content-area.md §3 Server; the password is write-only (never listed), the
// tenant binding is shown only in tenant mode (the platform tenant 000000 binds servers to tenants).
// A server is an SFTP server (websites deploy there over SSH) or a folder of this machine; 测试连接
// probes it for real and sets its status.
import type { ScreenDef } from '../../crud/types';
import { SERVER_INFO } from '../../../src-shared/declarations/sites';
import { call } from '../../platform/bridge';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const S = '/website-blade-material/serverInfo';

const serverInfo: ScreenDef = {
  code: 'serverInfo',
  title: 'content.server.title',
  api: { list: `${S}/page`, detail: `${S}/detail`, save: `${S}/save`, update: `${S}/update`, remove: `${S}/remove` },
  declaration: SERVER_INFO,
  dialogWidth: 880,
  columns: [
    { name: 'serverName', label: 'content.server.serverName', search: true },
    {
      name: 'serverIp', label: 'content.server.serverIp', search: true,
    },
    {
      name: 'serverPort', label: 'content.server.serverPort', valueType: 'number', default: 22, width: 90,
    },
    { name: 'serverUsername', label: 'content.server.serverUsername' },
    {
      name: 'serverPassword', label: 'content.server.serverPassword', valueType: 'password', hideInTable: true, extra: 'content.server.passwordHint',
      // required when adding only: an empty password on edit keeps the stored one
      requiredWhen: { when: (_v, ctx) => ctx.mode === 'add', message: 'msg.site.serverPasswordRequired' },
    },
    {
      name: 'serverType', label: 'content.server.serverType', valueType: 'select', default: 'sftp', width: 100,
      options: [{ value: 'sftp', label: 'content.server.typeSftp' }, { value: 'local', label: 'content.server.typeLocal' }],
    },
    {
      name: 'deployPath', label: 'content.server.deployPath', extra: 'content.server.deployPathHint', hideInTable: true,
    },
    { name: 'status', label: 'content.server.status', valueType: 'select', dict: 'server_ip_status', numeric: true, hideInForm: true, width: 90 },
    { name: 'checkMessage', label: 'content.server.checkMessage', hideInForm: true, width: 280 },
    remoteSelect('bindTenantId', 'content.server.bindTenantId', REMOTE.tenants, {
      multiple: true, hideInTable: true, span: 24, visibleWhen: (_v, ctx) => ctx.tenantId === '000000',
    }),
    createTimeColumn,
  ],
  extraActions: [
    {
      key: 'test', label: 'content.server.test', permission: 'serverInfo_test', placement: 'row', successMessage: 'content.server.testOk',
      async run(ctx) {
        const r = await call('api:request', { method: 'post', url: '/website-blade-material/serverInfo/test', data: { id: ctx.row!.id } });
        const probe = r.data as { ok: boolean; message: string };
        if (!probe.ok) throw new Error(probe.message);
      },
    },
  ],
};

export default serverInfo;
