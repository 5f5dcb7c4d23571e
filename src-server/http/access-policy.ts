// Who may call a route: every route declares it at registration, in its
// Fastify route config (`{ config: { access: ... } }`). The access check
// reads the declaration; a route without one is a programming error.
//
//   'public'    no token needed (sign-in, captcha, served files)
//   'user'      any signed-in user (self-service: own info and password, menus,
//               buttons, pickers a granted screen needs)
//   'platform'  the platform administrator only (administrator of tenant 000000)
//   { menu }    a caller holding one of these menu codes (a screen's grant);
//               with `button`, also one of these button codes (a write the
//               console offers as a button on that screen)
//   { button }  a caller holding this button code (an action on a screen)
// The platform administrator passes every declaration.
export type Access =
  | 'public'
  | 'user'
  | 'platform'
  | { menu: readonly string[]; button?: readonly string[] }
  | { button: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call this route (see src-server/http/access-policy.ts) */
    access?: Access;
    /** a 'public' route that still learns its caller from a token sent with the call (allowAnonymous) */
    optionalCaller?: boolean;
  }
}

export const PUBLIC: Access = 'public';
export const SIGNED_IN: Access = 'user';
export const PLATFORM: Access = 'platform';
export const menu = (...codes: string[]): Access => ({ menu: codes });
export const button = (code: string): Access => ({ button: code });
/** A write on a screen: one of the screen's menu codes and one of these buttons. */
export const menuButton = (menuCodes: string | readonly string[], ...buttons: string[]): Access => ({
  menu: typeof menuCodes === 'string' ? [menuCodes] : menuCodes,
  button: buttons,
});

/**
 * A public route that answers an anonymous caller (no token) with nothing of
 * anybody's, and a signed-in one as a 'user' route: the guard identifies the
 * caller when a token comes with the call, and a token sent but refused
 * (expired, revoked) is still 401. Say at the route why anonymous is fine.
 */
export function allowAnonymous(): { config: { access: Access; optionalCaller: true } } {
  return { config: { access: 'public', optionalCaller: true } };
}

/** Route options carrying an access declaration: `api.get(url, allow(menu('user')), handler)`. */
export function allow(access: Access): { config: { access: Access } } {
  return { config: { access } };
}
