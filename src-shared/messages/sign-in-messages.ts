// The sign-in refusals (BladeX's token endpoint, /blade-auth/oauth/token). The endpoint is a stock path, shared with
// the stock consoles, so it always answers BladeX's Chinese `error_description`; the console shows it in its own
// language by the reply's `error_code` (signInText), and by the text for the two `invalid_grant` refusals that
// share a code (a tenant expired, a tenant's account quota reached).
import type { MessageFamily } from './text';

export const SIGN_IN_MESSAGES = {
  'signIn.invalidClient': { zh: '客户端认证失败!', en: 'The client could not be authenticated!' },
  'signIn.unauthorizedClient': { zh: '客户端未被授权使用该授权类型', en: 'The client may not use this grant type' },
  'signIn.unsupportedGrant': { zh: '不支持的授权类型', en: 'This grant type is not supported' },
  'signIn.badCaptcha': { zh: '验证码不正确', en: 'The verification code is not correct' },
  'signIn.tenantNotFound': { zh: '租户ID未找到', en: 'No tenant has this tenant ID' },
  'signIn.badCredentials': { zh: '用户名或密码错误', en: 'The user name or the password is wrong' },
  'signIn.locked': { zh: '登录错误次数过多,请稍后再试', en: 'Too many failed sign-ins: please try again later' },
  'signIn.noRole': { zh: '未获得用户的角色信息', en: "The user's roles could not be found" },
  'signIn.badRefresh': { zh: '令牌已失效,请重新登录', en: 'The token has expired: please sign in again' },
} as const satisfies MessageFamily;

/** the key of each BladeX sign-in refusal, by its `error_code` */
export const SIGN_IN_CODES: Record<number, keyof typeof SIGN_IN_MESSAGES> = {
  3001: 'signIn.invalidClient',
  3003: 'signIn.unauthorizedClient',
  4000: 'signIn.unsupportedGrant',
  2000: 'signIn.badCaptcha',
  2002: 'signIn.tenantNotFound',
  2004: 'signIn.badCredentials',
  2003: 'signIn.locked',
  2005: 'signIn.noRole',
  2010: 'signIn.badRefresh',
};
