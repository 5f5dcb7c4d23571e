// Server module: system administration: users, roles, menus, top menus, departments, posts, tenants, packages, clients, regions, scopes.
// Migrations are numbered 200-299.
import type { ServerModule } from '../types';

export const systemModule: ServerModule = {
  name: 'system',
  migrations: [],
  resources: [],
};
