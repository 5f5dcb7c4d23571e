// What /api/health asks the database (http/health.ts): which engine this back end
// runs on, the schema version (highest applied migration) and whether the
// database answers at all. One probe over the data layer, on either engine.
import { sql, type Engine, type Queries } from './data-layer';

export type { Engine };

export interface DatabaseProbe {
  readonly engine: Engine;
  /** Answers the highest applied migration (null: none yet); throws when the database does not answer. */
  check(): Promise<number | null>;
}

/** `SELECT 1`, then `MAX(version)` of schema_migrations, through the data layer (engine from `data.engine`). */
export function dataLayerProbe(data: Queries): DatabaseProbe {
  return {
    engine: data.engine,
    async check() {
      await data.get(sql`SELECT 1 AS up`);
      const row = await data.get(sql<{ version: number | null }>`SELECT MAX(version) AS version FROM schema_migrations`);
      return row?.version ?? null;
    },
  };
}
