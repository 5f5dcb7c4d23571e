// The idle prefetch after sign-in: once the console is shown, while the operator
// is idle, every screen of the user's menus is loaded ahead of its first open,
// in prefetchOrder (remembered tabs, the side menu shown, the rest; heavy screens last): its code,
// and for list screens its first page and the dictionaries and option lists of
// its columns. After the first screen, a list's parts are rendered once out of
// sight (crud/ListWarmup): the returned element, which the console renders in its
// content area from that job on (hidden, so that antd keeps its styles). Stops on sign-out (the console unmounts).
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { MenuNode } from '../../src-shared/wire';
import { screenFor } from '../screens/registry';
import { browserIdleHost, runWhenIdle } from './idle';
import { heavyLast, prefetchOrder } from './plan';

interface Warming {
  Component: ComponentType<{ onDone(): void }>;
  done(): void;
}

export function usePrefetch(tabs: readonly string[], side: readonly MenuNode[] | null, all: readonly MenuNode[], home: string): ReactNode {
  const [warming, setWarming] = useState<Warming | null>(null);
  useEffect(() => {
    if (all.length === 0) return;
    let alive = true;
    // a heavy screen's code (a chart library) last: evaluating it holds the main thread, and early on that would
    // delay the operator's first clicks
    const found = prefetchOrder(tabs, side, all, home).flatMap((path) => {
      const screen = screenFor(path);
      return screen ? [screen] : [];
    });
    const screens = heavyLast(found).map((screen) => () => (screen.warm ? screen.warm() : screen.preload()));
    const warmList = () =>
      import('../crud/ListWarmup').then(
        ({ ListWarmup }) =>
          new Promise<void>((resolve) => {
            if (!alive) return resolve();
            // kept mounted (hidden) once rendered: antd removes a component's CSS-variable style block when its
            // last instance unmounts, and the first list then injected six of them again, each one a style
            // recalculation of the whole page in the click's frame
            const done = () => resolve();
            setWarming({ Component: ListWarmup, done });
          }),
      );
    const jobs = [...screens.slice(0, 1), warmList, ...screens.slice(1)];
    const host = browserIdleHost();
    const run = runWhenIdle(jobs, host);
    return () => {
      alive = false;
      run.stop();
      host.dispose();
      setWarming(null);
    };
  }, [all]); // once per signed-in console: later tab and side-menu changes do not restart it
  return warming ? createElement(warming.Component, { onDone: warming.done }) : null;
}
