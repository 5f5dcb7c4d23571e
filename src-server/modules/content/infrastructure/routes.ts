// Domain and server endpoints beyond the generic CRUD (spec content-area.md §3):
// the resolution methods, pickers, the tenants a server may be bound to.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/reply';
import { allow, menu } from '../../../http/access-policy';
import type { ContentContext } from '../shared/context';
import { scopeOf, type Rec } from '../shared/request';

/** Resolution methods of a domain (GET domainInfo/enum). */
export const DOMAIN_SERVICES = [
  { dictKey: '1', dictValue: 'A记录解析' },
  { dictKey: '2', dictValue: 'CNAME解析' },
  { dictKey: '3', dictValue: 'Cloudflare托管' },
];

export function registerInfrastructureRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { db } = ctx;
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Rec[];

  // ---- domains and servers
  api.get('/website-blade-material/domainInfo/enum', allow('user'), async () => ok(DOMAIN_SERVICES));
  api.get('/website-blade-material/domainInfo/listGroup', allow('user'), async (request) =>
    ok(all('SELECT id, name, domain, server_id AS serverId FROM domain_info WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', scopeOf(request).tenantId)),
  );
  api.get('/website-blade-material/serverInfo/listGroup', allow('user'), async (request) =>
    ok(
      all(
        "SELECT id, server_name AS serverName, server_ip AS serverIp FROM server_info WHERE is_deleted = 0 AND (tenant_id = ? OR ',' || COALESCE(bind_tenant_id, '') || ',' LIKE ?) ORDER BY create_time DESC",
        scopeOf(request).tenantId,
        `%,${scopeOf(request).tenantId},%`,
      ),
    ),
  );
  api.get('/website-blade-material/serverInfo/server-bind-tenant', allow(menu('serverInfo')), async () =>
    ok(all('SELECT tenant_id AS tenantId, tenant_name AS tenantName FROM blade_tenant WHERE is_deleted = 0 ORDER BY tenant_id')),
  );

  api.get('/website/DomainInfo/domainList', allow('user'), async (request) =>
    ok(all('SELECT id, name, domain FROM domain_info WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time DESC', scopeOf(request).tenantId)),
  );
}
