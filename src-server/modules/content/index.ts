// Server module: the site-matrix content area: websites, infrastructure, material
// (spec content-area.md). Migrations are numbered 300-399. The declared
// resources are built per app (their hooks read other tables and the install's
// secret key) and registered with the generic router in routes().
import { registerResource } from '../../crud/router';
import type { ServerModule } from '../types';
import { CONTENT_MIGRATIONS } from './migrations';
import { contentResources } from './resources';
import { registerContentRoutes } from './routes';
import { SecretBox } from './secrets';
import { registerUploadRoutes } from './upload';

export const contentModule: ServerModule = {
  name: 'content',
  migrations: CONTENT_MIGRATIONS,
  resources: [],
  routes(api, deps) {
    const { all, byName } = contentResources(deps.db, SecretBox.forDataDir(deps.dataDir));
    for (const resource of all) registerResource(api, deps.db, resource, deps.clock);
    registerUploadRoutes(api, deps);
    registerContentRoutes(api, { ...deps, resources: byName });
  },
};
