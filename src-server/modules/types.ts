// A server module: one area of the back end (shell, system administration,
// content area...). It brings its tables (migrations in its own number range),
// its declared CRUD resources (served by the generic router) and any special
// endpoints. app.ts registers every module in MODULES the same way.
import type { FastifyInstance } from 'fastify';
import type { DataLayer } from '../db/data-layer';
import type { Migration } from '../db/migrations';
import type { Resource } from '../crud/resource';
import type { CacheRegistry } from '../system/cache';
import type { DictService } from '../system/dicts';
import type { MenuService } from '../system/menus';
import type { TokenService } from '../auth/token-service';
import type { Clock } from '../util/clock';
import type { FileStores } from '../files/file-stores';
import type { Jobs } from '../jobs/jobs';
import type { SecretBox } from '../util/secret-box';

/** What a module's special endpoints may use. */
export interface ModuleDeps {
  /** the database on either engine: every query goes through it (db/data-layer.ts) */
  data: DataLayer;
  clock: Clock;
  caches: CacheRegistry;
  menus: MenuService;
  dicts: DictService;
  tokens: TokenService;
  /** the data folder (uploads live under it when the tenant enabled no object storage) */
  dataDir: string;
  /** where files go and are read from: the tenant's enabled 对象存储, or the data folder (files/file-stores.ts) */
  files: FileStores;
  /** the install's key sealing secrets at rest (SEO_SECRET_KEY or the data folder's) */
  box: SecretBox;
  /** every migration of the product (code generation tells the tables it creates from the ones it does not) */
  migrations: readonly Migration[];
  /** durable jobs: enqueue from any instance; handlers and schedules run where `jobs.working` (src-server/jobs) */
  jobs: Jobs;
}

export interface ServerModule {
  name: string;
  /** numbered within the module's range (shell 100-199, system 200-299, content 300-399, ...) */
  migrations?: Migration[];
  resources?: Resource[];
  /** special endpoints, registered under /api after the guard (the caller is authenticated) */
  routes?(api: FastifyInstance, deps: ModuleDeps): void | Promise<void>;
}
