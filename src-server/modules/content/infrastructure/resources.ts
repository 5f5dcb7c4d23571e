// Domains and servers (spec content-area.md §3): the declared resources. Server
// passwords are sealed with the install's key before they are stored.
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { declared, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { DOMAIN_INFO, SERVER_INFO } from '../../../../src-shared/declarations/sites';
import { refuseInUse } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { ALL } from '../shared/rules';
import type { SecretBox } from '../../../util/secret-box';

export function infrastructureResources(box: SecretBox): Resource[] {
  const D = DOMAIN_INFO;
  const domainInfo = defineResource({
    name: D.name,
    basePath: D.path,
    declaration: D,
    access: screenAccess('domainInfo'),
    table: 'domain_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      declared(D, 'name'),
      declared(D, 'domain'),
      declared(D, 'serverId'),
      { name: 'serverName', type: 'string' },
      declared(D, 'recordNumber'),
      declared(D, 'domainService'),
      declared(D, 'isCloudflare'),
      declared(D, 'cloudflare'),
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

  const S = SERVER_INFO;
  const serverInfo = defineResource({
    name: S.name,
    basePath: S.path,
    declaration: S,
    access: screenAccess('serverInfo'),
    table: 'server_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      declared(S, 'serverName'),
      declared(S, 'serverIp'),
      declared(S, 'serverPort'),
      declared(S, 'serverUsername'),
      { name: 'serverPassword', type: 'string', secret: true },
      declared(S, 'serverType'),
      declared(S, 'deployPath'),
      { name: 'status', type: 'int', readOnly: true },
      { name: 'hostKey', type: 'string', readOnly: true },
      { name: 'checkTime', type: 'datetime', readOnly: true },
      { name: 'checkMessage', type: 'string', readOnly: true, reasonColumn: 'check_reason' },
      { name: 'bindTenantId', type: 'string' },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const pw = row.serverPassword;
        if (pw === null || pw === undefined || pw === '') {
          if (ctx.mode === 'insert') throw new ServiceError('site.serverPasswordRequired');
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
  if (!row) throw new ServiceError('server.missing');
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
