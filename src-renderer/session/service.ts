// Sign-in, restore and sign-out, through the bridge only.
import { call } from '../platform/bridge';
import type { LoginInput, SessionUser } from '../../src-shared/ipc';
import type { MenuNode } from '../../src-shared/wire';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { clearLock } from './lock';
import { permissionMap } from './permissions';

export const MENU_ROUTES_URL = '/website-blade-system/menu/routes';
export const MENU_BUTTONS_URL = '/website-blade-system/menu/buttons';

async function loadMenus(): Promise<{ menus: MenuNode[]; permissions: ReturnType<typeof permissionMap> }> {
  const [routes, buttons] = await Promise.all([
    call('api:request', { method: 'get', url: MENU_ROUTES_URL }),
    call('api:request', { method: 'get', url: MENU_BUTTONS_URL }),
  ]);
  const menus = Array.isArray(routes.data) ? (routes.data as MenuNode[]) : [];
  const forest = Array.isArray(buttons.data) ? (buttons.data as MenuNode[]) : [];
  return { menus, permissions: permissionMap(forest) };
}

async function establish(user: SessionUser): Promise<void> {
  const { menus, permissions } = await loadMenus();
  useSession.getState().signIn(user, menus, permissions);
}

/**
 * Restores the session main still holds (after a reload); false when signed out.
 * `pending` is an auth:session call already under way (started at boot).
 */
export async function restoreSession(pending?: Promise<SessionUser | null>): Promise<boolean> {
  const user = await (pending ?? call('auth:session'));
  if (!user) {
    useSession.getState().clear();
    return false;
  }
  await establish(user);
  await restoreTabs();
  return true;
}

/** Tabs open before the last restart (kept by main per profile). */
async function restoreTabs(): Promise<void> {
  try {
    const saved = await call('tabs:get');
    if (saved.length > 0) useTags.getState().restore(saved);
  } catch {
    // nothing saved: the home tab only
  }
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;
/** `run` in the renderer's next idle period (within a second), else after the current task */
const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 1000 });
  else setTimeout(run, 0);
};
/** Saves the open tabs (debounced) whenever they change while signed in. */
export function persistTabs(): () => void {
  return useTags.subscribe((state, previous) => {
    if (state.tags === previous.tags || !useSession.getState().user) return;
    if (saveTimer) clearTimeout(saveTimer);
    // saved once the console is idle: never a task between a click and the frame showing its page
    saveTimer = setTimeout(() => whenIdle(() => void call('tabs:save', { tags: useTags.getState().tags }).catch(() => undefined)), 150);
  });
}

/** Re-signs with another department and role (token refresh with Dept-Id / Role-Id), reloading menus. */
export async function switchIdentity(deptId: string, roleId: string): Promise<void> {
  const user = await call('auth:switch', { deptId, roleId });
  useTags.getState().reset();
  await establish(user);
}

/** Reloads the side menu for a top menu ('' = every menu). */
export async function loadTopMenu(topMenuId: string): Promise<void> {
  const routes = await call('api:request', { method: 'get', url: MENU_ROUTES_URL, params: topMenuId ? { topMenuId } : {} });
  useSession.getState().setSideMenus(topMenuId && Array.isArray(routes.data) ? (routes.data as MenuNode[]) : null);
}

/** Expires every cookie this page can see (spec: logout clears cookies). */
function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** Signs in, loads menus and buttons, resets tags and lock. Throws DeskError on failure. */
export async function login(input: LoginInput): Promise<void> {
  const user = await call('auth:login', input);
  clearLock();
  useTags.getState().reset();
  await establish(user);
}

/** Clears everything local; the caller navigates to /login. */
export function clearLocalSession(): void {
  clearCookies();
  useSession.getState().clear();
  useTags.getState().reset();
  clearLock();
}

export async function logout(): Promise<void> {
  try {
    await call('auth:logout');
  } finally {
    clearLocalSession();
  }
}
