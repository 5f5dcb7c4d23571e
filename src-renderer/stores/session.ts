// The signed-in user, the menu tree and the button permission map.
// No token ever reaches the renderer: the user object is the token reply minus tokens.
import { create } from 'zustand';
import type { AppInfo, SessionUser } from '../../src-shared/ipc';
import type { MenuNode } from '../../src-shared/wire';
import { hasPermission, type PermissionMap } from '../session/permissions';

const PERMISSION_KEY = 'desk.permission';

function storedPermissions(): PermissionMap {
  try {
    return JSON.parse(localStorage.getItem(PERMISSION_KEY) ?? '{}') as PermissionMap;
  } catch {
    return {};
  }
}

interface SessionState {
  /** app:info, loaded once at start */
  info: AppInfo | null;
  user: SessionUser | null;
  menus: MenuNode[];
  permissions: PermissionMap;
  setInfo(info: AppInfo): void;
  signIn(user: SessionUser, menus: MenuNode[], permissions: PermissionMap): void;
  clear(): void;
  /** the side menu of the chosen top menu (null: the whole tree); the guard keeps using `menus` */
  sideMenus: MenuNode[] | null;
  setSideMenus(menus: MenuNode[] | null): void;
}

export const useSession = create<SessionState>((set) => ({
  info: null,
  user: null,
  menus: [],
  permissions: storedPermissions(),
  setInfo: (info) => set({ info }),
  sideMenus: null,
  setSideMenus: (sideMenus) => set({ sideMenus }),
  signIn(user, menus, permissions) {
    localStorage.setItem(PERMISSION_KEY, JSON.stringify(permissions));
    set({ user, menus, permissions, sideMenus: null });
  },
  clear() {
    localStorage.removeItem(PERMISSION_KEY);
    set({ user: null, menus: [], permissions: {}, sideMenus: null });
  },
}));

/** The one permission check used by buttons: can('param_add'). */
export function can(code: string): boolean {
  return hasPermission(useSession.getState().permissions, code);
}

/** Hook form of can(), re-rendering when the map changes. */
export function useCan(): (code: string) => boolean {
  const permissions = useSession((s) => s.permissions);
  return (code) => hasPermission(permissions, code);
}
