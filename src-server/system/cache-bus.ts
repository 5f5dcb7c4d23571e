// Telling every instance of a team server to drop its caches (menus, buttons,
// dictionaries: system/cache.ts). On PostgreSQL a clear is a NOTIFY on one
// channel, and every instance, the sender too, LISTENs on a connection of its
// own. A NOTIFY sent inside a transaction is delivered at its commit (and never
// after a rollback), so a cache refilled from the old rows meanwhile is dropped
// again once the new ones are there. An instance that loses its listening
// connection (the database restarted) clears everything when it is back, since
// it may have missed a notification meanwhile. On SQLite there is one process
// and nothing to tell.
import pg from 'pg';
import { sql, type DataLayer, type Queries } from '../db/data-layer';

export const CACHE_CHANNEL = 'seo_cache';

export interface CacheBus {
  /** tells every instance to clear (at the commit of `q` when it is a transaction); resolves once the database has it */
  publish(q?: Queries): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The bus of a data layer: LISTEN/NOTIFY on PostgreSQL (calls `onClear` when a clear was published, by any
 * instance, or when the listening connection was lost and made again), nothing on SQLite.
 */
export async function openCacheBus(data: DataLayer, onClear: () => void): Promise<CacheBus> {
  const pool = data.pool;
  if (!pool) return { publish: async () => undefined, close: async () => undefined };
  let closed = false;
  let client: pg.Client | null = null;

  const listen = async (): Promise<void> => {
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => {
      if (n.channel === CACHE_CHANNEL) onClear();
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('error');
      c.on('error', () => undefined);
      c.end().catch(() => undefined);
      if (!closed) void reconnect();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${CACHE_CHANNEL}`);
    client = c;
  };
  const reconnect = async (): Promise<void> => {
    for (let wait = 100; !closed; wait = Math.min(wait * 2, 2000)) {
      await sleep(wait);
      try {
        await listen();
        // notifications sent while this instance was not listening are lost: start over
        onClear();
        return;
      } catch {
        /* the database is still away: try again */
      }
    }
  };
  await listen();

  return {
    async publish(q?: Queries) {
      await (q ?? data).run(sql`SELECT pg_notify(${CACHE_CHANNEL}, '')`);
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
