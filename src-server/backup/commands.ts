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

/** One line for the operator: what the backup holds. */
export function describeBackup(m: Manifest): string {
  const tables = Object.values(m.tables);
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  const files = m.files.filter((f) => f.type === 'file');
  const bytes = files.reduce((n, f) => n + f.size, 0);
  return `${m.engine} schema ${m.schemaVersion}, ${tables.length} tables (${rows} rows), ${files.length} files (${bytes} bytes), taken ${m.createdAt}`;
}
