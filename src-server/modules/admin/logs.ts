// Logs: API logs (every write call: method, URL, time taken, user, tenant),
// error logs (every server error with its stack, plus the console's uploaded
// local errors, written by the shell's /blade-log/error/upload) and usual logs
// (sign-ins). Read-only lists and details under /blade-log.
import { hostname } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import { OAuthError, ok, ServiceError } from '../../http/reply';
import { callerOf, type AuthUser } from '../../http/auth-user';
import { roleAliasesOf } from '../../http/access-check';
import { nextId } from '../../util/ids';
import { formatDateTime } from '../../util/dates';
import type { Clock } from '../../util/clock';
import { formatRow } from '../../system/rows';
import { paramOf } from '../system/common';
import { pageOf } from '../../http/paging';
import { allow, menu, type Access } from '../../http/access-policy';
import { ApiLogBuffer, registerApiLog } from './api-log-buffer';

export const LOG_MIGRATION = {
  version: 402,
  name: 'admin: api and usual logs',
  sql: `
CREATE TABLE blade_log_api (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL DEFAULT '000000',
  service_id TEXT,
  server_host TEXT,
  server_ip TEXT,
  env TEXT,
  type TEXT,
  title TEXT,
  method TEXT,
  request_uri TEXT,
  user_agent TEXT,
  remote_ip TEXT,
  method_class TEXT,
  method_name TEXT,
  params TEXT,
  status_code INTEGER,
  time TEXT,
  create_by TEXT,
  create_time TEXT
);
CREATE INDEX ix_blade_log_api_tenant ON blade_log_api(tenant_id, create_time);
CREATE TABLE blade_log_usual (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL DEFAULT '000000',
  service_id TEXT,
  server_host TEXT,
  server_ip TEXT,
  env TEXT,
  log_level TEXT,
  log_id TEXT,
  log_data TEXT,
  method TEXT,
  request_uri TEXT,
  remote_ip TEXT,
  user_agent TEXT,
  params TEXT,
  create_by TEXT,
  create_time TEXT
);
CREATE INDEX ix_blade_log_usual_tenant ON blade_log_usual(tenant_id, create_time);
`,
};

const SERVICE = 'seo-console-server';
const WRITE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** request fields never written to a log */
const SECRET = /pass(word)?\d*$|secret|token|^key$|^code$/i;

function paramsOf(request: FastifyRequest): string {
  const out: Record<string, unknown> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) out[k] = SECRET.test(k) ? '******' : v;
  }
  const text = JSON.stringify(out);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

const uriOf = (request: FastifyRequest): string => request.url.split('?')[0];

type Cell = string | number;

export function registerLogRoutes(api: FastifyInstance, deps: { data: DataLayer; clock: Clock }): void {
  const { data, clock } = deps;
  const host = hostname();
  const apiLines = new ApiLogBuffer(
    (rows) =>
      data.run(sql`INSERT INTO blade_log_api (id, tenant_id, service_id, server_host, server_ip, env, type, title, method, request_uri, user_agent, remote_ip,
       method_class, method_name, params, status_code, time, create_by, create_time)
     VALUES ${sql.join(rows.map((v) => sql`(${v[0]}, ${v[1]}, ${v[2]}, ${v[3]}, '127.0.0.1', 'local', '1', ${sql.join(v.slice(4))})`))}`),
    (err) => api.log.error({ err }, 'API log lines not written'),
  );
  registerApiLog(data, apiLines);
  api.addHook('onClose', async () => apiLines.flush());
  const insertUsual = (...v: Cell[]) =>
    data.run(sql`INSERT INTO blade_log_usual (id, tenant_id, service_id, server_host, server_ip, env, log_level, log_id, log_data, method, request_uri, remote_ip, user_agent, params, create_by, create_time)
     VALUES (${v[0]}, ${v[1]}, ${v[2]}, ${v[3]}, '127.0.0.1', 'local', 'INFO', ${sql.join(v.slice(4))})`);
  const insertError = (...v: Cell[]) =>
    data.run(sql`INSERT INTO blade_log_error (id, tenant_id, service_id, server_host, server_ip, env, method, request_uri, user_agent, stack_trace,
       exception_name, message, method_class, method_name, params, time, create_by, create_time)
     VALUES (${v[0]}, ${v[1]}, ${v[2]}, ${v[3]}, '127.0.0.1', 'local', ${sql.join(v.slice(4))})`);

  const record = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!WRITE.has(request.method)) return;
    const uri = uriOf(request);
    const now = formatDateTime(clock());
    const ua = String(request.headers['user-agent'] ?? '');
    if (uri.endsWith('/blade-auth/oauth/token')) {
      // a sign-in (or refresh): a usual log, attributed to the account named in the form
      if (reply.statusCode !== 200) return;
      const form = (request.body ?? {}) as Record<string, unknown>;
      const tenant = String(request.headers['tenant-id'] ?? form.tenantId ?? '000000');
      const account = String(form.username ?? '');
      await insertUsual(nextId(), tenant, SERVICE, host, 'login', `${account || '-'} ${String(form.grant_type ?? '')} 登录成功`, request.method, uri, request.ip, ua, paramsOf(request), account, now);
      return;
    }
    if (uri.endsWith('/blade-auth/token')) {
      // the stock consoles' sign-in (auth/stock-routes.ts): its fields in the query or the form
      if (reply.statusCode !== 200) return;
      const p = { ...(request.query as Record<string, unknown>), ...((request.body ?? {}) as Record<string, unknown>) };
      const tenant = String(p.tenantId ?? request.headers['tenant-id'] ?? '000000');
      const account = String(p.account ?? p.username ?? '');
      await insertUsual(nextId(), tenant, SERVICE, host, 'login', `${account || '-'} ${String(p.grantType ?? p.grant_type ?? 'password')} 登录成功`, request.method, uri, request.ip, ua, paramsOf(request), account, now);
      return;
    }
    const user = request.authUser;
    if (!user) return;
    const route = request.routeOptions.url ?? uri;
    const action = route.split('/').pop() ?? '';
    apiLines.add([
      nextId(),
      user.tenantId,
      SERVICE,
      host,
      `${request.method} ${route}`,
      request.method,
      uri,
      ua,
      request.ip,
      route.split('/').slice(0, -1).join('/'),
      action,
      paramsOf(request),
      reply.statusCode,
      String(Math.round(reply.elapsedTime)),
      user.account,
      now,
    ]);
  };

  // Written as the answer leaves (onSend, not onResponse): a caller who reads the logs right after its
  // sign-in or write finds the line there. A log that cannot be written never fails the call itself.
  api.addHook('onSend', async (request, reply, payload) => {
    await record(request, reply).catch((err: unknown) => api.log.error({ err }, 'log line not written'));
    return payload;
  });

  api.addHook('onError', async (request, _reply, error) => {
    if (error instanceof ServiceError || error instanceof OAuthError) return;
    const code = (error as { statusCode?: number }).statusCode;
    if (code && code < 500) return;
    const frame = /at (?:(\S+) )?\(?([^():]+):(\d+):\d+\)?/.exec(error.stack ?? '');
    await insertError(
      nextId(),
      request.authUser?.tenantId ?? '000000',
      SERVICE,
      host,
      request.method,
      uriOf(request),
      String(request.headers['user-agent'] ?? ''),
      error.stack ?? String(error),
      error.name,
      error.message,
      frame?.[2] ?? '',
      frame?.[1] ?? '',
      paramsOf(request),
      formatDateTime(clock()),
      request.authUser?.account ?? '',
      formatDateTime(clock()),
    );
  });

  // the sign-in log (usual): a plain user (no administrator or admin role) sees only their own lines
  const ownLines = (table: string, caller: AuthUser): RawBuilder<unknown> =>
    table === 'blade_log_usual' && !roleAliasesOf(caller).some((a) => a === 'administrator' || a === 'admin') ? sql` AND create_by = ${caller.account}` : sql``;
  const listOf = (path: string, table: string, search: [string, string][], access: Access) => {
    api.get(path, allow(access), async (request) => {
      const caller = callerOf(request);
      const { current, size, offset } = pageOf(request, 200);
      if (table === 'blade_log_api') await apiLines.flush();
      const conditions: RawBuilder<unknown>[] = [sql`tenant_id = ${caller.tenantId}${ownLines(table, caller)}`];
      for (const [param, column] of search) {
        const v = paramOf(request, param)?.trim();
        if (v) conditions.push(data.dialect.contains(sql.ref(column), v));
      }
      const where = sql.join(conditions, sql` AND `);
      const from = sql.id(table);
      const total = (await data.get(sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`))!.n;
      const records = (await data.all(sql<Record<string, unknown>>`SELECT * FROM ${from} WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT ${size} OFFSET ${offset}`)).map(formatRow);
      return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [] });
    });
  };
  const detailOf = (path: string, table: string, access: Access) => {
    api.get(path, allow(access), async (request) => {
      const caller = callerOf(request);
      if (table === 'blade_log_api') await apiLines.flush();
      const row = await data.get(
        sql<Record<string, unknown>>`SELECT * FROM ${sql.id(table)} WHERE id = ${paramOf(request, 'id') ?? ''} AND tenant_id = ${caller.tenantId}${ownLines(table, caller)}`,
      );
      return ok(row ? formatRow(row) : null);
    });
  };
  const common: [string, string][] = [['serviceId', 'service_id'], ['serverHost', 'server_host'], ['requestUri', 'request_uri']];
  listOf('/blade-log/usual/list', 'blade_log_usual', common, menu('log_usual'));
  detailOf('/blade-log/usual/detail', 'blade_log_usual', menu('log_usual'));
  listOf('/blade-log/list', 'blade_log_api', [...common, ['title', 'title']], menu('log_api'));
  detailOf('/blade-log/detail', 'blade_log_api', menu('log_api'));
  listOf('/blade-log/error/list', 'blade_log_error', [...common, ['message', 'message']], menu('log_error'));
  detailOf('/blade-log/error/detail', 'blade_log_error', menu('log_error'));
}
