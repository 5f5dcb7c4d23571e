import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src-server/app';
import { migrate, MigrationError, openDatabase } from '../../src-server/db/database';
import { MIGRATIONS } from '../../src-server/db/migrations';
import { api, login, tempDir } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const newDir = (): string => {
  const d = tempDir();
  dirs.push(d);
  return d;
};

describe('data folder and migrations', () => {
  it('creates, migrates and seeds a new folder, in WAL mode, recording checksums', async () => {
    const dir = newDir();
    const server = await startServer({ dataDir: dir });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/api`);
    expect(server.dataDir).toBe(dir);
    await server.close();
    const db = openDatabase(dir);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const rows = db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all() as {
        version: number;
        checksum: string;
      }[];
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      for (const r of rows) expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(db.prepare("SELECT COUNT(*) AS n FROM blade_user WHERE account = 'admin'").get()).toEqual({ n: 1 });
      expect((db.prepare('SELECT value FROM blade_setting WHERE key = ?').get('jwt.secret') as { value: string }).value.length).toBeGreaterThan(40);
    } finally {
      db.close();
    }
  });

  it('does not reseed on a second start, keeps data and the signing secret', async () => {
    const dir = newDir();
    const first = await startServer({ dataDir: dir });
    const token = await login(first.url);
    const added = await api<{ id: string }>(first.url, token, 'POST', '/website-blade-system/param/submit', {
      json: { paramName: '保留', paramKey: 'keep.me', paramValue: '1' },
    });
    const seeded = await api<{ records: { id: string }[] }>(first.url, token, 'GET', '/website-blade-system/param/list', {
      query: { paramKey_equal: 'account.initPassword' },
    });
    await api(first.url, token, 'POST', '/website-blade-system/param/remove', { query: { ids: seeded.body.data.records[0].id } });
    await first.close();

    const second = await startServer({ dataDir: dir });
    try {
      // a token from the first run is still valid: same per-install secret
      const list = await api<{ total: number; records: { paramKey: string }[] }>(second.url, token, 'GET', '/website-blade-system/param/list');
      expect(list.status).toBe(200);
      const keys = list.body.data.records.map((r) => r.paramKey);
      expect(keys).toContain('keep.me');
      expect(keys).not.toContain('account.initPassword'); // removed one not seeded again
      expect(list.body.data.total).toBe(6);
      expect(added.status).toBe(200);
    } finally {
      await second.close();
    }
    const db = openDatabase(dir);
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM blade_user WHERE account = 'admin'").get()).toEqual({ n: 1 });
      expect(db.prepare("SELECT COUNT(*) AS n FROM blade_client").get()).toEqual({ n: 2 });
    } finally {
      db.close();
    }
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = newDir();
    await (await startServer({ dataDir: dir })).close();
    const edited = MIGRATIONS.map((m) => (m.version === 3 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    await expect(startServer({ dataDir: dir, migrations: edited })).rejects.toThrow(/migration 3 .*changed/);
    // and the folder is still usable with the real migrations
    const again = await startServer({ dataDir: dir });
    await again.close();
  });

  it('refuses a checksum tampered in the database and a version it does not know', async () => {
    const dir = newDir();
    await (await startServer({ dataDir: dir })).close();
    const db = openDatabase(dir);
    db.prepare("UPDATE schema_migrations SET checksum = 'x' WHERE version = 1").run();
    db.close();
    await expect(startServer({ dataDir: dir })).rejects.toBeInstanceOf(MigrationError);

    const dir2 = newDir();
    const db2 = openDatabase(dir2);
    migrate(db2, [...MIGRATIONS, { version: 99, name: 'future', sql: 'CREATE TABLE future_t (x INTEGER)' }]);
    db2.close();
    await expect(startServer({ dataDir: dir2 })).rejects.toThrow(/does not know/);
  });

  it('applies only pending migrations to an older database', () => {
    const dir = newDir();
    const db = openDatabase(dir);
    try {
      expect(migrate(db, MIGRATIONS.slice(0, 1))).toEqual({ fresh: true, applied: [1] });
      expect(migrate(db)).toEqual({ fresh: false, applied: MIGRATIONS.slice(1).map((m) => m.version) });
      expect(migrate(db)).toEqual({ fresh: false, applied: [] });
    } finally {
      db.close();
    }
  });
});
