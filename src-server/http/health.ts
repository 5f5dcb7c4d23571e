// Two probes (issue 37 item 3), both public and answering nothing but their state:
// - GET /api/health/live, the instance's liveness, for a load balancer (nginx, a cloud one): 200 as long as
//   the instance's HTTP server and event loop answer; it asks no database. The database is shared by every
//   instance: a load balancer that took instances out for its outage would take them all out at once, and
//   clients would get the balancer's error instead of the instances' 503 数据库暂时不可用 with Retry-After.
// - GET /api/health, for a supervisor or monitoring (is this instance able to serve: its database too):
//   200 while the database answers, 503 when it does not (or not within HEALTH_TIMEOUT_MS), with the engine
//   and the schema version either way. Public on purpose: a load balancer has no token; the reply names no
// host, path, user or driver message (the reason goes to the server's log,
// once each time the database goes down or comes back).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseProbe, Engine } from '../db/health-probe';
import type { R } from '../../src-shared/wire';
import { allow, PUBLIC } from './access-policy';
import { ok } from './reply';

export const HEALTH_URL = '/health';
export const LIVE_URL = '/health/live';
/** how long the database may take to answer before the instance is reported down */
export const HEALTH_TIMEOUT_MS = 2000;
export const MSG_DATABASE_DOWN = '数据库无应答';

export interface Health {
  engine: Engine;
  /** the highest applied migration; null when it could not be read */
  schemaVersion: number | null;
  /** whether the database answered `SELECT 1` in time */
  database: 'up' | 'down';
}

class ProbeTimeout extends Error {
  constructor(ms: number) {
    super(`database did not answer within ${ms} ms`);
    this.name = 'ProbeTimeout';
  }
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function registerHealthRoute(api: FastifyInstance, probe: DatabaseProbe, timeoutMs = HEALTH_TIMEOUT_MS): void {
  // the reason goes to the log once per change (a load balancer asks every few seconds)
  let wasDown = false;
  const report = (request: FastifyRequest, message: string, err?: unknown) => {
    if (request.log.level) request.log.error({ err }, message);
    else console.error(message, err ?? '');
  };
  api.get(LIVE_URL, allow(PUBLIC), async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok({ live: true });
  });
  api.get(HEALTH_URL, allow(PUBLIC), async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const schemaVersion = await within(probe.check(), timeoutMs);
      if (wasDown) report(request, `health: the ${probe.engine} database answers again`);
      wasDown = false;
      return ok<Health>({ engine: probe.engine, schemaVersion, database: 'up' });
    } catch (err) {
      if (!wasDown) report(request, `health: the ${probe.engine} database does not answer`, err);
      wasDown = true;
      const body: R<Health> = { code: 503, success: false, msg: MSG_DATABASE_DOWN, data: { engine: probe.engine, schemaVersion: null, database: 'down' } };
      return reply.code(503).send(body);
    }
  });
}
