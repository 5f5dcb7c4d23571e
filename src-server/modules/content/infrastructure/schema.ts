// The infrastructure tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0 } from '../shared/schema';

/** domains (migration 300) */
export const DOMAIN_INFO_TABLE = [
  table('domain_info', `  name TEXT NOT NULL,
  domain TEXT NOT NULL,
  server_name TEXT,
  server_id TEXT,
  record_number TEXT,
  domain_service TEXT,
  is_cloudflare INTEGER NOT NULL DEFAULT 0,
  cloudflare INTEGER NOT NULL DEFAULT 0,
  name_servers TEXT`),
].join('\n');

/** servers (migration 300) */
export const SERVER_INFO_TABLE = [
  table('server_info', `  server_name TEXT NOT NULL,
  server_ip TEXT NOT NULL,
  server_port INTEGER,
  server_username TEXT,
  server_password TEXT,
  bind_tenant_id TEXT`, AUDIT0),
].join('\n');
