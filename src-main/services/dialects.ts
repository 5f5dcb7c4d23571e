// The console on other back ends: a profile names its back end's API dialect.
//   spec         this product's back end (the embedded one): /website-blade-*,
//                /blade-auth/oauth/token with an md5 password
//   bladex       a stock BladeX back end: /blade-system, /blade-desk...,
//                the same /blade-auth/oauth/* sign-in
//   springblade  a stock SpringBlade (open source) back end: stock prefixes,
//                POST /blade-auth/token with an SM2-encrypted password and an
//                R<AuthInfo> reply (bladex-contract.md §2.2)
// The console's screens keep calling the spec's paths; ApiClient maps them
// here. The content area exists only on the spec's back end: its calls are
// refused with one clear message instead of failing screen by screen.
import { sm2 } from 'sm-crypto-v2';
import type { ApiDialect, Profile } from '../../src-shared/ipc';
import { DeskError } from './errors';

const STOCK_PREFIXES: readonly (readonly [RegExp, string])[] = [
  [/^\/website-blade-system\//, '/blade-system/'],
  [/^\/website-blade-desk\//, '/blade-desk/'],
  [/^\/blade-log\/(list|detail)(?=[?/]|$)/, '/blade-log/api/$1'],
];

/** Paths that only the spec's back end serves (the site-matrix content area). */
const CONTENT = /^\/(website-blade-(material|article|deploy)|seo-blade-[a-z]+|blade-material)\//;

export const dialectOf = (profile: Pick<Profile, 'dialect'>): ApiDialect => profile.dialect ?? 'spec';

export function contentUnavailable(profile: Pick<Profile, 'language' | 'dialect'>): DeskError {
  const d = dialectOf(profile);
  return new DeskError(
    404,
    profile.language === 'en'
      ? `The content area needs this product's back end; this profile's back end speaks the stock ${d} API (system administration only).`
      : `站群内容功能需要本产品的后端；此配置的后端是标准 ${d} 接口，只提供系统管理。`,
  );
}

/** The URL a spec path is called at on the profile's back end; throws for content calls on a stock back end. */
export function mapUrl(profile: Pick<Profile, 'language' | 'dialect'>, url: string): string {
  if (dialectOf(profile) === 'spec') return url;
  if (CONTENT.test(url)) throw contentUnavailable(profile);
  for (const [from, to] of STOCK_PREFIXES) if (from.test(url)) return url.replace(from, to);
  return url;
}

export interface AuthUrls {
  captcha: string;
  token: string;
  logout: string;
  userInfo: string;
}

export function authUrls(profile: Pick<Profile, 'dialect'>): AuthUrls {
  if (dialectOf(profile) === 'springblade') {
    return { captcha: '/blade-auth/captcha', token: '/blade-auth/token', logout: '/blade-auth/logout', userInfo: '/blade-system/user/info' };
  }
  return { captcha: '/blade-auth/oauth/captcha', token: '/blade-auth/oauth/token', logout: '/blade-auth/oauth/logout', userInfo: '/blade-auth/oauth/user-info' };
}

/** The SM2 transport of a SpringBlade password: C1C2C3, hex, with the back end's public key. */
export function sm2Password(profile: Pick<Profile, 'language' | 'publicKey'>, plain: string): string {
  const key = (profile.publicKey ?? '').trim();
  if (!/^04[0-9a-fA-F]{128}$/.test(key)) {
    throw new DeskError(
      400,
      profile.language === 'en'
        ? "This back end signs in with SM2: set its public key in the profile (printed by the server, 04 followed by 128 hex digits)."
        : '此后端使用SM2登录：请在配置中填写它的公钥（04开头的130位十六进制）。',
    );
  }
  return sm2.doEncrypt(plain, key, 0);
}

/**
 * A SpringBlade R<AuthInfo> reply in the snake_case shape of the BladeX token
 * reply the session reads; a failure keeps its message as error_description.
 */
export function tokenReplyOfAuthInfo(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
  if (body.code !== 200 || !data || typeof data.accessToken !== 'string') {
    return { error_description: typeof body.msg === 'string' && body.msg ? body.msg : 'unknown error' };
  }
  return {
    access_token: data.accessToken,
    refresh_token: data.refreshToken,
    token_type: data.tokenType,
    expires_in: data.expiresIn,
    user_id: data.userId,
    tenant_id: data.tenantId,
    account: data.account,
    user_name: data.account,
    nick_name: data.userName,
    real_name: data.userName,
    role_name: data.authority,
    avatar: data.avatar,
  };
}
