// Data scopes and API scopes take effect, as BladeX does them.
//
// API scope (blade_scope_api): `scopePath` is an Ant-style pattern (`*` within a
// segment, `**` across segments, `?` one character) over the request path
// (without `/api`). A path matched by at least one API scope is open only to
// roles granted one of the matching scopes (role grant, scope category 2); a
// path no API scope names is unaffected. The platform administrator passes.
//
// Data scope (blade_scope_data): a rule on a declared resource, named by
// `resourceCode` = the resource's name (e.g. `websiteInfo`, `article`, `param`),
// narrows its lists for the roles granted it (scope category 1). Rule types
// (dictionary data_scope_type): 1 all, 2 own rows (`scopeColumn` = the user,
// usually create_user), 3 own department (`scopeColumn` in the user's
// departments, usually create_dept), 4 own department and below, 5 custom:
// `scopeValue` is a comma list of values for `scopeColumn`, each a literal or a
// placeholder ${userId} ${deptId} ${roleId} ${tenantId} (bound parameters,
// never SQL). A rule naming a column the resource does not have matches no row
// (a misconfigured restriction never widens access). Several rules of a user's
// roles on one resource are OR-ed; any "all" rule lifts the restriction. The
// platform administrator is never narrowed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import type { Resource } from '../../crud/resource';
import type { RowFilter } from '../../crud/repository';
import { fail } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { messageText } from '../../../src-shared/messages';
import { roleIdsOf, type AuthUser } from '../../http/auth-user';
import { isAdministrator } from './common';

const SCOPE_DATA = 1;
const SCOPE_API = 2;

/** An Ant-style path pattern as a regular expression. */
export function antPattern(pattern: string): RegExp {
  let re = '';
  const p = absolute(pattern.trim());
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '*' && p[i + 1] === '*') {
      // '/**' matches the folder itself and anything below it
      if (re.endsWith('/')) re = `${re.slice(0, -1)}(?:/.*)?`;
      else re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** `x/y` and `/api/x/y` both become `/x/y`. */
function absolute(path: string): string {
  const abs = path.startsWith('/') ? path : `/${path}`;
  return abs.replace(/^\/api(?=\/)/, '');
}

/** A request URL's path: `/api/x/y?q=1` becomes `/x/y`. */
export function normalizePath(url: string): string {
  return absolute(url.split('?')[0]!.trim());
}

interface ApiScopeRow {
  id: string;
  scope_path: string | null;
}

export async function apiScopeAllows(data: DataLayer, user: AuthUser, path: string): Promise<boolean> {
  if (isAdministrator(user)) return true;
  const target = normalizePath(path);
  const rows = await data.all(sql<ApiScopeRow>`SELECT id, scope_path FROM blade_scope_api WHERE is_deleted = 0`);
  const matching = rows.filter((r) => r.scope_path && antPattern(r.scope_path).test(target)).map((r) => r.id);
  if (matching.length === 0) return true;
  const roles = roleIdsOf(user);
  if (roles.length === 0) return false;
  const granted = await data.get(
    sql`SELECT 1 AS granted FROM blade_role_scope WHERE scope_category = ${SCOPE_API}
       AND role_id IN (${sql.join(roles)}) AND scope_id IN (${sql.join(matching)}) LIMIT 1`,
  );
  return granted !== undefined;
}

interface DataScopeRow {
  scope_column: string | null;
  scope_type: number;
  scope_value: string | null;
}

function userDepts(user: AuthUser): string[] {
  return user.deptId.split(',').map((s) => s.trim()).filter(Boolean);
}

async function deptsAndBelow(data: DataLayer, depts: string[]): Promise<string[]> {
  if (depts.length === 0) return [];
  const out = new Set(depts);
  for (const d of depts) {
    const rows = await data.all(sql<{ id: string }>`SELECT id FROM blade_dept WHERE is_deleted = 0 AND (',' || ancestors || ',') LIKE ${`%,${d},%`}`);
    for (const r of rows) out.add(r.id);
  }
  return [...out];
}

function customValues(user: AuthUser, value: string | null): string[] {
  const vars: Record<string, string[]> = {
    userId: [user.userId],
    deptId: userDepts(user),
    roleId: roleIdsOf(user),
    tenantId: [user.tenantId],
  };
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((v) => {
      const m = /^\$\{(\w+)\}$/.exec(v);
      return m ? (vars[m[1]!] ?? []) : [v];
    });
}

/** The condition narrowing `resource`'s rows for `user`, or null when nothing narrows them. */
export async function dataScopeFilter(data: DataLayer, user: AuthUser, resource: Resource): Promise<RawBuilder<unknown> | null> {
  if (isAdministrator(user)) return null;
  const roles = roleIdsOf(user);
  if (roles.length === 0) return null;
  const rules = await data.all(
    sql<DataScopeRow>`SELECT d.scope_column, d.scope_type, d.scope_value FROM blade_scope_data d
       JOIN blade_role_scope rs ON rs.scope_id = d.id AND rs.scope_category = ${SCOPE_DATA}
       WHERE d.is_deleted = 0 AND d.resource_code = ${resource.name} AND rs.role_id IN (${sql.join(roles)})`,
  );
  if (rules.length === 0 || rules.some((r) => Number(r.scope_type) === 1)) return null;
  const parts: RawBuilder<unknown>[] = [];
  for (const rule of rules) {
    const col = rule.scope_column ? resource.column(rule.scope_column.trim()) : undefined;
    let values: string[];
    switch (Number(rule.scope_type)) {
      case 2:
        values = [user.userId];
        break;
      case 3:
        values = userDepts(user);
        break;
      case 4:
        values = await deptsAndBelow(data, userDepts(user));
        break;
      case 5:
        values = customValues(user, rule.scope_value);
        break;
      default:
        values = [];
    }
    if (!col || values.length === 0) {
      parts.push(sql`(0 = 1)`);
      continue;
    }
    parts.push(sql`(${sql.id(col.column)} IN (${sql.join(values)}))`);
  }
  return sql.join(parts, sql` OR `);
}

/**
 * After the guard: refuses a path closed by an API scope the caller's roles lack
 * (401 请求未授权), and hands the generic CRUD lists the caller's data-scope filter.
 */
export function installScopes(api: FastifyInstance, data: DataLayer): void {
  api.decorateRequest('rowFilter', null);
  api.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.authUser;
    if (!user) return;
    if (!(await apiScopeAllows(data, user, request.url))) return reply.code(401).send(fail(401, messageText('sys.unauthorized', readerLanguage(request))));
    const filter: RowFilter = (resource) => dataScopeFilter(data, user, resource);
    request.rowFilter = filter;
  });
}
