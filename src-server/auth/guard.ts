// Every route not declared `allow('public')` (http/access-policy.ts) needs `Blade-Auth: bearer <jwt>` (header,
// any case; or `crypto <AES of the jwt>`, see crypto-token.ts) or the `blade-auth` query parameter.
// A public route declared with `allowAnonymous` passes without a token and learns its caller from one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../http/reply';
import { readerLanguage } from '../http/reasons';
import { messageText } from '../../src-shared/messages';
import type { AccessClaims, JwtService } from './jwt';
import type { TokenSessions } from './token-sessions';

export function readBearer(request: FastifyRequest, decrypt?: (base64: string) => string | null): string | null | undefined {
  const header = request.headers['blade-auth'];
  const query = (request.query as Record<string, unknown> | undefined)?.['blade-auth'];
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  if (raw === undefined || raw.trim() === '') return undefined; // missing
  const value = raw.trim();
  // the encrypted variant: `crypto <base64 of AES(token)>`
  if (decrypt && value.slice(0, 6).toLowerCase() === 'crypto') return decrypt(value.slice(6).trim()) || null;
  if (value.slice(0, 6).toLowerCase() !== 'bearer') return null; // malformed
  const token = value.slice(6).trim();
  return token || null;
}

export function installGuard(
  app: FastifyInstance,
  jwt: JwtService,
  sessions: TokenSessions,
  decrypt?: (base64: string) => string | null,
): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const isPublic = config?.access === 'public';
    if (isPublic && !config?.optionalCaller) return;
    const token = readBearer(request, decrypt);
    if (token === undefined) return isPublic ? undefined : reply.code(401).send(fail(401, messageText('sys.tokenMissing', readerLanguage(request))));
    const claims = token ? await jwt.verify<AccessClaims>(token, 'access_token') : null;
    // a token of a revoked sign-in (logout, user changed or removed, refresh reuse) is refused
    if (!claims || !(await sessions.isLive(claims.sid))) return reply.code(401).send(fail(401, messageText('sys.unauthorized', readerLanguage(request))));
    request.authUser = {
      userId: claims.user_id,
      tenantId: claims.tenant_id,
      deptId: claims.dept_id ?? '',
      roleId: claims.role_id ?? '',
      roleName: claims.role_name ?? '',
      account: claims.account,
      userName: claims.user_name,
      clientId: claims.client_id,
      sessionId: claims.sid,
    };
  });
}
