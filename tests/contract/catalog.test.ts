// The database's own description of its tables on both engines (db/catalog.ts):
// the same rows give the same count and checksum on SQLite and PostgreSQL,
// whatever order they were written in, and on SQLite the checksums equal the
// backup manifest's (backup/sqlite-engine.ts) for a real product database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src-server/app';
import { databasePath } from '../../src-server/db/database';
import { listColumns, listTables, tableStatsOf } from '../../src-server/db/catalog';
import { openSqliteDataLayer, postgresDataLayer, sql, sqliteDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { tableStats } from '../../src-server/backup/sqlite-engine';
import { startPostgres, type PostgresServer } from '../support/postgres';

let server: PostgresServer;
const dirs: string[] = [];
const layers: DataLayer[] = [];
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(async () => {
  for (const l of layers) await l.close();
  await server?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ROWS: [string, number, number | null, string | null][] = [
  ['b', 2, 1.5, '普通'],
  ['B', 3, null, null],
  ['独立站', 1, 2, 'x"y'],
  ['a-1', 10, 0.25, ''],
  ['a_1', -4, 1e10, '\\'],
];

async function fill(data: DataLayer, order: number[]): Promise<void> {
  await data.exec('CREATE TABLE sample_t (code TEXT PRIMARY KEY, n INTEGER NOT NULL, r DOUBLE PRECISION, note TEXT)');
  await data.exec('CREATE TABLE pair_t (a TEXT NOT NULL, b INTEGER NOT NULL, PRIMARY KEY (a, b))');
  for (const i of order) {
    const [code, n, r, note] = ROWS[i]!;
    await data.run(sql`INSERT INTO sample_t (code, n, r, note) VALUES (${code}, ${n}, ${r}, ${note})`);
    await data.run(sql`INSERT INTO pair_t (a, b) VALUES (${code}, ${n})`);
  }
}

describe('catalog', () => {
  it('lists tables and columns with the primary key alike on both engines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seo-cat-'));
    dirs.push(dir);
    const lite = openSqliteDataLayer(dir);
    const pg = postgresDataLayer(await server.createDatabase(), { max: 2 });
    layers.push(lite, pg);
    await fill(lite, [0, 1, 2, 3, 4]);
    await fill(pg, [4, 2, 0, 3, 1]);
    for (const data of [lite, pg]) {
      expect(await listTables(data)).toEqual(['pair_t', 'sample_t']);
      expect(await listColumns(data, 'sample_t')).toEqual([
        { name: 'code', pk: 1, text: true },
        { name: 'n', pk: 0, text: false },
        { name: 'r', pk: 0, text: false },
        { name: 'note', pk: 0, text: true },
      ]);
      expect((await listColumns(data, 'pair_t')).map((c) => [c.name, c.pk])).toEqual([['a', 1], ['b', 2]]);
    }
    const a = await tableStatsOf(lite);
    const b = await tableStatsOf(pg);
    expect(a.sample_t!.rows).toBe(5);
    expect(b).toEqual(a);
    // a changed value changes the checksum
    await pg.run(sql`UPDATE sample_t SET note = ${'改'} WHERE code = ${'b'}`);
    const c = await tableStatsOf(pg, ['sample_t']);
    expect(c.sample_t!.rows).toBe(5);
    expect(c.sample_t!.sha256).not.toBe(a.sample_t!.sha256);
  });

  it('on SQLite gives the backup manifest\'s checksums for a real product database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seo-cat-'));
    dirs.push(dir);
    await (await startServer({ dataDir: dir })).close();
    const raw = new Database(databasePath(dir), { readonly: true });
    const manifest = tableStats(raw);
    const data = sqliteDataLayer(raw);
    layers.push(data);
    const ours = await tableStatsOf(data);
    expect(Object.keys(ours).length).toBeGreaterThan(40);
    expect(ours.blade_user!.rows).toBeGreaterThan(0);
    for (const [table, stat] of Object.entries(ours)) expect(manifest[table], table).toEqual(stat);
  });
});
