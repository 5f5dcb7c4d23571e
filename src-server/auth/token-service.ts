// The BladeX-dialect token endpoint's logic: client check, grant types password,
// captcha and refresh_token, lockout, and the raw snake_case reply.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queries } from '../db/data-layer';
import type { TokenReply } from '../../src-shared/wire';
import { OAuthError } from '../http/reply';
import { messageText, type MessageKey } from '../../src-shared/messages';
import {
  findClient,
  findRoles,
  findTenant,
  findUserByAccount,
  findUserById,
  splitIds,
  type ClientRow,
  type UserRow,
} from '../system/directory';
import type { CaptchaStore } from './captcha';
import type { AccessClaims, JwtService, RefreshClaims } from './jwt';
import type { LoginLimiter } from './lockout';
import type { TokenSessions } from './token-sessions';
import { verifyPasswordDigest } from './passwords';
import type { SecretBox } from '../util/secret-box';
import { openStored } from '../system/sealed-secrets';

export const DEFAULT_AVATAR = '';

export interface TokenRequest {
  /** merged query and form parameters */
  params: Record<string, string | undefined>;
  /** lower-cased header names */
  headers: Record<string, string | undefined>;
}

export type TokenResponse = TokenReply & { real_name: string; client_id: string; scope: string; license: string };

/** a sign-in refusal's text: BladeX's Chinese, always (the console shows it in its language: signInText) */
const zh = (key: MessageKey): string => messageText(key, 'zh');

const E = {
  invalidClient: () => new OAuthError('invalid_client', 3001, zh('signIn.invalidClient'), 401),
  unauthorizedClient: () => new OAuthError('unauthorized_client', 3003, zh('signIn.unauthorizedClient')),
  unsupportedGrant: () => new OAuthError('unsupported_grant_type', 4000, zh('signIn.unsupportedGrant')),
  badCaptcha: () => new OAuthError('invalid_captcha', 2000, zh('signIn.badCaptcha')),
  tenantNotFound: () => new OAuthError('user_tenant_not_found', 2002, zh('signIn.tenantNotFound')),
  badCredentials: () => new OAuthError('invalid_user', 2004, zh('signIn.badCredentials')),
  locked: () => new OAuthError('user_too_many_fails', 2003, zh('signIn.locked')),
  noRole: () => new OAuthError('unauthorized_user', 2005, zh('signIn.noRole')),
  badRefresh: () => new OAuthError('invalid_refresh_token', 2010, zh('signIn.badRefresh')),
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class TokenService {
  constructor(
    private readonly data: Queries,
    private readonly jwt: JwtService,
    private readonly captcha: CaptchaStore,
    private readonly limiter: LoginLimiter,
    readonly sessions: TokenSessions,
    /** opens the clients' secrets, sealed at rest (system/sealed-secrets.ts) */
    private readonly box: SecretBox,
  ) {}

  /** a client's stored secret in clear; one that does not open (another install's key) matches nothing */
  private clientSecret(client: ClientRow): string | null {
    try {
      return openStored(this.box, client.client_secret);
    } catch {
      console.error(`client ${client.client_id}: its secret does not open with this install's key (SEO_SECRET_KEY or the data folder's content-secret.key)`);
      return null;
    }
  }

  /** `Authorization: Basic base64(clientId:secret)` checked against blade_client. */
  async authenticateClient(authorization: string | undefined): Promise<ClientRow> {
    const m = /^basic(?:\s+|%20)(.+)$/i.exec((authorization ?? '').trim());
    if (!m) throw E.invalidClient();
    const decoded = Buffer.from(m[1].trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw E.invalidClient();
    const client = await findClient(this.data, decoded.slice(0, colon));
    const secret = client ? this.clientSecret(client) : null;
    if (!client || secret === null || !sameSecret(secret, decoded.slice(colon + 1))) throw E.invalidClient();
    return client;
  }

  async grant(req: TokenRequest): Promise<TokenResponse> {
    const client = await this.authenticateClient(req.headers.authorization);
    const grantType = req.params.grant_type ?? req.params.grantType ?? '';
    if (!['password', 'captcha', 'refresh_token'].includes(grantType)) throw E.unsupportedGrant();
    if (!client.authorized_grant_types.split(',').map((s) => s.trim()).includes(grantType)) throw E.unauthorizedClient();

    if (grantType === 'refresh_token') return this.refresh(req, client);

    if (grantType === 'captcha') {
      const ok = await this.captcha.check(req.headers['captcha-key'], req.headers['captcha-code']);
      if (!ok) throw E.badCaptcha();
    }
    const tenantId = this.tenantOf(req);
    if (!(await findTenant(this.data, tenantId))) throw E.tenantNotFound();
    const username = (req.params.username ?? req.params.account ?? '').trim();
    const password = req.params.password ?? '';
    if (!username || !password) throw E.badCredentials();
    if (await this.limiter.isLocked(tenantId, username)) throw E.locked();

    const user = await findUserByAccount(this.data, tenantId, username);
    const valid = user ? await verifyPasswordDigest(password, user.password) : false;
    if (!user || !valid) {
      await this.limiter.recordFailure(tenantId, username);
      throw E.badCredentials();
    }
    await this.limiter.reset(tenantId, username);
    await this.requireRoles(user, req.headers);
    return this.issue(user, client, req.headers, await this.sessions.open(user, client.client_id));
  }

  private tenantOf(req: TokenRequest): string {
    return (req.headers['tenant-id'] || req.params.tenant_id || req.params.tenantId || '000000').trim();
  }

  private async refresh(req: TokenRequest, client: ClientRow): Promise<TokenResponse> {
    const token = req.params.refresh_token ?? req.params.refreshToken ?? '';
    const claims = token ? await this.jwt.verify<RefreshClaims>(token, 'refresh_token') : null;
    if (!claims || claims.client_id !== client.client_id) throw E.badRefresh();
    const user = await findUserById(this.data, claims.user_id);
    if (!user || user.tenant_id !== claims.tenant_id || !(await findTenant(this.data, user.tenant_id))) throw E.badRefresh();
    const jti = randomUUID();
    if ((await this.sessions.rotate(claims.sid, claims.jti, jti)) !== 'ok') throw E.badRefresh();
    return this.issue(user, client, req.headers, { sid: claims.sid, jti });
  }

  /** Ends the session of an access token (logout); a token that is not valid ends nothing. */
  async logout(accessToken: string | null | undefined): Promise<void> {
    const claims = accessToken ? await this.jwt.verify<AccessClaims>(accessToken, 'access_token') : null;
    if (claims?.sid) await this.sessions.revoke(claims.sid, 'logout');
  }

  private async rolesOf(user: UserRow, headers: TokenRequest['headers']) {
    const pick = (all: string[], wanted: string | undefined): string[] =>
      wanted && all.includes(wanted.trim()) ? [wanted.trim()] : all;
    const roleIds = pick(splitIds(user.role_id), headers['role-id']);
    const deptIds = pick(splitIds(user.dept_id), headers['dept-id']);
    const roles = (await findRoles(this.data, roleIds)).filter((r) => r.tenant_id === user.tenant_id);
    return { roles, deptIds };
  }

  /** A user without a role of their tenant cannot sign in (checked before a session is opened). */
  private async requireRoles(user: UserRow, headers: TokenRequest['headers']): Promise<void> {
    if ((await this.rolesOf(user, headers)).roles.length === 0) throw E.noRole();
  }

  private async issue(
    user: UserRow,
    client: ClientRow,
    headers: TokenRequest['headers'],
    session: { sid: string; jti: string },
  ): Promise<TokenResponse> {
    const { roles, deptIds } = await this.rolesOf(user, headers);
    if (roles.length === 0) throw E.noRole();

    const access: AccessClaims = {
      token_type: 'access_token',
      tenant_id: user.tenant_id,
      user_id: user.id,
      dept_id: deptIds.join(','),
      role_id: roles.map((r) => r.id).join(','),
      role_name: roles.map((r) => r.role_alias).join(','),
      account: user.account,
      user_name: user.account,
      nick_name: user.name ?? user.account,
      real_name: user.real_name ?? user.account,
      client_id: client.client_id,
      sid: session.sid,
    };
    const refresh: RefreshClaims = {
      token_type: 'refresh_token',
      user_id: user.id,
      tenant_id: user.tenant_id,
      client_id: client.client_id,
      sid: session.sid,
      jti: session.jti,
    };
    const [accessToken, refreshToken] = await Promise.all([
      this.jwt.sign(access, client.access_token_validity),
      this.jwt.sign(refresh, client.refresh_token_validity),
    ]);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: client.access_token_validity,
      scope: 'all',
      tenant_id: access.tenant_id,
      user_id: access.user_id,
      dept_id: access.dept_id,
      role_id: access.role_id,
      account: access.account,
      user_name: access.user_name,
      nick_name: access.nick_name,
      real_name: access.real_name,
      role_name: access.role_name,
      avatar: user.avatar || DEFAULT_AVATAR,
      client_id: client.client_id,
      license: 'powered by seo-matrix-console',
    };
  }
}
