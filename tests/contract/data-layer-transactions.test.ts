// Transactions of the data layer on both engines: a transaction inside one is a
// savepoint (its writes undone when it throws, the outer one goes on), and a
// query on the data layer itself from inside one of its open transactions is
// refused with the reason (on SQLite it would wait for itself forever, on
// PostgreSQL it would run outside the transaction). Work started inside a
// transaction that queries after the commit is not refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteDataLayer, postgresDataLayer, sql, type DataLayer } from '../../src-server/db/data-layer';
import { startPostgres, type PostgresServer } from '../support/postgres';

let server: PostgresServer;
const dir = mkdtempSync(join(tmpdir(), 'seo-dl-'));
const engines: Record<string, DataLayer> = {};
beforeAll(async () => {
  server = await startPostgres();
  engines.sqlite = openSqliteDataLayer(dir);
  engines.postgres = postgresDataLayer(await server.createDatabase(), { max: 4 });
  for (const data of Object.values(engines)) await data.exec('CREATE TABLE t (a INTEGER NOT NULL)');
}, 60_000);
afterAll(async () => {
  for (const data of Object.values(engines)) await data.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const values = async (data: DataLayer) => (await data.all(sql<{ a: number }>`SELECT a FROM t ORDER BY a`)).map((r) => r.a);

describe.each(['sqlite', 'postgres'])('%s', (engine) => {
  it('a transaction in a transaction is a savepoint', async () => {
    const data = engines[engine]!;
    await data.run(sql`DELETE FROM t`);
    await data.transaction(async (trx) => {
      await trx.run(sql`INSERT INTO t (a) VALUES (${1})`);
      await trx.transaction(async (inner) => {
        await inner.run(sql`INSERT INTO t (a) VALUES (${2})`);
      });
      await expect(
        trx.transaction(async (inner) => {
          await inner.run(sql`INSERT INTO t (a) VALUES (${3})`);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await trx.run(sql`INSERT INTO t (a) VALUES (${4})`);
    });
    expect(await values(data)).toEqual([1, 2, 4]);
  });

  it('a failed statement inside a savepoint leaves the outer transaction usable', async () => {
    const data = engines[engine]!;
    await data.run(sql`DELETE FROM t`);
    await data.transaction(async (trx) => {
      await trx.run(sql`INSERT INTO t (a) VALUES (${1})`);
      await expect(trx.transaction((inner) => inner.run(sql`INSERT INTO t (a) VALUES (${null})`))).rejects.toThrow();
      await trx.run(sql`INSERT INTO t (a) VALUES (${5})`);
    });
    expect(await values(data)).toEqual([1, 5]);
  });

  it('refuses the data layer\'s own queries inside its open transaction, and rolls back', async () => {
    const data = engines[engine]!;
    await data.run(sql`DELETE FROM t`);
    await expect(
      data.transaction(async (trx) => {
        await trx.run(sql`INSERT INTO t (a) VALUES (${7})`);
        await data.get(sql`SELECT COUNT(*) AS n FROM t`);
      }),
    ).rejects.toThrow(/inside one of its transactions.*trx/);
    expect(await values(data)).toEqual([]);
  });

  it('work started inside a transaction may query once it has committed', async () => {
    const data = engines[engine]!;
    await data.run(sql`DELETE FROM t`);
    let later: Promise<number[]> | undefined;
    await data.transaction(async (trx) => {
      await trx.run(sql`INSERT INTO t (a) VALUES (${8})`);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => values(data));
    });
    expect(await later).toEqual([8]);
  });

  it('rows read with dialect.forUpdate() in transactions at once are changed one transaction after the other', async () => {
    const data = engines[engine]!;
    await data.run(sql`DELETE FROM t`);
    await data.run(sql`INSERT INTO t (a) VALUES (${0})`);
    // read, something else, write what was read plus one: without the lock two of them would read the same value
    const bump = () =>
      data.transaction(async (trx) => {
        const { a } = (await trx.get(sql<{ a: number }>`SELECT a FROM t${trx.dialect.forUpdate()}`))!;
        await trx.get(sql`SELECT COUNT(*) AS n FROM t`);
        await trx.run(sql`UPDATE t SET a = ${a + 1}`);
      });
    await Promise.all(Array.from({ length: 8 }, bump));
    expect(await values(data)).toEqual([8]);
  });
});
