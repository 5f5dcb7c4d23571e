// Only named proxies are trusted for the client's address (issue 37, item 1): `--trust-proxy ADDRESSES`
// (addresses or CIDRs, comma-separated); the client is the right-most X-Forwarded-For address that is not a
// trusted proxy, and the sign-in log (blade-log usual) records it. Proved over real HTTP: in process with the
// option given, and through the repository's nginx config (tests/support/nginx.ts) in front of
// `npm run server -- --trust-proxy 127.0.0.1`, the client connecting from another loopback address (127.0.0.2)
// so nginx's own entry is told from the peer. The engine is the run's (SQLite, or PostgreSQL under ENGINE=postgres).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { parseTrustProxy } from '../../src-server/http/trust-proxy';
import { startNginx } from '../support/nginx';
import { api, ENGINE, login, md5, SABER, sharedPostgres, startCli, startHarness, stopChildren, tempDir, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A password sign-in sent from `localAddress` with the given X-Forwarded-For: the reply's status. */
function signIn(base: string, account: string, password: string, forwardedFor: string | undefined, localAddress = '127.0.0.1'): Promise<number> {
  const body = new URLSearchParams({ grant_type: 'password', scope: 'all', username: account, password: md5(password) }).toString();
  const url = new URL(`${base}/blade-auth/oauth/token`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          'Tenant-Id': '000000',
          Authorization: SABER,
          ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The addresses of admin's password sign-ins in the sign-in log (after one more, made here to read it). */
async function signInAddresses(base: string): Promise<string[]> {
  const token = await login(base);
  const page = await api<Page<Rec>>(base, token, 'GET', '/blade-log/usual/list', { query: { size: 100 } });
  expect(page.status).toBe(200);
  return page.body.data.records.filter((r) => String(r.logData).startsWith('admin password')).map((r) => String(r.remoteIp));
}

describe('in process', () => {
  it('a trusted proxy: the right-most address not trusted is the client, not the left-most the client wrote', async () => {
    const h: Harness = await startHarness({ trustProxy: parseTrustProxy('127.0.0.1, 10.0.0.0/8') });
    stops.push(() => h.stop());
    const base = h.server.url;
    // the client wrote 6.6.6.6; the proxies 10.1.1.1 (trusted) and the peer 127.0.0.1 (trusted) appended the rest
    expect(await signIn(base, 'admin', 'admin', '6.6.6.6, 203.0.113.7, 10.1.1.1')).toBe(200);
    // the listing's own sign-in came straight from 127.0.0.1
    expect((await signInAddresses(base)).sort()).toEqual(['127.0.0.1', '203.0.113.7']);
  });

  it('an untrusted peer: its X-Forwarded-For is ignored, the peer is the client', async () => {
    const h: Harness = await startHarness({ trustProxy: parseTrustProxy('10.0.0.0/8') });
    stops.push(() => h.stop());
    const base = h.server.url;
    expect(await signIn(base, 'admin', 'admin', '6.6.6.6, 10.1.1.1')).toBe(200);
    expect(await signInAddresses(base)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('npm run server -- --trust-proxy', () => {
  it('behind the shipped nginx config with --trust-proxy 127.0.0.1: a sign-in carrying X-Forwarded-For: 6.6.6.6 is logged as the real client', async () => {
    const dir = tempDir('seo-proxy-');
    const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    const { child, base } = await startCli(['--data', dir, ...(database ? ['--database', database] : []), '--trust-proxy', '127.0.0.1']);
    stops.push(() => stopChildren([child]));
    const lb = await startNginx([Number(new URL(base).port)]);
    stops.push(() => lb.close());
    const through = `${lb.url}/api`;
    // the client is 127.0.0.2; nginx (127.0.0.1, trusted) appends it to what the client wrote
    expect(await signIn(through, 'admin', 'admin', '6.6.6.6', '127.0.0.2'), lb.log()).toBe(200);
    // the listing's own sign-in came from 127.0.0.1 through nginx
    expect((await signInAddresses(through)).sort()).toEqual(['127.0.0.1', '127.0.0.2']);
  });

  it('a bare --trust-proxy (it trusted every hop) is refused with the new form named', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/cli.ts', '--data', join(tempDir(), 'd'), '--trust-proxy', '--port', '0'], {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // a server that starts instead (trusting every hop) is stopped: its ready line fails the test
    let started = '';
    child.stdout.once('data', (d: Buffer) => {
      started = d.toString();
      child.kill('SIGTERM');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(started).toBe('');
    expect(code).toBe(1);
    expect(stderr).toContain('--trust-proxy ADDRESSES');
    expect(stderr).toContain('--trust-proxy 127.0.0.1');
  });

  it('an entry that is neither an address nor a CIDR is refused', () => {
    expect(() => parseTrustProxy('nginx.local')).toThrow(/not an address nor a CIDR: nginx\.local/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(parseTrustProxy('127.0.0.1, ::1,10.0.0.0/8')).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
  });
});
