// The idle prefetch after sign-in: once the console is shown, while the operator
// is idle, every screen of the user's menus is loaded ahead of its first open,
// in prefetchOrder (remembered tabs, the side menu shown, the rest): its code,
// and for list screens its first page and the dictionaries and option lists of
// its columns. Stops on sign-out (the console unmounts).
import { useEffect } from 'react';
import type { MenuNode } from '../../src-shared/wire';
import { screenFor } from '../screens/registry';
import { browserIdleHost, runWhenIdle } from './idle';
import { prefetchOrder } from './plan';

export function usePrefetch(tabs: readonly string[], side: readonly MenuNode[] | null, all: readonly MenuNode[], home: string): void {
  useEffect(() => {
    if (all.length === 0) return;
    const jobs = prefetchOrder(tabs, side, all, home).flatMap((path) => {
      const screen = screenFor(path);
      return screen ? [() => (screen.warm ? screen.warm() : screen.preload())] : [];
    });
    const host = browserIdleHost();
    const run = runWhenIdle(jobs, host);
    return () => {
      run.stop();
      host.dispose();
    };
  }, [all]); // once per signed-in console: later tab and side-menu changes do not restart it
}
