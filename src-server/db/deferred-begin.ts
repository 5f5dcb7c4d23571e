// A PostgreSQL transaction's BEGIN goes with its first statement: one round trip less for every transaction that
// starts with a statement without parameters (a lock, a unique value's locked check: `dialect.lockedRead`).
//
// Kysely sends `begin` on its own before the transaction's first query. Here that `begin` is held back, and:
// - the next statement without parameters is sent as `begin;` + that statement (the simple protocol takes
//   several statements; the reply is the last statement's);
// - a statement with parameters (the extended protocol takes one) is sent after a `begin` of its own, as before;
// - a `commit` or `rollback` with nothing sent since is answered here: an empty transaction has nothing to end.
// A failing first statement leaves the transaction open and aborted, as it would have been: Kysely rolls it back.
// Only a bare `begin` is held (Kysely's with settings, `start transaction ...`, goes as written).

type Query = (text: unknown, values?: unknown) => Promise<unknown>;

/** what node-postgres answers a statement (the fields Kysely reads) */
const done = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

const isBegin = (text: string) => /^\s*begin\s*;?\s*$/i.test(text);
const ending = (text: string): string | null => /^\s*(commit|rollback)\s*;?\s*$/i.exec(text)?.[1]?.toUpperCase() ?? null;

/**
 * `query` (one connection's) with its transactions' BEGIN deferred; `send` is told of every statement text that
 * actually goes to the database. A script's reply (several statements) is its last statement's.
 */
export function deferBegin(query: Query, send: () => void = () => {}): Query {
  let held = false;
  const go = async (text: unknown, values?: unknown): Promise<unknown> => {
    send();
    const reply = await query(text, values);
    return Array.isArray(reply) ? reply[reply.length - 1] : reply;
  };
  return async (text, values) => {
    if (typeof text !== 'string') {
      if (held) {
        held = false;
        await go('begin');
      }
      return go(text, values);
    }
    if (!held) {
      if (!isBegin(text)) return go(text, values);
      held = true;
      return done('BEGIN');
    }
    held = false;
    const end = ending(text);
    if (end) return done(end);
    if (Array.isArray(values) && values.length > 0) {
      await go('begin');
      return go(text, values);
    }
    return go(`begin;\n${text}`, values);
  };
}
