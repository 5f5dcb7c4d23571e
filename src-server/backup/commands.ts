// The backup and restore commands of `npm run server` (cli.ts): the engine of
// the data folder (SQLite, the one today; a `--database` URL will choose
// PostgreSQL's engine here), then the engine-independent archive code.
import { MIGRATIONS } from '../modules';
import { createBackup } from './backup';
import type { BackupEngine } from './engine';
import type { Manifest } from './manifest';
import { restoreBackup } from './restore';
import { SQLITE_FILES, SqliteBackupEngine } from './sqlite-engine';

function engineFor(dataDir: string): { engine: BackupEngine; databaseFiles: readonly string[] } {
  return { engine: new SqliteBackupEngine(dataDir), databaseFiles: SQLITE_FILES };
}

export const knownSchemaVersion = (): number => Math.max(...MIGRATIONS.map((m) => m.version));

export function backupDataFolder(dataDir: string, to: string): Promise<Manifest> {
  return createBackup({ dataDir, to, ...engineFor(dataDir) });
}

export function restoreDataFolder(from: string, dataDir: string): Promise<Manifest> {
  return restoreBackup({ from, dataDir, engine: engineFor(dataDir).engine, knownSchemaVersion: knownSchemaVersion() });
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
