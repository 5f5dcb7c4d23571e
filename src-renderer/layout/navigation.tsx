import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { openTabFor } from '../router/openTab';

const StableNavigateContext = createContext<NavigateFunction | null>(null);

/**
 * Provides a navigate function whose identity never changes. react-router's
 * useNavigate subscribes its caller to every location change, so the header,
 * the side menu and the shell dialogs would all re-render on each tab switch;
 * through this context they do not.
 */
export function StableNavigateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const ref = useRef(navigate);
  useLayoutEffect(() => {
    ref.current = navigate;
  }, [navigate]);
  const stable = useMemo<NavigateFunction>(
    () =>
      ((to: never, options?: never) => {
        // the tab opens with the navigation itself (see openTabFor)
        if (typeof to === 'string') openTabFor(to);
        return ref.current(to, options);
      }) as NavigateFunction,
    [],
  );
  return <StableNavigateContext.Provider value={stable}>{children}</StableNavigateContext.Provider>;
}

/** navigate() that does not re-render its caller on location changes (inside the console layout). */
export function useStableNavigate(): NavigateFunction {
  const navigate = useContext(StableNavigateContext);
  if (!navigate) throw new Error('useStableNavigate outside StableNavigateProvider');
  return navigate;
}
