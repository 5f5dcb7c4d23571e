// Browser mode: serves the built renderer and the IPC contract over a
// loopback-only RPC. POST /rpc/<channel> {req} answers an IpcResult;
// GET /rpc/events is a Server-Sent Events stream of { event, payload }.
// Every request must name this host (Host 127.0.0.1:P or localhost:P, against
// DNS rebinding) and come from no other origin; RPC calls must carry the
// per-launch secret (header x-desk-key, or query k for the event stream).
// Several profiles: each call names its profile (header x-desk-profile, or
// query profile for the event stream; the Local workspace when absent) and is
// served by that profile's workspace, so two pages on two profiles are as
// separate as two windows.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { RPC_PROFILE_HEADER, RPC_PROFILE_QUERY, RPC_SECRET_HEADER, RPC_SECRET_QUERY } from '../../src-shared/ipc';
import { dispatch, isChannel, type Handlers } from '../ipc/handlers';
import type { EventHub } from '../services/events';
import { MAX_UPLOAD_BYTES } from '../services/FileService';
import { PAGE_CSP } from '../security';


/** Per-profile handlers and events (the WorkspaceRegistry); null for an unknown profile. */
export interface ProfileResolver {
  handlers(profileId: string): Promise<Handlers | null>;
  events(profileId: string): EventHub | null;
}

export interface HostOptions {
  /** one workspace: serves every call whatever profile it names (tests) */
  handlers?: Handlers;
  events?: EventHub;
  /** several profiles (browser mode): calls are served by the profile they name */
  profiles?: ProfileResolver;
  /** the profile of calls naming none (default 'local') */
  defaultProfile?: string;
  /** the built renderer (out/renderer) */
  rendererDir: string;
  /** 0 (default) = a free port */
  port?: number;
  /** the per-launch secret; a fresh random one by default */
  secret?: string;
}

export interface Host {
  /** http://127.0.0.1:P/?k=<secret>: opens the console directly */
  url: string;
  origin: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

function sameSecret(given: unknown, secret: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const b = Buffer.from(given, 'utf8');
  // compare in constant time; lengths differ only for a wrong key
  return b.length === secret.length && timingSafeEqual(b, secret);
}

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function resolverOf(o: HostOptions): ProfileResolver {
  if (o.profiles) return o.profiles;
  if (!o.handlers || !o.events) throw new Error('startHost needs handlers and events, or profiles');
  const { handlers, events } = o;
  return { handlers: async () => handlers, events: () => events };
}

export async function startHost(o: HostOptions): Promise<Host> {
  const resolver = resolverOf(o);
  const defaultProfile = o.defaultProfile ?? 'local';
  /** the profile a request names, or null when the name is malformed */
  const profileOf = (given: unknown): string | null => {
    if (given === undefined || given === '') return defaultProfile;
    return typeof given === 'string' && PROFILE_ID.test(given) ? given : null;
  };
  const secret = o.secret ?? randomBytes(32).toString('hex');
  const secretBuf = Buffer.from(secret, 'utf8');
  let port = 0;
  const streams = new Set<ServerResponse>();

  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024, forceCloseConnections: true });

  // Host and Origin checks for every request, before anything else.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const host = req.headers.host;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return reply.code(403).type('text/plain').send('forbidden host');
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) {
      return reply.code(403).type('text/plain').send('forbidden origin');
    }
    if (req.url.startsWith('/rpc/')) {
      const q = (req.query as Record<string, unknown> | undefined) ?? {};
      const given = req.url.startsWith('/rpc/events') ? q[RPC_SECRET_QUERY] : req.headers[RPC_SECRET_HEADER];
      if (!sameSecret(given, secretBuf)) return reply.code(403).type('text/plain').send('forbidden');
    }
  });

  // No Cross-Origin-Opener-Policy: any policy but the default makes Chromium move the page to a new browsing
  // context group when its response arrives, so the renderer it started for the navigation is thrown away and
  // another started (measured on the login page, 1x: first paint about 40-80 ms and ready about 120-170 ms
  // later with it). What it would add here is cutting a cross-origin opener's handle to the window, which can
  // only navigate it or count its frames: the page is never framed (X-Frame-Options, frame-ancestors), site
  // isolation keeps it in its own process, and nothing answers without the launch secret.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Security-Policy', PAGE_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    return payload;
  });

  app.get('/rpc/events', (req, reply) => {
    const profile = profileOf(((req.query as Record<string, unknown> | undefined) ?? {})[RPC_PROFILE_QUERY]);
    const hub = profile ? resolver.events(profile) : null;
    if (!hub) return reply.code(404).type('text/plain').send('unknown profile');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const unsubscribe = hub.subscribe((event, payload) => {
      res.write(`data: ${JSON.stringify({ event, payload })}\n\n`);
    });
    const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
    ping.unref();
    req.raw.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(res);
    });
  });

  // a file:upload carries its bytes as base64 in the body: room for the largest upload main accepts (an attachment)
  app.post('/rpc/:channel', { bodyLimit: Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 1024 * 1024 }, async (req, reply) => {
    const { channel } = req.params as { channel: string };
    if (!isChannel(channel)) return reply.code(404).type('text/plain').send(`unknown channel ${channel.slice(0, 100)}`);
    const profile = profileOf(req.headers[RPC_PROFILE_HEADER]);
    let handlers: Handlers | null = null;
    try {
      handlers = profile ? await resolver.handlers(profile) : null;
    } catch (e) {
      // the profile's workspace could not start (e.g. its CA file is gone): an answer, not a crash
      return reply.code(200).type('application/json').send({ ok: false, error: { code: 500, message: e instanceof Error ? e.message : String(e) } });
    }
    if (!handlers) return reply.code(404).type('text/plain').send('unknown profile');
    const body = req.body as { req?: unknown } | undefined;
    const result = await dispatch(handlers, channel, body && typeof body === 'object' ? body.req : undefined);
    return reply.code(200).type('application/json').send(result);
  });

  const built = existsSync(join(o.rendererDir, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: o.rendererDir, index: ['index.html'] });

  // Client-side routes fall back to the app page; unknown RPC paths stay 404.
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/rpc/') && (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && built) return reply.type('text/html').sendFile('index.html');
    if (wantsPage) return reply.code(503).type('text/plain').send('The renderer is not built: run `npm run build` first.');
    return reply.code(404).type('text/plain').send('not found');
  });

  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });

  await app.listen({ host: '127.0.0.1', port: o.port ?? 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?${RPC_SECRET_QUERY}=${secret}`,
    origin,
    port,
    secret,
    close: () => app.close(),
  };
}
