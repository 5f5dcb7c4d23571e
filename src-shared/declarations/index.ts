// Every resource declared in src-shared (declare.ts), by family: what the generated tests walk.
import type { ResourceDecl } from './declare';
import { SITE_DECLARATIONS } from './sites';
import { MATERIAL_DECLARATIONS } from './material';
import { KEYWORD_DECLARATIONS } from './keywords';
import { SYSTEM_DECLARATIONS } from './system';
import { ARTICLE_DECLARATIONS } from './articles';
import { GENERATION_DECLARATIONS } from './generation';
import { PAGE_CONFIG_DECLARATIONS } from './page-configs';
import { DEPLOY_TASK_DECLARATIONS } from './deploy-tasks';
import { SEARCH_DECLARATIONS } from './search';
import { IMPORT_DECLARATIONS } from './imports';
import { ADMIN_DECLARATIONS } from './admin';
import { FLOW_DECLARATIONS } from './flow';

export const DECLARATIONS: readonly ResourceDecl[] = [
  ...SITE_DECLARATIONS,
  ...MATERIAL_DECLARATIONS,
  ...KEYWORD_DECLARATIONS,
  ...ARTICLE_DECLARATIONS,
  ...GENERATION_DECLARATIONS,
  ...PAGE_CONFIG_DECLARATIONS,
  ...DEPLOY_TASK_DECLARATIONS,
  ...SEARCH_DECLARATIONS,
  ...IMPORT_DECLARATIONS,
  ...SYSTEM_DECLARATIONS,
  ...ADMIN_DECLARATIONS,
  ...FLOW_DECLARATIONS,
];
