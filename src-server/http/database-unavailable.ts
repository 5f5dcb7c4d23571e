// The answer while the database is away (issue 37 item 3): HTTP 503 with Retry-After and the envelope
// {code: 503, msg: 数据库暂时不可用}, instead of 500 服务器异常. The reason goes to the log at most once every
// LOG_EVERY_MS (an outage under load fails every request), with how many were answered so meanwhile.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG_DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { fail } from './reply';

const LOG_EVERY_MS = 10_000;

/** One per app: answers a request that met the outage, and logs the outage now and then. */
export function databaseUnavailableAnswer(logger: boolean): (request: FastifyRequest, reply: FastifyReply, err: Error) => FastifyReply {
  let loggedAt = 0;
  let unlogged = 0;
  return (request, reply, err) => {
    const now = Date.now();
    if (now - loggedAt >= LOG_EVERY_MS) {
      const message = `database unavailable, answered 503 (${unlogged + 1} request(s) since the last such line): ${err.message}`;
      if (logger) request.log.warn(message);
      else console.error(message);
      loggedAt = now;
      unlogged = 0;
    } else unlogged++;
    return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(fail(503, MSG_DATABASE_UNAVAILABLE));
  };
}
