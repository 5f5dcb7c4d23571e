// The console's own SQLite file (better-sqlite3, WAL) in the data folder:
// the local error log and the dictionary cache. Migrations are numbered and
// kept in code; each applied one is recorded with the sha256 of its SQL, and a
// file whose recorded migrations differ from the code is refused, never patched.

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { DictItem, ErrorLogEntry, ErrorLogInput } from '../../src-shared/wire';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'error log and dictionary cache',
    sql: `
CREATE TABLE error_log (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  url TEXT NOT NULL,
  message TEXT NOT NULL,
  stack TEXT,
  info TEXT,
  time TEXT NOT NULL
);
CREATE TABLE dict_cache (
  code TEXT PRIMARY KEY,
  items TEXT NOT NULL,
  fetched_at INTEGER NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'preferences kept by main (open tabs per profile)',
    sql: `
CREATE TABLE preference (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
  },
];

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** yyyy-MM-dd HH:mm:ss in local time */
export function formatTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export interface CachedDict {
  items: DictItem[];
  fetchedAt: number;
}

export interface LocalDbOptions {
  migrations?: readonly Migration[];
  now?: () => Date;
}

export class LocalDb {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly now: () => Date;

  private constructor(file: string, db: Database.Database, now: () => Date) {
    this.file = file;
    this.db = db;
    this.now = now;
  }

  /** Opens (creating if needed) and migrates the file; throws when its migration history does not match the code. */
  static open(file: string, options: LocalDbOptions = {}): LocalDb {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      migrate(db, file, options.migrations ?? MIGRATIONS);
    } catch (e) {
      db.close();
      throw e;
    }
    return new LocalDb(file, db, options.now ?? (() => new Date()));
  }

  /** versions applied to this file, in order */
  appliedMigrations(): { version: number; name: string; sha256: string; applied_at: string }[] {
    return this.db.prepare('SELECT version, name, sha256, applied_at FROM _migrations ORDER BY version').all() as {
      version: number;
      name: string;
      sha256: string;
      applied_at: string;
    }[];
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ---- preferences ----

  getPreference(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM preference WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setPreference(key: string, value: string): void {
    this.db.prepare('INSERT INTO preference (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  // ---- error log ----

  addLog(input: ErrorLogInput): ErrorLogEntry {
    const time = formatTime(this.now());
    const r = this.db
      .prepare('INSERT INTO error_log (type, url, message, stack, info, time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.type, input.url, input.message, input.stack ?? null, input.info ?? null, time);
    return { id: Number(r.lastInsertRowid), ...input, time };
  }

  /** newest first */
  listLogs(limit = 1000): ErrorLogEntry[] {
    const rows = this.db
      .prepare('SELECT id, type, url, message, stack, info, time FROM error_log ORDER BY id DESC LIMIT ?')
      .all(limit) as { id: number; type: string; url: string; message: string; stack: string | null; info: string | null; time: string }[];
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      url: r.url,
      message: r.message,
      ...(r.stack !== null ? { stack: r.stack } : {}),
      ...(r.info !== null ? { info: r.info } : {}),
      time: r.time,
    }));
  }

  clearLogs(): void {
    this.db.prepare('DELETE FROM error_log').run();
  }

  countLogs(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM error_log').get() as { n: number }).n;
  }

  // ---- dictionary cache ----

  getDict(code: string): CachedDict | null {
    const row = this.db.prepare('SELECT items, fetched_at FROM dict_cache WHERE code = ?').get(code) as
      | { items: string; fetched_at: number }
      | undefined;
    if (!row) return null;
    try {
      return { items: JSON.parse(row.items) as DictItem[], fetchedAt: row.fetched_at };
    } catch {
      this.invalidateDict(code);
      return null;
    }
  }

  putDict(code: string, items: DictItem[], fetchedAt: number): void {
    this.db
      .prepare(
        'INSERT INTO dict_cache (code, items, fetched_at) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET items = excluded.items, fetched_at = excluded.fetched_at',
      )
      .run(code, JSON.stringify(items), fetchedAt);
  }

  /** drops one code, or the whole cache when no code is given */
  invalidateDict(code?: string): void {
    if (code === undefined) this.db.prepare('DELETE FROM dict_cache').run();
    else this.db.prepare('DELETE FROM dict_cache WHERE code = ?').run(code);
  }
}

function migrate(db: Database.Database, file: string, migrations: readonly Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = db.prepare('SELECT version, name, sha256 FROM _migrations ORDER BY version').all() as {
    version: number;
    name: string;
    sha256: string;
  }[];
  const known = new Map(migrations.map((m) => [m.version, m]));
  for (const row of applied) {
    const m = known.get(row.version);
    if (!m) {
      throw new Error(
        `LocalDb: ${file} has migration ${row.version} (${row.name}) which this version of the app does not know; refusing to open it`,
      );
    }
    if (sha256(m.sql) !== row.sha256) {
      throw new Error(
        `LocalDb: migration ${row.version} (${row.name}) applied to ${file} differs from the code (sha256 mismatch); refusing to open it`,
      );
    }
  }
  const done = new Set(applied.map((r) => r.version));
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => !done.has(m.version));
  const record = db.prepare('INSERT INTO _migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)');
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, sha256(m.sql), formatTime(new Date()));
    })();
  }
}
