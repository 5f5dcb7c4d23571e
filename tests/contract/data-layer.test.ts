// The data layer (src-server/db/data-layer.ts) answers the same on both engines: the same calls, the same
// assertions, once on a SQLite file and once on a real PostgreSQL (tests/support/postgres.ts).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer, type DataLayer, type Engine } from '../../src-server/db/data-layer';
import { formatDateTime } from '../../src-server/util/dates';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { tempDir } from './helpers';

let server: PostgresServer;
let dir: string;
const layers = new Map<Engine, DataLayer>();

beforeAll(async () => {
  server = await startPostgres();
  dir = tempDir();
  layers.set('sqlite', sqliteDataLayer(openDatabase(dir)));
  layers.set('postgres', postgresDataLayer(await server.createDatabase()));
  for (const data of layers.values()) {
    await data.exec(`
      CREATE TABLE dl_item (id TEXT PRIMARY KEY, name TEXT NOT NULL, qty INTEGER NOT NULL DEFAULT 0, dl_marker TEXT);
      CREATE TABLE dl_other (id TEXT PRIMARY KEY, dl_marker TEXT);
      CREATE TABLE dl_plain (id TEXT PRIMARY KEY);`);
  }
}, 60_000);

afterAll(async () => {
  for (const data of layers.values()) await data.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const engines: Engine[] = ['sqlite', 'postgres'];

describe.each(engines)('the data layer on %s', (engine) => {
  const data = () => layers.get(engine)!;
  const names = async () => (await data().all(sql<{ name: string }>`SELECT name FROM dl_item ORDER BY id`)).map((r) => r.name);

  it('all, get and run: rows, the first row or undefined, the number of rows changed', async () => {
    const d = data();
    await d.run(sql`DELETE FROM dl_item`);
    expect(await d.run(sql`INSERT INTO dl_item (id, name, qty) VALUES (${'a'}, ${'苹果'}, ${3})`)).toBe(1);
    expect(await d.run(sql`INSERT INTO dl_item (id, name, qty) VALUES ('b', 'Banana', 5), ('c', 'cherry', 7)`)).toBe(2);
    expect(await d.all(sql<{ id: string; qty: number }>`SELECT id, qty FROM dl_item ORDER BY id`)).toEqual([
      { id: 'a', qty: 3 },
      { id: 'b', qty: 5 },
      { id: 'c', qty: 7 },
    ]);
    expect(await d.get(sql`SELECT name FROM dl_item WHERE id = ${'b'}`)).toEqual({ name: 'Banana' });
    expect(await d.get(sql`SELECT name FROM dl_item WHERE id = ${'zz'}`)).toBeUndefined();
    // counts and sums are numbers on both
    expect(await d.get(sql`SELECT COUNT(*) AS n, SUM(qty) AS total FROM dl_item`)).toEqual({ n: 3, total: 15 });
    expect(await d.run(sql`UPDATE dl_item SET qty = qty + 1 WHERE qty > ${4}`)).toBe(2);
    expect(await d.run(sql`UPDATE dl_item SET qty = 0 WHERE id = 'none'`)).toBe(0);
    expect(await d.run(sql`DELETE FROM dl_item WHERE id IN (${sql.join(['b', 'c'])})`)).toBe(2);
    expect(await names()).toEqual(['苹果']);
  });

  it('exec runs several statements', async () => {
    const d = data();
    await d.exec(`DELETE FROM dl_item; INSERT INTO dl_item (id, name) VALUES ('x1', 'one'); INSERT INTO dl_item (id, name) VALUES ('x2', 'two');`);
    expect(await names()).toEqual(['one', 'two']);
  });

  it('a transaction commits what its work wrote and answers what the work answered', async () => {
    const d = data();
    await d.run(sql`DELETE FROM dl_item`);
    const answer = await d.transaction(async (trx) => {
      await trx.run(sql`INSERT INTO dl_item (id, name) VALUES ('t1', 'kept')`);
      await trx.exec(`INSERT INTO dl_item (id, name) VALUES ('t2', 'kept too')`);
      return (await trx.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM dl_item`))!.n;
    });
    expect(answer).toBe(2);
    expect(await names()).toEqual(['kept', 'kept too']);
  });

  it('a transaction whose work throws is rolled back, and the error reaches the caller', async () => {
    const d = data();
    await d.run(sql`DELETE FROM dl_item`);
    await expect(
      d.transaction(async (trx) => {
        await trx.run(sql`INSERT INTO dl_item (id, name) VALUES ('r1', 'gone')`);
        await trx.exec(`INSERT INTO dl_item (id, name) VALUES ('r2', 'gone too')`);
        throw new Error('无效操作');
      }),
    ).rejects.toThrow('无效操作');
    // a failing statement too
    await expect(
      d.transaction(async (trx) => {
        await trx.run(sql`INSERT INTO dl_item (id, name) VALUES ('r3', 'gone')`);
        await trx.run(sql`INSERT INTO dl_item (id, name) VALUES ('r3', 'duplicate key')`);
      }),
    ).rejects.toThrow();
    expect(await names()).toEqual([]);
  });

  it('pinned work runs on one connection (a temporary table stays visible to it)', async () => {
    const d = data();
    const seen = await d.pinned(async (conn) => {
      await conn.exec('CREATE TEMP TABLE dl_session (x TEXT)');
      await conn.run(sql`INSERT INTO dl_session (x) VALUES ('mine')`);
      const inside = await conn.transaction((trx) => trx.all(sql<{ x: string }>`SELECT x FROM dl_session`));
      await conn.exec('DROP TABLE dl_session');
      return inside;
    });
    expect(seen).toEqual([{ x: 'mine' }]);
  });

  it('dialect.now is the local time now as YYYY-MM-DD HH:MM:SS', async () => {
    const before = formatDateTime(Date.now() - 2000);
    const row = await data().get(sql<{ now: string }>`SELECT ${data().dialect.now()} AS now`);
    const after = formatDateTime(Date.now() + 2000);
    expect(row?.now).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row!.now >= before && row!.now <= after, `${before} <= ${row!.now} <= ${after}`).toBe(true);
  });

  it('dialect.contains matches a substring ignoring ASCII case, with % _ and \\ taken literally', async () => {
    const d = data();
    await d.run(sql`DELETE FROM dl_item`);
    const rows: [string, string][] = [
      ['1', 'Cross-border SHOP 独立站'],
      ['2', '50% off'],
      ['3', '500 off'],
      ['4', 'a_b'],
      ['5', 'axb'],
      ['6', 'back\\slash'],
    ];
    for (const [id, name] of rows) await d.run(sql`INSERT INTO dl_item (id, name) VALUES (${id}, ${name})`);
    const match = async (term: string) =>
      (await d.all(sql<{ id: string }>`SELECT id FROM dl_item WHERE ${d.dialect.contains(sql.ref('name'), term)} ORDER BY id`)).map((r) => r.id);
    expect(await match('shop')).toEqual(['1']);
    expect(await match('独立站')).toEqual(['1']);
    expect(await match('50%')).toEqual(['2']);
    expect(await match('a_b')).toEqual(['4']);
    expect(await match('k\\s')).toEqual(['6']);
    expect(await match('OFF')).toEqual(['2', '3']);
    expect(await match('none')).toEqual([]);
  });

  it('dialect.tablesWithColumn names the tables holding a column, in order', async () => {
    const tables = await data().all(data().dialect.tablesWithColumn('dl_marker'));
    expect(tables).toEqual([{ table_name: 'dl_item' }, { table_name: 'dl_other' }]);
  });
});
