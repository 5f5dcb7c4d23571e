// A profile's extra CA and proxy, for real: an HTTPS back end on 127.0.0.1 with a
// certificate from a CA made in the test (openssl), a plain HTTP back end, and
// an HTTP proxy written here with node:http (CONNECT tunnels and absolute-form
// requests). The ApiClient of a workspace and the manager's "test" use them.

import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../src-shared/ipc';
import { ApiClient } from '../../../src-main/services/ApiClient';
import { silentLogger } from '../../../src-main/services/errors';
import { networkConfig, trustedCas } from '../../../src-main/services/ProfileNetwork';
import { probeProfile } from '../../../src-main/services/ProfileProbe';
import { Session } from '../../../src-main/services/Session';
import { TokenVault } from '../../../src-main/services/TokenVault';
import { tempDir } from '../main/helpers';
import { makeCerts, type TestCerts } from './certs';

/** A tiny BladeX-like back end: captcha, the token endpoint's client check, and one business call. */
function backend(req: IncomingMessage, res: ServerResponse): void {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  req.resume();
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/api/blade-auth/oauth/captcha') return send(200, { key: 'k1', image: 'data:image/png;base64,AA==' });
    if (req.method === 'POST' && path === '/api/blade-auth/oauth/token') {
      const good = req.headers.authorization === `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
      return good ? send(400, { error_code: 400, error_description: '无效的刷新令牌' }) : send(401, { error: 'invalid_client', error_code: 3001, error_description: '客户端认证失败!' });
    }
    if (req.method === 'GET' && path === '/api/ping') return send(200, { code: 200, success: true, data: `pong ${req.headers['tenant-id']}`, msg: '' });
    send(404, { code: 404, success: false, msg: 'no route' });
  });
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

let tmp: ReturnType<typeof tempDir>;
let certs: TestCerts;
let httpsServer: Server;
let plainServer: Server;
let proxy: Server;
let httpsBase: string;
let plainBase: string;
let proxyUrl: string;
const proxied: string[] = [];
const tunnels = new Set<import('node:net').Socket>();

beforeAll(async () => {
  tmp = tempDir('smc-net-');
  certs = makeCerts(tmp.dir);
  httpsServer = createHttpsServer({ key: certs.serverKey, cert: certs.serverCert }, backend);
  httpsBase = `https://127.0.0.1:${await listen(httpsServer)}/api`;
  plainServer = createHttpServer(backend);
  plainBase = `http://127.0.0.1:${await listen(plainServer)}/api`;

  // the proxy: CONNECT host:port tunnels, and absolute-form plain HTTP requests forwarded
  proxy = createHttpServer((req, res) => {
    proxied.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: target.pathname + target.search, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, socket, head) => {
    proxied.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    tunnels.add(socket as import('node:net').Socket);
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
});

afterAll(async () => {
  for (const t of tunnels) t.destroy();
  for (const s of [httpsServer, plainServer, proxy]) {
    s?.closeAllConnections?.();
    await new Promise((r) => s?.close(r));
  }
  tmp?.remove();
});

const profile = (over: Partial<Profile>): Profile => ({
  id: 'net',
  name: 'Net',
  baseUrl: httpsBase,
  tenantId: '100001',
  clientId: 'saber',
  colour: '#1677FF',
  language: 'zh',
  captchaMode: false,
  switchMode: false,
  builtin: false,
  ...over,
});

/** A business call through a real ApiClient configured for the profile. */
async function ping(p: Profile): Promise<string> {
  const session = new Session(p.id, new TokenVault(null, { logger: silentLogger }), 'saber_secret');
  const api = new ApiClient({ profile: p, session, emit: () => undefined, logger: silentLogger, network: networkConfig(p), timeoutMs: 5000 });
  const reply = await api.request<string>({ method: 'get', url: '/ping' });
  return reply.data;
}

describe('extra certificate authority', () => {
  it('is refused without the CA, accepted with the CA as PEM text or as a file path (default roots kept)', async () => {
    await expect(ping(profile({}))).rejects.toMatchObject({ code: 0, message: expect.stringMatching(/certificate/i) });
    expect(await ping(profile({ caCert: certs.caPem }))).toBe('pong 100001');
    expect(await ping(profile({ caCert: certs.caPath }))).toBe('pong 100001');
    const cas = trustedCas({ caCert: certs.caPath })!;
    expect(cas.length).toBeGreaterThan(100); // Node's bundled roots are still trusted
    expect(cas[cas.length - 1]).toBe(certs.caPem);
  });

  it('names an unreadable or non-PEM CA file clearly', () => {
    expect(() => networkConfig(profile({ caCert: `${tmp.dir}/missing.pem` }))).toThrow(/无法读取 CA 证书文件/);
    expect(() => networkConfig(profile({ caCert: `${tmp.dir}/ext.cnf` }))).toThrow(/不是 PEM 格式/);
  });
});

describe('proxy', () => {
  it('tunnels an HTTPS back end through CONNECT (with the extra CA) and sends plain HTTP in absolute form', async () => {
    proxied.length = 0;
    expect(await ping(profile({ caCert: certs.caPem, proxyUrl }))).toBe('pong 100001');
    expect(proxied).toEqual([`CONNECT ${new URL(httpsBase).host}`]);

    proxied.length = 0;
    expect(await ping(profile({ baseUrl: plainBase, proxyUrl }))).toBe('pong 100001');
    expect(proxied).toEqual([`GET ${plainBase}/ping`]);

    // without a proxy nothing goes through it
    proxied.length = 0;
    expect(await ping(profile({ baseUrl: plainBase }))).toBe('pong 100001');
    expect(proxied).toEqual([]);
  });
});

describe('profile test (probe)', () => {
  it('reports reachable and whether the client is accepted, or the error', async () => {
    // the tiny back end answers the OAuth captcha but has none of the spec's paths: a stock BladeX
    expect(await probeProfile(profile({ caCert: certs.caPem }), 'saber_secret')).toEqual({ reachable: true, status: 200, message: '', clientAccepted: true, dialect: 'bladex' });
    expect(await probeProfile(profile({ caCert: certs.caPem, proxyUrl }), 'wrong')).toEqual({
      reachable: true,
      status: 200,
      message: 'HTTP 401 invalid_client',
      clientAccepted: false,
      dialect: 'bladex',
    });
    const untrusted = await probeProfile(profile({}), 'saber_secret');
    expect(untrusted).toMatchObject({ reachable: false, status: 0, clientAccepted: null });
    expect(untrusted.message).toMatch(/certificate/i);

    // a port nobody listens on
    const closed = createHttpServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const refused = await probeProfile(profile({ baseUrl: `http://127.0.0.1:${port}/api` }), 'saber_secret');
    expect(refused).toMatchObject({ reachable: false, status: 0 });
    expect(refused.message).toMatch(/ECONNREFUSED/);
  });
});
