import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isLocked } from '../session/lock';
import { flattenMenu, isRoutePath, userRoles, visibleMenu } from '../session/menu';
import { decide, normalizePath } from './guard';

let knownCache: { menus: unknown; roleName: string | undefined; paths: Set<string> } | null = null;

/** The menu's route paths the user may open; recomputed only when the menu or the roles change. */
function knownPaths(menus: Parameters<typeof visibleMenu>[0], roleName: string | undefined): Set<string> {
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

/** Applies the pure guard decision to the current location. */
export function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const arrive = useTags((s) => s.arrive);
  const known = useMemo(() => knownPaths(menus, user?.role_name), [menus, user]);
  const path = normalizePath(pathname);
  const decision = decide({ path, loggedIn: !!user, locked: isLocked(), isKnown: (p) => known.has(p) });
  const loggedIn = !!user;

  // every location change opens its tab, also one the console did not make
  // itself (a URL typed or pasted, back / forward): navigate() opens it earlier
  // (openTabFor), this catches the rest
  useEffect(() => {
    arrive({ path, loggedIn, locked: isLocked(), isKnown: (p) => known.has(p) });
  }, [path, loggedIn, known, arrive]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
