// Telling every instance of a team server to drop its caches (menus, buttons,
// dictionaries: system/cache.ts). On PostgreSQL a clear is a NOTIFY on one
// channel, and every instance, the sender too, LISTENs on a connection of its
// own. A NOTIFY sent inside a transaction is delivered at its commit (and never
// after a rollback), so a cache refilled from the old rows meanwhile is dropped
// again once the new ones are there. An instance that loses its listening
// connection (the database restarted) clears everything when it is back, since
// it may have missed a notification meanwhile. On SQLite there is one process
// and nothing to tell.
import { sql, type DataLayer, type Queries } from '../db/data-layer';

export const CACHE_CHANNEL = 'seo_cache';

export interface CacheBus {
  /** tells every instance to clear (at the commit of `q` when it is a transaction); resolves once the database has it */
  publish(q?: Queries): Promise<void>;
  close(): Promise<void>;
}

/**
 * The bus of a data layer: LISTEN/NOTIFY on PostgreSQL (calls `onClear` when a clear was published, by any
 * instance, or when the listening connection was lost and made again), nothing on SQLite.
 */
export async function openCacheBus(data: DataLayer, onClear: () => void): Promise<CacheBus> {
  if (!data.listen) return { publish: async () => undefined, close: async () => undefined };
  const stop = await data.listen(CACHE_CHANNEL, onClear, onClear);
  return {
    async publish(q?: Queries) {
      await (q ?? data).run(sql`SELECT pg_notify(${CACHE_CHANNEL}, '')`);
    },
    close: stop,
  };
}
