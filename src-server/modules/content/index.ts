// Server module: the site-matrix content area (spec content-area.md), one folder
// per feature, each holding its declared resources, routes and tables:
//   sites/           websites, groups, navigation, languages, the site dashboard
//   infrastructure/  domains and servers
//   material/        templates, page settings, links, adverts, contacts, images, goods
//   articles/        categories, articles, paragraphs
//   keywords/        managed keywords and keywords for generation
//   generation/      AI models and keys, generate-article tasks and their runner
//   imports/         import tasks and their runner
//   deploy/          rendering, publishing, deploy records, scheduled deploy tasks
//   quota/           per-tenant content quotas
//   search/          search engines: connections, announcing deploys, traffic read back (issue 36)
//   shared/          request helpers, lookups, messages, rules, uploads, secrets, DDL helpers
// Migrations are numbered 300-399 (migrations.ts lists the applied ones that span
// features). The declared resources are built per app (their hooks read other
// tables and the install's secret key) and registered with the generic router.
import type { Resource } from '../../crud/resource';
import { registerResource } from '../../crud/router';
import type { ServerModule } from '../types';
import { articleResources } from './articles/resources';
import { registerArticleRoutes } from './articles/routes';
import { PUBLISH_MIGRATIONS } from './deploy/publish-migrations';
import { registerPublishRoutes } from './deploy/publish-routes';
import { registerPreviewRoutes } from './deploy/preview-routes';
import { SiteDeployer } from './deploy/site-deployer';
import { deployTaskResources } from './deploy/task-resources';
import { registerDeployTaskRoutes } from './deploy/task-routes';
import { generationResources } from './generation/resources';
import { AI_LIMIT_MIGRATIONS, AI_TEST_MIGRATIONS, GENERATION_JOB_MIGRATIONS, TASK_OUTCOME_MIGRATIONS } from './generation/migrations';
import { registerGenerationRoutes } from './generation/routes';
import { importResources } from './imports/resources';
import { registerImportRoutes } from './imports/routes';
import { infrastructureResources } from './infrastructure/resources';
import { registerInfrastructureRoutes } from './infrastructure/routes';
import { keywordResources } from './keywords/resources';
import { registerLegacyRoutes } from './legacy-routes';
import { materialResources } from './material/resources';
import { registerMaterialRoutes } from './material/routes';
import { ARTICLE_MIGRATIONS } from './articles/migrations';
import { CONTENT_MIGRATIONS } from './migrations';
import { QUOTA_MIGRATIONS } from './quota/migrations';
import { TENANT_SEED_MIGRATIONS } from './tenant-seeds';
import { TASK_RUN_MIGRATIONS } from './deploy/task-run-migrations';
import { RELEASE_KEYS_MIGRATION } from './deploy/release-keys';
import { DEPLOY_LEASE_MIGRATION } from './deploy/deploy-lease';
import { DEPLOY_JOB_MIGRATION } from './deploy/deploy-jobs';
import { MORE_REASONS_MIGRATION, REASON_MIGRATION } from './shared/reason-migrations';
import { SEARCH_MIGRATIONS } from './search/schema';
import { ANNOUNCE_MIGRATION } from './search/announce-schema';
import { TRAFFIC_MIGRATIONS } from './search/traffic-schema';
import { registerSearchRoutes, searchResources } from './search';
import { TASK_JOB_MIGRATION } from './shared/task-jobs';
import { IMPORT_JOB_MIGRATIONS } from './imports/migrations';
import { registerQuotaRoutes } from './quota/quota';
import type { ContentContext } from './shared/context';
import { SecretBox } from '../../util/secret-box';
import { registerUploadRoutes, UPLOAD_STORE_MIGRATION } from './shared/uploads';
import { siteResources } from './sites/resources';
import { registerSiteRoutes } from './sites/routes';

/**
 * every declared resource of the content area, as the generic router serves them (their hooks query through
 * the queries the repository hands them)
 */
export function contentResources(box: SecretBox): Resource[] {
  return [
    ...siteResources(),
    ...infrastructureResources(box),
    ...materialResources(),
    ...articleResources(),
    ...keywordResources(),
    ...generationResources(box),
    ...importResources(),
    ...deployTaskResources(),
    ...searchResources(box),
  ];
}

export const contentModule: ServerModule = {
  name: 'content',
  migrations: [...CONTENT_MIGRATIONS, ...QUOTA_MIGRATIONS, ...PUBLISH_MIGRATIONS, ...ARTICLE_MIGRATIONS, ...TASK_OUTCOME_MIGRATIONS, ...TENANT_SEED_MIGRATIONS, ...TASK_RUN_MIGRATIONS, UPLOAD_STORE_MIGRATION, ...AI_LIMIT_MIGRATIONS, RELEASE_KEYS_MIGRATION, DEPLOY_LEASE_MIGRATION, TASK_JOB_MIGRATION, ...GENERATION_JOB_MIGRATIONS, ...IMPORT_JOB_MIGRATIONS, DEPLOY_JOB_MIGRATION, ...SEARCH_MIGRATIONS, ANNOUNCE_MIGRATION, ...TRAFFIC_MIGRATIONS, ...AI_TEST_MIGRATIONS, REASON_MIGRATION, MORE_REASONS_MIGRATION],
  resources: [],
  async routes(api, deps) {
    const box = SecretBox.forDataDir(deps.dataDir);
    const resources = contentResources(box);
    // prompt rows arrive as a JSON list; the task column keeps them as JSON text
    api.addHook('preValidation', async (request) => {
      if (request.method !== 'POST' || !/\/gptProduceArticle\/(save|submit|update)$/.test(request.url.split('?')[0])) return;
      const b = request.body as Record<string, unknown> | null;
      if (b && typeof b === 'object' && b.prompts !== undefined && typeof b.prompts !== 'string') b.prompts = JSON.stringify(b.prompts);
    });
    for (const resource of resources) registerResource(api, deps.data, resource, deps.clock);
    registerUploadRoutes(api, deps);
    const ctx: ContentContext = {
      data: deps.data,
      dataDir: deps.dataDir,
      files: deps.files,
      clock: deps.clock,
      box,
      deployer: new SiteDeployer(deps.data, deps.dataDir, deps.clock, box, deps.files, deps.jobs),
      resources: new Map(resources.map((r) => [r.name, r])),
      jobs: deps.jobs,
    };
    await ctx.deployer.recover();
    registerSiteRoutes(api, ctx);
    registerInfrastructureRoutes(api, ctx);
    registerMaterialRoutes(api, ctx);
    registerArticleRoutes(api, ctx);
    registerImportRoutes(api, ctx);
    registerGenerationRoutes(api, ctx);
    registerDeployTaskRoutes(api, ctx);
    registerPreviewRoutes(api, ctx);
    registerLegacyRoutes(api, ctx);
    registerPublishRoutes(api, { data: deps.data, deployer: ctx.deployer });
    registerQuotaRoutes(api, deps.data, deps.clock);
    registerSearchRoutes(api, ctx);
  },
};
