// LocalDb on real SQLite files in temp folders: migrations applied once,
// recorded with their sha256, tampering refused; the repositories it offers.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, MIGRATIONS, sha256 } from '../../../src-main/services/LocalDb';
import { ErrorLogService } from '../../../src-main/services/ErrorLogService';
import { tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  tmp = tempDir();
  file = join(tmp.dir, 'nested', 'local.db');
});
afterEach(() => tmp.remove());

describe('LocalDb migrations', () => {
  it('creates a fresh file in WAL mode with every migration recorded', () => {
    const db = LocalDb.open(file);
    const applied = db.appliedMigrations();
    expect(applied.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(applied[0].sha256).toBe(sha256(MIGRATIONS[0].sql));
    expect(applied[0].applied_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    db.close();

    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = (raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(['_migrations', 'dict_cache', 'error_log', 'preference']);
    const cols = (raw.prepare('PRAGMA table_info(error_log)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(['id', 'type', 'url', 'message', 'stack', 'info', 'time']);
    raw.close();
  });

  it('reopens an existing file without applying anything twice, keeping the data', () => {
    const first = LocalDb.open(file);
    first.addLog({ type: 'error', url: '/wel/index', message: 'boom' });
    const appliedAt = first.appliedMigrations()[0].applied_at;
    first.close();

    const second = LocalDb.open(file);
    expect(second.appliedMigrations()).toHaveLength(MIGRATIONS.length);
    expect(second.appliedMigrations()[0].applied_at).toBe(appliedAt);
    expect(second.countLogs()).toBe(1);
    second.close();
  });

  it('applies only the new migrations of a later version', () => {
    LocalDb.open(file).close();
    const next = MIGRATIONS.length + 1;
    const later = [...MIGRATIONS, { version: next, name: 'notes', sql: 'CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);' }];
    const db = LocalDb.open(file, { migrations: later });
    expect(db.appliedMigrations().map((m) => m.version)).toEqual([...MIGRATIONS.map((m) => m.version), next]);
    db.close();
  });

  it('refuses to open a file whose recorded migration sha256 differs', () => {
    LocalDb.open(file).close();
    const raw = new Database(file);
    raw.prepare('UPDATE _migrations SET sha256 = ? WHERE version = 1').run('0'.repeat(64));
    raw.close();
    expect(() => LocalDb.open(file)).toThrow(/migration 1 .*sha256 mismatch.*refusing to open/);
  });

  it('refuses when the code of an applied migration was changed', () => {
    LocalDb.open(file).close();
    const changed = [{ ...MIGRATIONS[0], sql: MIGRATIONS[0].sql + '\nCREATE TABLE extra (id INTEGER);' }];
    expect(() => LocalDb.open(file, { migrations: changed })).toThrow(/sha256 mismatch/);
    // and the file is left as it was
    const db = LocalDb.open(file);
    expect(db.appliedMigrations()).toHaveLength(MIGRATIONS.length);
    db.close();
  });

  it('refuses a file migrated by a newer version of the app', () => {
    const next = MIGRATIONS.length + 1;
    const later = [...MIGRATIONS, { version: next, name: 'future', sql: 'CREATE TABLE future (id INTEGER);' }];
    LocalDb.open(file, { migrations: later }).close();
    expect(() => LocalDb.open(file)).toThrow(new RegExp(`migration ${next} \\(future\\) which this version of the app does not know`));
  });

  it('rolls back a failing migration entirely', () => {
    const broken = [...MIGRATIONS, { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE half (id INTEGER); SELECT * FROM missing_table;' }];
    expect(() => LocalDb.open(file, { migrations: broken })).toThrow(/missing_table/);
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual({ n: 0 });
    expect(raw.prepare('SELECT max(version) AS v FROM _migrations').get()).toEqual({ v: MIGRATIONS.length });
    raw.close();
  });
});

describe('LocalDb repositories', () => {
  it('keeps the error log newest first, counts and clears it', () => {
    let t = new Date(2025, 0, 2, 3, 4, 5);
    const db = LocalDb.open(file, { now: () => t });
    const logs = new ErrorLogService(db);
    logs.add({ type: 'error', url: '/a', message: 'first', stack: 'at x' });
    t = new Date(2025, 0, 2, 3, 4, 6);
    logs.add({ type: 'unhandledrejection', url: '/b', message: 'second', info: '{"k":1}' });
    const list = logs.list();
    expect(list.map((l) => l.message)).toEqual(['second', 'first']);
    expect(list[0]).toMatchObject({ type: 'unhandledrejection', url: '/b', info: '{"k":1}', time: '2025-01-02 03:04:06' });
    expect(list[1]).toMatchObject({ stack: 'at x', time: '2025-01-02 03:04:05' });
    expect(list[1]).not.toHaveProperty('info');
    expect(logs.count()).toBe(2);
    logs.clear();
    expect(logs.count()).toBe(0);
    expect(logs.list()).toEqual([]);
    db.close();
  });

  it('caches dictionaries by code and invalidates one or all', () => {
    const db = LocalDb.open(file);
    const sex = [{ id: '1', parentId: '0', code: 'sex', dictKey: '1', dictValue: '男', sort: 1 }];
    expect(db.getDict('sex')).toBeNull();
    db.putDict('sex', sex, 1000);
    db.putDict('yes_no', [], 2000);
    expect(db.getDict('sex')).toEqual({ items: sex, fetchedAt: 1000 });
    db.putDict('sex', [], 3000);
    expect(db.getDict('sex')).toEqual({ items: [], fetchedAt: 3000 });
    db.invalidateDict('sex');
    expect(db.getDict('sex')).toBeNull();
    expect(db.getDict('yes_no')).not.toBeNull();
    db.invalidateDict();
    expect(db.getDict('yes_no')).toBeNull();
    db.close();
  });
});
