// The navigation guard of the spec (shell-and-system.md §2), as a pure decision.

export const HOME_PATH = '/wel/index';
export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
/** the profiles manager: reachable signed in or not (from the login page) */
export const PROFILES_PATH = '/profiles';

/** Public routes: no sign-in needed, never opened as tabs. */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, LOCK_PATH, '/404', '/403', '/500', PROFILES_PATH];

/** Authenticated routes that exist whatever the menu says. */
export const INFO_PATH = '/info/index';
export const TEST_PATH = '/test/index';
/** the spec's two dictionary layouts (shell-and-system.md §2) */
export const DICT_LAYOUT_PATHS: readonly string[] = ['/dict-horizontal/index', '/dict-vertical/index'];
/** the ? icon's page: the product's user guide (docs/guide.zh.md, docs/guide.en.md) */
export const GUIDE_PATH = '/guide/index';
export const STATIC_PATHS: readonly string[] = [HOME_PATH, INFO_PATH, TEST_PATH, GUIDE_PATH, ...DICT_LAYOUT_PATHS];
/** the spec's leave routes, ids in the path: form/{processDefinitionId}, handle/{taskId}/{processInstanceId}/{businessId}, detail/{processInstanceId}/{businessId} */
export const LEAVE_ROUTE = /^\/work\/process\/leave\/(form\/[\w:.-]+|handle(\/[\w:.-]+){3}|detail(\/[\w:.-]+){2})$/;

export interface GuardInput {
  path: string;
  loggedIn: boolean;
  /** the lock flag (sessionStorage) */
  locked: boolean;
  /** whether an authenticated path exists (static route or menu item) */
  isKnown: (path: string) => boolean;
  /** whether the console has a screen at this path, granted to the user or not (one not granted goes to /403) */
  isScreen?: (path: string) => boolean;
}

export type GuardDecision = { kind: 'redirect'; to: string } | { kind: 'render'; tab: boolean };

const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

export function decide(input: GuardInput): GuardDecision {
  const path = normalizePath(input.path);
  if (input.loggedIn && input.locked) return path === LOCK_PATH ? { kind: 'render', tab: false } : redirect(LOCK_PATH);
  if (input.loggedIn && path === LOGIN_PATH) return redirect('/');
  if (path === '/' || path === '/wel') return redirect(HOME_PATH);
  // The lock page only makes sense for a signed-in, locked user.
  if (path === LOCK_PATH) return input.loggedIn ? redirect('/') : redirect(LOGIN_PATH);
  if (PUBLIC_PATHS.includes(path)) return { kind: 'render', tab: false };
  if (!input.loggedIn) return redirect(LOGIN_PATH);
  // /myiframe/{routerPath}: an external menu page (main checks the URL is a menu item's)
  if (path.startsWith('/myiframe/') && path.length > '/myiframe/'.length) return { kind: 'render', tab: true };
  if (LEAVE_ROUTE.test(path)) return { kind: 'render', tab: true };
  // not in the user's menu: a screen of the console they hold no grant for is refused, anything else is unknown
  if (!STATIC_PATHS.includes(path) && !input.isKnown(path)) return redirect(input.isScreen?.(path) ? '/403' : '/404');
  return { kind: 'render', tab: true };
}

/**
 * Where a start at input.path lands once the guard's redirects have been followed (the path itself when it
 * renders). main.tsx puts a signed-out start there before React's first render, so that render is the page
 * itself rather than a pass per redirect ('/' → /wel/index → /login).
 */
export function settle(input: GuardInput): string {
  let path = normalizePath(input.path);
  // a redirect chain is at most three steps long (decide never sends a path back to one it came from)
  for (let step = 0; step < 4; step++) {
    const decision = decide({ ...input, path });
    if (decision.kind === 'render') return path;
    path = normalizePath(decision.to);
  }
  return path;
}
