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
  return true;
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
