// Building blocks of the content tables' DDL: every content table has an id, a
// tenant, its columns and the audit columns, and an index for the tenant's list.
// Never change these: the applied migrations are built from them (their checksums
// are pinned in tests/contract/migrations.test.ts).
import { AUDIT } from '../../../db/sql';

/** audit columns with status defaulting to 0 (tags, navbars, page configs, servers: 0 = off / normal) */
export const AUDIT0 = AUDIT.replace('status INTEGER NOT NULL DEFAULT 1', 'status INTEGER NOT NULL DEFAULT 0');
/** audit columns with status defaulting to 2 */
export const AUDIT2 = AUDIT.replace('status INTEGER NOT NULL DEFAULT 1', 'status INTEGER NOT NULL DEFAULT 2');

export const table = (name: string, columns: string, audit = AUDIT): string => `
CREATE TABLE ${name} (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
${columns},${audit}
);
CREATE INDEX ix_${name}_tenant ON ${name}(tenant_id, is_deleted, create_time);`;

/** uploaded files (migration 300) */
export const CONTENT_UPLOAD_TABLE = [
  `CREATE TABLE content_upload (
  name TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  original_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  create_time TEXT NOT NULL
);`,
].join('\n');
