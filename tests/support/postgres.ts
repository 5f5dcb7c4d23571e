// A real PostgreSQL for a test run (issue 29, the team server): Debian's
// `postgresql` package (scripts/prerequisites.sh installs it), a cluster of the
// test's own in a temporary folder, listening on a free loopback port, never
// the system service.
//
//   const pg = await startPostgres();
//   const url = await pg.createDatabase();   // one database per test file or caller
//   await pg.restart();                      // the server goes down and comes back, same port
//   await pg.close();                        // stops it and removes the folder (also at process exit)
//
// PostgreSQL refuses to run as root: as root the folder is given to the
// `postgres` system user and every binary runs through `runuser -u postgres`;
// otherwise the binaries run as the current user. Authentication is `trust`
// on 127.0.0.1 and the folder's socket only.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postgresToolsDir } from '../../src-server/backup/postgres-engine';

export interface PostgresServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** the temporary folder: data/ (the cluster), run/ (its socket), postgres.log */
  readonly dir: string;
  /** a connection URL for one database (default `postgres`) as the superuser `postgres` */
  url(database?: string): string;
  /** creates a new, empty database (a name of its own unless given) and answers its URL */
  createDatabase(name?: string): Promise<string>;
  /**
   * Stops the server (`fast`: sessions are ended, as an administrator's restart;
   * `immediate`: as a crash, recovered from the WAL on start), stays down `downMs`,
   * and starts it again on the same port; resolves once it accepts connections.
   */
  restart(o?: { mode?: 'fast' | 'immediate'; downMs?: number }): Promise<void>;
  /** stops the server (an outage the test ends with `start()`); the folder stays */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** starts a stopped server again on the same port; resolves once it accepts connections */
  start(): Promise<void>;
  /** the server's log so far (for a failing test's message) */
  log(): string;
  /** the postmaster (every session's backend is its child) */
  postmasterPid(): number;
  /** stops the server and removes its folder; safe to call twice */
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** the folder holding initdb and pg_ctl; default: PG_BIN, else the newest /usr/lib/postgresql/<major>/bin */
  binDir?: string;
  /** extra `-c name=value` server settings */
  settings?: Record<string, string | number>;
  /** how long to wait for the server to accept connections (default 30 s) */
  readyTimeoutMs?: number;
}

const HOST = '127.0.0.1';
const ROOT = process.getuid?.() === 0;

/** The folder of PostgreSQL's server binaries (15 or newer), or an error saying how to get them. */
export function postgresBinDir(explicit = process.env.PG_BIN): string {
  return postgresToolsDir(explicit, { tool: 'initdb', minMajor: 15 });
}

function postgresUser(): { uid: number; gid: number } {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) throw new Error('running as root, but there is no `postgres` system user (Debian package postgresql creates it)');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** a command line: the binary itself, or through runuser as the postgres user when we are root */
function asOwner(bin: string, args: string[]): [string, string[]] {
  return ROOT ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

/** Runs a binary to its exit; rejects with its output (and the server log's end) when it fails. */
function run(bin: string, args: string[], logFile?: string): Promise<string> {
  const [cmd, argv] = asOwner(bin, args);
  return new Promise((resolve, reject) => {
    // stdin closed; the server pg_ctl forks writes to its -l log, so the pipes end with pg_ctl
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve(out);
      const log = logFile && existsSync(logFile) ? `\n--- server log ---\n${readFileSync(logFile, 'utf8').slice(-4000)}` : '';
      reject(new Error(`${[cmd, ...argv].join(' ')} exited ${code}:\n${out.trim()}${log}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls with a real client until the server answers `SELECT 1`. */
async function untilAccepting(url: string, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      last = err;
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(100);
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms: ${String(last)}\n--- server log ---\n${log().slice(-4000)}`);
}

let databases = 0;

/** Initialises a cluster in a new temporary folder and starts it on a free loopback port. */
export async function startPostgres(o: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir(o.binDir);
  const readyTimeoutMs = o.readyTimeoutMs ?? 30_000;
  // root: under /tmp (world-traversable), whatever TMPDIR says, so the postgres user reaches it
  const dir = mkdtempSync(join(ROOT ? '/tmp' : tmpdir(), 'seo-pg-'));
  const data = join(dir, 'data');
  const sockets = join(dir, 'run');
  const logFile = join(dir, 'postgres.log');
  mkdirSync(sockets);
  if (ROOT) {
    const { uid, gid } = postgresUser();
    for (const p of [dir, sockets]) chownSync(p, uid, gid);
  }
  chmodSync(dir, 0o700);
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  let port = 0;
  let running = false;
  let closed = false;
  const pgCtl = join(bin, 'pg_ctl');
  // a throw-away cluster: no fsync (the tests restart and kill the server, never the machine); commits stay
  // synchronous, so an acknowledged write survives even an `immediate` restart (WAL written before the reply)
  const settings: Record<string, string | number> = {
    listen_addresses: HOST,
    unix_socket_directories: sockets,
    fsync: 'off',
    full_page_writes: 'off',
    max_connections: 200,
    ...o.settings,
  };
  const serverOptions = () => [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const url = (database = 'postgres') => `postgres://postgres@${HOST}:${port}/${database}`;

  const start = async () => {
    await run(pgCtl, ['-D', data, '-o', serverOptions(), '-l', logFile, '-w', '-t', String(Math.ceil(readyTimeoutMs / 1000)), 'start'], logFile);
    running = true;
    await untilAccepting(url(), readyTimeoutMs, log);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    if (!running) return;
    await run(pgCtl, ['-D', data, '-m', mode, '-w', 'stop'], logFile);
    running = false;
  };
  // a test worker that dies without its afterAll still leaves nothing behind
  const onExit = () => {
    if (running) {
      const [cmd, argv] = asOwner(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      spawnSync(cmd, argv, { stdio: 'ignore' });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  // a test process killed by a signal (vitest ends its workers so) runs no exit handler: a watchdog stops the server
  // and removes its folder once this process is gone, so runs leave no PostgreSQL behind
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const [stopCmd, stopArgs] = asOwner(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
  const watchdog = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 2; done; ${[stopCmd, ...stopArgs].map(quote).join(' ')}; rm -rf ${quote(dir)}`], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  const callOff = () => {
    if (watchdog.exitCode === null) watchdog.kill();
  };

  try {
    // C.UTF-8: UTF-8 text whose letters (Chinese titles too) pg_trgm takes apart into trigrams
    await run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], logFile);
    // the port is free when chosen, not reserved: another process may take it first, so try a few
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await start();
        break;
      } catch (err) {
        await stop('immediate').catch(() => undefined);
        if (attempt >= 3 || !/could not (bind|create listen)|Address already in use/i.test(`${String(err)}${log()}`)) throw err;
      }
    }
  } catch (err) {
    await stop('immediate').catch(() => undefined);
    process.removeListener('exit', onExit);
    callOff();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  return {
    host: HOST,
    get port() {
      return port;
    },
    dir,
    url,
    async createDatabase(name) {
      const db = name ?? `test_${process.pid}_${++databases}`;
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(db)) throw new Error(`database name ${db}: lower-case letters, digits and _ only`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${db}`);
      } finally {
        await client.end();
      }
      return url(db);
    },
    async restart({ mode = 'fast', downMs = 0 } = {}) {
      if (closed) throw new Error('PostgreSQL test server already closed');
      await stop(mode);
      if (downMs > 0) await sleep(downMs);
      await start();
    },
    async stop(mode = 'fast') {
      if (closed) throw new Error('PostgreSQL test server already closed');
      await stop(mode);
    },
    async start() {
      if (closed) throw new Error('PostgreSQL test server already closed');
      if (!running) await start();
    },
    log,
    // postmaster.pid's first line (PostgreSQL's "Data Directory Layout"); readable by its owner, and by root
    postmasterPid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await stop('fast');
      } finally {
        process.removeListener('exit', onExit);
        callOff();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
