// What lets a team server's instances answer the checks of every request from memory (issue 37 item 9,
// system/cache-bus.ts), read 参数管理's list and key check from indexes, and count it without counting its rows.
import type { Migration } from '../../db/migrations';
import { countTriggers, slotCountTriggersPostgres, slottedCountTriggersPostgres } from '../../db/sql';
import { CACHE_CHANNEL } from '../../system/cache-bus';

/** the tables under the menu caches and the access checks (granted menus and buttons, API and data scopes) */
const ACCESS_TABLES = ['blade_menu', 'blade_role_menu', 'blade_role_scope', 'blade_scope_api', 'blade_scope_data'];

const LIST_INDEX = `DROP INDEX ix_blade_param_tenant;
CREATE INDEX ix_blade_param_list ON blade_param(tenant_id, is_deleted, create_time, id);
CREATE INDEX ix_blade_param_key ON blade_param(tenant_id, param_key, is_deleted);`;

export const MEMORY_MIGRATIONS: Migration[] = [
  {
    version: 604,
    name: 'system: every instance hears of a revoked sign-in and of a changed grant, whoever wrote it (PostgreSQL)',
    // (the access checks read the grants at every request; what a grant's write clears is the menu caches)
    // SQLite: one process, which reads these tables at every request (nothing kept in memory, nothing to tell)
    sql: '-- PostgreSQL only: the cache bus (LISTEN/NOTIFY) of a team server\n',
    // whatever writes (an administrator's edit, blade_user's revoking trigger, raw SQL), the NOTIFY reaches
    // every instance at the commit, never after a rollback: `session:<id>` forgets one session, '' clears all
    postgres: `
CREATE FUNCTION seo_session_revoked_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CACHE_CHANNEL}', 'session:' || OLD.id);
  RETURN NULL;
END $$;
CREATE TRIGGER tr_blade_token_session_revoked AFTER UPDATE ON blade_token_session
  FOR EACH ROW WHEN (NEW.revoked_time IS DISTINCT FROM OLD.revoked_time OR NEW.id IS DISTINCT FROM OLD.id)
  EXECUTE FUNCTION seo_session_revoked_fn();
CREATE FUNCTION seo_cache_clear_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CACHE_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE TRIGGER tr_blade_token_session_removed AFTER DELETE OR TRUNCATE ON blade_token_session
  FOR EACH STATEMENT EXECUTE FUNCTION seo_cache_clear_fn();
${ACCESS_TABLES.map(
  (t) => `CREATE TRIGGER tr_${t}_cache_clear AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t}
  FOR EACH STATEMENT EXECUTE FUNCTION seo_cache_clear_fn();`,
).join('\n')}
`,
  },
  {
    version: 605,
    name: "system: 参数管理's list in the order of an index, its key check by an index",
    // the list's default order is create_time DESC, id DESC (crud/query.ts buildOrder, the id breaking ties): read in
    // that order from the index, a page stops after its rows, where ix_blade_param_tenant (tenant, bin, create_time)
    // left the ties to a sort of every row of the tenant (5 ms of PostgreSQL a page at 2,000 rows, pg_stat_statements,
    // on a young table without statistics). It goes: the new one serves whatever it served. A save's
    // check that its key is not taken (unique: paramKey) finds the key in ix_blade_param_key, not among every row.
    sql: LIST_INDEX,
  },
  {
    version: 611,
    name: "system: row_count in one slot per database session (PostgreSQL), 参数管理's total from it",
    // COUNT(*) of the tenant's parameters was 70 % of PostgreSQL's time on the mixed load (pg_stat_statements: 0.46 ms
    // a page at 3,000 rows, growing with every save). One row per table and tenant, bumped by every save's trigger,
    // made a tenant's saves wait for each other's commits (p99 213-795 ms, docs/benchmarks.md): each session bumps
    // its own slot now (db/sql.ts), and a read sums them. SQLite keeps slot 0 (one writer at a time).
    sql: `ALTER TABLE row_count ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
${countTriggers('blade_param')}`,
    postgres: `ALTER TABLE row_count ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE row_count DROP CONSTRAINT row_count_pkey;
ALTER TABLE row_count ADD PRIMARY KEY (table_name, tenant_id, slot);
${slotCountTriggersPostgres('article')}
${slottedCountTriggersPostgres('blade_param')}`,
  },
];
