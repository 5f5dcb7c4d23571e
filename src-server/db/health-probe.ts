// What /api/health asks the database (http/health.ts): which engine this back end
// runs on, the schema version (highest applied migration) and whether the
// database answers at all. One probe per engine; the SQLite one is here, the
// PostgreSQL one joins it when that engine does (docs/team-server.md).
import type { Db } from './database';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseProbe {
  readonly engine: Engine;
  /** Answers the highest applied migration (null: none yet); throws when the database does not answer. */
  check(): Promise<number | null>;
}

/** The data folder's SQLite file: `SELECT 1`, then `MAX(version)` of schema_migrations. */
export function sqliteProbe(db: Db): DatabaseProbe {
  return {
    engine: 'sqlite',
    async check() {
      db.prepare('SELECT 1').get();
      const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
      return row.version;
    },
  };
}
