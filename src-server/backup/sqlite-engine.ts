// The embedded engine's side of backup and restore: the data folder's SQLite file.
//
// The snapshot uses SQLite's online backup API (better-sqlite3's db.backup()),
// not VACUUM INTO: the backup copies the database page for page as of one read
// transaction, so rowids are kept. VACUUM INTO rebuilds the tables and may give
// rows of a table without an INTEGER PRIMARY KEY new rowids, which would
// silently break the FTS5 title index (external content keyed by rowid,
// content/articles migration 350). In WAL mode the copy's read does not block
// the serving process's writes; a write between two steps restarts the copy,
// so after the first step the rest is copied in one step. The served database is
// opened as the server opens it (openSqliteDataLayer), its raw handle taken for the
// backup API; the copy and a restored file are read here directly (the checksums walk
// every row of a file, which is this engine's business, not the data layer's).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE, databasePath, type Db } from '../db/database';
import { openSqliteDataLayer, type DataLayer } from '../db/data-layer';
import type { BackupReason } from '../../src-shared/backup-reasons';
import type { BackupEngine, DatabaseSnapshot, TableStats } from './engine';
import { refusal } from './refusal';

/** Files of the data folder that belong to the database (copied by the snapshot, never as files). */
export const SQLITE_FILES = [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, `${DB_FILE}-journal`];

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The application's tables (FTS5 and other virtual tables and their shadow tables are derived, so left out), sorted by name. */
function tablesOf(db: Db): string[] {
  const rows = db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return rows.map((r) => r.name);
}

/** Every table's row count and content checksum (rows in primary-key order, else in the order of all columns). */
export function tableStats(db: Db): TableStats {
  const stats: TableStats = {};
  for (const table of tablesOf(db)) {
    const cols = db.prepare(`SELECT name, pk FROM pragma_table_info(?) ORDER BY cid`).all(table) as { name: string; pk: number }[];
    const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = (pk.length ? pk : cols).map((c) => quote(c.name)).join(', ');
    const hash = createHash('sha256');
    let rows = 0;
    for (const row of db.prepare(`SELECT * FROM ${quote(table)} ORDER BY ${order}`).raw().iterate() as IterableIterator<unknown[]>) {
      hash.update(JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? `x'${v.toString('hex')}'` : v))));
      hash.update('\n');
      rows++;
    }
    stats[table] = { rows, sha256: hash.digest('hex') };
  }
  return stats;
}

export function schemaVersionOf(db: Db): number {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!has) return 0;
  return (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number }).v;
}

function inspect(file: string): { schemaVersion: number; tables: TableStats } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return { schemaVersion: schemaVersionOf(db), tables: tableStats(db) };
  } finally {
    db.close();
  }
}

export class SqliteBackupEngine implements BackupEngine {
  readonly name = 'sqlite';

  constructor(private readonly dataDir: string) {}

  async snapshot(workDir: string): Promise<DatabaseSnapshot> {
    const source = databasePath(this.dataDir);
    if (!existsSync(source)) throw refusal('noDatabase', { dir: this.dataDir });
    const data = openSqliteDataLayer(this.dataDir);
    const copy = join(workDir, DB_FILE);
    // the copy holds at least what was committed when it began (a write meanwhile restarts it, later still)
    const takenAt = new Date();
    try {
      await data.sqlite!.backup(copy, { progress: () => 1 << 30 });
    } finally {
      await data.close();
    }
    // the copy says WAL like its source; a single file is what the archive holds
    const out = new Database(copy);
    try {
      out.pragma('journal_mode = DELETE');
    } finally {
      out.close();
    }
    return { files: { [DB_FILE]: copy }, ...inspect(copy), takenAt };
  }

  async refuseTarget(): Promise<BackupReason | null> {
    return SQLITE_FILES.some((f) => existsSync(join(this.dataDir, f))) ? { code: 'targetHoldsDatabase', params: { dir: this.dataDir } } : null;
  }

  restorePath(name: string): string | null {
    return name === DB_FILE ? databasePath(this.dataDir) : null;
  }

  async inspectRestored(): Promise<{ schemaVersion: number; tables: TableStats }> {
    return inspect(databasePath(this.dataDir));
  }

  async withRestored(work: (data: DataLayer) => Promise<void>): Promise<void> {
    const data = openSqliteDataLayer(this.dataDir);
    try {
      await work(data);
    } finally {
      await data.close();
    }
  }
}
