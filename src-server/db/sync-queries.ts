// Transitional (issue 29): runs a data-layer query (a `sql` template) synchronously on the raw SQLite handle,
// for the few foundation helpers (settings, createRole/createUser/findRoleByAlias, callerHolds/requireButton)
// that product code not yet moved onto the data layer still calls on `deps.db` (the workflow module's seed,
// the generic CRUD router, the role/dept/user/flow-model submits, the dashboard). Tests and scripts no longer
// use it. The SQL text is the one the data layer sends, compiled for SQLite here. Goes when those callers are
// async.
import { Kysely, SqliteDialect, type RawBuilder } from 'kysely';
import type { Db } from './database';
import type { Queries } from './data-layer';

/** the raw SQLite handle (transitional callers) or the data layer / one of its transactions */
export type DbOrQueries = Db | Queries;

export function isQueries(target: DbOrQueries): target is Queries {
  return 'kysely' in target;
}

// compiles only: never opens a connection
const compiler = new Kysely<any>({ dialect: new SqliteDialect({ database: () => Promise.reject(new Error('compile only')) }) }); // eslint-disable-line @typescript-eslint/no-explicit-any

function compiled(query: RawBuilder<unknown>): { text: string; params: unknown[] } {
  const c = query.compile(compiler);
  return { text: c.sql, params: [...c.parameters] };
}

export function getSync<T>(db: Db, query: RawBuilder<T>): T | undefined {
  const c = compiled(query);
  return db.prepare(c.text).get(...c.params) as T | undefined;
}

export function allSync<T>(db: Db, query: RawBuilder<T>): T[] {
  const c = compiled(query);
  return db.prepare(c.text).all(...c.params) as T[];
}

export function runSync(db: Db, query: RawBuilder<unknown>): number {
  const c = compiled(query);
  return db.prepare(c.text).run(...c.params).changes;
}
