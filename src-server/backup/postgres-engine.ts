// The team server's side of backup and restore: its PostgreSQL database.
//
// The snapshot is `pg_dump --format=custom` of one exported snapshot: a
// read-only repeatable-read transaction exports it, pg_dump reads through it,
// and the manifest's row counts and checksums are computed in that same
// transaction, so they describe exactly what the dump holds while the
// instances keep writing. Restore is `pg_restore --single-transaction` into an
// empty database, then the same counts and checksums are read back.
//
// The client tools come from Debian's postgresql package (the newest
// /usr/lib/postgresql/<major>/bin, or PG_BIN); pg_dump must be of the
// server's major version or newer.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTables, tableStatsOf } from '../db/catalog';
import { postgresDataLayer, sql, type DataLayer, type Queries } from '../db/data-layer';
import type { BackupReason } from '../../src-shared/backup-reasons';
import type { BackupEngine, DatabaseSnapshot, TableStats } from './engine';
import { refusal } from './refusal';

export const DUMP_FILE = 'database.pgdump';

/**
 * The folder of PostgreSQL's programs (`tool`: pg_dump and pg_restore here, initdb for the tests' own server):
 * PG_BIN, else the newest /usr/lib/postgresql/<major>/bin holding `tool`, of major `minMajor` or newer.
 */
export function postgresToolsDir(explicit = process.env.PG_BIN, o: { tool?: string; minMajor?: number } = {}): string {
  if (explicit) return explicit;
  const tool = o.tool ?? 'pg_dump';
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((d) => /^\d+$/.test(d) && existsSync(join(base, d, 'bin', tool)))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  if (majors.length === 0 || majors[0]! < (o.minMajor ?? 0)) {
    throw new Error(
      `${tool} of PostgreSQL ${o.minMajor ?? ''}${o.minMajor ? ' or newer ' : ''}not found under ${base} (found: ${majors.join(', ') || 'none'}); install Debian's postgresql (scripts/prerequisites.sh) or set PG_BIN`,
    );
  }
  return join(base, String(majors[0]), 'bin');
}

function run(bin: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${bin.split('/').pop()} exited ${code}: ${err.trim().slice(0, 2000)}`))));
  });
}

async function schemaVersion(q: Queries): Promise<number> {
  if (!(await listTables(q)).includes('schema_migrations')) return 0;
  return (await q.get(sql<{ v: number }>`SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations`))?.v ?? 0;
}

/** Functions of the current schema (the migrations' trigger functions), as DROP FUNCTION takes them. */
async function schemaFunctions(q: Queries): Promise<string[]> {
  const rows = await q.all(
    sql<{ fn: string }>`SELECT p.oid::regprocedure::text AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      LEFT JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
      WHERE n.nspname = current_schema() AND d.objid IS NULL`,
  );
  return rows.map((r) => r.fn);
}

export class PostgresBackupEngine implements BackupEngine {
  readonly name = 'postgres';
  private work: string | null = null;
  private loaded = false;
  private hadTrigram = false;

  constructor(
    /** postgres://user:password@host:port/database */
    private readonly url: string,
    private readonly tools = postgresToolsDir(),
  ) {}

  private async withData<T>(work: (data: DataLayer) => Promise<T>): Promise<T> {
    const data = postgresDataLayer(this.url, { max: 1 });
    try {
      return await work(data);
    } finally {
      await data.close();
    }
  }

  async snapshot(workDir: string): Promise<DatabaseSnapshot> {
    const file = join(workDir, DUMP_FILE);
    return this.withData((data) =>
      data.transaction(async (trx) => {
        await trx.run(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
        // the transaction's snapshot is taken by its first query, the export below: what was committed before is in it
        const takenAt = new Date();
        const snapshot = (await trx.get(sql<{ id: string }>`SELECT pg_export_snapshot() AS id`))!.id;
        // pg_dump reads the exported snapshot while this transaction keeps it alive
        await run(join(this.tools, 'pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, '--file', file, '--dbname', this.url]);
        return { files: { [DUMP_FILE]: file }, schemaVersion: await schemaVersion(trx), tables: await tableStatsOf(trx), takenAt };
      }),
    );
  }

  async refuseTarget(): Promise<BackupReason | null> {
    return this.withData(async (data) => {
      const tables = await listTables(data);
      if (tables.length) return { code: 'targetHoldsTables', params: { tables: `${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', ...' : ''}` } };
      if ((await schemaFunctions(data)).length) return { code: 'targetHoldsFunctions' };
      this.hadTrigram = !!(await data.get(sql`SELECT 1 AS had FROM pg_extension WHERE extname = 'pg_trgm'`));
      return null;
    });
  }

  restorePath(name: string): string | null {
    if (name !== DUMP_FILE) return null;
    this.work ??= mkdtempSync(join(tmpdir(), 'seo-pg-restore-'));
    return join(this.work, name);
  }

  async load(): Promise<void> {
    if (!this.work) throw refusal('noDatabaseDump', { file: DUMP_FILE });
    try {
      // one transaction: a failing restore leaves the database empty
      await run(join(this.tools, 'pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', this.url, join(this.work, DUMP_FILE)]);
      this.loaded = true;
    } finally {
      rmSync(this.work, { recursive: true, force: true });
      this.work = null;
    }
  }

  async inspectRestored(): Promise<{ schemaVersion: number; tables: TableStats }> {
    return this.withData(async (data) => ({ schemaVersion: await schemaVersion(data), tables: await tableStatsOf(data) }));
  }

  async withRestored(work: (data: DataLayer) => Promise<void>): Promise<void> {
    await this.withData(work);
  }

  async discard(): Promise<void> {
    if (this.work) rmSync(this.work, { recursive: true, force: true });
    this.work = null;
    if (!this.loaded) return;
    await this.withData((data) =>
      data.transaction(async (trx) => {
        for (const table of await listTables(trx)) await trx.exec(`DROP TABLE IF EXISTS "${table.replace(/"/g, '""')}" CASCADE`);
        for (const fn of await schemaFunctions(trx)) await trx.exec(`DROP FUNCTION IF EXISTS ${fn} CASCADE`);
        if (!this.hadTrigram) await trx.exec('DROP EXTENSION IF EXISTS pg_trgm CASCADE');
      }),
    );
  }
}
