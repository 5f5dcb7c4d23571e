// The stock SpringBlade / Saber sign-in beside the spec's BladeX one, on the same
// token service (client check, captcha, lockout, tenants, sessions):
//   POST /blade-auth/token   grantType password|captcha|refresh_token, tenantId,
//                            account, password (SM2-encrypted plain text, hex),
//                            refreshToken; reply R<AuthInfo> in camelCase
//   GET  /blade-auth/captcha R<{key, image}>
//   GET|POST /blade-auth/logout  revokes the caller's session; R<{code, msg}>
// Errors: R envelope with code 400 and the message (HTTP 400); a bad client is
// HTTP 401 客户端认证失败! (bladex-contract.md §2.2).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataLayer } from '../db/data-layer';
import { allow } from '../http/access-policy';
import { fail, OAuthError, ok } from '../http/reply';
import type { CaptchaStore } from './captcha';
import { readBearer } from './guard';
import { flatten } from './routes';
import { sm2Decrypt, sm2Keys } from './sm2-keys';
import type { TokenResponse, TokenService } from './token-service';

/** AuthInfo as SpringBlade's TokenUtil fills it. */
export interface AuthInfo {
  accessToken: string;
  tokenType: string;
  refreshToken: string;
  userId: string;
  tenantId: string;
  oauthId: string;
  avatar: string;
  authority: string;
  userName: string;
  account: string;
  expiresIn: number;
  license: string;
}

export function toAuthInfo(t: TokenResponse): AuthInfo {
  return {
    accessToken: t.access_token,
    tokenType: t.token_type,
    refreshToken: t.refresh_token,
    userId: t.user_id,
    tenantId: t.tenant_id,
    oauthId: '',
    avatar: t.avatar,
    authority: t.role_name,
    userName: t.real_name,
    account: t.account,
    expiresIn: t.expires_in,
    license: t.license,
  };
}

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex');

export async function registerStockAuthRoutes(
  api: FastifyInstance,
  deps: { data: DataLayer; captcha: CaptchaStore; tokens: TokenService; decrypt?: (base64: string) => string | null },
): Promise<void> {
  const keys = await sm2Keys(deps.data);
  const open = allow('public');

  api.get('/blade-auth/captcha', open, async () => ok(await deps.captcha.create()));

  api.post('/blade-auth/token', open, async (request: FastifyRequest, reply: FastifyReply) => {
    const p = { ...flatten(request.query), ...flatten(request.body) };
    const headers = flatten(request.headers);
    const grantType = p.grantType ?? p.grant_type ?? 'password';
    const tenantId = (p.tenantId ?? headers['tenant-id'] ?? '000000').trim();
    const params: Record<string, string | undefined> = { grant_type: grantType, tenant_id: tenantId };
    if (grantType === 'refresh_token') params.refresh_token = p.refreshToken ?? p.refresh_token ?? '';
    else {
      params.username = p.account ?? p.username ?? '';
      const plain = p.password ? sm2Decrypt(p.password, keys.privateKey) : null;
      // an undecryptable password fails like a wrong one (the stored hash is over md5 of the plain text)
      params.password = plain === null ? '' : md5(plain);
    }
    try {
      const t = await deps.tokens.grant({ params, headers: { ...headers, 'tenant-id': tenantId } });
      return ok(toAuthInfo(t));
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      if (err.httpStatus === 401) return reply.code(401).send(fail(401, err.message));
      return reply.code(400).send(fail(400, err.message));
    }
  });

  const logout = async (request: FastifyRequest) => {
    await deps.tokens.logout(readBearer(request, deps.decrypt));
    return ok({ code: '200', msg: '操作成功' });
  };
  api.get('/blade-auth/logout', open, logout);
  api.post('/blade-auth/logout', open, logout);
}
