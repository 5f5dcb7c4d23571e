import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isLocked } from '../session/lock';
import { screenFor } from '../screens/registry';
import { decide, normalizePath } from './guard';
import { knownPaths } from './openTab';

/** A screen this console has, granted to the user or not: an address of one not granted is refused (403), not unknown (404). */
const isScreen = (path: string): boolean => screenFor(path) !== null;

/** Applies the pure guard decision to the current location. */
export function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const arrive = useTags((s) => s.arrive);
  const known = useMemo(() => knownPaths(menus, user?.role_name), [menus, user]);
  const path = normalizePath(pathname);
  const decision = decide({ path, loggedIn: !!user, locked: isLocked(), isKnown: (p) => known.has(p), isScreen });
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
