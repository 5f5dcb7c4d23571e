// Domain and server endpoints beyond the generic CRUD (spec content-area.md §3):
// the resolution methods, pickers, the tenants a server may be bound to.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/reply';
import { allow, menu } from '../../../http/access-policy';
import { sql, type RawBuilder } from '../../../db/data-layer';
import type { ContentContext } from '../shared/context';
import { scopeOf, type Rec } from '../shared/request';

/** Resolution methods of a domain (GET domainInfo/enum). */
export const DOMAIN_SERVICES = [
  { dictKey: '1', dictValue: 'A记录解析' },
  { dictKey: '2', dictValue: 'CNAME解析' },
  { dictKey: '3', dictValue: 'Cloudflare托管' },
];

export function registerInfrastructureRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const all = (query: RawBuilder<Rec>): Promise<Rec[]> => ctx.data.all(query);

  // ---- domains and servers
  api.get('/website-blade-material/domainInfo/enum', allow('user'), async () => ok(DOMAIN_SERVICES));
  api.get('/website-blade-material/domainInfo/listGroup', allow('user'), async (request) =>
    ok(await all(sql`SELECT id, name, domain, server_id AS "serverId" FROM domain_info WHERE tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0 ORDER BY create_time DESC`)),
  );
  api.get('/website-blade-material/serverInfo/listGroup', allow('user'), async (request) => {
    const { tenantId } = scopeOf(request);
    return ok(
      await all(
        sql`SELECT id, server_name AS "serverName", server_ip AS "serverIp" FROM server_info
          WHERE is_deleted = 0 AND (tenant_id = ${tenantId} OR ',' || COALESCE(bind_tenant_id, '') || ',' LIKE ${`%,${tenantId},%`}) ORDER BY create_time DESC`,
      ),
    );
  });
  api.get('/website-blade-material/serverInfo/server-bind-tenant', allow(menu('serverInfo')), async () =>
    ok(await all(sql`SELECT tenant_id AS "tenantId", tenant_name AS "tenantName" FROM blade_tenant WHERE is_deleted = 0 ORDER BY tenant_id`)),
  );

  api.get('/website/DomainInfo/domainList', allow('user'), async (request) =>
    ok(await all(sql`SELECT id, name, domain FROM domain_info WHERE tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0 ORDER BY create_time DESC`)),
  );
}
