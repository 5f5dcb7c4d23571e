// The database a maintenance command of `npm run server` works on (unlock, backup,
// restore, import-local: cli.ts): the data folder's SQLite file, or a team
// server's PostgreSQL from --database / SEO_DATABASE_URL. Checked before the
// command does anything, so an error names what is missing (issue 37): no
// database at all, a database that cannot be reached, one that holds no back end.
// A URL is shown without its password.
import { existsSync } from 'node:fs';
import { databasePath } from './database';
import { postgresDataLayer, sql } from './data-layer';

/** how to give the database, for an error's end */
export const GIVE_DATABASE = "give the embedded back end's data folder with --data DIR, or a team server's database with --database postgres://... (or SEO_DATABASE_URL)";

/** A database URL as an operator may see it: without its password. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/**
 * Throws, with the command's name and what is missing, unless the command has a back end's database: the data
 * folder's SQLite file (no `database`), or a reachable PostgreSQL holding the product's schema (`backEnd`; a restore
 * or an import wants an empty one: `backEnd: false` checks only that it answers).
 */
export async function checkCommandDatabase(command: string, dataDir: string, database: string | undefined, o: { backEnd: boolean }): Promise<void> {
  if (!database) {
    if (o.backEnd && !existsSync(databasePath(dataDir))) throw new Error(`${command}: no back-end database in ${dataDir}: ${GIVE_DATABASE}`);
    return;
  }
  if (!/^postgres(ql)?:\/\//.test(database)) throw new Error(`${command}: --database / SEO_DATABASE_URL is not a postgres:// URL: ${shownUrl(database)}`);
  const data = postgresDataLayer(database, { max: 1 });
  try {
    let schema: string | null;
    try {
      schema = (await data.get(sql<{ t: string | null }>`SELECT to_regclass('schema_migrations')::text AS t`))?.t ?? null;
    } catch (err) {
      throw new Error(`${command}: cannot reach the database ${shownUrl(database)}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (o.backEnd && !schema) {
      throw new Error(`${command}: the database ${shownUrl(database)} holds no back end (no schema_migrations): check --database / SEO_DATABASE_URL, or start the team server on it once`);
    }
  } finally {
    await data.close();
  }
}
