// How an instance stops behind a load balancer without failing a request (issue 37 item 2). On SIGTERM
// (cli.ts) the instance
// 1. stops accepting connections: a request nginx has not sent yet gets a refused connect and goes to the next
//    instance (docs/nginx/seo-matrix.conf, proxy_next_upstream error), which is safe for a POST too;
// 2. answers every request it still gets, on the connections it holds, in full and with `Connection: close`, so
//    nginx never sends another one on them;
// 3. leaves its idle keep-alive connections to nginx to close (its upstream keepalive_timeout, 1 s, is shorter
//    than DRAIN_MS): a server that closes an idle connection itself races nginx sending a request on it, and a
//    POST nginx sent is never sent again (the client gets a 502);
// 4. after at most DRAIN_MS (or as soon as it holds no connection) closes the app: what is still open is closed,
//    in-flight requests finish, the job worker stops, the process exits.
// Node's http.Server.close() would close the idle connections at once (Node 19+), so step 1 closes the
// listening socket only (net.Server's close), and Fastify answers in full while closing (return503OnClosing:
// false, app.ts) instead of 503, which nginx may not pass on for a POST.
import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** how long a stopping instance waits for its load balancer to close its idle keep-alive connections */
export const DRAIN_MS = 2000;

export interface Drain {
  /** steps 1-3 above: resolves when the instance holds no connection, or after `ms` */
  drain(ms?: number): Promise<void>;
}

/** Installs the Connection: close of a draining instance (before the app is ready); answers its drain(). */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close');
  });
  const connections = () => new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
  return {
    async drain(ms = DRAIN_MS) {
      draining = true;
      // the listening socket only: http.Server.close() would also close the idle keep-alive connections now
      if (app.server.listening) Server.prototype.close.call(app.server);
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && (await connections()) > 0) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
