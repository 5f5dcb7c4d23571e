// What the 搜索引擎 screen's tests need beyond the engines' stand-ins
// (tests/support/search-engines.ts), each a server on 127.0.0.1 that the product
// reaches the way it would reach the real thing:
// - sitesListed: Search Console's sites.list (GET /webmasters/v3/sites) in front of
//   the Google stand-in, which answers only single properties: the properties the
//   test names, each asked of the stand-in with the caller's own token, listed
//   when it answers (so only those the client e-mail was added to); every other
//   request passes through unchanged.
// - hostsProxy: an HTTP proxy (CONNECT tunnels, as Node's fetch asks a proxy) that
//   sends every tunnel to one server, e.g. siteServer, which picks the site by the
//   request's Host. A back end started with NODE_USE_ENV_PROXY=1 and
//   HTTP_PROXY=<its url> (NO_PROXY=127.0.0.1) then reads http://<a website's
//   domain>/... from the site the test serves, as it would from the live site.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { GoogleStandIn, StandIn } from './search-engines';

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: ReturnType<typeof createServer>): () => Promise<void> {
  return () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
}

/** passes a request to `target` (an origin) as it came */
function pass(target: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', target);
  const up = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (r) => {
    res.writeHead(r.statusCode ?? 502, r.headers);
    r.pipe(res);
  });
  up.on('error', (e) => res.writeHead(502).end(String(e)));
  req.pipe(up);
}

export interface SitesListed extends StandIn {
  /** the API root a tenant sets (in place of the stand-in's) */
  rootUrl: string;
}

/** Search Console's sites.list over the Google stand-in, for the properties `known()` names. */
export async function sitesListed(g: GoogleStandIn, known: () => readonly string[]): Promise<SitesListed> {
  const target = g.url;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'GET' || path !== '/webmasters/v3/sites') return pass(target, req, res);
    void (async () => {
      const auth = String(req.headers.authorization ?? '');
      const entries: { siteUrl: string; permissionLevel: string }[] = [];
      for (const property of known()) {
        const r = await fetch(`${target}/webmasters/v3/sites/${encodeURIComponent(property)}`, { headers: { authorization: auth } });
        const body = (await r.json()) as { siteUrl?: string; permissionLevel?: string };
        // a token the stand-in refuses is refused here too, as the API does
        if (r.status === 401) return res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (r.ok) entries.push({ siteUrl: String(body.siteUrl), permissionLevel: String(body.permissionLevel) });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entries.length ? { siteEntry: entries } : {}));
    })().catch((e: unknown) => res.writeHead(500).end(String(e)));
  });
  const url = await listen(server);
  return { url, rootUrl: `${url}/`, close: closer(server) };
}

export interface HostsProxy extends StandIn {
  /** the host:port of every tunnel asked for */
  tunnels: string[];
  /** the environment a child process needs to reach the outside through it (127.0.0.1 stays direct) */
  env: Record<string, string>;
}

/** An HTTP proxy sending every CONNECT tunnel to `target` (http://127.0.0.1:port). */
export async function hostsProxy(target: string): Promise<HostsProxy> {
  const to = new URL(target);
  const tunnels: string[] = [];
  const open = new Set<{ destroy(): void }>();
  const server = createServer((_req, res) => res.writeHead(405).end('tunnels only'));
  server.on('connect', (req: IncomingMessage, socket, head: Buffer) => {
    tunnels.push(String(req.url));
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    const up = connect(Number(to.port), to.hostname, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    open.add(up);
    up.on('close', () => open.delete(up));
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  const url = await listen(server);
  const stop = closer(server);
  return {
    url,
    tunnels,
    env: { NODE_USE_ENV_PROXY: '1', HTTP_PROXY: url, HTTPS_PROXY: url, NO_PROXY: '127.0.0.1,localhost', NODE_NO_WARNINGS: '1' },
    close: async () => {
      for (const s of open) s.destroy();
      await stop();
    },
  };
}
