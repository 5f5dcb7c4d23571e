import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src-server/app';
import { MigrationError, openDatabase, sha256 } from '../../src-server/db/database';
import { sqliteDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { migrate } from '../../src-server/db/migrate';
import { MIGRATIONS } from '../../src-server/modules';
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
    await migrate(sqliteDataLayer(db2), [...MIGRATIONS, { version: 99, name: 'future', sql: 'CREATE TABLE future_t (x INTEGER)' }]);
    db2.close();
    await expect(startServer({ dataDir: dir2 })).rejects.toThrow(/does not know/);
  });

  it('applies only pending migrations to an older database', async () => {
    const dir = newDir();
    const db = openDatabase(dir);
    const data = sqliteDataLayer(db);
    try {
      expect(await migrate(data, MIGRATIONS.slice(0, 1))).toEqual({ fresh: true, applied: [1] });
      expect(await migrate(data, MIGRATIONS)).toEqual({ fresh: false, applied: MIGRATIONS.slice(1).map((m) => m.version) });
      expect(await migrate(data, MIGRATIONS)).toEqual({ fresh: false, applied: [] });
    } finally {
      db.close();
    }
  });

  it('on a new database runs the migrations marked afterSeed after the seed, elsewhere in their order', async () => {
    const order: string[] = [];
    const list = [
      { version: 1, name: 'table', sql: 'CREATE TABLE t (x TEXT)' },
      { version: 2, name: 'row under the seed', afterSeed: true, sql: "INSERT INTO t SELECT 'child of ' || x FROM t" },
      { version: 3, name: 'another table', sql: 'CREATE TABLE u (y TEXT)' },
    ];
    const db = openDatabase(newDir());
    const data = sqliteDataLayer(db);
    try {
      const seed = async (d: DataLayer) => {
        order.push('seed');
        await d.exec("INSERT INTO t VALUES ('seeded')");
      };
      expect((await migrate(data, list, seed)).fresh).toBe(true);
      expect(order).toEqual(['seed']);
      expect(db.prepare('SELECT x FROM t ORDER BY x').pluck().all()).toEqual(['child of seeded', 'seeded']);
      expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2, 3]);
      // an existing database: no seed, every pending migration in its order
      const later = [...list, { version: 4, name: 'after', afterSeed: true, sql: "INSERT INTO u VALUES ('later')" }];
      expect(await migrate(data, later, seed)).toEqual({ fresh: false, applied: [4] });
      expect(order).toEqual(['seed']);
    } finally {
      db.close();
    }
  });

  // The checksums of the applied migrations as they were before the content
  // module was split by feature (and every migration since is appended here when
  // it lands). Moving a migration between files is fine; changing its SQL is not:
  // every install that applied it would refuse to start.
  const APPLIED: Record<number, string> = {
  1: '293ecd7b147db928c473b3b019e7ae64a4aa891fbdd873ce3a2ad8f58ac5ae6b',
  2: '253681046d5ed009bb7642cf17a2641243d6838e79a65c6ca9fb26e7f4502cce',
  3: 'ce5a83527c6b8416c637cc1d2cd646ec308aaeabf745c4cf17962e6f92431998',
  4: '581882e3fcece3e6a80f0040f9b1b273cbac5fc632c04159f7aafc99526b04c2',
  100: '5f7386c1d4c479334f8de192bd93413fea673ae8d879844184e59fb0feb37f7b',
  200: '2489ebd85bf6c7bac584d6fd889239b0e7bae01b90bdf46c9abefe40ffacd39f',
  201: '42c22499fa0c5fe18930294b59d641d7344da6a0c119914e902a7ebe599deec4',
  300: '95793a10ac67e7a385270bb6355add0121b3a2aac1779685c28369cfdae7573d',
  310: '44e295383dd507c2cf8f5a86b2f0fd6291f5c40748c054ccba8759528428aba0',
  320: '33a38bb965e1223859f1c19a1c0572717c88d685e2488b688ff6f784f5e96235',
  330: 'a085e4f7d1eb954a8a17ec93dad976716f8d190b2cbf40055c8892d0c6b66c84',
  331: '6420a898f472d203e33a508e3cd1209e40e7724a52e35ae69d8a2b73b271572f',
  340: 'db271f4dba4f59d72ff06576d192e6f88f6bad28ecafd93f5e7ea6e65f2ec9f6',
  400: '47444241e6eae7ef5ef6d6c8ee8db9eb24ffb4addb77632025690a66f388f70c',
  401: '0a6bfb0d12399f1aafc8fe57e86f6bf031362be063a76d5fcd9b7a4379bd74b4',
  402: '534862a44604e4cf3f2e0fd4304e0592140bfbc452a40ffdab168cc06bc2eefb',
  403: '33473c5ca7eae2a5de13f61161d5eee420df236b05c96145cc9a93f89aa99bad',
  404: 'cce8b3994640d10d892cca548a790b948e95ec8327748d386e8c46b7955cd498',
  405: 'bbf24d66196dea6886511af85208426272c4e2f9469ac9e90e62d08c88e13f29',
  410: '5ded069a6a828a5872689168d1d0c17408021f64b894c1a4ef44bceaf94f98cf',
  420: '77a5217db5c1c4a226c0a58a4b469ba0675a84b502366fa04afbc3f514194816',
  500: '51a629d271c3278ebc291382c9f4e3a41e0bd528343c278336fe96357d69e6d1',
  501: 'aee7c141a7bc76f788a5e87cad684158b65124041d9a22062436513a0d89af58',
  600: '8d3528830a85d860990521e4f2c965dd30c9491e858241950bd234d90dfc5a5a',
  };

  it('keeps every applied migration byte for byte (ids and checksums pinned)', () => {
    const byVersion = new Map(MIGRATIONS.map((m) => [m.version, m]));
    for (const [version, checksum] of Object.entries(APPLIED)) {
      const m = byVersion.get(Number(version));
      expect(m, `migration ${version} is gone`).toBeDefined();
      expect(sha256(m!.sql), `migration ${version} (${m!.name}) changed`).toBe(checksum);
    }
    const versions = MIGRATIONS.map((m) => m.version);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
