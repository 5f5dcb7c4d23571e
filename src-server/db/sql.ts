// SQL snippets shared by migrations (core and modules), and the read of what their count triggers keep.
import { sql, type RawBuilder } from './data-layer';

/** Audit columns of every BladeX TenantEntity table (snake_case); append after the table's own columns. */
export const AUDIT = `
  create_user TEXT,
  create_dept TEXT,
  create_time TEXT,
  update_user TEXT,
  update_time TEXT,
  status INTEGER NOT NULL DEFAULT 1,
  is_deleted INTEGER NOT NULL DEFAULT 0`;

/**
 * Triggers keeping `row_count` (core migration 4) equal to the number of live
 * rows (is_deleted = 0) per tenant of a tenant-scoped, soft-deleted table,
 * whatever writes to it (the CRUD engine, imports, the scheduler, raw SQL),
 * plus the statement that fills it for rows already there.
 */
export function countTriggers(table: string): string {
  const bump = (tenant: string, delta: string, when: string) => `
  INSERT INTO row_count (table_name, tenant_id, live) SELECT '${table}', ${tenant}, ${delta} WHERE ${when}
    ON CONFLICT (table_name, tenant_id) DO UPDATE SET live = live + ${delta};`;
  return `
INSERT INTO row_count (table_name, tenant_id, live)
  SELECT '${table}', tenant_id, COUNT(*) FROM ${table} WHERE is_deleted = 0 GROUP BY tenant_id
  ON CONFLICT (table_name, tenant_id) DO UPDATE SET live = excluded.live;
CREATE TRIGGER trg_${table}_count_ins AFTER INSERT ON ${table} BEGIN${bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0')}
END;
CREATE TRIGGER trg_${table}_count_del AFTER DELETE ON ${table} BEGIN${bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0')}
END;
CREATE TRIGGER trg_${table}_count_upd AFTER UPDATE OF is_deleted, tenant_id ON ${table} BEGIN${bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0')}${bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0')}
END;
`;
}

/** PostgreSQL's local time now as `YYYY-MM-DD HH:MM:SS` text (SQLite: strftime(..., 'now', 'localtime')); the session's TimeZone is the process's */
export const PG_NOW = "to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS')";

/** PostgreSQL's `printf('%0<width>d', expr)`: the integer as text, zero-padded to `width` (never cut, as printf) */
export function pgZeroPad(expr: string, width: number): string {
  return `CASE WHEN length((${expr})::text) >= ${width} THEN (${expr})::text ELSE lpad((${expr})::text, ${width}, '0') END`;
}

/**
 * The PostgreSQL text of a migration whose SQLite text runs there but for a few fragments (a column type, a
 * function PostgreSQL spells differently): `sqlite` with every occurrence of each `from` replaced by its `to`.
 * A `from` that does not occur throws when the module loads, so a pair never silently stops applying.
 */
export function postgresVariant(sqlite: string, replacements: readonly (readonly [from: string, to: string])[]): string {
  let text = sqlite;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`postgresVariant: "${from}" is not in the migration's text`);
    text = text.split(from).join(to);
  }
  return text;
}

/** The replacement of the `printf('%02d', <alias>.sort)` that numbers a button's menu and grant ids */
export const pgButtonSort = (alias: string): [string, string] => [`printf('%02d', ${alias}.sort)`, pgZeroPad(`${alias}.sort`, 2)];

/** A PL/pgSQL row trigger (PostgreSQL's text of a SQLite `CREATE TRIGGER`): its function, then the trigger. */
export function pgTrigger(name: string, on: string, body: string, when?: string): string {
  return `
CREATE FUNCTION ${name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${body}
  RETURN NULL;
END $$;
CREATE TRIGGER ${name} ${on} FOR EACH ROW${when ? ` WHEN (${when})` : ''} EXECUTE FUNCTION ${name}_fn();
`;
}

/**
 * countTriggers' PostgreSQL text: the same fill and the same per-row upserts of `row_count`, in PL/pgSQL
 * trigger functions (an update moving a row between tenants or in and out of the bin counts out, then in).
 */
export function countTriggersPostgres(table: string): string {
  const bump = (tenant: string, delta: string, when: string) => `
  IF ${when} THEN
    INSERT INTO row_count (table_name, tenant_id, live) VALUES ('${table}', ${tenant}, ${delta})
      ON CONFLICT (table_name, tenant_id) DO UPDATE SET live = row_count.live + ${delta};
  END IF;`;
  return `
INSERT INTO row_count (table_name, tenant_id, live)
  SELECT '${table}', tenant_id, COUNT(*) FROM ${table} WHERE is_deleted = 0 GROUP BY tenant_id
  ON CONFLICT (table_name, tenant_id) DO UPDATE SET live = excluded.live;
${pgTrigger(`trg_${table}_count_ins`, `AFTER INSERT ON ${table}`, bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0'))}${pgTrigger(
    `trg_${table}_count_del`,
    `AFTER DELETE ON ${table}`,
    bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0'),
  )}${pgTrigger(
    `trg_${table}_count_upd`,
    `AFTER UPDATE OF is_deleted, tenant_id ON ${table}`,
    `${bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0')}${bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0')}`,
  )}`;
}

/**
 * PostgreSQL: the slot of `row_count` a session's writes bump (migration 611). One per database session, so
 * the saves of one tenant on two sessions never wait on one row until the other's commit (one row per table and
 * tenant made every save of a tenant wait for the one before it); a read sums the slots. SQLite keeps slot 0:
 * it has one writer at a time, nothing waits on a row.
 */
const PG_COUNT_SLOT = 'pg_backend_pid() % 64';

/** what the three count triggers of `table` do on PostgreSQL, per session slot (insert, delete, update) */
function slottedCountBodies(table: string): { ins: string; del: string; upd: string } {
  const bump = (tenant: string, delta: string, when: string) => `
  IF ${when} THEN
    INSERT INTO row_count (table_name, tenant_id, slot, live) VALUES ('${table}', ${tenant}, ${PG_COUNT_SLOT}, ${delta})
      ON CONFLICT (table_name, tenant_id, slot) DO UPDATE SET live = row_count.live + ${delta};
  END IF;`;
  const ins = bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0');
  const del = bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0');
  return { ins, del, upd: `${del}${ins}` };
}

/**
 * The count triggers of a table that has them already (countTriggersPostgres, before migration 611), made to bump
 * their session's slot: their functions replaced, the triggers kept.
 */
export function slotCountTriggersPostgres(table: string): string {
  const bodies = slottedCountBodies(table);
  return (['ins', 'del', 'upd'] as const)
    .map(
      (k) => `
CREATE OR REPLACE FUNCTION trg_${table}_count_${k}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${bodies[k]}
  RETURN NULL;
END $$;`,
    )
    .join('');
}

/** countTriggers' PostgreSQL text once `row_count` has slots (migration 611 and after): the fill, then the triggers bumping their session's slot */
export function slottedCountTriggersPostgres(table: string): string {
  const bodies = slottedCountBodies(table);
  return `
INSERT INTO row_count (table_name, tenant_id, slot, live)
  SELECT '${table}', tenant_id, 0, COUNT(*) FROM ${table} WHERE is_deleted = 0 GROUP BY tenant_id
  ON CONFLICT (table_name, tenant_id, slot) DO UPDATE SET live = excluded.live;
${pgTrigger(`trg_${table}_count_ins`, `AFTER INSERT ON ${table}`, bodies.ins)}${pgTrigger(`trg_${table}_count_del`, `AFTER DELETE ON ${table}`, bodies.del)}${pgTrigger(
    `trg_${table}_count_upd`,
    `AFTER UPDATE OF is_deleted, tenant_id ON ${table}`,
    bodies.upd,
  )}`;
}

/** A table's live rows of one tenant, kept in `row_count` (the sum of its slots; 0 without a row) */
export const liveRowsSql = (tableName: string, tenantId: string): RawBuilder<number> =>
  sql<number>`(SELECT COALESCE(SUM(live), 0) FROM row_count WHERE table_name = ${tableName} AND tenant_id = ${tenantId})`;
