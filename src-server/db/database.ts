// The back end's SQLite file: opening it (WAL) and running the numbered migrations.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Migration } from './migrations';

export type Db = Database.Database;

export const DB_FILE = 'server.db';

export function databasePath(dataDir: string): string {
  return join(dataDir, DB_FILE);
}

/** Opens (creating the folder and file if needed) the data folder's database, WAL mode. No migration. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databasePath(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  return db;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationResult {
  /** true when the database had no migration applied before this run */
  fresh: boolean;
  applied: number[];
}

/**
 * Applies pending migrations in order, each in its own transaction. Refuses (throws
 * MigrationError) when an applied migration's SQL changed or the database knows a
 * version this code does not. On a brand-new database `seed` (the first-start seed) runs after every
 * migration but those marked `afterSeed`, which follow it.
 */
export function migrate(db: Db, migrations: readonly Migration[], seed?: (db: Db) => void): MigrationResult {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const rows = db
    .prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    .all() as { version: number; name: string; checksum: string }[];
  const known = new Map(migrations.map((m) => [m.version, m]));
  for (const row of rows) {
    const m = known.get(row.version);
    if (!m) {
      throw new MigrationError(
        `database has migration ${row.version} (${row.name}) that this program does not know; refusing to start`,
      );
    }
    if (sha256(m.sql) !== row.checksum) {
      throw new MigrationError(
        `migration ${row.version} (${row.name}) was changed after it was applied (checksum mismatch); refusing to start`,
      );
    }
  }
  const done = new Set(rows.map((r) => r.version));
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => !done.has(m.version));
  const insert = db.prepare(
    'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)',
  );
  const apply = (m: Migration) =>
    db.transaction(() => {
      db.exec(m.sql);
      insert.run(m.version, m.name, sha256(m.sql), new Date().toISOString());
    })();
  if (rows.length === 0 && seed) {
    for (const m of pending) if (!m.afterSeed) apply(m);
    seed(db);
    for (const m of pending) if (m.afterSeed) apply(m);
  } else for (const m of pending) apply(m);
  return { fresh: rows.length === 0, applied: pending.map((m) => m.version) };
}
