// Every resource declared in src-shared (declare.ts), by family: what the generated tests walk.
import type { ResourceDecl } from './declare';
import { SITE_DECLARATIONS } from './sites';
import { MATERIAL_DECLARATIONS } from './material';
import { KEYWORD_DECLARATIONS } from './keywords';
import { ADMIN_DECLARATIONS } from './admin';
import { FLOW_DECLARATIONS } from './flow';

export const DECLARATIONS: readonly ResourceDecl[] = [...SITE_DECLARATIONS, ...MATERIAL_DECLARATIONS, ...KEYWORD_DECLARATIONS, ...ADMIN_DECLARATIONS, ...FLOW_DECLARATIONS];
