// The embedded BladeX-compatible back end: building the Fastify app and starting it.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { migrate, STARTUP_LOCK, whileHolding } from './db/migrate';
import { openDataLayer, type DataLayer } from './db/data-layer';
import { leaseIdWorker } from './db/id-worker';
import { openCacheBus } from './system/cache-bus';
import type { Migration } from './db/migrations';
import { seed } from './db/seed';
import { CaptchaStore } from './auth/captcha';
import { installGuard } from './auth/guard';
import { JwtService } from './auth/jwt';
import { LoginLimiter } from './auth/lockout';
import { registerAuthRoutes } from './auth/routes';
import { TokenService } from './auth/token-service';
import { TokenSessions } from './auth/token-sessions';
import { registerStockAuthRoutes } from './auth/stock-routes';
import { sm2Keys } from './auth/sm2-keys';
import { onStockPath, rewriteForDialect, type Dialect } from './http/dialects';
import { registerResource } from './crud/router';
import { installAccessControl } from './http/access-check';
import { installPagingRule } from './http/paging';
import { installDrain } from './http/drain';
import { HEALTH_URL, LIVE_URL, registerHealthRoute } from './http/health';
import { dataLayerProbe } from './db/health-probe';
import { isDatabaseUnavailable } from './db/unavailable';
import { databaseUnavailableAnswer } from './http/database-unavailable';
import { fail, inLanguage, OAuthError, ServiceError } from './http/reply';
import { messageText, replyLanguage } from '../src-shared/messages';
import { RESOURCES } from './resources';
import { MIGRATIONS, MODULES } from './modules';
import { installScopes } from './modules/system/scopes';
import { CacheRegistry } from './system/cache';
import { DictService, registerDictRoutes } from './system/dicts';
import { aesKey, decryptToken } from './auth/crypto-token';
import { MenuService, registerMenuRoutes } from './system/menus';
import { settingsOnce } from './system/settings';
import { systemClock, type Clock } from './util/clock';
import { FileStores } from './files/file-stores';
import { SecretBox } from './util/secret-box';
import { sealClearSecrets } from './system/sealed-secrets';
import { JobQueue } from './jobs/queue';
import { JobWorker, type WorkerOptions } from './jobs/worker';
import { registerBackgroundWorkRoutes } from './jobs/pause-routes';
import type { Jobs, ServerRole } from './jobs/jobs';

export interface EmbeddedServer {
  /** http://127.0.0.1:PORT/api */
  url: string;
  /** the install's AES key of the crypto Blade-Auth variant (the Local workspace's profile carries it) */
  aesKey: string;
  /** the install's SM2 public key (stock sign-in: clients encrypt the password with it) */
  publicKey: string;
  port: number;
  dataDir: string;
  /**
   * stops the server; `drainMs` (a team server's SIGTERM, cli.ts): first stops accepting connections and waits up to
   * that long for its load balancer to close the idle ones, answering what comes with Connection: close (http/drain.ts)
   */
  close(o?: { drainMs?: number }): Promise<void>;
}

export interface StartOptions {
  /** the data folder: uploads, site releases, and (without `database`) the SQLite file */
  dataDir: string;
  /** a team server's PostgreSQL (`postgres://user:password@host:port/database`); default: the data folder's SQLite file */
  database?: string;
  /**
   * behind a load balancer (nginx): the proxies trusted to say the client's address (addresses or CIDRs,
   * http/trust-proxy.ts); the client is the right-most X-Forwarded-For address that is not one of them.
   * Missing: the connection's peer is the client. Never every hop.
   */
  trustProxy?: readonly string[];
  /** 0 or missing: a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  logger?: boolean;
  /** injectable time source (tests move it to expire captchas, locks, tokens) */
  clock?: Clock;
  /** migrations to apply (tests only); default: the product's */
  migrations?: Migration[];
  /** which API dialects to serve (http/dialects.ts); default both */
  dialect?: Dialect;
  /**
   * what this instance does (default all): `api` serves the API and runs no job worker nor schedule; `worker` runs
   * them and answers only /api/health (docs/team-server.md § "Roles")
   */
  role?: ServerRole;
  /** the job worker's settings (tests shorten the lease) */
  worker?: WorkerOptions;
}

export interface BuildOptions {
  /** the database, on either engine (db/data-layer.ts) */
  data: DataLayer;
  /** the data folder (uploads live under it) */
  dataDir: string;
  clock?: Clock;
  logger?: boolean;
  dialect?: Dialect;
  /** see StartOptions.trustProxy */
  trustProxy?: readonly string[];
  /** see StartOptions.role */
  role?: ServerRole;
  /** see StartOptions.worker */
  worker?: WorkerOptions;
  /**
   * scripts/bench-access.ts only (never the product): false builds the app without
   * the access check (declarations are still required) to measure what the check costs.
   */
  accessCheck?: boolean;
}

export const API_PREFIX = '/api';

/** what a `--role worker` instance answers: the probes, its liveness and its database's */
const WORKER_ANSWERS = new Set([`${API_PREFIX}${HEALTH_URL}`, `${API_PREFIX}${LIVE_URL}`]);

/** what a `--role worker` instance answers to anything but /api/health and /api/health/live */
export const MSG_WORKER_ONLY = '此实例只运行后台任务（--role worker），不提供接口';

async function jwtSecret(data: DataLayer): Promise<string> {
  const [secret] = await settingsOnce(data, ['jwt.secret'], () => [randomBytes(48).toString('base64url')], ([s]) => !!s);
  return secret!;
}

/** Builds the Fastify app on an open, migrated database. Does not listen. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { data } = opts;
  const clock = opts.clock ?? systemClock;
  const dialect = opts.dialect ?? 'both';
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy?.length ? [...opts.trustProxy] : false,
    rewriteUrl: (req) => rewriteForDialect(req.url ?? '/', dialect),
    // while closing, a request still reaching the instance is answered in full (with Connection: close), not 503:
    // nginx passes a POST it sent on to no other instance (http/drain.ts)
    return503OnClosing: false,
  });
  // before any route: an undeclared route makes the build throw; the one access check
  installAccessControl(app, data, { enforce: opts.accessCheck !== false });
  installPagingRule(app);
  const role = opts.role ?? 'all';
  if (role === 'worker') {
    // a worker's event loop is the jobs': only the probe of a supervisor or load balancer is answered
    app.addHook('onRequest', async (request, reply) => {
      if (!WORKER_ANSWERS.has(request.url.split('?')[0]!)) return reply.code(404).send(fail(404, MSG_WORKER_ONLY));
    });
  }

  const caches = new CacheRegistry();
  // several instances on one PostgreSQL: a clear reaches them all (nothing to tell on SQLite)
  // the sessions known live (the guard's check of every request from memory, auth/token-sessions.ts)
  const liveSessions = caches.memory<boolean>();
  const bus = await openCacheBus(data, { clear: () => caches.clearLocal(), session: (sid) => liveSessions.forget(sid) });
  caches.attach(bus);
  app.addHook('onClose', async () => bus.close());
  const jwt = new JwtService(await jwtSecret(data), clock);
  const captcha = new CaptchaStore(data, clock);
  // the install's key that seals secrets at rest (SEO_SECRET_KEY, or the data folder's); rows still in clear are sealed
  const box = SecretBox.forDataDir(opts.dataDir);
  await sealClearSecrets(data, box);
  const tokens = new TokenService(data, jwt, captcha, new LoginLimiter(data, clock), new TokenSessions(data, clock, liveSessions, () => caches.heard()), box);
  const menus = new MenuService(data, caches);
  const worker = new JobWorker(new JobQueue(data, clock), { role, ...opts.worker });
  const jobs: Jobs = {
    queue: worker.queue,
    working: role !== 'api',
    handle: (kind, handler, options) => worker.handle(kind, handler, options),
    paused: () => worker.paused(),
    wake: () => worker.wake(),
  };
  const dicts = new DictService(data, caches);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });

  const databaseUnavailable = databaseUnavailableAnswer(!!opts.logger);
  // the language a message is answered in: a stock console (on a stock prefix) is answered the spec's Chinese, as the
  // stock back end does, whatever its browser's language; the console by its Accept-Language
  const callerLanguage = (request: FastifyRequest): string | undefined => (onStockPath(request.originalUrl) ? undefined : request.headers['accept-language']);
  app.setErrorHandler((err: Error, request, reply: FastifyReply) => {
    // the database is away: 503 + Retry-After, not a fault of this instance (http/database-unavailable.ts)
    if (isDatabaseUnavailable(err)) return databaseUnavailable(request, reply, err);
    if (err instanceof ServiceError) return reply.code(err.code).send(fail(err.code, err.replyText(callerLanguage(request))));
    if (err instanceof OAuthError) return reply.code(err.httpStatus).send(err.body());
    const code = (err as FastifyError).statusCode;
    if (code && code >= 400 && code < 500) return reply.code(code).send(fail(code, err.message));
    request.log.error(err);
    if (!opts.logger) console.error(err);
    return reply.code(500).send(fail(500, messageText('common.serverError', replyLanguage(callerLanguage(request)))));
  });
  // a success's envelope text (ok() answers the zh one) in the console's language
  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => inLanguage(payload, replyLanguage(callerLanguage(request))));
  app.setNotFoundHandler((request, reply: FastifyReply) => reply.code(404).send(fail(404, messageText('common.routeNotFound', replyLanguage(callerLanguage(request))))));

  await app.register(
    async (api) => {
      // the load balancer's probe (public: it carries no token)
      registerHealthRoute(api, dataLayerProbe(data));
      const cryptoKey = await aesKey(data);
      installGuard(api, jwt, tokens.sessions, (base64) => decryptToken(base64, cryptoKey));
      installScopes(api, data);
      const decrypt = (base64: string) => decryptToken(base64, cryptoKey);
      registerAuthRoutes(api, { data, captcha, tokens, caches, decrypt });
      await registerStockAuthRoutes(api, { data, captcha, tokens, decrypt });
      registerMenuRoutes(api, menus);
      // a restored copy's paused background work: the platform administrator's banner (jobs/pause.ts)
      registerBackgroundWorkRoutes(api, data, jobs);
      registerDictRoutes(api, dicts);
      for (const resource of RESOURCES) registerResource(api, data, resource, clock);
      const files = new FileStores(data, opts.dataDir, box, caches);
      const deps = { data, clock, caches, menus, dicts, tokens, dataDir: opts.dataDir, files, box, migrations: MIGRATIONS, jobs };
      for (const module of MODULES) {
        for (const resource of module.resources ?? []) registerResource(api, data, resource, clock);
        await module.routes?.(api, deps);
      }
    },
    { prefix: API_PREFIX },
  );
  if (jobs.working) {
    // every module has registered its handlers by now
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  return app;
}

/** Opens (creating, migrating and on first start seeding) the data folder and listens on 127.0.0.1. */
export async function startServer(opts: StartOptions): Promise<EmbeddedServer> {
  // the data folder holds uploads and releases on either engine (the SQLite file too, without a database URL)
  mkdirSync(opts.dataDir, { recursive: true });
  const data = openDataLayer({ dataDir: opts.dataDir, database: opts.database });
  let app: FastifyInstance | undefined;
  let lease: { release(): Promise<void> } | undefined;
  try {
    // a brand-new database: seeded after the migrations (but those writing under the seeded rows)
    await migrate(data, opts.migrations ?? MIGRATIONS, seed);
    // this instance's own snowflake worker number (several instances on one database never mint one id twice)
    lease = await leaseIdWorker(data);
    // the modules' once-per-install seeds run in buildApp: one instance at a time
    app = await whileHolding(data, STARTUP_LOCK, () =>
      buildApp({ data, dataDir: opts.dataDir, clock: opts.clock, logger: opts.logger, dialect: opts.dialect, trustProxy: opts.trustProxy, role: opts.role, worker: opts.worker }),
    );
    const drain = installDrain(app);
    const host = opts.host ?? '127.0.0.1';
    await app.listen({ port: opts.port ?? 0, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
    let closed = false;
    const running = app;
    return {
      url: `http://${host}:${port}${API_PREFIX}`,
      aesKey: await aesKey(data),
      publicKey: (await sm2Keys(data)).publicKey,
      port,
      dataDir: opts.dataDir,
      async close(o = {}) {
        if (closed) return;
        closed = true;
        if (o.drainMs) await drain.drain(o.drainMs);
        await running.close();
        await lease?.release();
        await data.close();
      },
    };
  } catch (err) {
    await app?.close().catch(() => undefined);
    await lease?.release().catch(() => undefined);
    await data.close();
    throw err;
  }
}
