// The backup and restore commands of `npm run server` (cli.ts): the engine (the
// data folder's SQLite file, or with `--database` the team server's
// PostgreSQL), then the engine-independent archive code.
import { MIGRATIONS } from '../modules';
import { createBackup } from './backup';
import type { BackupEngine } from './engine';
import type { Manifest } from './manifest';
import { restoreBackup } from './restore';
import { PostgresBackupEngine } from './postgres-engine';
import { SQLITE_FILES, SqliteBackupEngine } from './sqlite-engine';

function engineFor(dataDir: string, database?: string): { engine: BackupEngine; databaseFiles: readonly string[] } {
  const engine = database ? new PostgresBackupEngine(database) : new SqliteBackupEngine(dataDir);
  return { engine, databaseFiles: SQLITE_FILES };
}

export const knownSchemaVersion = (): number => Math.max(...MIGRATIONS.map((m) => m.version));

/** A backup of the data folder's files and its database (the folder's SQLite file, or `database`). */
export function backupDataFolder(dataDir: string, to: string, database?: string): Promise<Manifest> {
  return createBackup({ dataDir, to, ...engineFor(dataDir, database) });
}

/** A backup restored into an empty data folder and its database (a new SQLite file, or the empty `database`). */
export function restoreDataFolder(from: string, dataDir: string, database?: string): Promise<Manifest> {
  return restoreBackup({ from, dataDir, engine: engineFor(dataDir, database).engine, knownSchemaVersion: knownSchemaVersion() });
}

/** What a backup holds, counted: tables and their rows, the data folder's files and their bytes (links not counted). */
export function backupSummary(m: Manifest): { tables: number; rows: number; files: number; bytes: number } {
  const tables = Object.values(m.tables);
  const files = m.files.filter((f) => f.type === 'file');
  return { tables: tables.length, rows: tables.reduce((n, t) => n + t.rows, 0), files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) };
}

/** One line for the operator: what the backup holds. */
export function describeBackup(m: Manifest): string {
  const s = backupSummary(m);
  return `${m.engine} schema ${m.schemaVersion}, ${s.tables} tables (${s.rows} rows), ${s.files} files (${s.bytes} bytes), taken ${m.createdAt}`;
}
