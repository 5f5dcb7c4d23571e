// Server module: system administration: users, roles, menus, top menus, departments, posts, tenants, packages, clients, regions, scopes.
// Migrations are numbered 200-299.
import type { ServerModule } from '../types';
import { sql } from '../../db/data-layer';
import { ok } from '../../http/reply';
import { registerMenuAdminRoutes } from './menus';
import { SYSTEM_MIGRATIONS } from './migrations';
import { registerRegionRoutes } from './regions';
import { clientResource, SYSTEM_RESOURCES } from './resources';
import { registerRoleRoutes } from './roles';
import { registerTenantRoutes } from './tenants';
import { registerUserRoutes } from './users';
import { caller, rows, SYS, tenantFor } from './common';
import { allow, menu } from '../../http/access-policy';
import { registerResource } from '../../crud/router';

export const systemModule: ServerModule = {
  name: 'system',
  migrations: SYSTEM_MIGRATIONS,
  resources: SYSTEM_RESOURCES,
  routes(api, deps) {
    const { data } = deps;
    registerResource(api, data, clientResource(deps.box), deps.clock);
    registerUserRoutes(api, deps);
    registerRoleRoutes(api, deps);
    registerMenuAdminRoutes(api, data, deps.caches);
    registerTenantRoutes(api, data, deps.clock);
    registerRegionRoutes(api, data);
    api.get(`${SYS}/post/select`, allow(menu('post', 'user')), async (request) =>
      ok(await rows(data, sql`SELECT id, post_code, post_name, category FROM blade_post WHERE tenant_id = ${tenantFor(request)} AND is_deleted = 0 ORDER BY sort, id`)));
    api.get(`${SYS}/tenant-package/select`, allow(menu('tenant', 'tenantPackage')), async (request) => {
      caller(request);
      return ok(await rows(data, sql`SELECT id, package_name FROM blade_tenant_package WHERE is_deleted = 0 ORDER BY create_time`));
    });
  },
};
