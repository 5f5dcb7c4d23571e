// Domains: spec content-area.md §3 Domain, §4 (transfer 0 -> 1, server fixed on edit), §5 Domain.
import type { ScreenDef } from '../../crud/types';
import { DOMAIN_INFO } from '../../../src-shared/declarations/sites';
import { call } from '../../platform/bridge';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const D = '/website-blade-material/domainInfo';

const domainInfo: ScreenDef = {
  code: 'domainInfo',
  title: 'content.domain.title',
  api: { list: `${D}/page`, detail: `${D}/detail`, save: `${D}/save`, update: `${D}/update`, remove: `${D}/remove` },
  declaration: DOMAIN_INFO,
  dialogWidth: 880,
  labelWidth: 130,
  columns: [
    { name: 'name', label: 'content.domain.name', search: true },
    { name: 'domain', label: 'content.domain.domain', search: true },
    remoteSelect('domainService', 'content.domain.domainService', REMOTE.domainServices, {
      validateTrigger: 'onChange',
    }),
    remoteSelect('serverId', 'content.domain.serverId', REMOTE.servers, {
      readonlyOnEdit: true, validateTrigger: 'onChange', displayField: 'serverName',
    }),
    { name: 'recordNumber', label: 'content.domain.recordNumber', extra: 'content.domain.recordHint' },
    { name: 'isCloudflare', label: 'content.domain.isCloudflare', valueType: 'switch', addOnly: true, hideInTable: true, default: 0 },
    {
      name: 'cloudflare', label: 'content.domain.cloudflare', valueType: 'select', numeric: true, hideInForm: true,
      options: [{ value: 0, label: 'content.domain.notTransferred' }, { value: 1, label: 'content.domain.transferred' }],
    },
    { name: 'nameServers', label: 'content.domain.nameServers', hideInForm: true },
    createTimeColumn,
  ],
  extraActions: [
    {
      // the operator changed the DNS servers by hand: transfer state 0 -> 1
      key: 'transferred', label: 'content.domain.markTransferred', permission: 'domainInfo_edit', placement: 'row',
      visible: (row) => row.isCloudflare === 1 && row.cloudflare === 0,
      confirm: 'content.domain.markTransferredConfirm',
      async run(ctx) {
        await call('api:request', { method: 'post', url: `${D}/update`, data: { id: ctx.row!.id, cloudflare: 1 } });
      },
    },
  ],
};

export default domainInfo;
