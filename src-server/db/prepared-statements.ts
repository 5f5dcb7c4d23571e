// Server-side prepared statements for the PostgreSQL pool. Kysely sends every
// query unnamed, so PostgreSQL parses and plans it each time; the back end's
// queries are few texts run very often (the session check, a list page, its
// count), and a named statement is parsed and planned once per connection.
//
// - A text is named from its second use on (a one-off, e.g. an IN list of some
//   length, stays unnamed), at most PER_CONNECTION names per connection.
// - Only statements with parameters: a script without them goes by the simple
//   protocol, which takes several statements, and cannot be prepared.
// - A schema change makes a prepared `SELECT *` stale ("cached plan must not
//   change result type"). DDL run through this data layer starts a new
//   generation of names at once; a stale plan met anyway (DDL from another
//   instance) starts one too, and the query runs again unnamed, unless it was
//   inside a transaction, which PostgreSQL has already aborted: that one
//   transaction fails with the error.
import { hash } from 'node:crypto';

/** texts counted before the counts start again (a bound on memory, not a tuning knob) */
const SEEN_LIMIT = 5000;
/** statements one connection prepares at most */
export const PER_CONNECTION = 500;

interface Querying {
  query(config: { name: string; text: string; values: unknown[] }): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<unknown>;
}

export class PreparedStatements {
  private generation = 0;
  /** how often a text was run, and its name in this generation once it has one */
  private readonly seen = new Map<string, { uses: number; name?: string; generation?: number }>();

  /** DDL ran: statements are prepared again under new names */
  schemaChanged(): void {
    this.generation++;
  }

  private nameFor(text: string, prepared: Set<string>): string | null {
    let entry = this.seen.get(text);
    if (!entry) {
      if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
      this.seen.set(text, (entry = { uses: 0 }));
    }
    if (++entry.uses < 2) return null;
    if (entry.generation !== this.generation) {
      entry.name = `s${this.generation}_${hash('sha1', text).slice(0, 24)}`;
      entry.generation = this.generation;
    }
    const name = entry.name!;
    if (!prepared.has(name)) {
      if (prepared.size >= PER_CONNECTION) return null;
      prepared.add(name);
    }
    return name;
  }

  /** Makes `client.query(text, values)` (how Kysely calls it) use named statements. */
  wrap(client: Querying): void {
    const query = client.query.bind(client) as (a: unknown, b?: unknown) => Promise<unknown>;
    const prepared = new Set<string>();
    let inTransaction = false;
    const wrapped = async (text: unknown, values?: unknown): Promise<unknown> => {
      if (typeof text !== 'string') return query(text, values);
      const head = text.trimStart().slice(0, 20).toLowerCase();
      if (head.startsWith('begin') || head.startsWith('start transaction')) inTransaction = true;
      else if (head.startsWith('commit') || (head.startsWith('rollback') && !head.startsWith('rollback to'))) inTransaction = false;
      const name = Array.isArray(values) && values.length > 0 ? this.nameFor(text, prepared) : null;
      if (!name) return query(text, values);
      try {
        return await query({ name, text, values });
      } catch (e) {
        if (!isStalePlan(e)) throw e;
        this.schemaChanged();
        if (inTransaction) throw e;
        return query(text, values);
      }
    };
    (client as { query: unknown }).query = wrapped;
  }
}

/** PostgreSQL's "cached plan must not change result type" (feature_not_supported, from RevalidateCachedQuery) */
function isStalePlan(e: unknown): boolean {
  const err = e as { code?: unknown; routine?: unknown; message?: unknown };
  return err?.code === '0A000' && (err.routine === 'RevalidateCachedQuery' || /cached plan/i.test(String(err.message)));
}
