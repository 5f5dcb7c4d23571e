// The browser-mode host with the real embedded back end: loopback only,
// Host / Origin / secret checks, security headers, the RPC and the event stream;
// and `src-main/web/cli.ts` started as a process.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src-server/app';
import { createHandlers } from '../../../src-main/ipc/handlers';
import { loadKeytar } from '../../../src-main/keytar';
import { silentLogger } from '../../../src-main/services/errors';
import { LocalDb } from '../../../src-main/services/LocalDb';
import { ProfileService } from '../../../src-main/services/ProfileService';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { startHost, type Host } from '../../../src-main/web/host';
import { createWorkspace, type Workspace } from '../../../src-main/workspace';
import { rawRequest, tempDir } from './helpers';
import Conf from 'conf';

const keytar = process.env.DBUS_SESSION_BUS_ADDRESS ? loadKeytar() : null;

let tmp: ReturnType<typeof tempDir>;
let server: Awaited<ReturnType<typeof startServer>>;
let ws: Workspace;
let vault: TokenVault;
let host: Host;

beforeAll(async () => {
  tmp = tempDir('smc-host-');
  const renderer = join(tmp.dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log("app")');

  server = await startServer({ dataDir: join(tmp.dir, 'server'), port: 0 });
  const profiles = new ProfileService(new Conf<Record<string, unknown>>({ cwd: tmp.dir, configName: 'profiles' }), {
    localBaseUrl: server.url,
    localOverrides: { captchaMode: false },
  });
  vault = new TokenVault(keytar, { namespace: `test-host-${randomBytes(4).toString('hex')}`, logger: silentLogger });
  ws = await createWorkspace({ profile: profiles.get('local')!, vault, db: LocalDb.open(join(tmp.dir, 'local.db')), host: 'web', version: '1.0.0', logger: silentLogger });
  host = await startHost({ handlers: createHandlers(ws), events: ws.events, rendererDir: renderer });
});

afterAll(async () => {
  await host?.close();
  await vault?.clear('local');
  ws?.close();
  await server?.close();
  tmp?.remove();
});

const rpc = (channel: string, req: unknown, headers: Record<string, string> = {}) =>
  rawRequest(`${host.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-desk-key': host.secret, ...headers },
    body: JSON.stringify({ req }),
  });

describe('browser-mode host security', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying a 64-hex secret', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(host.url).toBe(`${host.origin}/?k=${host.secret}`);
  });

  it('answers a correct call with 200 and an IpcResult', async () => {
    const res = await rpc('app:info', null);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, data: { host: 'web', version: '1.0.0', profile: { id: 'local', captchaMode: false, baseUrl: server.url } } });
  });

  it('refuses a call without the secret or with a wrong one (403)', async () => {
    const none = await rawRequest(`${host.origin}/rpc/app:info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"req":null}' });
    expect(none.status).toBe(403);
    expect((await rpc('app:info', null, { 'x-desk-key': 'a'.repeat(64) })).status).toBe(403);
    expect((await rpc('app:info', null, { 'x-desk-key': host.secret.slice(1) })).status).toBe(403);
    // the query key is not accepted for calls
    const viaQuery = await rawRequest(`${host.origin}/rpc/app:info?k=${host.secret}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"req":null}' });
    expect(viaQuery.status).toBe(403);
  });

  it('refuses a wrong Host header (403), accepts localhost:P', async () => {
    expect((await rpc('app:info', null, { host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await rpc('app:info', null, { host: `127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await rawRequest(`${host.origin}/`, { headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await rpc('app:info', null, { host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('refuses a foreign Origin (403), accepts its own', async () => {
    expect((await rpc('app:info', null, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await rpc('app:info', null, { origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await rpc('app:info', null, { origin: 'null' })).status).toBe(403);
    expect((await rpc('app:info', null, { origin: host.origin })).status).toBe(200);
    expect((await rpc('app:info', null, { origin: `http://localhost:${host.port}`, host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('serves the renderer with the security headers, and falls back to it for app routes', async () => {
    const page = await rawRequest(`${host.origin}/?k=${host.secret}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // no opener policy: it costs the page a second renderer process at every start (src-main/web/host.ts)
    expect(page.headers['cross-origin-opener-policy']).toBeUndefined();
    const asset = await rawRequest(`${host.origin}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('console.log');
    expect((await rawRequest(`${host.origin}/system/param`, { headers: { accept: 'text/html' } })).body).toContain('<div id="root">');
    expect((await rawRequest(`${host.origin}/../../etc/passwd`)).status).not.toBe(200);
  });

  it('answers 404 for an unknown channel', async () => {
    const res = await rpc('fs:read', { path: '/etc/passwd' });
    expect(res.status).toBe(404);
  });

  it('streams events over SSE only with the secret', async () => {
    expect((await rawRequest(`${host.origin}/rpc/events`)).status).toBe(403);
    expect((await rawRequest(`${host.origin}/rpc/events?k=${'0'.repeat(64)}`)).status).toBe(403);

    const received = await new Promise<{ status: number; type: string; data: string }>((resolve, reject) => {
      const req = httpRequest(`${host.origin}/rpc/events?k=${host.secret}`, (res) => {
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          if (buf.includes(': connected')) ws.events.emit('session:expired', { reason: 'unauthorized' });
          const m = buf.match(/^data: (.*)$/m);
          if (m) {
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), data: m[1] });
            req.destroy();
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(received.status).toBe(200);
    expect(received.type).toMatch(/^text\/event-stream/);
    expect(JSON.parse(received.data)).toEqual({ event: 'session:expired', payload: { reason: 'unauthorized' } });
  });
});

describe('browser-mode host with the real embedded back end', () => {
  it('signs in as admin over the RPC, calls the API, and never hands out a token', async () => {
    const login = await rpc('auth:login', { tenantId: '000000', username: 'admin', password: 'admin' });
    expect(login.status).toBe(200);
    const result = JSON.parse(login.body) as { ok: boolean; data: Record<string, unknown> };
    expect(result.ok).toBe(true);
    expect(result.data).toMatchObject({ account: 'admin', tenant_id: '000000' });
    expect(result.data).not.toHaveProperty('access_token');
    expect(login.body).not.toMatch(/eyJ/); // no JWT anywhere in the reply

    const stored = await vault.load('local');
    expect(stored?.accessToken).toMatch(/^eyJ/);

    const params = JSON.parse((await rpc('api:request', { method: 'get', url: '/website-blade-system/param/list', params: { current: 1, size: 10 } })).body);
    expect(params).toMatchObject({ ok: true, data: { code: 200, success: true, data: { current: 1, size: 10 } } });

    const dict = JSON.parse((await rpc('dict:get', { code: 'yes_no' })).body);
    expect(dict.ok).toBe(true);
    expect(dict.data.length).toBeGreaterThan(0);

    const wrong = JSON.parse((await rpc('auth:login', { tenantId: '000000', username: 'admin', password: 'nope' })).body);
    expect(wrong.ok).toBe(false);
    expect(wrong.error.message).toBeTruthy();

    expect(JSON.parse((await rpc('auth:logout', null)).body)).toEqual({ ok: true, data: null });
    expect(JSON.parse((await rpc('auth:session', null)).body)).toEqual({ ok: true, data: null });
    expect((await vault.load('local'))?.accessToken).toBe('');
  });
});

describe('npm run web (src-main/web/cli.ts)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('prints one ready line with the console URL, serves it, and exits cleanly on SIGTERM', async () => {
    const data = join(tmp.dir, 'cli-data');
    child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/cli.ts', '--data', data, '--captcha', 'off'], {
      cwd: join(__dirname, '../../..'),
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${err}`)), 25_000);
      child!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = out.match(/^ready .*$/m);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
      child!.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    expect(line).toMatch(/^ready http:\/\/127\.0\.0\.1:\d+\/\?k=[0-9a-f]{64}$/);
    const url = new URL(line.slice('ready '.length));
    const secret = url.searchParams.get('k')!;
    const info = await rawRequest(`${url.origin}/rpc/app:info`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-desk-key': secret }, body: '{"req":null}' });
    expect(JSON.parse(info.body)).toMatchObject({ ok: true, data: { host: 'web', profile: { id: 'local', captchaMode: false } } });
    const login = await rawRequest(`${url.origin}/rpc/auth:login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-desk-key': secret },
      body: JSON.stringify({ req: { tenantId: '000000', username: 'admin', password: 'admin' } }),
    });
    expect(JSON.parse(login.body)).toMatchObject({ ok: true, data: { account: 'admin' } });
    await rawRequest(`${url.origin}/rpc/auth:logout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-desk-key': secret }, body: '{"req":null}' });

    const code = await new Promise<number | null>((resolve) => {
      child!.on('exit', (c) => resolve(c));
      child!.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toEqual([line]);
  });
});
