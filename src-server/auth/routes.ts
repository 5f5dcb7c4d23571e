// /blade-auth/oauth/*: captcha, token, logout, user-info, clear-cache.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queries } from '../db/data-layer';
import { OAuthError, ok } from '../http/reply';
import { callerOf } from '../http/auth-user';
import { findRoles, findTenant, findUserById, splitIds } from '../system/directory';
import type { CacheRegistry } from '../system/cache';
import type { CaptchaStore } from './captcha';
import type { TokenService } from './token-service';
import { readBearer } from './guard';
import { allow } from '../http/access-policy';

/** Query, form or header values as single strings (the first of a repeated one). */
export function flatten(source: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (source && typeof source === 'object') {
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (first !== undefined && first !== null) out[k] = String(first);
    }
  }
  return out;
}

function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  return flatten(request.headers);
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { data: Queries; captcha: CaptchaStore; tokens: TokenService; caches: CacheRegistry; decrypt?: (base64: string) => string | null },
): void {
  const base = '/blade-auth/oauth';

  app.get(`${base}/captcha`, allow('public'), async () => deps.captcha.create());

  const token = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    try {
      const params = { ...flatten(request.query), ...flatten(request.body) };
      return await deps.tokens.grant({ params, headers: headersOf(request) });
    } catch (err) {
      if (err instanceof OAuthError) return reply.code(err.httpStatus).send(err.body());
      throw err;
    }
  };
  app.post(`${base}/token`, allow('public'), token);

  // public (an expired session can still sign out); a valid token's session is revoked
  const logout = async (request: FastifyRequest) => {
    await deps.tokens.logout(readBearer(request, deps.decrypt));
    return { success: 'true', msg: 'success' };
  };
  app.get(`${base}/logout`, allow('public'), logout);
  app.post(`${base}/logout`, allow('public'), logout);

  app.get(`${base}/user-info`, allow('user'), async (request) => {
    const caller = callerOf(request);
    const user = await findUserById(deps.data, caller.userId);
    if (!user) return ok(null);
    const roles = await findRoles(deps.data, splitIds(user.role_id));
    return ok({
      id: user.id,
      tenantId: user.tenant_id,
      tenantName: (await findTenant(deps.data, user.tenant_id))?.tenant_name ?? '',
      account: user.account,
      name: user.name ?? '',
      realName: user.real_name ?? '',
      avatar: user.avatar ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      roleId: user.role_id,
      deptId: user.dept_id,
      postId: user.post_id,
      roleName: roles.map((r) => r.role_name).join(','),
      roleAlias: roles.map((r) => r.role_alias).join(','),
      clientId: caller.clientId,
    });
  });

  app.get(`${base}/clear-cache`, allow('platform'), async () => {
    await deps.caches.clearAll();
    return { success: 'true', msg: 'success' };
  });
}
