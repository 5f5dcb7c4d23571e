import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isLocked } from '../session/lock';
import { flattenMenu, isRoutePath, userRoles, visibleMenu } from '../session/menu';
import { decide, normalizePath } from './guard';

function knownPaths(menus: Parameters<typeof visibleMenu>[0], roleName: string | undefined): Set<string> {
  const tree = visibleMenu(menus, userRoles(roleName), { keepHidden: true });
  return new Set(flattenMenu(tree).map((n) => n.path).filter(isRoutePath));
}

/**
 * Opens the tab for a path the console is navigating to, at the moment of the
 * navigation. The Guard's effect does the same once the page commits, but a
 * navigation that is superseded while its lazily loaded screen is still
 * loading may never commit, and its tab would be lost.
 */
export function openTabFor(to: string): void {
  const { user, menus } = useSession.getState();
  const path = normalizePath(to.split(/[?#]/)[0]);
  const known = knownPaths(menus, user?.role_name);
  const decision = decide({ path, loggedIn: !!user, locked: isLocked(), isKnown: (p) => known.has(p) });
  if (decision.kind === 'render' && decision.tab) useTags.getState().open(path);
}

/** Applies the pure guard decision to the current location. */
export function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const openTag = useTags((s) => s.open);
  const known = useMemo(() => knownPaths(menus, user?.role_name), [menus, user]);
  const path = normalizePath(pathname);
  const decision = decide({ path, loggedIn: !!user, locked: isLocked(), isKnown: (p) => known.has(p) });
  const tab = decision.kind === 'render' && decision.tab;

  useEffect(() => {
    if (tab) openTag(path);
  }, [tab, path, openTag]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
