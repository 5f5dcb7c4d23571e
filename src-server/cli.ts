// `npm run server -- [--port P] [--data DIR]`: the embedded back end alone.
// Prints `ready http://127.0.0.1:P/api` once it answers (always the first line),
// then `sm2-public-key <hex>` (the key stock consoles encrypt passwords with).
// `--dialect stock` serves only the stock BladeX/SpringBlade paths (http/dialects.ts).
// `npm run server -- unlock <account> [--tenant 000000] [--data DIR]` clears an
// account's sign-in lockout and exits (auth/unlock-account.ts): the way back for a
// locked-out last administrator.
// `npm run server -- backup --to FILE [--data DIR]` writes one file (gzip tar with a
// manifest) holding a consistent copy of the database and the data folder's files,
// while a server may be serving; `restore --from FILE [--data DIR]` brings it back
// into an empty or new folder, checked against the manifest (backup/).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './app';
import { DEFAULT_TENANT, unlockAccount } from './auth/unlock-account';
import { backupDataFolder, describeBackup, restoreDataFolder } from './backup/commands';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'seo-matrix-console', 'server');
}

async function unlock(account: string | undefined, tenant: string, dataDir: string): Promise<void> {
  const outcome = await unlockAccount(dataDir, account ?? '', tenant);
  const what = outcome.wasLocked ? 'was locked' : outcome.failCount > 0 ? `had ${outcome.failCount} failed sign-in(s)` : 'was not locked';
  process.stdout.write(`unlocked ${account} (tenant ${tenant}): it ${what}; it can sign in now\n`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      data: { type: 'string' },
      log: { type: 'boolean', default: false },
      dialect: { type: 'string', default: 'both' },
      tenant: { type: 'string', default: DEFAULT_TENANT },
      to: { type: 'string' },
      from: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals[0] === 'unlock') {
    if (positionals.length > 2) throw new Error('unlock: one account at a time: npm run server -- unlock <account> [--tenant 000000] [--data DIR]');
    await unlock(positionals[1], values.tenant, values.data ?? defaultDataDir());
    return;
  }
  // a command that ends without saying it succeeded has failed
  if (positionals[0] === 'backup' || positionals[0] === 'restore') process.exitCode = 1;
  if (positionals[0] === 'backup') {
    if (!values.to || positionals.length > 1) throw new Error('backup: npm run server -- backup --to FILE [--data DIR]');
    const m = await backupDataFolder(values.data ?? defaultDataDir(), resolve(values.to));
    process.stdout.write(`backup written to ${resolve(values.to)}: ${describeBackup(m)}\n`);
    process.exitCode = 0;
    return;
  }
  if (positionals[0] === 'restore') {
    if (!values.from || positionals.length > 1) throw new Error('restore: npm run server -- restore --from FILE [--data DIR]');
    const dataDir = values.data ?? defaultDataDir();
    const m = await restoreDataFolder(resolve(values.from), dataDir);
    process.stdout.write(`restored into ${dataDir}: ${describeBackup(m)}\n`);
    process.exitCode = 0;
    return;
  }
  if (positionals.length > 0) throw new Error(`unknown command: ${positionals[0]} (known: unlock, backup, restore)`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: not a port: ${values.port}`);
  const dialect = values.dialect;
  if (dialect !== 'both' && dialect !== 'stock') throw new Error(`--dialect: both or stock, not ${dialect}`);
  const server = await startServer({ dataDir: values.data ?? defaultDataDir(), port, logger: values.log, dialect });
  process.stdout.write(`ready ${server.url}\nsm2-public-key ${server.publicKey}\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
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
