// Who may call the system-administration endpoints: a caller needs a granted
// menu among the endpoint's menu codes (administrators pass); otherwise the
// call is refused with 401 请求未授权, as BladeX's @PreAuth does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { fail, MSG_UNAUTHORIZED } from '../../http/reply';
import { roleIdsOf, type AuthUser } from '../../http/auth-user';
import { isAdministrator, placeholders, SYS } from './common';

/** Endpoints every signed-in caller may use (self-service, navigation, pickers). */
const OPEN = new Set([
  `${SYS}/menu/routes`, `${SYS}/menu/buttons`, `${SYS}/menu/top-menu`, `${SYS}/menu/auth-routes`,
  `${SYS}/user/info`, `${SYS}/user/update-info`, `${SYS}/user/update-password`, `${SYS}/user/register-guest`,
  `${SYS}/dept/select`, `${SYS}/role/select`, `${SYS}/tenant/info`, '/seo-blade-system/tenant-quota/detail',
]);

/** Resource segment -> the menu whose grant opens it. */
const CODES: Record<string, string[]> = {
  user: ['user'],
  role: ['role'],
  dept: ['dept'],
  post: ['post'],
  menu: ['menu'],
  topmenu: ['topmenu'],
  tenant: ['tenant'],
  'tenant-package': ['tenantPackage'],
  client: ['client'],
  region: ['region'],
  'data-scope': ['datascope'],
  'api-scope': ['apiscope'],
};

/** Read-only pickers other screens need (e.g. the user form's role and department trees). */
const PICKERS: Record<string, string[]> = {
  [`${SYS}/role/tree`]: ['user'],
  [`${SYS}/role/tree-by-id`]: ['user'],
  [`${SYS}/dept/tree`]: ['user'],
  [`${SYS}/dept/lazy-tree`]: ['user'],
  [`${SYS}/post/select`]: ['user'],
  [`${SYS}/menu/tree`]: ['tenantPackage', 'datascope', 'apiscope', 'tenant'],
  [`${SYS}/menu/grant-tree`]: ['role'],
  [`${SYS}/menu/role-tree-keys`]: ['role'],
  [`${SYS}/menu/grant-top-tree`]: ['topmenu'],
  [`${SYS}/menu/top-tree-keys`]: ['topmenu'],
  [`${SYS}/tenant-package/select`]: ['tenant'],
};

/** Extra actions that also need their own button (migration 201), as the console shows them. */
const BUTTONS: Record<string, string> = {
  [`${SYS}/user/grant`]: 'user_role',
  [`${SYS}/user/reset-password`]: 'user_reset',
  [`${SYS}/user/unlock`]: 'user_unlock',
  [`${SYS}/user/update-platform`]: 'user_platform',
  [`${SYS}/user/audit-pass`]: 'user_audit',
  [`${SYS}/user/audit-refuse`]: 'user_audit',
  [`${SYS}/role/grant`]: 'role_setting',
  [`${SYS}/topmenu/grant`]: 'topmenu_setting',
};

/** Segments only the platform administrator may use at all. */
const ADMINISTRATOR_ONLY = new Set(['tenant', 'tenant-package', 'client']);

export function grantedCodes(db: Db, user: AuthUser): Set<string> {
  const roleIds = roleIdsOf(user);
  if (roleIds.length === 0) return new Set();
  const rows = db
    .prepare(
      `SELECT DISTINCT m.code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0
       WHERE rm.role_id IN (${placeholders(roleIds.length)})`,
    )
    .all(...roleIds) as { code: string }[];
  return new Set(rows.map((r) => r.code));
}

export function segmentOf(url: string): string | null {
  if (!url.startsWith(`${SYS}/`)) return null;
  return url.slice(SYS.length + 1).split('/')[0] ?? null;
}

export function allowed(db: Db, user: AuthUser, url: string): boolean {
  if (OPEN.has(url)) return true;
  const segment = segmentOf(url);
  if (!segment || !(segment in CODES)) return true; // not a system-administration endpoint
  if (isAdministrator(user)) return true;
  if (ADMINISTRATOR_ONLY.has(segment)) return false;
  const codes = grantedCodes(db, user);
  const button = BUTTONS[url];
  if (button && !codes.has(button)) return false;
  return [...CODES[segment]!, ...(PICKERS[url] ?? [])].some((c) => codes.has(c));
}

export function installAccess(api: FastifyInstance, db: Db): void {
  api.addHook('preHandler', async (request: FastifyRequest, reply) => {
    if (request.routeOptions.config?.public || !request.authUser) return;
    const url = (request.routeOptions.url ?? '').replace(/^\/api/, '');
    if (!allowed(db, request.authUser, url)) return reply.code(401).send(fail(401, MSG_UNAUTHORIZED));
  });
}
