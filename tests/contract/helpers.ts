// Shared helpers of the contract tests: a real server on a temp data folder,
// a movable clock, and small fetch wrappers speaking the BladeX dialect.
// ENGINE=postgres runs the harness's server on a database of its own in one
// real PostgreSQL per test worker (tests/support/postgres.ts): the same tests
// on the team server's engine (the `contract-postgres` vitest project).
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startServer, type EmbeddedServer, type StartOptions } from '../../src-server/app';
import { openDatabase, type Db } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer, type DataLayer, type Queries } from '../../src-server/db/data-layer';
import pg from 'pg';
import { inject } from 'vitest';
import { startPostgres, type PostgresServer } from '../support/postgres';
import { copyTemplate, type Templates } from './template-databases';
import { KEY_ENV } from '../../src-server/util/secret-box';
import { createDept, createRole, createTenant, createUser } from '../../src-server/system/directory';
import { nextId } from '../../src-server/util/ids';

export const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const SWORD = `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`;

export const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

export interface Harness {
  server: EmbeddedServer;
  dataDir: string;
  /** the engine the server runs on (ENGINE=postgres, else the data folder's SQLite file) */
  engine: 'sqlite' | 'postgres';
  /** the server's PostgreSQL URL (undefined on SQLite) */
  database?: string;
  /** moves the server's clock */
  advance(ms: number): void;
  /** a second connection to the server's SQLite file (WAL allows it); on PostgreSQL there is none: use data() */
  db(): Db;
  /** a data layer on the server's database (SQLite: over the same handle as db()), made once */
  data(): DataLayer;
  stop(): Promise<void>;
}

export function tempDir(prefix = 'seo-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** the engine the contract tests run the harness on */
export const ENGINE: 'sqlite' | 'postgres' = process.env.ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The PostgreSQL the contract tests make their databases on. */
export interface SharedPostgres {
  /** a connection URL for one database (default `postgres`) */
  url(database?: string): string;
  /**
   * a new database of its own (`template`: a copy of the run's migrated and seeded database, a back end's first start
   * already made; without: empty) and its URL
   */
  createDatabase(name?: string, o?: { template?: boolean }): Promise<string>;
  /** removes a database made here (its sessions ended) */
  dropDatabase(url: string): Promise<void>;
}

let postgres: Promise<SharedPostgres> | undefined;
let databases = 0;

/** the run's templates (vitest's inject); none outside a vitest run (the benchmarks import these helpers) */
function templatesOf(): Templates | undefined {
  try {
    return inject('templates');
  } catch {
    return undefined;
  }
}
/**
 * The run's PostgreSQL (tests/contract/template-databases.ts starts one for the whole contract-postgres run), or,
 * outside that project, this worker's own, started on first use (stopped at the worker's exit by
 * tests/support/postgres.ts).
 */
export function sharedPostgres(): Promise<SharedPostgres> {
  return (postgres ??= (async () => {
    const given = templatesOf()?.postgres;
    const own: PostgresServer | undefined = given ? undefined : await startPostgres();
    const admin = given?.url ?? own!.url();
    const urlOf = (db = 'postgres') => {
      const u = new URL(admin);
      u.pathname = `/${db}`;
      return u.toString();
    };
    const query = async (text: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    return {
      url: urlOf,
      async createDatabase(name, o = {}) {
        const db = name ?? `test_${process.pid}_${++databases}`;
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(db)) throw new Error(`database name ${db}: lower-case letters, digits and _ only`);
        if (o.template && !given) throw new Error('no template database outside the contract-postgres run');
        await query(`CREATE DATABASE ${db}${o.template ? ` TEMPLATE ${given!.template}` : ''}`);
        return urlOf(db);
      },
      async dropDatabase(url) {
        const db = new URL(url).pathname.slice(1);
        if (!/^test_[0-9]+_[0-9]+$/.test(db)) throw new Error(`not a test database: ${db}`);
        await query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      },
    } satisfies SharedPostgres;
  })());
}

export async function startHarness(extra: Partial<StartOptions> = {}): Promise<Harness> {
  const dataDir = extra.dataDir ?? tempDir();
  // a back end's first start made once for the run (tests/contract/template-databases.ts): copied, not made again
  // the templates' secrets are sealed with their data folder's key: a run that gives every instance its own key
  // (SEO_SECRET_KEY) starts from an empty database instead
  const templates = process.env[KEY_ENV] ? undefined : templatesOf();
  const own = extra.database === undefined && ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase(undefined, { template: !!templates?.postgres }) : undefined;
  const database = extra.database ?? own;
  if (!database && !extra.dataDir && templates?.sqliteDir) copyTemplate(templates.sqliteDir, dataDir);
  // the template database's secrets are sealed with its first start's key
  if (own && templates?.postgres && !extra.dataDir) copyTemplate(templates.postgres.dataDir, dataDir);
  let offset = 0;
  const server = await startServer({ dataDir, port: 0, ...extra, database, clock: () => Date.now() + offset });
  let db: Db | undefined;
  let data: DataLayer | undefined;
  const handle = (): Db => {
    if (database) throw new Error('h.db() is the SQLite file; the server runs on PostgreSQL here: use h.data()');
    return (db ??= openDatabase(dataDir));
  };
  return {
    server,
    dataDir,
    engine: database ? 'postgres' : 'sqlite',
    database,
    advance(ms) {
      offset += ms;
    },
    db: handle,
    data() {
      data ??= database ? postgresDataLayer(database, { max: 4 }) : sqliteDataLayer(handle());
      return data;
    },
    async stop() {
      // the data layer owns the handle once made: its close() closes it
      if (data) await data.close();
      else db?.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      // the run's cluster keeps one database per harness otherwise
      if (own) await (await sharedPostgres()).dropDatabase(own);
    },
  };
}

export interface TokenOptions {
  username?: string;
  password?: string;
  tenantId?: string;
  grantType?: string;
  client?: string | null;
  headers?: Record<string, string>;
  extra?: Record<string, string>;
}

export async function tokenCall(base: string, o: TokenOptions = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({
    grant_type: o.grantType ?? 'password',
    scope: 'all',
    username: o.username ?? 'admin',
    password: md5(o.password ?? 'admin'),
    ...o.extra,
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Tenant-Id': o.tenantId ?? '000000',
    ...o.headers,
  };
  if (o.client !== null) headers.Authorization = o.client ?? SABER;
  const res = await fetch(`${base}/blade-auth/oauth/token`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function login(base: string, o: TokenOptions = {}): Promise<string> {
  const { status, body } = await tokenCall(base, o);
  if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
  return body.access_token as string;
}

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; success: boolean; data: T; msg: string };
}

export async function api<T = unknown>(
  base: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Record<string, string | number>; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Authorization: SABER, ...opts.headers };
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
}

/** A 1x1 PNG, for uploads. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/** One part of a multipart body: a file when it has a filename, else a plain field. */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart POST (e.g. put-file, batchProduceArticle: a JSON data part plus files). */
export async function multipart(base: string, token: string, path: string, parts: Part[], headers: Record<string, string> = {}): Promise<Reply<Record<string, unknown>>> {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename !== undefined) form.append(p.name, new Blob([new Uint8Array(Buffer.from(p.value))]), p.filename);
    else form.append(p.name, String(p.value));
  }
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, ...headers }, body: form });
  return { status: res.status, body: (await res.json()) as Reply<Record<string, unknown>>['body'] };
}

/** Uploads the small PNG as `name` to a file scene (template, material...): its stored link. */
export async function uploadPng(base: string, token: string, name: string, scene: string): Promise<string> {
  const r = await multipart(base, token, `/blade-resource/oss/endpoint/put-file?scene=${scene}`, [{ name: 'file', value: PNG, filename: name }]);
  if (r.status !== 200) throw new Error(`upload ${name}: ${JSON.stringify(r.body)}`);
  return (r.body.data as Record<string, unknown>).link as string;
}

/**
 * Waits until `check` holds (polled every `stepMs`); throws after `ms`. A bound, not a claim on time: under the whole
 * suite's load on two cores a job or a notification may take many times what it takes alone (issue 40), so the
 * default is 30 s; a test that asserts how soon something happens says so with a number of its own.
 */
export async function until(check: () => Promise<boolean>, ms = 30_000, stepMs = 50): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error('timed out');
}

/**
 * Grants a role menus by code, each with everything below it (its buttons, its
 * child menus), as the role screen's grant tree does when a screen is ticked;
 * 'all' grants the whole tree (a tenant whose package holds every screen).
 */
export async function grantMenus(q: Queries, roleId: string, codes: string[] | 'all'): Promise<void> {
  const all = await q.all(sql<{ id: string; parent_id: string; code: string }>`SELECT id, parent_id, code FROM blade_menu WHERE is_deleted = 0`);
  const chosen = new Set(all.filter((m) => codes === 'all' || codes.includes(m.code)).map((m) => m.id));
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of all) if (!chosen.has(m.id) && chosen.has(m.parent_id)) {
      chosen.add(m.id);
      grew = true;
    }
  }
  // a grant's triggers may grant some of the others already (the extra buttons of a screen)
  for (const id of chosen) {
    await q.run(sql`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (${nextId()}, ${roleId}, ${id}) ON CONFLICT (role_id, menu_id) DO NOTHING`);
  }
}

/**
 * A second tenant with its own admin role, root department and `admin` user
 * (password `other`), created in the server's database; returns that admin's
 * token. For tenant-isolation tests. The admin role holds `menus` (default:
 * every screen, a tenant whose package includes them all), so what stops it is
 * the tenant boundary or the platform administrator's rows, not a missing grant.
 */
export async function otherTenantAdmin(h: Harness, tenantId: string, tenantName: string, menus: string[] | 'all' = 'all'): Promise<string> {
  const data = h.data();
  await createTenant(data, { tenantId, tenantName });
  const role = await createRole(data, { tenantId, roleName: '管理员', roleAlias: 'admin' });
  await grantMenus(data, role, menus);
  const dept = await createDept(data, { tenantId, deptName: tenantName });
  await createUser(data, { tenantId, account: 'admin', password: 'other', roleIds: [role], deptIds: [dept] });
  return login(h.server.url, { tenantId, password: 'other' });
}

/** What a stand-in AI provider answers to one chat/completions call. */
export interface AiAnswer {
  status: number;
  body: unknown;
}

/** What a stand-in AI provider counted: requests being answered now, the most at once, when each arrived. */
export interface AiCounts {
  inFlight: number;
  maxInFlight: number;
  /** Date.now() at each request's arrival */
  arrivals: number[];
}

/**
 * A small OpenAI-compatible server on 127.0.0.1 standing for the outside AI provider: each request's path,
 * Authorization header and JSON body go to `answer`; `url` is its base (…/v1), `close` stops it. With `delayMs`
 * every answer comes that much later (a provider at work); `counts` says how many requests it was answering at
 * once at most and when each arrived (`reset()` starts counting again).
 */
export async function fakeAiProvider(
  answer: (req: { path: string; auth: string; body: Record<string, unknown> }) => AiAnswer,
  o: { delayMs?: number } = {},
): Promise<{ url: string; close(): Promise<void>; counts: AiCounts; reset(): void }> {
  const counts: AiCounts = { inFlight: 0, maxInFlight: 0, arrivals: [] };
  const server = createServer((req, res) => {
    counts.inFlight++;
    counts.maxInFlight = Math.max(counts.maxInFlight, counts.inFlight);
    counts.arrivals.push(Date.now());
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        /* not JSON: answered from the path and header alone */
      }
      const a = answer({ path: req.url ?? '', auth: req.headers.authorization ?? '', body });
      setTimeout(() => {
        counts.inFlight--;
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      }, o.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
    counts,
    reset() {
      counts.maxInFlight = counts.inFlight;
      counts.arrivals.length = 0;
    },
  };
}

/** A provider's answer writing an article about the prompt: `# <prompt>` and a line of text. */
export const articleAnswer = ({ body }: { body: Record<string, unknown> }): AiAnswer => {
  const prompt = (body as { messages: { content: string }[] }).messages[0].content;
  return { status: 200, body: { choices: [{ message: { role: 'assistant', content: `# ${prompt}\n正文` } }] } };
};

/** The base URL (…/v1) of a port on 127.0.0.1 nobody listens on: taken, then given back (an AI provider that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  await new Promise((r) => server.close(r));
  return url;
}

/** Waits for an import task to finish (已完成, 失败 or 部分失败); its detail. */
export async function importTaskDone(base: string, token: string, id: string): Promise<Record<string, unknown>> {
  let row: Record<string, unknown> = {};
  await until(async () => {
    row = (await api<Record<string, unknown>>(base, token, 'GET', '/seo-blade-material/importTask/detail', { query: { id } })).body.data;
    return Number(row.status) >= 2;
  });
  return row;
}

const repoRoot = join(import.meta.dirname, '..', '..');

/** Stops the child processes still running (SIGTERM), each awaited; the ones already gone are skipped. */
export async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }
}

/** `npm run server -- <args>` as a child process: the child and its API base from the first stdout line (ready ...). */
export function startCli(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; base: string }> {
  return startServerScript('src-server/cli.ts', args);
}

/**
 * A TypeScript script of the repository that starts a server (src-server/cli.ts, or a test's own such as
 * tests/support/short-lease-server.ts) as a child process: the child and its API base from its first stdout line
 * (`ready <base>`).
 */
export async function startServerScript(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcessWithoutNullStreams; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  const m = /^ready (\S+)$/.exec(first);
  if (!m) throw new Error(first);
  return { child, base: m[1]! };
}
