// What the stock-console tests (tests/saber, tests/sword) share: the embedded
// back end started as `npm run server` on a fresh data folder, its SQLite
// database opened read-only to check what a screen wrote, and a Playwright
// fixture that serves a stock console's build against it for one worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test as base } from '@playwright/test';

export interface StockStack {
  /** the stock console, http://127.0.0.1:P */
  url: string;
  /** the back end, http://127.0.0.1:P/api */
  api: string;
  dataDir: string;
  /** the back end's database, read-only */
  db: Database.Database;
}

/** `npm run server` on `dataDir` with a free port; resolves on its `ready` and `sm2-public-key` lines. */
export async function startServer(dataDir: string): Promise<{ api: string; publicKey: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', '--port', '0', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /^ready (\S+)\nsm2-public-key (\S+)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  return { api: found[1]!, publicKey: found[2]!, child };
}

/** A served stock console: scripts/saber.mjs serveSaber, scripts/sword.mjs serveSword. */
export type ServeConsole = (o: { api: string; publicKey: string }) => Promise<{ url: string; close(): Promise<void> }>;

/** Playwright's `test` with a worker-scoped `stack`: a fresh back end and the console `serve` starts against it. */
export function stockConsoleTest(name: string, serve: ServeConsole) {
  return base.extend<object, { stack: StockStack }>({
    stack: [
      async ({}, use) => {
        const dataDir = mkdtempSync(join(tmpdir(), `smc-${name}-`));
        const server = await startServer(dataDir);
        const served = await serve({ api: server.api, publicKey: server.publicKey });
        const db = new Database(join(dataDir, 'server.db'), { readonly: true });
        await use({ url: served.url, api: server.api, dataDir, db });
        db.close();
        await served.close();
        const exited = new Promise((r) => server.child.once('exit', r));
        server.child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      },
      { scope: 'worker' },
    ],
  });
}

/** One row of the back end's database (undefined when none). */
export const one = (stack: StockStack, sql: string, ...args: unknown[]) => stack.db.prepare(sql).get(...args) as Record<string, unknown> | undefined;

/** An access token of `admin` through the back end's API (to prepare rows a console's screens need). */
export async function adminToken(stack: StockStack, client: 'saber' | 'sword'): Promise<string> {
  const md5 = createHash('md5').update('admin').digest('hex');
  const basic = `Basic ${Buffer.from(`${client}:${client}_secret`).toString('base64')}`;
  const reply = await fetch(`${stack.api}/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basic, 'Tenant-Id': '000000', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', scope: 'all', username: 'admin', password: md5 }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  return reply.access_token;
}
