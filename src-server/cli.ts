// `npm run server -- [--port P] [--data DIR]`: the embedded back end alone.
// Prints `ready http://127.0.0.1:P/api` once it answers (always the first line),
// then `sm2-public-key <hex>` (the key stock consoles encrypt passwords with).
// `--dialect stock` serves only the stock BladeX/SpringBlade paths (http/dialects.ts).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './app';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'seo-matrix-console', 'server');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      data: { type: 'string' },
      log: { type: 'boolean', default: false },
      dialect: { type: 'string', default: 'both' },
    },
    strict: true,
  });
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
