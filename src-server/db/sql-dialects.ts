// What the two engines write differently (the data layer's `dialect`): SQLite's and PostgreSQL's texts of the
// same question. Modules ask here, never test the engine themselves.
import { sql, type RawBuilder } from 'kysely';

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
   * A query read under the lock of `key` (as `transactionLock`), in one call to the database: PostgreSQL gets
   * the lock's statement and the query as one script, each statement with its own snapshot, so the query sees
   * what the lock's previous holder committed; SQLite runs the query alone (its transactions run one at a time).
   * A script takes no parameters: `query` puts each value in with `value`, which writes it in on PostgreSQL
   * (a quoted literal, of unknown type there as a parameter is) and binds it on SQLite (whose statement cache
   * keys on the text). Opening a transaction, it goes with the BEGIN (db/deferred-begin.ts): a unique value's
   * check is one round trip.
   */
  lockedRead<T>(key: string, query: (value: (v: string | number) => RawBuilder<unknown>) => RawBuilder<T>): RawBuilder<T>;
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
export const TEXT_KEY_FN = 'seo_text_key';

/** `%`, `_` and the escape character itself, escaped for a LIKE pattern with ESCAPE '\' */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const sqliteDialect: SqlDialect = {
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
  lockedRead: (_key, query) => query((v) => sql`${v}`),
};

export const postgresDialect: SqlDialect = {
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
  // the key written in (no parameter): a statement without parameters goes with a deferred BEGIN (db/deferred-begin.ts)
  transactionLock: (key) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${sql.lit(key)}, 0))`,
  lockedRead: (key, query) => sql`${postgresDialect.transactionLock(key)}; ${query((v) => sql.lit(String(v)))}`,
  skipLocked: () => sql`FOR UPDATE SKIP LOCKED`,
  notify: (channel, payload) => sql`SELECT pg_notify(${channel}, ${payload})`,
};
