// Install-wide key/value settings kept in the database (e.g. the JWT secret).
import type { Db } from '../db/database';
import { sql, type Queries } from '../db/data-layer';
import { getSync, isQueries, runSync, type DbOrQueries } from '../db/sync-queries';

const read = (key: string) => sql<{ value: string }>`SELECT value FROM blade_setting WHERE key = ${key}`;
const write = (key: string, value: string) =>
  sql`INSERT INTO blade_setting (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

export function getSetting(q: Queries, key: string): Promise<string | undefined>;
/** transitional: on the raw SQLite handle, for callers not yet on the data layer (db/sync-queries.ts) */
export function getSetting(db: Db, key: string): string | undefined;
export function getSetting(target: DbOrQueries, key: string): Promise<string | undefined> | string | undefined {
  if (isQueries(target)) return target.get(read(key)).then((row) => row?.value);
  return getSync(target, read(key))?.value;
}

export function setSetting(q: Queries, key: string, value: string): Promise<void>;
/** transitional: on the raw SQLite handle, for callers not yet on the data layer (db/sync-queries.ts) */
export function setSetting(db: Db, key: string, value: string): void;
export function setSetting(target: DbOrQueries, key: string, value: string): Promise<void> | void {
  if (isQueries(target)) return target.run(write(key, value)).then(() => undefined);
  runSync(target, write(key, value));
}
