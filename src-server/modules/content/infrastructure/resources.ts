// Domains and servers (spec content-area.md §3): the declared resources. Server
// passwords are sealed with the install's key before they are stored.
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { refuseInUse } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { ALL, max, oneOf, req, wholeIn } from '../shared/rules';
import type { SecretBox } from '../../../util/secret-box';

export function infrastructureResources(box: SecretBox): Resource[] {
  const domainInfo = defineResource({
    name: 'domainInfo',
    access: screenAccess('domainInfo'),
    basePath: '/website-blade-material/domainInfo',
    table: 'domain_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入域名名称'), max(100, '域名名称不能超过100个字符')] },
      {
        name: 'domain',
        type: 'string',
        rules: [req('请输入域名'), max(253, '域名格式不正确'), { pattern: /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/, message: '域名格式不正确' }],
      },
      { name: 'serverId', type: 'string', writeOnce: true, rules: [req('请选择服务器名称')] },
      { name: 'serverName', type: 'string' },
      { name: 'recordNumber', type: 'string', rules: [max(100, '备案号不能超过100个字符')] },
      { name: 'domainService', type: 'string', rules: [req('请选择解析方式')] },
      { name: 'isCloudflare', type: 'int', writeOnce: true, default: 0, rules: [oneOf([0, 1], '托管开关只能是0或1')] },
      { name: 'cloudflare', type: 'int', default: 0, rules: [oneOf([0, 1], '托管状态只能是0或1')] },
      { name: 'nameServers', type: 'string' },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        if (ctx.mode === 'insert') {
          const server = await usableServer(ctx.q, row.serverId, ctx.tenantId);
          row.serverName = server ? server.server_name : null;
          // a transfer starts as 0 (not transferred) with the name servers to switch to
          row.cloudflare = 0;
          row.nameServers = row.isCloudflare === 1 ? cloudflareNameServers(String(row.domain ?? '')) : null;
        } else {
          delete row.serverName;
          delete row.nameServers;
        }
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['domain_info_id'], MSG.domainInUse),
    },
  });

  const serverInfo = defineResource({
    name: 'serverInfo',
    access: screenAccess('serverInfo'),
    basePath: '/website-blade-material/serverInfo',
    table: 'server_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'serverName', type: 'string', rules: [req('请输入服务器名称'), max(100, '服务器名称不能超过100个字符')] },
      {
        name: 'serverIp',
        type: 'string',
        rules: [req('请输入服务器IP'), { pattern: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$|^[0-9a-fA-F:]+$/, message: '服务器IP格式不正确' }],
      },
      { name: 'serverPort', type: 'decimal', rules: [req('请输入服务器端口'), ...wholeIn(1, 65535, MSG.port)] },
      { name: 'serverUsername', type: 'string', rules: [req('请输入用户名')] },
      { name: 'serverPassword', type: 'string', secret: true },
      { name: 'serverType', type: 'string', default: 'sftp', rules: [oneOf(['sftp', 'local'], '请选择服务器类型')] },
      { name: 'deployPath', type: 'string', rules: [max(255, '部署目录不能超过255个字符'), { pattern: /^[^\0\n\r'"`$;&|<>]*$/, message: '部署目录包含不允许的字符' }] },
      { name: 'status', type: 'int', readOnly: true },
      { name: 'hostKey', type: 'string', readOnly: true },
      { name: 'checkTime', type: 'datetime', readOnly: true },
      { name: 'checkMessage', type: 'string', readOnly: true },
      { name: 'bindTenantId', type: 'string' },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const pw = row.serverPassword;
        if (pw === null || pw === undefined || pw === '') {
          if (ctx.mode === 'insert') throw new ServiceError('请输入密码');
          delete row.serverPassword; // editing without a new password keeps the stored one
        } else {
          row.serverPassword = box.seal(String(pw));
        }
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'domain_info', ['server_id'], MSG.serverInUse),
    },
  });

  return [domainInfo, serverInfo];
}

/** A live server of the tenant, or one the platform bound to it (bindTenantId); throws when neither. */
export async function usableServer(q: Queries, id: unknown, tenantId: string): Promise<Record<string, unknown> | undefined> {
  if (id === undefined || id === null || id === '') return undefined;
  const row = await q.get(
    sql<Record<string, unknown>>`SELECT * FROM server_info WHERE id = ${String(id)} AND is_deleted = 0
      AND (tenant_id = ${tenantId} OR ',' || COALESCE(bind_tenant_id, '') || ',' LIKE ${`%,${tenantId},%`})`,
  );
  if (!row) throw new ServiceError('服务器不存在');
  return row;
}

/** Two Cloudflare-style name servers, stable per domain. */
export function cloudflareNameServers(domain: string): string {
  const names = ['ada', 'bob', 'cruz', 'dana', 'elle', 'fred', 'gina', 'hank', 'iris', 'jack', 'kate', 'lara'];
  let h = 0;
  for (const c of domain) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const a = names[h % names.length];
  const b = names[(h >>> 8) % names.length] === a ? names[(h + 1) % names.length] : names[(h >>> 8) % names.length];
  return `${a}.ns.cloudflare.com,${b}.ns.cloudflare.com`;
}
