// Every server module, in registration order. Migration number ranges:
// core 1-99 (db/migrations.ts), shell 100-199, system 200-299, content 300-399,
// admin 400-499, flow 500-599, sample 600-619 but 602-603 (the durable jobs' attempts and instances,
// jobs/migrations.ts); modules made by 生成代码
// (generated/, found there without being listed here) 1000-9999.
import { adminModule } from './admin';
import { contentModule } from './content';
import { dashboardModule } from './dashboard';
import { flowModule } from './flow';
import { GENERATED_MODULES } from './generated';
import { sampleModule } from './sample';
import { shellModule } from './shell';
import { systemModule } from './system';
import type { ServerModule } from './types';
import { CORE_MIGRATIONS, type Migration } from '../db/migrations';
import { JOB_MIGRATIONS } from '../jobs/migrations';
import { MEMORY_MIGRATIONS } from './system/memory-migrations';

export const MODULES: ServerModule[] = [shellModule, systemModule, contentModule, adminModule, flowModule, sampleModule, dashboardModule, ...GENERATED_MODULES];

/** Every migration of the product, in version order: the core ones, the jobs', each module's and system/memory-migrations.ts (604, 605, 611) (handed to db's migrate()). */
export const MIGRATIONS: Migration[] = [...CORE_MIGRATIONS, ...JOB_MIGRATIONS, ...MODULES.flatMap((m) => m.migrations ?? []), ...MEMORY_MIGRATIONS].sort((a, b) => a.version - b.version);
