// The back end's one way to its database, on either engine (issue 29,
// docs/team-server.md): the data folder's SQLite file (better-sqlite3) or a
// team server's PostgreSQL 15+ (node-postgres pool), both through Kysely, which
// compiles every query for its dialect (placeholders, quoting, RETURNING).
//
//   const rows = await data.all(sql<{ id: string }>`SELECT id FROM blade_user WHERE account = ${account}`);
//   const n = await data.run(sql`UPDATE blade_user SET status = ${s} WHERE id = ${id}`);  // rows changed
//   await data.transaction(async (trx) => { await trx.run(...); await trx.run(...); });
//
// Write SQL both engines read the same way (see docs/team-server.md § "writing
// SQL for both engines"); where they differ, use `data.dialect`. Nothing outside
// src-server/db/ and src-server/backup/ imports better-sqlite3, pg or kysely (ESLint).
import { AsyncLocalStorage } from 'node:async_hooks';
import { hash } from 'node:crypto';
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from './database';
import { PreparedStatements } from './prepared-statements';
import { countRoundTrip } from './round-trips';
import { connectionLost, DatabaseUnavailable } from './unavailable';
import { postgresDialect, sqliteDialect, TEXT_KEY_FN, type SqlDialect } from './sql-dialects';
import { deferBegin } from './deferred-begin';

export { sql };
export type { RawBuilder };
export { likeEscape, type SqlDialect } from './sql-dialects';

export type Engine = 'sqlite' | 'postgres';

/** What reads and writes the database: the data layer itself, or one of its transactions. */
export interface Queries {
  readonly engine: Engine;
  /** the query builder, for queries built from parts */
  readonly kysely: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tables are declared per module, not in one schema type
  /** every row of a query */
  all<T>(query: RawBuilder<T>): Promise<T[]>;
  /** the first row of a query, or undefined */
  get<T>(query: RawBuilder<T>): Promise<T | undefined>;
  /** a write; answers how many rows it changed */
  run(query: RawBuilder<unknown>): Promise<number>;
  /** several statements without parameters (migrations, generated DDL) */
  exec(script: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Called on a
   * transaction, `work` runs in a savepoint of it: its writes are undone when it throws, and the outer
   * transaction goes on (as better-sqlite3's nested transactions do). Await only queries inside (never the
   * network): on SQLite every other query of the process waits for it, on PostgreSQL it holds a pooled
   * connection and its row locks.
   */
  transaction<T>(work: (trx: Queries) => Promise<T>): Promise<T>;
  /** what the engines say differently */
  readonly dialect: SqlDialect;
}

export interface DataLayer extends Queries {
  /**
   * Runs `work` on one connection held for its whole run (session state: PostgreSQL's advisory locks); its
   * transactions are on that connection. SQLite has one connection: `work` gets this data layer.
   */
  pinned<T>(work: (conn: DataLayer) => Promise<T>): Promise<T>;
  /** SQLite only: the open file (its online backup, its size on disk) */
  readonly sqlite?: Db;
  /** PostgreSQL only: the pool */
  readonly pool?: pg.Pool;
  /**
   * PostgreSQL only: LISTENs on `channel` on a connection of its own, calling `onNotify` with each payload;
   * when that connection is lost it is made again (with backoff) and `onReconnect` is called, since
   * notifications sent meanwhile are lost; `onLost`, when that connection is lost. Resolves once listening; the answer stops it.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** What a transaction's async context carries: whether that transaction is still open. */
type TransactionMark = { open: boolean };

/**
 * SEO_TRANSACTION_GUARD=1 (the tests set it: vitest.config.ts, the e2e host): the data layer's own queries
 * refuse to run from inside one of its open transactions. On SQLite such a query would wait for the
 * transaction's connection, which waits for it (a hang); on PostgreSQL it would run outside the transaction.
 * The check follows transactions through AsyncLocalStorage, whose promise hook costs every promise of the
 * process (+20 % on a list page of several queries, docs/benchmarks.md): on in tests, off in the product.
 */
const GUARD = process.env.SEO_TRANSACTION_GUARD === '1';

/**
 * The queries of one Kysely handle: the data layer's own (`inside` false), or a transaction's (`transaction`
 * is then a savepoint). `marks` follows the transactions' async contexts when the guard is on (GUARD).
 */
function queries(
  engine: Engine,
  kysely: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  /** runs a parameterless script on a handle (the data layer's, or a transaction's) */
  execOn: (k: Kysely<any>) => (script: string) => Promise<void>, // eslint-disable-line @typescript-eslint/no-explicit-any
  marks: AsyncLocalStorage<TransactionMark>,
  inside: boolean,
): Queries {
  const outside = () => {
    if (GUARD && !inside && marks.getStore()?.open) {
      throw new Error('a query on the data layer from inside one of its transactions: use the transaction\'s queries (trx)');
    }
  };
  let savepoints = 0;
  const savepoint = async <T>(work: (trx: Queries) => Promise<T>): Promise<T> => {
    const name = sql.id(`sp_${++savepoints}`);
    await sql`SAVEPOINT ${name}`.execute(kysely);
    try {
      const result = await work(self);
      await sql`RELEASE SAVEPOINT ${name}`.execute(kysely);
      return result;
    } catch (err) {
      await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(kysely);
      await sql`RELEASE SAVEPOINT ${name}`.execute(kysely);
      throw err;
    } finally {
      savepoints--;
    }
  };
  const self: Queries = {
    engine,
    kysely,
    dialect: engine === 'sqlite' ? sqliteDialect : postgresDialect,
    async all<T>(query: RawBuilder<T>) {
      outside();
      return (await query.execute(kysely)).rows;
    },
    async get<T>(query: RawBuilder<T>) {
      outside();
      return (await query.execute(kysely)).rows[0];
    },
    async run(query: RawBuilder<unknown>) {
      outside();
      return Number((await query.execute(kysely)).numAffectedRows ?? 0);
    },
    async exec(script: string) {
      outside();
      await execOn(kysely)(script);
    },
    async transaction<T>(work: (trx: Queries) => Promise<T>): Promise<T> {
      if (inside) return savepoint(work);
      outside();
      return kysely.transaction().execute(async (trx) => {
        const mark: TransactionMark = { open: true };
        try {
          const inner = queries(engine, trx, execOn, marks, true);
          return await (GUARD ? marks.run(mark, () => work(inner)) : work(inner));
        } finally {
          mark.open = false;
        }
      });
    },
  };
  return self;
}

/**
 * better-sqlite3 prepares a statement on every `prepare`; Kysely asks for one per query. The handle Kysely
 * gets keeps the statements of the last texts it saw (the same SQL text is the same statement).
 */
function cachingHandle(db: Db, size = 400): Db {
  const statements = new Map<string, Database.Statement>();
  return new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') {
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (text: string) => {
        let statement = statements.get(text);
        countRoundTrip();
        if (statement) {
          statements.delete(text); // most recent last
        } else {
          statement = target.prepare(text);
          if (statements.size >= size) statements.delete(statements.keys().next().value as string);
        }
        statements.set(text, statement);
        return statement;
      };
    },
  });
}

/** The data layer over an open better-sqlite3 handle, which it owns from then on (close() closes it). */
export function sqliteDataLayer(db: Db): DataLayer {
  db.function(TEXT_KEY_FN, { deterministic: true }, (bytes: unknown) => (bytes instanceof Uint8Array ? hash('sha256', bytes, 'base64url').slice(0, 22) : null));
  const kysely = new Kysely<any>({ dialect: new SqliteDialect({ database: cachingHandle(db) }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  // DDL scripts hold several statements, which prepare() refuses: the handle runs them (Kysely's one connection
  // is this same handle, so inside a transaction they are part of it)
  const exec = async (script: string) => {
    db.exec(script);
  };
  const layer: DataLayer = {
    ...queries('sqlite', kysely, () => exec, new AsyncLocalStorage(), false),
    sqlite: db,
    pinned: (work) => work(layer),
    async close() {
      if (db.open) await kysely.destroy(); // SqliteDriver.destroy closes the handle
    },
  };
  return layer;
}

// node-postgres answers int8 (COUNT(*), SUM of integers) and numeric as text; every count and sum of this
// product is far below 2^53, and ids are text, so both come back as numbers, as from SQLite
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface PostgresOptions {
  /** pooled connections of this instance (default 20) */
  max?: number;
  /** the session time zone, so local-time text is this process's (default: the process's zone) */
  timeZone?: string;
}

const WATCHED = Symbol('seo.watched');

/** The data layer over a PostgreSQL database (`postgres://user:pass@host:port/db`). */
export function postgresDataLayer(url: string, o: PostgresOptions = {}): DataLayer {
  const timeZone = o.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  const pool = new pg.Pool({ connectionString: url, max: o.max ?? 20, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  // a dropped idle connection (the server restarted) must not end the process; the pool makes a new one
  pool.on('error', () => undefined);
  // Kysely gives a connection back to the pool without saying it broke: one the server dropped while it was in
  // use (a restart, a failover) would go back and fail every query it gets. Given back broken, it is destroyed.
  const broken = new WeakSet<pg.PoolClient>();
  const prepared = new PreparedStatements();
  const kyselyPool = {
    async connect(): Promise<pg.PoolClient> {
      // no connection to be had: the database is away (db/unavailable.ts), whatever the driver says why
      const client = await pool.connect().catch((err: unknown) => {
        throw new DatabaseUnavailable(err);
      });
      if (!(client as pg.PoolClient & { [WATCHED]?: true })[WATCHED]) {
        (client as pg.PoolClient & { [WATCHED]?: true })[WATCHED] = true;
        const give = client.release.bind(client);
        client.on('error', () => broken.add(client));
        client.on('end', () => broken.add(client));
        client.release = (err?: Error | boolean) => give(err ?? (broken.has(client) ? true : undefined));
        prepared.wrap(client);
        // a query that ended its connection (the server stopped, the network dropped) says the database is away
        const query = client.query.bind(client) as (text: unknown, values?: unknown) => Promise<unknown>;
        const sent = (text: unknown, values?: unknown) =>
          query(text, values).catch((err: unknown) => {
            throw connectionLost(err);
          });
        // a transaction's BEGIN goes with its first statement (db/deferred-begin.ts); each statement sent is counted
        (client as { query: unknown }).query = deferBegin(sent, countRoundTrip);
      }
      return client;
    },
    end: () => pool.end(),
    options: pool.options,
  };
  const kysely = new Kysely<any>({ // eslint-disable-line @typescript-eslint/no-explicit-any
    dialect: new PostgresDialect({
      pool: kyselyPool,
      onCreateConnection: async (connection) => {
        // standard strings: a value written in by sql.lit (a lock's key, dialect.lockedRead) only doubles its quotes
        await connection.executeQuery(CompiledQuery.raw(`SET TIME ZONE '${timeZone.replace(/'/g, "''")}'; SET standard_conforming_strings = on`));
      },
    }),
  });
  // no parameters: node-postgres sends the simple protocol, which takes several statements. A script is
  // DDL more often than not: the statements prepared before it are prepared again.
  const execOn = (k: Kysely<any>) => async (script: string) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      await k.executeQuery(CompiledQuery.raw(script));
    } finally {
      prepared.schemaChanged();
    }
  };
  // the pool's layer, or (pinned) one connection's, whose close() leaves the pool alone
  const layer = (k: Kysely<any>, pinned: boolean): DataLayer => ({ // eslint-disable-line @typescript-eslint/no-explicit-any
    ...queries('postgres', k, execOn, new AsyncLocalStorage(), false),
    pool,
    listen: (channel, onNotify, onReconnect, onLost) => listenOn(pool, channel, onNotify, onReconnect, onLost),
    pinned: (work) => (pinned ? work(layer(k, true)) : k.connection().execute((conn) => work(layer(conn, true)))),
    async close() {
      if (!pinned) await kysely.destroy(); // ends the pool
    },
  });
  return layer(kysely, false);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A LISTEN on a client of its own (not the pool's: it stays open), made again when lost. */
async function listenOn(pool: pg.Pool, channel: string, onNotify: (payload: string) => void, onReconnect: () => void, onLost = () => {}): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: not a channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('error');
      c.on('error', () => undefined);
      c.end().catch(() => undefined);
      if (!closed) onLost();
      if (!closed) void again();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const again = async (): Promise<void> => {
    for (let wait = 100; !closed; wait = Math.min(wait * 2, 2000)) {
      await sleep(wait);
      try {
        await connect();
        onReconnect();
        return;
      } catch {
        /* the database is still away: try again */
      }
    }
  };
  await connect();
  return async () => {
    closed = true;
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

/** Opens the data folder's SQLite file (created if missing, WAL) as a data layer. */
export function openSqliteDataLayer(dataDir: string): DataLayer {
  return sqliteDataLayer(openDatabase(dataDir));
}

/** `--database postgres://...` or, without one, the data folder's SQLite file. */
export function openDataLayer(o: { dataDir: string; database?: string }): DataLayer {
  if (!o.database) return openSqliteDataLayer(o.dataDir);
  if (!/^postgres(ql)?:\/\//.test(o.database)) throw new Error(`--database: a postgres://user:password@host:port/database URL, not ${o.database}`);
  return postgresDataLayer(o.database);
}
