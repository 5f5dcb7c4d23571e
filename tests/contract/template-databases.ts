// vitest globalSetup of the contract projects: one migrated and seeded database
// made once for the whole run, that every harness copies instead of migrating
// and seeding its own (the first start of a back end: on PostgreSQL about 3 s,
// on SQLite about 1 s, paid again by each of the ~100 harnesses of a run).
// - contract-postgres: one PostgreSQL cluster for the run (instead of one per
//   test file), with a template database made by a real first start of the back
//   end; a harness's database is `CREATE DATABASE … TEMPLATE` of it, its data
//   folder starts with the key that sealed the template's secrets.
// - contract: a data folder made by a real first start; a harness's folder starts
//   as a copy of its database file (and the key that seals secrets).
// Tests of the first start itself (migrations, the seed, two instances starting
// together) start their servers on empty databases and folders as before.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../src-server/app';
import { databasePath } from '../../src-server/db/database';
import { KEY_FILE } from '../../src-server/util/secret-box';
import { startPostgres } from '../support/postgres';

/** what the run's template is, handed to the test files (inject('templates')) */
export interface Templates {
  /** the SQLite data folder a harness copies */
  sqliteDir?: string;
  /**
   * the run's PostgreSQL: its admin URL, the template database's name, and the data folder of its first start,
   * whose key sealed the template's secrets (a harness copies it with the database)
   */
  postgres?: { url: string; template: string; dataDir: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates;
  }
}

/** the files of a data folder a harness starts from */
export const TEMPLATE_FILES = (dir: string): string[] => [databasePath(dir), join(dir, KEY_FILE)].filter((f) => existsSync(f));

/** copies the template folder's database (and its secret key) into `to` */
export function copyTemplate(from: string, to: string): void {
  for (const f of TEMPLATE_FILES(from)) copyFileSync(f, join(to, f.slice(from.length + 1)));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = project.name === 'contract-postgres';
  const dir = mkdtempSync(join(tmpdir(), 'seo-template-'));
  if (!postgres) {
    const server = await startServer({ dataDir: dir, port: 0 });
    await server.close();
    project.provide('templates', { sqliteDir: dir });
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const pg = await startPostgres();
  const url = await pg.createDatabase('smc_template');
  const server = await startServer({ dataDir: dir, port: 0, database: url });
  await server.close();
  project.provide('templates', { postgres: { url: pg.url(), template: 'smc_template', dataDir: dir } });
  return async () => {
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
