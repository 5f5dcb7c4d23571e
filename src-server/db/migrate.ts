// Running the numbered migrations on either engine (docs/team-server.md § "Migrations on two engines"):
// checksums, refusal of unknown or changed versions, each migration in its own transaction, the first-start
// seed between the migrations and those marked `afterSeed`.
import { MigrationError, sha256 } from './database';
import { sql, type DataLayer, type Engine } from './data-layer';
import type { Migration } from './migrations';

export interface MigrationResult {
  /** true when the database had no migration applied before this run */
  fresh: boolean;
  applied: number[];
}

/**
 * PostgreSQL: the advisory lock every instance takes for its migration run, so two instances starting
 * together migrate once (the second waits, then finds nothing pending). Any constant of this product's own.
 */
export const MIGRATION_LOCK = 731_029_001;

/**
 * PostgreSQL: the advisory lock an instance holds while its modules start (their once-per-install seeds: the
 * leave process, top menus, notices), so two instances starting together seed once.
 */
export const STARTUP_LOCK = 731_029_002;

/**
 * Runs `work` while this instance holds the advisory lock `key` (PostgreSQL: on a connection pinned for the
 * run; other instances asking for it wait). SQLite has one process: `work` just runs.
 */
export async function whileHolding<T>(data: DataLayer, key: number, work: () => Promise<T>): Promise<T> {
  if (data.engine === 'sqlite') return work();
  return data.pinned(async (conn) => {
    await conn.get(sql`SELECT pg_advisory_lock(${key})`);
    try {
      return await work();
    } finally {
      // a broken connection drops the lock with its session; nothing to undo then
      await conn.get(sql`SELECT pg_advisory_unlock(${key})`).catch(() => undefined);
    }
  });
}

/** The text of a migration on an engine: its PostgreSQL text where it has one, else the one text of both. */
export function migrationText(m: Migration, engine: Engine): string {
  return engine === 'postgres' ? (m.postgres ?? m.sql) : m.sql;
}

/**
 * Applies pending migrations in order, each in its own transaction. Refuses (throws
 * MigrationError) when an applied migration's text changed or the database knows a
 * version this code does not. On a brand-new database `seed` (the first-start seed) runs after every
 * migration but those marked `afterSeed`, which follow it. On PostgreSQL the whole run holds
 * `pg_advisory_lock(MIGRATION_LOCK)` on one connection.
 */
export async function migrate(
  data: DataLayer,
  migrations: readonly Migration[],
  seed?: (data: DataLayer) => Promise<void>,
): Promise<MigrationResult> {
  if (data.engine === 'sqlite') return run(data, migrations, seed);
  return data.pinned(async (conn) => {
    await conn.get(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      return await run(conn, migrations, seed);
    } finally {
      // a broken connection drops the lock with its session; nothing to undo then
      await conn.get(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
    }
  });
}

async function run(
  data: DataLayer,
  migrations: readonly Migration[],
  seed?: (data: DataLayer) => Promise<void>,
): Promise<MigrationResult> {
  await data.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const rows = await data.all(
    sql<{ version: number; name: string; checksum: string }>`SELECT version, name, checksum FROM schema_migrations ORDER BY version`,
  );
  const known = new Map(migrations.map((m) => [m.version, m]));
  for (const row of rows) {
    const m = known.get(row.version);
    if (!m) {
      throw new MigrationError(
        `database has migration ${row.version} (${row.name}) that this program does not know; refusing to start`,
      );
    }
    if (sha256(migrationText(m, data.engine)) !== row.checksum) {
      throw new MigrationError(
        `migration ${row.version} (${row.name}) was changed after it was applied (checksum mismatch); refusing to start`,
      );
    }
  }
  const done = new Set(rows.map((r) => r.version));
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => !done.has(m.version));
  const apply = (m: Migration) =>
    data
      .transaction(async (trx) => {
        const text = migrationText(m, data.engine);
        await trx.exec(text);
        await trx.run(sql`INSERT INTO schema_migrations (version, name, checksum, applied_at)
          VALUES (${m.version}, ${m.name}, ${sha256(text)}, ${new Date().toISOString()})`);
      })
      .catch((err: unknown) => {
        // PostgreSQL's message names no migration: say which one (and whether it has a text of its own there)
        if (data.engine === 'sqlite') throw err;
        const own = m.postgres === undefined ? 'its SQLite text (no PostgreSQL text given)' : 'its PostgreSQL text';
        throw new MigrationError(`migration ${m.version} (${m.name}) failed on PostgreSQL with ${own}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      });
  if (rows.length === 0 && seed) {
    for (const m of pending) if (!m.afterSeed) await apply(m);
    await seed(data);
    for (const m of pending) if (m.afterSeed) await apply(m);
  } else for (const m of pending) await apply(m);
  return { fresh: rows.length === 0, applied: pending.map((m) => m.version) };
}
