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

export { sql };
export type { RawBuilder };

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

/** The SQL the two engines write differently; modules ask here, never test the engine themselves. */
export interface SqlDialect {
  /** the local time now as `YYYY-MM-DD HH:MM:SS` text, computed by the database */
  now(): RawBuilder<string>;
  /** `column` matches the LIKE `pattern` (escape character `\`), ignoring ASCII case as SQLite's LIKE does */
  like(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean>;
  /** a case-insensitive substring match of `column` against `term` (escaped here) */
  contains(column: RawBuilder<unknown>, term: string): RawBuilder<boolean>;
  /**
   * The rows of `table` whose column may contain `term`, from the column's trigram search table
   * (`searchIndex`, an FTS5 table on SQLite: a superset, `contains` still decides), or null where the
   * column's own index serves `contains` (PostgreSQL's pg_trgm GIN index).
   */
  searchCandidates(index: string, column: string, term: string): RawBuilder<boolean> | null;
  /** `condition` kept out of the planner's index choice (SQLite's unary +, beside a search index) */
  noIndex(column: RawBuilder<unknown>): RawBuilder<unknown>;
  /** the names of the tables that have the column `name` */
  tablesWithColumn(name: string): RawBuilder<{ table_name: string }>;
  /**
   * The bytes the database takes on disk, as one row `{ bytes }`: SQLite's main file as its pages count it
   * (not its WAL: where the file is at hand, its size with the journal's says more), PostgreSQL's
   * `pg_database_size` of the current database.
   */
  databaseBytes(): RawBuilder<{ bytes: number }>;
  /**
   * The ordinary tables of the database, by name: not the engine's own (SQLite's `sqlite_*`), not a full-text
   * index (virtual) nor the tables it keeps its data in (shadow), no name starting with `_`.
   */
  tables(): RawBuilder<{ name: string }>;
  /**
   * The columns of `table` in their declared order: name, declared type (upper case on PostgreSQL too, e.g.
   * `TEXT`, `INTEGER`, `DOUBLE PRECISION`), 1 when NOT NULL, and the column's position in the primary key
   * (0 when not in it). No rows when the table does not exist.
   */
  columnsOf(table: string): RawBuilder<{ name: string; type: string; not_null: number; pk: number }>;
  /**
   * `SELECT line_no, line`, a query to insert from: the strings of `lines` (a JSON array of strings) numbered from
   * `first` by their position, empty ones left out. One parameter carries a whole read of a file (the keyword
   * import's staging). SQLite: `json_each`; PostgreSQL: `jsonb_array_elements_text(...) WITH ORDINALITY`.
   */
  numberedLines(lines: string, first: number): RawBuilder<{ line_no: number; line: string }>;
  /**
   * DDL text creating the scratch table `name` (constant SQL) of one piece of work, keyed by the integer column
   * `key`, with `columns` (constant SQL); the caller drops it when done. A row inserted without a `key` gets the
   * next number, so `INSERT ... SELECT ... ORDER BY` numbers its rows 1, 2, 3... in that order. SQLite: in the
   * connection's temp database, `key INTEGER PRIMARY KEY` (the rowid); PostgreSQL: an unlogged table (a temp
   * table of one pooled connection would be invisible to the next query's connection), `key` an identity column.
   */
  scratchTable(name: string, key: string, columns: string): string;
  /**
   * A fingerprint of a text column computed by the database (22 characters: the start of the base64url SHA-256
   * of its UTF-8 bytes), null for null: compares long texts without reading them (the deploy's page keys).
   */
  textKey(column: RawBuilder<unknown>): RawBuilder<string | null>;
  /**
   * The clause ending a `SELECT` of rows this transaction goes on to change on what it read (a quota's row
   * before counting, a workflow instance's row before writing its next state): PostgreSQL's ` FOR UPDATE`
   * locks them until the transaction ends, so a concurrent transaction of any instance doing the same waits
   * for it and then reads what it committed; SQLite's transactions already run one at a time (one connection,
   * held by Kysely for the whole transaction), so the clause is empty there. Only inside a transaction.
   */
  forUpdate(): RawBuilder<unknown>;
  /**
   * A statement taking the lock named `key` until the transaction it runs in ends (`trx.run(...)`), where
   * there is no row to lock: a value checked unique by reading, a number given by reading the largest. Two
   * transactions naming the same key, on any instance, run what follows one after the other, the second
   * reading what the first committed. PostgreSQL: `pg_advisory_xact_lock` on the key's 64-bit hash (two keys
   * sharing a hash only wait for each other); SQLite: a statement doing nothing (its transactions already run
   * one at a time).
   */
  transactionLock(key: string): RawBuilder<unknown>;
  /**
   * The ending of a SELECT that locks the rows it answers, skipping rows another transaction holds: two
   * instances claiming jobs at once never take the same row (PostgreSQL's `FOR UPDATE SKIP LOCKED`). Empty on
   * SQLite, where one process serialises its writers (a transaction waits for the one before it).
   */
  skipLocked(): RawBuilder<unknown>;
  /**
   * A statement telling every instance's LISTEN on `channel` (a short payload: a key, not a value), at the commit
   * of the transaction it runs in; null on SQLite (one process: nothing to tell).
   */
  notify(channel: string, payload: string): RawBuilder<unknown> | null;
}

/** the SQL function (SQLite) behind `textKey`, registered on every handle the data layer opens */
const TEXT_KEY_FN = 'seo_text_key';

/** `%`, `_` and the escape character itself, escaped for a LIKE pattern with ESCAPE '\' */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const sqliteDialect: SqlDialect = {
  now: () => sql<string>`strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime')`,
  like: (column, pattern) => sql<boolean>`${column} LIKE ${pattern} ESCAPE '\\'`,
  contains: (column, term) => sqliteDialect.like(column, `%${likeEscape(term)}%`),
  searchCandidates: (index, column, term) => sql<boolean>`rowid IN (SELECT rowid FROM ${sql.id(index)} WHERE ${sql.id(column)} LIKE ${`%${term}%`})`,
  noIndex: (column) => sql`+${column}`,
  tablesWithColumn: (name) =>
    sql<{ table_name: string }>`SELECT m.name AS table_name FROM sqlite_master m, pragma_table_info(m.name) c
      WHERE m.type = 'table' AND c.name = ${name} ORDER BY m.name`,
  databaseBytes: () => sql<{ bytes: number }>`SELECT c.page_count * s.page_size AS bytes FROM pragma_page_count() c, pragma_page_size() s`,
  // pragma_table_list says virtual and shadow tables apart from ordinary ones (sqlite_master does not)
  tables: () =>
    sql<{ name: string }>`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name`,
  columnsOf: (table) =>
    sql<{ name: string; type: string; not_null: number; pk: number }>`SELECT name, type, "notnull" AS not_null, pk FROM pragma_table_info(${table}) ORDER BY cid`,
  numberedLines: (lines, first) =>
    sql<{ line_no: number; line: string }>`SELECT ${first} + key AS line_no, value AS line FROM json_each(${lines}) WHERE value <> ''`,
  scratchTable: (name, key, columns) => `CREATE TEMP TABLE ${name} (${key} INTEGER PRIMARY KEY, ${columns})`,
  textKey: (column) => sql<string | null>`${sql.raw(TEXT_KEY_FN)}(CAST(${column} AS BLOB))`,
  forUpdate: () => sql``,
  skipLocked: () => sql``,
  notify: () => null,
  transactionLock: () => sql`SELECT 0 AS locked`,
};

const postgresDialect: SqlDialect = {
  now: () => sql<string>`to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS')`,
  like: (column, pattern) => sql<boolean>`${column} ILIKE ${pattern} ESCAPE '\\'`,
  contains: (column, term) => postgresDialect.like(column, `%${likeEscape(term)}%`),
  searchCandidates: () => null,
  noIndex: (column) => column,
  tablesWithColumn: (name) =>
    sql<{ table_name: string }>`SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND c.column_name = ${name} AND t.table_type = 'BASE TABLE' ORDER BY c.table_name`,
  databaseBytes: () => sql<{ bytes: number }>`SELECT pg_database_size(current_database()) AS bytes`,
  tables: () =>
    sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY table_name COLLATE "C"`,
  columnsOf: (table) =>
    sql<{ name: string; type: string; not_null: number; pk: number }>`SELECT c.column_name AS name, upper(c.data_type) AS type,
        CASE WHEN c.is_nullable = 'NO' THEN 1 ELSE 0 END AS not_null, COALESCE(k.ordinal_position, 0) AS pk
      FROM information_schema.columns c
      LEFT JOIN information_schema.table_constraints tc
        ON tc.table_schema = c.table_schema AND tc.table_name = c.table_name AND tc.constraint_type = 'PRIMARY KEY'
      LEFT JOIN information_schema.key_column_usage k
        ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name AND k.column_name = c.column_name
      WHERE c.table_schema = current_schema() AND c.table_name = ${table} ORDER BY c.ordinal_position`,
  numberedLines: (lines, first) =>
    sql<{ line_no: number; line: string }>`SELECT CAST(${first} AS BIGINT) + l.n - 1 AS line_no, l.line
      FROM jsonb_array_elements_text(CAST(${lines} AS jsonb)) WITH ORDINALITY AS l(line, n) WHERE l.line <> ''`,
  scratchTable: (name, key, columns) => `CREATE UNLOGGED TABLE ${name} (${key} bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, ${columns})`,
  textKey: (column) => sql<string | null>`substr(translate(encode(sha256(convert_to(${column}, 'UTF8')), 'base64'), '+/', '-_'), 1, 22)`,
  forUpdate: () => sql` FOR UPDATE`,
  transactionLock: (key) => sql`SELECT pg_advisory_xact_lock(hashtextextended(CAST(${key} AS TEXT), 0))`,
  skipLocked: () => sql`FOR UPDATE SKIP LOCKED`,
  notify: (channel, payload) => sql`SELECT pg_notify(${channel}, ${payload})`,
};

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
        (client as { query: unknown }).query = (text: unknown, values?: unknown) => {
          countRoundTrip();
          return query(text, values).catch((err: unknown) => {
            throw connectionLost(err);
          });
        };
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
        await connection.executeQuery(CompiledQuery.raw(`SET TIME ZONE '${timeZone.replace(/'/g, "''")}'`));
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
