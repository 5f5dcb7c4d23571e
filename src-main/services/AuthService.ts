// Sign-in handled in main: captcha, the BladeX token call, logout, and the
// restore of a saved session at start. The renderer only ever sees SessionUser.

import { createHash } from 'node:crypto';
import type { LoginInput, Profile, SessionUser } from '../../src-shared/ipc';
import type { CaptchaReply } from '../../src-shared/wire';
import { type ApiClient, TOKEN_URL } from './ApiClient';
import { DeskError } from './errors';
import { signInText } from '../../src-shared/messages';
import { type Session, userFromReply } from './Session';
import { authUrls, dialectOf, sm2Password, tokenReplyOfAuthInfo } from './dialects';

export const CAPTCHA_URL = '/blade-auth/oauth/captcha';
export const LOGOUT_URL = '/blade-auth/oauth/logout';
export const USER_INFO_URL = '/blade-auth/oauth/user-info';

export const md5Hex = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

type Body = Record<string, unknown>;
const asBody = (data: unknown): Body => (data && typeof data === 'object' && !Array.isArray(data) ? (data as Body) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface AuthServiceOptions {
  profile: Profile;
  api: ApiClient;
  session: Session;
  /** called after every sign-in and sign-out (e.g. to drop the dictionary cache) */
  onSessionChange?: () => void;
}

/** Checks the shape of a LoginInput from the renderer; throws DeskError(400). */
export function validateLoginInput(input: unknown): LoginInput {
  if (!input || typeof input !== 'object') throw new DeskError(400, 'login input must be an object');
  const o = input as Record<string, unknown>;
  const req = (k: string) => {
    if (typeof o[k] !== 'string' || (o[k] as string) === '') throw new DeskError(400, `${k} is required`);
    return o[k] as string;
  };
  const opt = (k: string) => {
    if (o[k] === undefined || o[k] === null || o[k] === '') return undefined;
    if (typeof o[k] !== 'string') throw new DeskError(400, `${k} must be a string`);
    return o[k] as string;
  };
  const out: LoginInput = { tenantId: req('tenantId'), username: req('username'), password: req('password') };
  for (const k of ['captchaKey', 'captchaCode', 'deptId', 'roleId'] as const) {
    const v = opt(k);
    if (v !== undefined) out[k] = v;
  }
  if (o.language === 'zh' || o.language === 'en') out.language = o.language;
  return out;
}

const TOKEN_KEYS = new Set(['access_token', 'refresh_token', 'accessToken', 'refreshToken']);

/**
 * The SessionUser of a user-info payload (R data). Its field names differ from
 * the token reply's (camelCase, `id`, `roleAlias`...), so each SessionUser field
 * is read from the names it may have, in order; the other fields are kept.
 */
export function userFromUserInfo(d: Record<string, unknown>): SessionUser {
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = d[k];
      if (v !== undefined && v !== null && String(v) !== '') return String(v);
    }
    return '';
  };
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) if (!TOKEN_KEYS.has(k)) rest[k] = v;
  return {
    ...rest,
    account: pick('account'),
    user_name: pick('user_name', 'userName', 'account'),
    nick_name: pick('nick_name', 'nickName', 'realName', 'real_name', 'name'),
    role_name: pick('role_name', 'roleAlias', 'authority', 'roleName'),
    avatar: pick('avatar'),
    user_id: pick('user_id', 'userId', 'id'),
    dept_id: pick('dept_id', 'deptId'),
    role_id: pick('role_id', 'roleId'),
    tenant_id: pick('tenant_id', 'tenantId'),
  } as SessionUser;
}

export class AuthService {
  private readonly profile: Profile;
  private readonly api: ApiClient;
  private readonly session: Session;
  private readonly onSessionChange: () => void;

  constructor(o: AuthServiceOptions) {
    this.profile = o.profile;
    this.api = o.api;
    this.session = o.session;
    this.onSessionChange = o.onSessionChange ?? (() => {});
  }

  async captcha(): Promise<CaptchaReply> {
    const res = await this.api.send({ method: 'get', url: authUrls(this.profile).captcha });
    const body = asBody(res.data);
    // BladeX answers raw {key, image}; accept an R-wrapped one too.
    const c = typeof body.key === 'string' ? body : asBody(body.data);
    if (typeof c.key === 'string' && typeof c.image === 'string') return { key: c.key, image: c.image };
    await this.api.unwrap(res); // throws the server's own error, if it sent one
    throw new DeskError(0, 'the server sent no captcha');
  }

  async login(raw: LoginInput): Promise<SessionUser> {
    const input = validateLoginInput(raw);
    const captcha = this.profile.captchaMode;
    const stock = dialectOf(this.profile) === 'springblade';
    const form = new URLSearchParams({
      tenantId: input.tenantId,
      username: input.username,
      password: md5Hex(input.password),
      grant_type: captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    });
    const headers: Record<string, string> = { 'Tenant-Id': input.tenantId };
    if (captcha) {
      headers['Captcha-Key'] = input.captchaKey ?? '';
      headers['Captcha-Code'] = input.captchaCode ?? '';
    }
    if (input.deptId) headers['Dept-Id'] = input.deptId;
    if (input.roleId) headers['Role-Id'] = input.roleId;

    const res = stock
      ? await this.api.send({
          method: 'post',
          url: authUrls(this.profile).token,
          params: { grantType: captcha ? 'captcha' : 'password', tenantId: input.tenantId, account: input.username, password: sm2Password(this.profile, input.password), type: 'account' },
          headers,
        })
      : await this.api.send({ method: 'post', url: TOKEN_URL, data: form, headers });
    const body = stock ? tokenReplyOfAuthInfo(asBody(res.data)) : asBody(res.data);
    // BladeX's Chinese refusal, in the console's language (by its error_code: the token endpoint is a stock path)
    const failure = text(body.error_description);
    if (failure) throw new DeskError(res.status === 200 ? 400 : res.status, signInText(body.error_code, failure, input.language ?? 'zh'));
    if (typeof body.access_token !== 'string' || !body.access_token) {
      const code = typeof body.code === 'number' && body.code !== 200 ? body.code : res.status === 200 ? 400 : res.status;
      throw new DeskError(code, text(body.msg) || 'unknown error');
    }
    const user = userFromReply(body);
    await this.session.begin(
      {
        accessToken: body.access_token,
        refreshToken: text(body.refresh_token),
        savedAt: this.api.now(),
      },
      user,
      { tenantId: user.tenant_id || input.tenantId, deptId: input.deptId, roleId: input.roleId },
    );
    this.onSessionChange();
    return user;
  }

  /** Tells the server (best effort), then forgets the session here. */
  async logout(): Promise<void> {
    if (this.session.accessToken) {
      try {
        await this.api.send({ method: 'get', url: authUrls(this.profile).logout });
      } catch {
        // the server may be gone; the session ends locally all the same
      }
    }
    await this.session.end();
    this.onSessionChange();
  }

  current(): SessionUser | null {
    return this.session.user;
  }

  /** At start: a token saved in the vault restores the session if user-info accepts it; otherwise it is cleared. */
  async restore(): Promise<SessionUser | null> {
    if (!(await this.session.loadFromVault())) return null;
    try {
      const reply = await this.api.request<unknown>({ method: 'get', url: authUrls(this.profile).userInfo });
      const data = asBody(reply.data);
      if (!Object.keys(data).length) throw new DeskError(401, 'no user');
      const user = userFromUserInfo(data);
      this.session.setUser(user, { tenantId: user.tenant_id || this.profile.tenantId });
      return user;
    } catch {
      await this.session.end();
      return null;
    }
  }
}
