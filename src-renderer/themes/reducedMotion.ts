// The system's "reduce motion" setting (prefers-reduced-motion: Windows' "Show animations", macOS' "Reduce
// motion", GNOME's "Animations"): when it is on, the console draws no opening, closing or sliding animations
// (WCAG 2.3.3). Followed live: switching it in the system applies at once.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function reduced(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

/** Whether the system asks for reduced motion (live). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
