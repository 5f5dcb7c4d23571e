import { createContext, useContext } from 'react';

/** The route path of the opened page a component is rendered in (one per kept-alive page). */
export const PagePathContext = createContext<string | null>(null);

/**
 * The path of the page this component belongs to. Unlike useLocation it does
 * not change when another tab is shown, so kept-alive pages do not re-render
 * on tab switches.
 */
export function usePagePath(): string | null {
  return useContext(PagePathContext);
}
