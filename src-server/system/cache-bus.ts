// Telling every instance of a team server what changed under its memory: its caches (menus, buttons,
// dictionaries: system/cache.ts) and the sessions it knows to be live (auth/token-sessions.ts).
// On PostgreSQL a message is a NOTIFY on one channel, and every instance, the sender too, LISTENs on a
// connection of its own: '' clears every cache, `session:<id>` forgets one session (system migration 604's
// triggers send them for whatever revokes a sign-in or changes a grant; `publish` for the rest), and a writer
// that must not answer before every instance applied its change waits for their answers (`heard`). A NOTIFY
// sent inside a transaction is delivered at its commit (and never after a rollback), so a cache refilled from
// the old rows meanwhile is dropped again once the new ones are there. While the listening connection is lost
// (the database restarted) the instance hears nothing: `hearing` is false, memory that must be current is not
// trusted, and everything is cleared when it is back, since notifications sent meanwhile are lost. On SQLite
// there is one process and nothing to tell (`hearing` stays false).
import { randomUUID } from 'node:crypto';
import { sql, type DataLayer, type Queries } from '../db/data-layer';

export const CACHE_CHANNEL = 'seo_cache';

/** the payload forgetting one session (what migration 604's trigger sends) */
const SESSION = 'session:';
/** `heard`'s question to every instance (`sync:<nonce>`), and each one's answer (`ack:<nonce>:<instance>`) */
const SYNC = 'sync:';
const ACK = 'ack:';
/** how long a writer waits for the instances' answers before answering anyway */
const HEARD_WITHIN_MS = 2000;

export interface CacheBus {
  /**
   * tells every instance to clear: at the commit of `q` when it is a transaction (resolves once the database has
   * it), else at once, resolving once every instance has cleared (`heard`)
   */
  publish(q?: Queries): Promise<void>;
  /**
   * Resolves once every instance listening has applied every message committed before the call (each answers
   * a sync it reads, and reads in commit order): a writer that waits for this before answering has told every
   * instance before its answer leaves (an instance that does not answer is waited for HEARD_WITHIN_MS at most).
   */
  heard(): Promise<void>;
  /** whether this instance hears every message now (PostgreSQL, its listening connection up) */
  readonly hearing: boolean;
  close(): Promise<void>;
}

export interface BusHandlers {
  /** every cache is stale (a clear was published, or messages may have been missed) */
  clear(): void;
  /** the session `sid` was revoked or removed */
  session(sid: string): void;
}

/**
 * The bus of a data layer: LISTEN/NOTIFY on PostgreSQL (`clear` when a clear was published, by any instance,
 * or when the listening connection was lost and made again; `session` when a sign-in was revoked), nothing
 * on SQLite.
 */
export async function openCacheBus(data: DataLayer, on: BusHandlers): Promise<CacheBus> {
  if (!data.listen) return { publish: async () => undefined, heard: async () => undefined, hearing: false, close: async () => undefined };
  let hearing = false;
  /** this instance on the bus (its acks name it) */
  const self = randomUUID();
  /** the syncs this instance waits on: the instances that answered, and what to do once every listener has */
  const waiting = new Map<string, { acks: Set<string>; need: number; done: () => void }>();
  const acked = (nonce: string, by: string) => {
    const w = waiting.get(nonce);
    if (!w) return;
    w.acks.add(by);
    if (w.acks.size >= w.need) w.done();
  };
  /**
   * Sends a sync (outside any transaction) and waits until every instance listening when it was sent answered it.
   * An instance answers a sync when its listener reads it, so after everything committed before: once all have
   * answered, every instance has applied what came before. A listener that does not answer (a process stopped
   * dead) is waited for HEARD_WITHIN_MS at most.
   */
  const sync = async () => {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const all = new Promise<void>((resolve) => {
      waiting.set(nonce, { acks: new Set(), need: Number.POSITIVE_INFINITY, done: resolve });
      timer = setTimeout(resolve, HEARD_WITHIN_MS);
    });
    try {
      // the instances listening now (their listening connections' last statement; one role sees its own sessions')
      const listeners = await data.get(
        sql<{ n: number }>`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${CACHE_CHANNEL}`}`,
      );
      const w = waiting.get(nonce)!;
      w.need = Math.max(1, Number(listeners?.n ?? 1));
      if (w.acks.size >= w.need) w.done();
      await data.run(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${`${SYNC}${nonce}`})`);
      await all;
    } finally {
      clearTimeout(timer);
      waiting.delete(nonce);
    }
  };
  const stop = await data.listen(
    CACHE_CHANNEL,
    (payload) => {
      if (payload.startsWith(SESSION)) on.session(payload.slice(SESSION.length));
      else if (payload.startsWith(SYNC)) {
        // everything before it is applied (messages come in commit order): say so
        void data.run(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${`${ACK}${payload.slice(SYNC.length)}:${self}`})`).catch(() => undefined);
      } else if (payload.startsWith(ACK)) {
        const [nonce, by] = payload.slice(ACK.length).split(':');
        acked(nonce ?? '', by ?? '');
      } else on.clear();
    },
    () => {
      on.clear();
      hearing = true;
    },
    () => {
      hearing = false;
      on.clear();
    },
  );
  hearing = true;
  return {
    async publish(q?: Queries) {
      await (q ?? data).run(sql`SELECT pg_notify(${CACHE_CHANNEL}, '')`);
      if (!q) await sync();
    },
    // only a wait: the messages it waits behind were committed with their writes
    heard: () => sync().catch(() => undefined),
    get hearing() {
      return hearing;
    },
    async close() {
      hearing = false;
      await stop();
    },
  };
}
