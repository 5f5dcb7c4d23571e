// `npm run server -- [--port P] [--data DIR] [--database URL]`: the back end alone.
// Prints `ready http://127.0.0.1:P/api` once it answers (always the first line),
// then `sm2-public-key <hex>` (the key stock consoles encrypt passwords with).
// Without --database it keeps its data in the data folder's SQLite file (the
// embedded back end); with `--database postgres://user:password@host:port/db` (or
// SEO_DATABASE_URL) it is a team-server instance on PostgreSQL, several of which
// may serve one database behind a load balancer (`--trust-proxy ADDRESSES`: the
// load balancer's addresses or CIDRs, comma-separated; the client is the right-most
// X-Forwarded-For address that is not one of them, http/trust-proxy.ts;
// `--host 0.0.0.0` to listen beyond loopback).
// `--dialect stock` serves only the stock BladeX/SpringBlade paths (http/dialects.ts).
// `--role api|worker|all` (default all, a team server's only): `api` serves the API
// and runs no job worker nor schedule, `worker` runs them and answers only
// /api/health (src-server/jobs, docs/team-server.md § "Roles").
// `npm run server -- unlock <account> [--tenant 000000]` clears an account's
// sign-in lockout and exits (auth/unlock-account.ts): the way back for a
// locked-out last administrator.
// `npm run server -- backup --to FILE` writes one file (gzip tar with a manifest)
// holding a consistent copy of the database and the data folder's files, while a
// server may be serving; `restore --from FILE` brings it back into an empty or new
// folder and an empty database, checked against the manifest (backup/).
// `npm run server -- import-local <folder> --database URL` moves a Local
// workspace's data folder into a team server (backup/import-local.ts).
// A restored or imported copy's background work starts paused (jobs/pause.ts):
// `npm run server -- jobs resume` lets it run (`jobs status` says which).
// Every command takes --data DIR and --database URL (or SEO_DATABASE_URL) as the
// server does; one without a database, or whose database cannot be reached or
// holds no back end, says which (db/command-database.ts).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './app';
import { DEFAULT_TENANT, unlockAccount } from './auth/unlock-account';
import { backupDataFolder, describeBackup, restoreDataFolder } from './backup/commands';
import { importLocal, MOVED_FILE } from './backup/import-local';
import { openDataLayer } from './db/data-layer';
import { checkCommandDatabase, shownUrl } from './db/command-database';
import { roundTrips } from './db/round-trips';
import { SERVER_ROLES, type ServerRole } from './jobs/jobs';
import { readPause, resumeBackgroundWork } from './jobs/pause';
import { checkTrustProxyArgs, parseTrustProxy } from './http/trust-proxy';
import { DRAIN_MS } from './http/drain';
import { MIGRATIONS } from './modules';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'seo-matrix-console', 'server');
}

async function unlock(account: string | undefined, tenant: string, dataDir: string, database?: string): Promise<void> {
  const outcome = await unlockAccount(dataDir, account ?? '', tenant, Date.now(), database);
  const what = outcome.wasLocked ? 'was locked' : outcome.failCount > 0 ? `had ${outcome.failCount} failed sign-in(s)` : 'was not locked';
  process.stdout.write(`unlocked ${account} (tenant ${tenant}): it ${what}; it can sign in now\n`);
}

/** `jobs resume`: a restored copy's background work runs (jobs/pause.ts); `jobs status` says whether it is paused */
async function backgroundWork(what: 'resume' | 'status', dataDir: string, database?: string): Promise<string> {
  const data = openDataLayer({ dataDir, database });
  try {
    if (what === 'status') {
      const pause = await readPause(data);
      return pause ? `background work paused since ${pause.since} (${pause.by}): resume it with npm run server -- jobs resume` : 'background work runs';
    }
    const was = await resumeBackgroundWork(data);
    return was ? `background work resumed (paused since ${was.since} by ${was.by}): running instances take up jobs and schedules within a second` : 'background work was not paused';
  } finally {
    await data.close();
  }
}

async function main(): Promise<void> {
  // the old bare flag trusted every hop: refused with the new form rather than parseArgs' own words
  checkTrustProxyArgs(process.argv.slice(2));
  const { values, positionals } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      data: { type: 'string' },
      log: { type: 'boolean', default: false },
      dialect: { type: 'string', default: 'both' },
      tenant: { type: 'string', default: DEFAULT_TENANT },
      to: { type: 'string' },
      from: { type: 'string' },
      database: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'trust-proxy': { type: 'string' },
      role: { type: 'string', default: 'all' },
      again: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const dataDir = values.data ?? defaultDataDir();
  const database = values.database ?? (process.env.SEO_DATABASE_URL || undefined);
  if (positionals[0] === 'unlock') {
    if (positionals.length > 2) throw new Error('unlock: one account at a time: npm run server -- unlock <account> [--tenant 000000] [--data DIR] [--database URL]');
    await checkCommandDatabase('unlock', dataDir, database, { backEnd: true });
    await unlock(positionals[1], values.tenant, dataDir, database);
    return;
  }
  if (positionals[0] === 'jobs') {
    const what = positionals[1];
    if ((what !== 'resume' && what !== 'status') || positionals.length > 2) throw new Error('jobs: npm run server -- jobs resume|status [--data DIR] [--database URL]');
    await checkCommandDatabase(`jobs ${what}`, dataDir, database, { backEnd: true });
    process.stdout.write(`${await backgroundWork(what, dataDir, database)}\n`);
    return;
  }
  // a command that ends without saying it succeeded has failed
  if (['backup', 'restore', 'import-local'].includes(positionals[0] ?? '')) process.exitCode = 1;
  if (positionals[0] === 'backup') {
    if (!values.to || positionals.length > 1) throw new Error('backup: npm run server -- backup --to FILE [--data DIR] [--database URL]');
    await checkCommandDatabase('backup', dataDir, database, { backEnd: true });
    const m = await backupDataFolder(dataDir, resolve(values.to), database);
    process.stdout.write(`backup written to ${resolve(values.to)}: ${describeBackup(m)}\n`);
    process.exitCode = 0;
    return;
  }
  if (positionals[0] === 'restore') {
    if (!values.from || positionals.length > 1) throw new Error('restore: npm run server -- restore --from FILE [--data DIR] [--database URL]');
    await checkCommandDatabase('restore', dataDir, database, { backEnd: false });
    const m = await restoreDataFolder(resolve(values.from), dataDir, database);
    process.stdout.write(`restored into ${dataDir}${database ? ' and the database' : ''}: ${describeBackup(m)}\n`);
    process.exitCode = 0;
    return;
  }
  if (positionals[0] === 'import-local') {
    if (!positionals[1] || positionals.length > 2) {
      throw new Error('import-local: npm run server -- import-local <Local workspace data folder> --database URL [--data DIR] [--again]');
    }
    if (!database) throw new Error("import-local: no team server's database: give it with --database postgres://... (or SEO_DATABASE_URL)");
    await checkCommandDatabase('import-local', dataDir, database, { backEnd: false });
    const target = openDataLayer({ dataDir, database });
    try {
      const r = await importLocal({ from: resolve(positionals[1]), target, dataDir: resolve(dataDir), migrations: MIGRATIONS, targetName: shownUrl(database), again: values.again });
      const tables = Object.values(r.tables);
      process.stdout.write(`imported ${tables.length} tables (${tables.reduce((n, t) => n + t.rows, 0)} rows) and ${r.files} entries of the data folder into ${dataDir}\n`);
      if (r.notRemembered) process.stderr.write(`import-local: the workspace could not note where it went (${MOVED_FILE}): ${r.notRemembered}\n`);
    } finally {
      await target.close();
    }
    process.exitCode = 0;
    return;
  }
  if (positionals.length > 0) throw new Error(`unknown command: ${positionals[0]} (known: unlock, backup, restore, import-local, jobs)`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port: ${values.port}`);
  const dialect = values.dialect;
  if (dialect !== 'both' && dialect !== 'stock') throw new Error(`--dialect: both or stock, not ${dialect}`);
  const role = values.role as ServerRole;
  if (!SERVER_ROLES.includes(role)) throw new Error(`--role: api, worker or all, not ${values.role}`);
  // one process runs the embedded back end: its SQLite file is not shared between an API and a worker process
  if (role !== 'all' && !database) throw new Error(`--role ${role}: splitting the API from the workers needs a team server's --database postgres://...`);
  const trustProxy = values['trust-proxy'] === undefined ? undefined : parseTrustProxy(values['trust-proxy']);
  const server = await startServer({ dataDir, database, port, host: values.host, logger: values.log, dialect, trustProxy, role });
  process.stdout.write(`ready ${server.url}\nsm2-public-key ${server.publicKey}\n`);
  // scripts/bench-team.ts only: SIGUSR2 prints the statements sent to the database so far (db/round-trips.ts)
  if (process.env.SEO_ROUND_TRIPS === '1') process.on('SIGUSR2', () => process.stdout.write(`round-trips ${roundTrips()}\n`));

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // behind a load balancer: no request fails (http/drain.ts); a desktop's embedded back end closes at once
    server.close({ drainMs: DRAIN_MS }).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
