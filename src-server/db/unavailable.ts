// "The database is away" (issue 37 item 3): an error that says the database could not be reached or
// dropped the connection, as opposed to one about the query (a constraint, a syntax, SQLite's busy).
// The app answers such an error 503 数据库暂时不可用 with Retry-After instead of 500 服务器异常
// (app.ts), so a client and a load balancer tell an outage from a fault of the instance.
//
// The PostgreSQL data layer (data-layer.ts) wraps, in DatabaseUnavailable:
// - every failure to obtain a connection from the pool (refused, reset, unknown host, the pool's own
//   timeout, the server starting or stopping);
// - a query's failure that ended its connection (connectionLost below): SQLSTATE class 08 (connection
//   exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, node-postgres'
//   "Connection terminated ...", a socket error of the connection (ECONNRESET, EPIPE...).
// Only the data layer tags, where the error's source is known: a refused connection to an AI provider or a
// storage is never taken for the database. SQLite has no outage of this kind (SQLITE_BUSY is not one).

export const MSG_DATABASE_UNAVAILABLE = '数据库暂时不可用';
/** seconds a client is told to wait before trying again */
export const RETRY_AFTER_SECONDS = 5;

/** The database could not be reached, or dropped the connection; `cause` is the driver's error. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${describe(cause)}`, { cause });
    this.name = 'DatabaseUnavailable';
  }
}

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code ? `${code} ${err.message}` : err.message;
}

/** Whether a query's error (from node-postgres, on one of the pool's connections) says the connection is gone. */
function endsConnection(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))) return true;
  return /^Connection terminated\b/.test(err.message) || /^Client has encountered a connection error/.test(err.message);
}

/** A query's error, wrapped in DatabaseUnavailable when it ended the connection; any other as it is. */
export function connectionLost(err: unknown): unknown {
  return endsConnection(err) ? new DatabaseUnavailable(err) : err;
}

/** Whether `err` (or an error it was caused by) says the database is away. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  return err instanceof DatabaseUnavailable || isDatabaseUnavailable(err.cause, depth + 1);
}
