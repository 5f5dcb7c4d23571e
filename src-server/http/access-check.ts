// Default deny: every route declares who may call it (access-policy.ts); this
// module refuses to register a route without a declaration, keeps the route
// table (method, path, access) for docs/access.md and the contract test, and
// is the ONE access check: a preHandler that lets a call through only when the
// caller satisfies the route's declaration, else 401 请求未授权 (BladeX's
// @PreAuth answer). The guard (auth/guard.ts) has already verified the token
// of every route that is not 'public'.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Queries } from '../db/data-layer';
import type { Access } from './access-policy';
import { roleIdsOf, type AuthUser } from './auth-user';
import { fail, ServiceError } from './reply';
import { readerLanguage } from './reasons';
import { messageText } from '../../src-shared/messages';

/** The administrator of the admin tenant: the only one who changes rows every tenant shares. */
export const ADMIN_TENANT = '000000';

export function roleAliasesOf(user: AuthUser): string[] {
  return user.roleName.split(',').map((s) => s.trim()).filter(Boolean);
}

/** The platform administrator: role alias administrator in tenant 000000. */
export function isPlatformAdministrator(user: AuthUser): boolean {
  return user.tenantId === ADMIN_TENANT && roleAliasesOf(user).includes('administrator');
}

export interface RouteEntry {
  method: string;
  /** full path, /api prefix included */
  url: string;
  access: Access;
}

const codesQuery = (roleIds: string[]) =>
  sql<{ code: string }>`SELECT DISTINCT m.code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0
    WHERE rm.role_id IN (${sql.join(roleIds)})`;

/** Menu and button codes granted to the caller's roles. */
export async function grantedCodes(q: Queries, user: AuthUser): Promise<Set<string>> {
  const roleIds = roleIdsOf(user);
  if (roleIds.length === 0) return new Set();
  return new Set((await q.all(codesQuery(roleIds))).map((r) => r.code));
}

const GRANTED = new WeakMap<FastifyRequest, Set<string>>();

/** The caller's granted codes, read once per request. */
async function codesOf(q: Queries, request: FastifyRequest): Promise<Set<string>> {
  let codes = GRANTED.get(request);
  if (!codes) {
    codes = request.authUser ? await grantedCodes(q, request.authUser) : new Set<string>();
    GRANTED.set(request, codes);
  }
  return codes;
}

/**
 * A refinement the route's declaration cannot express because it depends on
 * the request's data (submit without an id adds, with one it edits): does the
 * caller hold this button? The platform administrator always does.
 */
export async function callerHolds(q: Queries, request: FastifyRequest, code: string): Promise<boolean> {
  const user = request.authUser;
  if (!user) return false;
  return isPlatformAdministrator(user) || (await codesOf(q, request)).has(code);
}

/** Does the caller satisfy the declaration? `codes` is read only when a menu or button decides. */
export async function satisfies(access: Access, user: AuthUser | null, codes: () => Promise<Set<string>>): Promise<boolean> {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'user') return true;
  if (isPlatformAdministrator(user)) return true;
  if (access === 'platform') return false;
  const granted = await codes();
  if ('menu' in access) {
    return access.menu.some((c) => granted.has(c)) && (!access.button || access.button.some((c) => granted.has(c)));
  }
  return granted.has(access.button);
}

/** Human-readable form of a declaration (the route table). */
export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('menu' in access) {
    const menus = `menu ${access.menu.join(' | ')}`;
    return access.button?.length ? `${menus} + button ${access.button.join(' | ')}` : menus;
  }
  return `button ${access.button}`;
}

const TABLE = Symbol('seo.routeTable');

type WithTable = FastifyInstance & { [TABLE]?: RouteEntry[] };

/**
 * Installs the declaration check (onRoute: a route without `config.access`
 * throws, so the server refuses to start) and the access check (preHandler).
 * Call on the root instance before any route is registered.
 */
export function installAccessControl(app: FastifyInstance, data: Queries, o: { enforce?: boolean } = {}): void {
  const table: RouteEntry[] = [];
  (app as WithTable)[TABLE] = table;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    if (!access) throw new Error(`route without an access declaration: ${methods.join(',')} ${route.url}`);
    for (const method of methods) {
      if (method === 'HEAD' && route.exposeHeadRoute !== false && table.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      table.push({ method, url: route.url ?? route.path, access });
    }
  });
  if (o.enforce === false) return; // scripts/bench-access.ts only: the same app without the check, to price it
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    // no declaration: only the not-found handler (onRoute refuses every undeclared route)
    if (access === undefined || access === 'public') return;
    const user = request.authUser;
    if (await satisfies(access, user, () => codesOf(data, request))) return;
    return reply.code(401).send(fail(401, messageText('sys.unauthorized', readerLanguage(request))));
  });
}

/** The registered routes with their declarations, in registration order. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const table = (app as WithTable)[TABLE];
  if (!table) throw new Error('access control not installed on this instance');
  return table;
}

/** callerHolds, refusing with 401 请求未授权 (submit: `id ? '<code>_edit' : '<code>_add'`). */
export async function requireButton(q: Queries, request: FastifyRequest, code: string): Promise<void> {
  if (!(await callerHolds(q, request, code))) throw new ServiceError('sys.unauthorized', 401);
}
