// Server module: system administration: users, roles, menus, top menus, departments, posts, tenants, packages, clients, regions, scopes.
// Migrations are numbered 200-299.
import type { ServerModule } from '../types';
import { ok } from '../../http/reply';
import { installAccess } from './access';
import { registerMenuAdminRoutes } from './menus';
import { SYSTEM_MIGRATIONS } from './migrations';
import { registerRegionRoutes } from './regions';
import { SYSTEM_RESOURCES } from './resources';
import { registerRoleRoutes } from './roles';
import { registerTenantRoutes } from './tenants';
import { registerUserRoutes } from './users';
import { caller, rows, SYS, tenantFor } from './common';

export const systemModule: ServerModule = {
  name: 'system',
  migrations: SYSTEM_MIGRATIONS,
  resources: SYSTEM_RESOURCES,
  routes(api, deps) {
    installAccess(api, deps.db);
    registerUserRoutes(api, deps.db, deps.clock, deps.tokens.sessions);
    registerRoleRoutes(api, deps.db, deps.caches);
    registerMenuAdminRoutes(api, deps.db, deps.caches);
    registerTenantRoutes(api, deps.db, deps.clock);
    registerRegionRoutes(api, deps.db);
    api.get(`${SYS}/post/select`, async (request) =>
      ok(rows(deps.db, 'SELECT id, post_code, post_name, category FROM blade_post WHERE tenant_id = ? AND is_deleted = 0 ORDER BY sort, id', tenantFor(request))));
    api.get(`${SYS}/tenant-package/select`, async (request) => {
      caller(request);
      return ok(rows(deps.db, 'SELECT id, package_name FROM blade_tenant_package WHERE is_deleted = 0 ORDER BY create_time'));
    });
  },
};
