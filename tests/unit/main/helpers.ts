// A small BladeX-like back end on 127.0.0.1 for the main-process tests: it
// stands for "a server outside". Routes are plain functions; every request is
// recorded with its headers and parsed body.

import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { createWorkspace, type Workspace } from '../../../src-main/workspace';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  form: URLSearchParams;
}

export interface RouteReply {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

export type Route = (req: SeenRequest) => RouteReply | Promise<RouteReply>;

export interface TestBackend {
  /** http://127.0.0.1:P/api */
  baseUrl: string;
  seen: SeenRequest[];
  routes: Map<string, Route>;
  /** `METHOD /path` (path under /api) */
  on(key: string, route: Route): void;
  count(key: string, filter?: (r: SeenRequest) => boolean): number;
  close(): Promise<void>;
}

export async function startBackend(): Promise<TestBackend> {
  const seen: SeenRequest[] = [];
  const routes = new Map<string, Route>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const path = url.pathname.replace(/^\/api/, '');
      const r: SeenRequest = {
        method: req.method ?? 'GET',
        path,
        query: url.searchParams,
        headers: req.headers,
        body,
        form: new URLSearchParams(String(req.headers['content-type']).includes('x-www-form-urlencoded') ? body : ''),
      };
      seen.push(r);
      const route = routes.get(`${r.method} ${path}`);
      const reply: RouteReply = route ? await route(r) : { status: 404, json: { code: 404, success: false, msg: 'no route' } };
      if (reply.delayMs) await new Promise((ok) => setTimeout(ok, reply.delayMs));
      if (reply.text !== undefined) {
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain' });
        res.end(reply.text);
      } else if (reply.json !== undefined) {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(reply.status ?? 200);
        res.end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    seen,
    routes,
    on: (key, route) => routes.set(key, route),
    count: (key, filter) => seen.filter((r) => `${r.method} ${r.path}` === key && (!filter || filter(r))).length,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export const ok = <T>(data: T): RouteReply => ({ json: { code: 200, success: true, data, msg: '操作成功' } });

/** a temp folder removed by the returned function */
export function tempDir(prefix = 'smc-main-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A raw HTTP request (so Host / Origin can be set freely). */
export function rawRequest(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method: o.method ?? 'GET', headers: o.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

export const tokenReply = (access: string, refresh: string, extra: Record<string, unknown> = {}) => ({
  access_token: access,
  refresh_token: refresh,
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1123598821738675201',
  dept_id: '1123598813738675201',
  role_id: '1123598816738675201',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  role_name: 'administrator',
  avatar: '',
  ...extra,
});

/** What the keyword preview must count in a text: split at \n (a final CR dropped), trim, Set; the first 20 lines. */
export const keywordCounts = (text: string) => {
  const all = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (text.endsWith('\n')) all.pop();
  const keys = all.map((l) => l.trim()).filter(Boolean);
  const unique = new Set(keys).size;
  return { lines: all.length, unique, duplicates: keys.length - unique, empty: all.length - keys.length, firstLines: all.slice(0, 20) };
};

/** a workspace on the Local profile, pointed at a test back end (no saved session; the database in `dir` unless given) */
export function localWorkspace(dir: string, baseUrl: string, options: { db?: LocalDb; version?: string } = {}): Promise<Workspace> {
  return createWorkspace({
    profile: new ProfileService(new Conf<Record<string, unknown>>({ cwd: dir, configName: 'profiles' }), { localBaseUrl: baseUrl }).get('local')!,
    vault: new TokenVault(null, { logger: silentLogger }),
    db: options.db ?? LocalDb.open(join(dir, 'local.db')),
    host: 'web',
    version: options.version ?? 't',
    logger: silentLogger,
  });
}
