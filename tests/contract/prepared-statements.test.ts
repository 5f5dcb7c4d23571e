// Named (server-side prepared) statements on the PostgreSQL pool (src-server/db/prepared-statements.ts): a
// repeated text is prepared once per connection, and a schema change, made through this data layer or by
// another process, never leaves a query failing on a stale plan outside a transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDataLayer, sql, type DataLayer, type Queries } from '../../src-server/db/data-layer';
import { roundTrips } from '../../src-server/db/round-trips';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { until } from './helpers';

let server: PostgresServer;
let url: string;
let data: DataLayer;
/** another instance on the same database (its own pool) */
let other: DataLayer;

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase();
  data = postgresDataLayer(url, { max: 2 });
  other = postgresDataLayer(url, { max: 1 });
  await other.exec(`CREATE TABLE ps_item (id TEXT PRIMARY KEY, name TEXT NOT NULL);
    INSERT INTO ps_item (id, name) VALUES ('1', 'one'), ('2', 'two');`);
}, 60_000);

afterAll(async () => {
  await data?.close();
  await other?.close();
  await server?.close();
});

const prepared = async (q: Queries) =>
  (await q.all(sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`)).map((r) => r.statement);
const byId = (q: Queries, id: string) => q.get(sql<Record<string, unknown>>`SELECT * FROM ps_item WHERE id = ${id}`);

describe('prepared statements on PostgreSQL', () => {
  it('prepares a text with parameters from its second use on, on the connection that runs it', async () => {
    await data.pinned(async (conn) => {
      const text = 'SELECT name FROM ps_item WHERE id = $1';
      const once = () => conn.get(sql<{ name: string }>`SELECT name FROM ps_item WHERE id = ${'1'}`);
      expect(await once()).toEqual({ name: 'one' });
      expect(await prepared(conn)).not.toContain(text);
      expect(await once()).toEqual({ name: 'one' });
      expect(await prepared(conn)).toContain(text);
      expect(await once()).toEqual({ name: 'one' });
      expect((await prepared(conn)).filter((s) => s === text)).toHaveLength(1);
    });
  });

  it('answers the new columns after another process changed the table, outside a transaction', async () => {
    await data.pinned(async (conn) => {
      await byId(conn, '1');
      await byId(conn, '1');
      expect(await prepared(conn)).toContain('SELECT * FROM ps_item WHERE id = $1');
      await other.exec('ALTER TABLE ps_item ADD COLUMN note TEXT');
      expect(await byId(conn, '2')).toEqual({ id: '2', name: 'two', note: null });
      expect(await byId(conn, '2')).toEqual({ id: '2', name: 'two', note: null });
    });
  });

  it('inside a transaction, a plan made stale by another process fails that transaction once; the next one runs', async () => {
    await data.pinned(async (conn) => {
      await byId(conn, '1');
      await byId(conn, '1');
      await other.exec('ALTER TABLE ps_item ADD COLUMN extra TEXT');
      await expect(conn.transaction(async (trx) => byId(trx, '1'))).rejects.toThrow(/cached plan must not change result type/);
      expect(await conn.transaction(async (trx) => byId(trx, '1'))).toEqual({ id: '1', name: 'one', note: null, extra: null });
    });
  });

  it('a schema change through this data layer prepares again at once, even inside a transaction', async () => {
    await data.pinned(async (conn) => {
      await byId(conn, '2');
      await byId(conn, '2');
      await conn.exec('ALTER TABLE ps_item ADD COLUMN third TEXT');
      expect(await conn.transaction(async (trx) => byId(trx, '2'))).toEqual({ id: '2', name: 'two', note: null, extra: null, third: null });
    });
  });
});

describe("a transaction's BEGIN goes with its first statement (db/deferred-begin.ts)", () => {
  /** the round trips `work` makes */
  const tripsOf = async (work: () => Promise<unknown>): Promise<number> => {
    const before = roundTrips();
    await work();
    return roundTrips() - before;
  };
  const nameOf = (q: Queries, id: string) => q.dialect.lockedRead(`ps:${id}`, (v) => sql<{ name: string }>`SELECT name FROM ps_item WHERE id = ${v(id)}`);

  it('a lock first: BEGIN and the lock in one round trip, then the statement with parameters, then COMMIT', async () => {
    await data.pinned(async (conn) => {
      const trips = await tripsOf(() =>
        conn.transaction(async (trx) => {
          await trx.run(trx.dialect.transactionLock("ps:it's"));
          expect(await byId(trx, '1')).toMatchObject({ name: 'one' });
        }),
      );
      expect(trips).toBe(3);
    });
  });

  it("a unique value's locked check: BEGIN, lock and read in one round trip, answering the read's rows", async () => {
    await data.pinned(async (conn) => {
      let name: unknown;
      const trips = await tripsOf(() => conn.transaction(async (trx) => (name = (await trx.get(nameOf(trx, '2')))?.name)));
      expect(name).toBe('two');
      expect(trips).toBe(2);
      // an empty transaction sends nothing
      expect(await tripsOf(() => conn.transaction(async () => 1))).toBe(0);
    });
  });

  it('the read under the lock sees what the lock\'s previous holder committed (a statement, a snapshot)', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let inserted = () => {};
    const written = new Promise<void>((r) => (inserted = r));
    const first = data.transaction(async (trx) => {
      expect(await trx.get(nameOf(trx, '9'))).toBeUndefined();
      await trx.run(sql`INSERT INTO ps_item (id, name) VALUES (${'9'}, ${'nine'})`);
      inserted();
      await held;
    });
    await written;
    const second = other.transaction(async (trx) => (await trx.get(nameOf(trx, '9')))?.name);
    // the second waits on the advisory lock the first holds, then reads
    await until(async () => ((await data.get(sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`))?.n ?? 0) > 0);
    release();
    await first;
    expect(await second).toBe('nine');
  });

  it('a failing first statement leaves nothing open: the transaction is rolled back, the connection goes on', async () => {
    await data.pinned(async (conn) => {
      await expect(conn.transaction(async (trx) => trx.get(sql`SELECT 1 / 0 AS x`))).rejects.toThrow(/division by zero/);
      expect(await byId(conn, '1')).toMatchObject({ name: 'one' });
    });
  });
});
