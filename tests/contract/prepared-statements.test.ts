// Named (server-side prepared) statements on the PostgreSQL pool (src-server/db/prepared-statements.ts): a
// repeated text is prepared once per connection, and a schema change, made through this data layer or by
// another process, never leaves a query failing on a stale plan outside a transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDataLayer, sql, type DataLayer, type Queries } from '../../src-server/db/data-layer';
import { startPostgres, type PostgresServer } from '../support/postgres';

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
