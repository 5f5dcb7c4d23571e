// `npm run server -- import-local <data folder> --database postgres://...`:
// moves a Local workspace (its SQLite database and its files) into the team
// server, ids kept, so an operator who started alone brings the work along.
//
// - The workspace's database is read from a consistent copy (SQLite's online
//   backup), brought to this program's schema there, never in place.
// - The team server's database gets the product's migrations (no first-start
//   seed: the workspace's own seeded rows come along), then every table's rows
//   in one transaction, with the tables' triggers off meanwhile (a tenant's
//   insert would seed its content again; the live-row counts come along as
//   they are). Then each table's count and checksum must equal the copy's.
// - A database that holds anything already is refused; so is a second import
//   of the same workspace (blade_setting `import-local.source`). One
//   transaction: an import that fails leaves nothing behind, and may be run again.
// - The workspace's files (uploads, import sources, site releases, deploy
//   manifests, the secret-sealing key) are copied into the team server's data
//   folder, which must not hold them yet.
// - The workspace remembers where it went (MOVED_FILE in its data folder: the
//   database, without its password, the folder, when). Moving it into a second
//   database makes a second copy of its work (two servers each running its jobs
//   and deploy schedules): refused unless asked for with --again (`again`).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { databasePath } from '../db/database';
import { migrate } from '../db/migrate';
import { listColumns, listTables, tableStatsOf } from '../db/catalog';
import { sql, sqliteDataLayer, type DataLayer } from '../db/data-layer';
import type { Migration } from '../db/migrations';
import type { TableStats } from './engine';
import { isTransient } from './data-files';
import { SQLITE_FILES } from './sqlite-engine';
import { pauseBackgroundWork } from '../jobs/pause';

export class ImportError extends Error {}

export const IMPORT_MARK = 'import-local.source';

/** in the workspace's data folder: where it was moved to (the team servers' databases and folders, when) */
export const MOVED_FILE = 'moved-to-team-server.json';

/** Kept out of the copy: the schema's own bookkeeping, and the target instance's id leases. */
const NOT_COPIED = new Set(['schema_migrations', 'id_worker']);

const BATCH = 500;

export interface ImportResult {
  tables: TableStats;
  files: number;
  /** why the workspace could not note the move (MOVED_FILE), when it could not */
  notRemembered?: string;
}

/** One move of the workspace, as MOVED_FILE keeps it. */
export interface MoveRecord {
  /** the team server's database URL, without its password */
  database: string;
  /** the team server's data folder */
  dataDir: string;
  /** ISO time of the move */
  at: string;
}

/** The workspace's moves so far (none when it never went anywhere). */
export function movesOf(workspace: string): MoveRecord[] {
  const file = join(workspace, MOVED_FILE);
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as MoveRecord[]) : [];
  } catch {
    throw new ImportError(`${file} 无法读取（不是有效的 JSON）：请检查或移走它`);
  }
}

/** Notes a move in the workspace (written whole, then renamed in); the reason when it cannot. */
function rememberMove(workspace: string, move: MoveRecord): string | undefined {
  const file = join(workspace, MOVED_FILE);
  try {
    const part = `${file}.${process.pid}.tmp`;
    writeFileSync(part, `${JSON.stringify([...movesOf(workspace), move], null, 1)}\n`);
    renameSync(part, file);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The workspace's identity: its JWT secret's digest (made once per install, never shown). */
function sourceIdentity(copy: Database.Database): string {
  const row = copy.prepare("SELECT value FROM blade_setting WHERE key = 'jwt.secret'").get() as { value: string } | undefined;
  if (!row) throw new ImportError('本地工作区的数据库不完整（缺少安装标识），无法导入');
  return createHash('sha256').update(`import-local:${row.value}`).digest('hex').slice(0, 32);
}

async function refuseTarget(target: DataLayer, identity: string): Promise<void> {
  const tables = new Set(await listTables(target));
  if (!tables.has('blade_setting')) return;
  const mark = await target.get(sql<{ value: string }>`SELECT value FROM blade_setting WHERE key = ${IMPORT_MARK}`);
  if (mark?.value === identity) throw new ImportError('这个本地工作区已导入过团队服务器，不再重复导入');
  for (const table of ['blade_user', 'blade_tenant', 'blade_setting']) {
    if (!tables.has(table)) continue;
    if (await target.get(sql`SELECT 1 AS held FROM ${sql.id(table)} LIMIT 1`)) {
      throw new ImportError(`团队服务器的数据库已有数据（${table}），只能导入到空数据库`);
    }
  }
}

/** The data folder's entries to copy (the database files are the database's business). */
function folderEntries(dir: string): string[] {
  return readdirSync(dir).filter((n) => !SQLITE_FILES.includes(n) && !isTransient(n) && n !== MOVED_FILE && !n.startsWith(`${MOVED_FILE}.`)).sort();
}

export async function importLocal(o: {
  /** the Local workspace's data folder */
  from: string;
  /** the team server's database */
  target: DataLayer;
  /** the team server's data folder (uploads and releases go there) */
  dataDir: string;
  migrations: readonly Migration[];
  /** the team server's database as the workspace notes it (its URL without the password) */
  targetName: string;
  /** move it although it went into another database before (--again) */
  again?: boolean;
  now?: () => Date;
}): Promise<ImportResult> {
  if (o.target.engine !== 'postgres') throw new ImportError('import-local moves a Local workspace into a team server: give its PostgreSQL with --database');
  if (!existsSync(databasePath(o.from))) throw new ImportError(`${o.from} 中没有本地工作区的数据库`);
  const entries = folderEntries(o.from);
  const clash = entries.filter((n) => existsSync(join(o.dataDir, n)));
  if (clash.length) throw new ImportError(`团队服务器的数据目录 ${o.dataDir} 已有 ${clash.join(', ')}，不覆盖`);

  const work = mkdtempSync(join(tmpdir(), 'seo-import-'));
  try {
    // a consistent copy, brought to this program's schema
    const live = new Database(databasePath(o.from), { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      await live.backup(join(work, 'source.db'), { progress: () => 1 << 30 });
    } finally {
      live.close();
    }
    const source = sqliteDataLayer(new Database(join(work, 'source.db')));
    try {
      const copy = source.sqlite!;
      if (!copy.prepare("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").get()) throw new ImportError('本地工作区的数据库尚未初始化，无法导入');
      await migrate(source, o.migrations);
      const identity = sourceIdentity(copy);
      // a database holding anything is refused for that first; an empty one elsewhere asks whether to copy again
      await refuseTarget(o.target, identity);
      const elsewhere = movesOf(o.from).filter((m) => m.database !== o.targetName);
      if (elsewhere.length && !o.again) {
        const last = elsewhere[elsewhere.length - 1]!;
        throw new ImportError(
          `这个本地工作区已于 ${last.at} 迁入团队服务器 ${last.database}（数据目录 ${last.dataDir}）。再迁入另一个数据库会多出一份同样的工作（两处各自运行它的任务和定时部署）；确需再迁一次，请加 --again`,
        );
      }

      await migrate(o.target, o.migrations);
      await refuseTarget(o.target, identity);

      const sourceTables = new Set(await listTables(source));
      const tables = (await listTables(o.target)).filter((t) => !NOT_COPIED.has(t) && sourceTables.has(t));
      const expected = await tableStatsOf(source, tables);
      await o.target.transaction(async (trx) => {
        for (const table of tables) {
          const columns = (await listColumns(trx, table)).map((c) => c.name);
          const from = new Set((await listColumns(source, table)).map((c) => c.name));
          const shared = columns.filter((c) => from.has(c));
          await trx.exec(`ALTER TABLE "${table}" DISABLE TRIGGER USER`);
          await trx.run(sql`DELETE FROM ${sql.id(table)}`); // rows the migrations wrote; the workspace's come instead
          // in the order the workspace wrote them (a WITHOUT ROWID table has no rowid: its key's order)
          const withoutRowid = (copy.prepare("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?").get(table) as { wr: number } | undefined)?.wr === 1;
          const read = copy.prepare(`SELECT ${shared.map((c) => `"${c}"`).join(', ')} FROM "${table}"${withoutRowid ? '' : ' ORDER BY rowid'}`);
          let batch: Record<string, unknown>[] = [];
          const flush = async () => {
            if (batch.length) await trx.kysely.insertInto(table).values(batch).execute();
            batch = [];
          };
          for (const row of read.iterate() as IterableIterator<Record<string, unknown>>) {
            batch.push(row);
            if (batch.length >= BATCH) await flush();
          }
          await flush();
          await trx.exec(`ALTER TABLE "${table}" ENABLE TRIGGER USER`);
        }
        // every table as the copy had it, checked before the commit: a difference leaves nothing behind
        const got = await tableStatsOf(trx, tables);
        const wrong = tables.filter((t) => expected[t]!.rows !== got[t]!.rows || expected[t]!.sha256 !== got[t]!.sha256);
        if (wrong.length) throw new ImportError(`导入后数据与本地工作区不一致: ${wrong.join(', ')}`);
        await trx.run(sql`INSERT INTO blade_setting (key, value) VALUES (${IMPORT_MARK}, ${identity})`);
        // the workspace's jobs and schedules may still run where it was: here they wait to be resumed (jobs/pause.ts)
        await pauseBackgroundWork(trx, 'import-local', (o.now ?? (() => new Date()))());
      });

      mkdirSync(o.dataDir, { recursive: true });
      let files = 0;
      for (const name of entries) {
        cpSync(join(o.from, name), join(o.dataDir, name), { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false, preserveTimestamps: true });
        files++;
      }
      const notRemembered = rememberMove(o.from, { database: o.targetName, dataDir: o.dataDir, at: (o.now ?? (() => new Date()))().toISOString() });
      return { tables: expected, files, ...(notRemembered ? { notRemembered } : {}) };
    } finally {
      await source.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
