import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isLocked } from '../session/lock';
import { flattenMenu, isRoutePath, userRoles, visibleMenu } from '../session/menu';
import { decide, normalizePath } from './guard';

/** Applies the pure guard decision to the current location. */
export function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const openTag = useTags((s) => s.open);
  const known = useMemo(() => {
    const tree = visibleMenu(menus, userRoles(user?.role_name), { keepHidden: true });
    return new Set(flattenMenu(tree).map((n) => n.path).filter(isRoutePath));
  }, [menus, user]);
  const path = normalizePath(pathname);
  const decision = decide({ path, loggedIn: !!user, locked: isLocked(), isKnown: (p) => known.has(p) });
  const tab = decision.kind === 'render' && decision.tab;

  useEffect(() => {
    if (tab) openTag(path);
  }, [tab, path, openTag]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
