// The menu's routes the user may open, and opening a tab at the moment of a navigation. Apart from Guard.tsx,
// which also knows every screen of the console (screens/registry): the screens navigate through this module.
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isLocked } from '../session/lock';
import { flattenMenu, isRoutePath, userRoles, visibleMenu } from '../session/menu';
import { normalizePath } from './guard';

let knownCache: { menus: unknown; roleName: string | undefined; paths: Set<string> } | null = null;

/** The menu's route paths the user may open; recomputed only when the menu or the roles change. */
export function knownPaths(menus: Parameters<typeof visibleMenu>[0], roleName: string | undefined): Set<string> {
  if (knownCache && knownCache.menus === menus && knownCache.roleName === roleName) return knownCache.paths;
  const tree = visibleMenu(menus, userRoles(roleName), { keepHidden: true });
  const paths = new Set(flattenMenu(tree).map((n) => n.path).filter(isRoutePath));
  knownCache = { menus, roleName, paths };
  return paths;
}

/**
 * Opens the tab for a path the console is navigating to, at the moment of the
 * navigation. The Guard's effect does the same once the page commits, but a
 * navigation that is superseded while its lazily loaded screen is still
 * loading may never commit, and its tab would be lost.
 */
export function openTabFor(to: string): void {
  const { user, menus } = useSession.getState();
  const known = knownPaths(menus, user?.role_name);
  useTags.getState().arrive({ path: normalizePath(to.split(/[?#]/)[0]), loggedIn: !!user, locked: isLocked(), isKnown: (p) => known.has(p) });
}
