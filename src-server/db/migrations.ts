// Numbered schema migrations. Append new entries; never edit an applied one:
// the database keeps the sha256 of each applied migration's SQL and refuses to
// start when the text in this file no longer matches.

//
// Core migrations are numbered 1-99 here. Each server module (src-server/modules)
// brings its own, numbered in its own range; the application composes the full
// list (MIGRATIONS in modules/index.ts) and hands it to migrate(): db/ imports no module.

import { AUDIT, PG_NOW, pgTrigger, postgresVariant } from './sql';

export interface Migration {
  version: number;
  name: string;
  /** the SQLite text (and PostgreSQL's too when `postgres` is absent); never edited once applied: checksummed */
  sql: string;
  /**
   * The same version's text for PostgreSQL, where `sql` does not run there (or would make other types:
   * `REAL`, integers past 2^31). `schema_migrations.checksum` holds the checksum of the text its engine applied.
   */
  postgres?: string;
  /**
   * It writes rows under what the first-start seed creates (a menu under a seeded menu, granted to a seeded
   * role): on a brand-new database it runs after the seed (migrate's `seed`), elsewhere in its order.
   */
  afterSeed?: boolean;
}

/**
 * `migrations` with the PostgreSQL text of the versions `postgres` names, each made from that version's SQLite
 * text (a version not in the list throws: a text never silently goes missing).
 */
export function withPostgres(migrations: Migration[], postgres: Record<number, (sqlite: string) => string>): Migration[] {
  const versions = new Set(migrations.map((m) => m.version));
  for (const v of Object.keys(postgres)) if (!versions.has(Number(v))) throw new Error(`withPostgres: no migration ${v} in the list`);
  return migrations.map((m) => (postgres[m.version] ? { ...m, postgres: postgres[m.version](m.sql) } : m));
}

/** The text of a migration from its start up to `marker` (which must occur): the part both engines share. */
export function upTo(text: string, marker: string): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`upTo: "${marker}" is not in the migration's text`);
  return text.slice(0, at);
}

export const CORE_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 1,
    name: 'core: settings, tenants, clients, depts, roles, users, auth state',
    sql: `
CREATE TABLE blade_setting (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE blade_tenant (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  tenant_name TEXT NOT NULL,
  domain TEXT,
  background_url TEXT,
  linkman TEXT,
  contact_number TEXT,
  address TEXT,
  account_number INTEGER NOT NULL DEFAULT -1,
  expire_time TEXT,
  package_id TEXT,
  datasource_id TEXT,
  license_key TEXT,${AUDIT}
);
CREATE UNIQUE INDEX ux_blade_tenant_tenant_id ON blade_tenant(tenant_id) WHERE is_deleted = 0;

CREATE TABLE blade_client (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  resource_ids TEXT,
  scope TEXT NOT NULL DEFAULT 'all',
  authorized_grant_types TEXT NOT NULL,
  web_server_redirect_uri TEXT,
  authorities TEXT,
  access_token_validity INTEGER NOT NULL,
  refresh_token_validity INTEGER NOT NULL,
  additional_information TEXT,
  autoapprove TEXT,${AUDIT}
);

CREATE TABLE blade_dept (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  parent_id TEXT NOT NULL DEFAULT '0',
  ancestors TEXT NOT NULL DEFAULT '0',
  dept_category INTEGER NOT NULL DEFAULT 1,
  dept_name TEXT NOT NULL,
  full_name TEXT,
  sort INTEGER NOT NULL DEFAULT 1,
  remark TEXT,
  is_deleted INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE blade_role (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  parent_id TEXT NOT NULL DEFAULT '0',
  role_name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 1,
  role_alias TEXT NOT NULL,
  is_deleted INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE blade_user (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  code TEXT,
  user_type INTEGER NOT NULL DEFAULT 1,
  account TEXT NOT NULL,
  password TEXT NOT NULL,
  name TEXT,
  real_name TEXT,
  avatar TEXT,
  email TEXT,
  phone TEXT,
  birthday TEXT,
  sex INTEGER,
  role_id TEXT NOT NULL DEFAULT '',
  dept_id TEXT NOT NULL DEFAULT '',
  post_id TEXT NOT NULL DEFAULT '',${AUDIT}
);
CREATE UNIQUE INDEX ux_blade_user_account ON blade_user(tenant_id, account) WHERE is_deleted = 0;

CREATE TABLE blade_captcha (
  captcha_key TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE blade_login_fail (
  tenant_id TEXT NOT NULL,
  account TEXT NOT NULL,
  fail_count INTEGER NOT NULL DEFAULT 0,
  first_fail_at INTEGER NOT NULL,
  locked_until INTEGER,
  PRIMARY KEY (tenant_id, account)
);
`,
  },
  {
    version: 2,
    name: 'menus, role grants, top menus, dictionaries',
    sql: `
CREATE TABLE blade_menu (
  id TEXT PRIMARY KEY,
  parent_id TEXT NOT NULL DEFAULT '0',
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  alias TEXT NOT NULL DEFAULT 'menu',
  path TEXT,
  source TEXT,
  sort INTEGER NOT NULL DEFAULT 1,
  category INTEGER NOT NULL DEFAULT 1,
  action INTEGER NOT NULL DEFAULT 0,
  is_open INTEGER NOT NULL DEFAULT 1,
  component TEXT,
  remark TEXT,
  roles TEXT,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_blade_menu_parent ON blade_menu(parent_id);

CREATE TABLE blade_role_menu (
  id TEXT PRIMARY KEY,
  role_id TEXT NOT NULL,
  menu_id TEXT NOT NULL
);
CREATE UNIQUE INDEX ux_blade_role_menu ON blade_role_menu(role_id, menu_id);

CREATE TABLE blade_top_menu (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  source TEXT,
  path TEXT,
  sort INTEGER NOT NULL DEFAULT 1,${AUDIT}
);

CREATE TABLE blade_top_menu_setting (
  id TEXT PRIMARY KEY,
  top_menu_id TEXT NOT NULL,
  menu_id TEXT NOT NULL
);

CREATE TABLE blade_dict (
  id TEXT PRIMARY KEY,
  parent_id TEXT NOT NULL DEFAULT '0',
  code TEXT NOT NULL,
  dict_key TEXT NOT NULL,
  dict_value TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 1,
  remark TEXT,
  is_sealed INTEGER NOT NULL DEFAULT 0,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_blade_dict_code ON blade_dict(code, parent_id);
`,
  },
  {
    version: 3,
    name: 'system parameters',
    sql: `
CREATE TABLE blade_param (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  param_name TEXT NOT NULL,
  param_key TEXT NOT NULL,
  param_value TEXT NOT NULL,
  remark TEXT,${AUDIT}
);
CREATE INDEX ix_blade_param_tenant ON blade_param(tenant_id, is_deleted, create_time);
`,
  },
  {
    version: 4,
    name: 'row_count: live rows per tenant, kept by triggers (db/sql.ts countTriggers)',
    sql: `
CREATE TABLE row_count (
  table_name TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  live INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (table_name, tenant_id)
);
`,
  },
  {
    version: 30,
    name: 'token sessions: a sign-in chain per login, its current refresh token, revocation',
    sql: `
CREATE TABLE blade_token_session (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  refresh_jti TEXT NOT NULL,
  create_time TEXT NOT NULL,
  revoked_time TEXT,
  revoke_reason TEXT
);
CREATE INDEX ix_blade_token_session_user ON blade_token_session(user_id) WHERE revoked_time IS NULL;

-- whatever changes a user's roles, tenant, status or removes them (an edit, a
-- grant, an audit, raw SQL) ends every sign-in of that user
CREATE TRIGGER tr_blade_user_revoke_tokens AFTER UPDATE OF role_id, tenant_id, status, is_deleted ON blade_user
WHEN OLD.role_id IS NOT NEW.role_id OR OLD.tenant_id IS NOT NEW.tenant_id
  OR OLD.status IS NOT NEW.status OR OLD.is_deleted IS NOT NEW.is_deleted
BEGIN
  UPDATE blade_token_session SET revoked_time = strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime'), revoke_reason = 'user changed'
  WHERE user_id = NEW.id AND revoked_time IS NULL;
END;
CREATE TRIGGER tr_blade_user_delete_tokens AFTER DELETE ON blade_user
BEGIN
  UPDATE blade_token_session SET revoked_time = strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime'), revoke_reason = 'user removed'
  WHERE user_id = OLD.id AND revoked_time IS NULL;
END;
`,
  },
  {
    version: 31,
    name: 'core: id worker leases (one snowflake worker number per running instance, db/id-worker.ts)',
    sql: `
CREATE TABLE id_worker (
  worker INTEGER PRIMARY KEY,
  instance TEXT NOT NULL,
  heartbeat_ms BIGINT NOT NULL
);
`,
  },
  {
    version: 32,
    name: 'core: durable jobs (src-server/jobs: a queue claimed by any instance, leases taken over when one dies)',
    // times are ms since the epoch (BIGINT on both engines): a lease is arithmetic (now + lease, compared with now)
    // read from the injected clock, the same on both engines, as id_worker's heartbeat and deploy_tasks.next_time
    sql: `
CREATE TABLE job (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  job_key TEXT,
  payload TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL DEFAULT 'queued',
  priority INTEGER NOT NULL DEFAULT 0,
  lane TEXT,
  run_at BIGINT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 3,
  lease_owner TEXT,
  lease_until BIGINT,
  cancel_requested INTEGER NOT NULL DEFAULT 0,
  progress TEXT,
  error TEXT,
  create_time BIGINT NOT NULL,
  update_time BIGINT NOT NULL,
  start_time BIGINT,
  end_time BIGINT
);
-- one job per key (a trigger, an item): NULL keys never collide, on both engines
CREATE UNIQUE INDEX ux_job_key ON job(job_key);
-- the claim: due queued jobs of some kinds, and running ones whose lease ran out
CREATE INDEX ix_job_due ON job(state, kind, run_at);
CREATE INDEX ix_job_lease ON job(state, lease_until);
-- the fairness rule counts each tenant's running jobs, a lane's limit its running jobs
CREATE INDEX ix_job_tenant ON job(tenant_id, state);
CREATE INDEX ix_job_lane ON job(lane, state) WHERE lane IS NOT NULL;

-- the most jobs of a lane (e.g. one AI model's: its provider limits requests per key) running at once, across
-- every instance; a lane without a row has no limit
CREATE TABLE job_lane (
  lane TEXT PRIMARY KEY,
  max_running INTEGER NOT NULL,
  update_time BIGINT NOT NULL
);
`,
  },
], {
  // times in ms since the epoch pass 2^31
  1: (sqlite) =>
    postgresVariant(sqlite, [
      ['expires_at INTEGER', 'expires_at BIGINT'],
      ['first_fail_at INTEGER', 'first_fail_at BIGINT'],
      ['locked_until INTEGER', 'locked_until BIGINT'],
    ]),
  30: (sqlite) => `${upTo(sqlite, '-- whatever changes')}-- whatever changes a user's roles, tenant, status or removes them (an edit, a
-- grant, an audit, raw SQL) ends every sign-in of that user
${pgTrigger(
  'tr_blade_user_revoke_tokens',
  'AFTER UPDATE OF role_id, tenant_id, status, is_deleted ON blade_user',
  `  UPDATE blade_token_session SET revoked_time = ${PG_NOW}, revoke_reason = 'user changed'
  WHERE user_id = NEW.id AND revoked_time IS NULL;`,
  `OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
  OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted`,
)}${pgTrigger(
  'tr_blade_user_delete_tokens',
  'AFTER DELETE ON blade_user',
  `  UPDATE blade_token_session SET revoked_time = ${PG_NOW}, revoke_reason = 'user removed'
  WHERE user_id = OLD.id AND revoked_time IS NULL;`,
)}`,
});
