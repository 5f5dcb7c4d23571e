// Shared helpers of the contract tests: a real server on a temp data folder,
// a movable clock, and small fetch wrappers speaking the BladeX dialect.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type EmbeddedServer, type StartOptions } from '../../src-server/app';
import { openDatabase, type Db } from '../../src-server/db/database';
import { createDept, createRole, createTenant, createUser } from '../../src-server/system/directory';

export const SABER = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const SWORD = `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`;

export const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

export interface Harness {
  server: EmbeddedServer;
  dataDir: string;
  /** moves the server's clock */
  advance(ms: number): void;
  /** a second connection to the server's database (WAL allows it) */
  db(): Db;
  stop(): Promise<void>;
}

export function tempDir(prefix = 'seo-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startHarness(extra: Partial<StartOptions> = {}): Promise<Harness> {
  const dataDir = extra.dataDir ?? tempDir();
  let offset = 0;
  const server = await startServer({ dataDir, port: 0, ...extra, clock: () => Date.now() + offset });
  let db: Db | undefined;
  return {
    server,
    dataDir,
    advance(ms) {
      offset += ms;
    },
    db() {
      db ??= openDatabase(dataDir);
      return db;
    },
    async stop() {
      db?.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
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
  opts: { query?: Record<string, string | number>; json?: unknown; form?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Authorization: SABER };
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

/**
 * A second tenant with its own admin role, root department and `admin` user
 * (password `other`), created in the server's database; returns that admin's
 * token. For tenant-isolation tests.
 */
export async function otherTenantAdmin(h: Harness, tenantId: string, tenantName: string): Promise<string> {
  const db = h.db();
  createTenant(db, { tenantId, tenantName });
  const role = createRole(db, { tenantId, roleName: '管理员', roleAlias: 'admin' });
  const dept = createDept(db, { tenantId, deptName: tenantName });
  createUser(db, { tenantId, account: 'admin', password: 'other', roleIds: [role], deptIds: [dept] });
  return login(h.server.url, { tenantId, password: 'other' });
}
