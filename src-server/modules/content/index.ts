// Server module: the site-matrix content area: websites, infrastructure, material
// (spec content-area.md). Migrations are numbered 300-399. The declared
// resources are built per app (their hooks read other tables and the install's
// secret key) and registered with the generic router in routes().
import { registerResource } from '../../crud/router';
import type { ServerModule } from '../types';
import { CONTENT_MIGRATIONS } from './migrations';
import { CONTENT2_MIGRATIONS } from './migrations2';
import { CONTENT3_MIGRATIONS } from './migrations3';
import { CONTENT4_MIGRATIONS } from './migrations4';
import { PUBLISH_MIGRATIONS } from './deploy/publish-migrations';
import { registerPublishRoutes } from './deploy/publish-routes';
import { SiteDeployer } from './deploy/site-deployer';
import { registerQuotaRoutes } from './quota';
import { contentResources } from './resources';
import { contentResources2 } from './resources2';
import { registerContentRoutes } from './routes';
import { registerContentRoutes2 } from './routes2';
import { SecretBox } from './secrets';
import { registerUploadRoutes } from './upload';

export const contentModule: ServerModule = {
  name: 'content',
  migrations: [...CONTENT_MIGRATIONS, ...CONTENT2_MIGRATIONS, ...CONTENT3_MIGRATIONS, ...CONTENT4_MIGRATIONS, ...PUBLISH_MIGRATIONS],
  resources: [],
  routes(api, deps) {
    const box = SecretBox.forDataDir(deps.dataDir);
    const { all, byName } = contentResources(deps.db, box);
    const second = contentResources2(deps.db, box);
    // prompt rows arrive as a JSON list; the task column keeps them as JSON text
    api.addHook('preValidation', async (request) => {
      if (request.method !== 'POST' || !/\/gptProduceArticle\/(save|submit|update)$/.test(request.url.split('?')[0])) return;
      const b = request.body as Record<string, unknown> | null;
      if (b && typeof b === 'object' && b.prompts !== undefined && typeof b.prompts !== 'string') b.prompts = JSON.stringify(b.prompts);
    });
    for (const resource of [...all, ...second]) registerResource(api, deps.db, resource, deps.clock);
    for (const r of second) byName.set(r.name, r);
    registerUploadRoutes(api, deps);
    const deployer = new SiteDeployer(deps.db, deps.dataDir, deps.clock, box);
    registerContentRoutes(api, { ...deps, resources: byName });
    registerContentRoutes2(api, { ...deps, box, deployer, resources: byName });
    registerPublishRoutes(api, { db: deps.db, deployer });
    registerQuotaRoutes(api, deps.db, deps.clock);
  },
};
