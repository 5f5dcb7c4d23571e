// Screens prepared ahead of their first open. When the operator opens a group of
// the side menu by hand, the list screens in it are rendered out of sight while
// the console is idle, one at a time in menu order: each is mounted as a hidden
// page of the content area (as a kept tab is, with no tab), fetches its rows
// then, and keeps them current as a kept tab does (crud/freshness.ts). Opening
// one then only shows it, like a tab switch, and it reads its rows again once
// that frame is painted (its first show). A prepared screen becomes an ordinary
// page when it is opened; at most PREPARED_LIMIT wait, the oldest dropped first.
// Stops on sign-out (the console unmounts).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { MenuNode } from '../../src-shared/wire';
import { screenFor } from '../screens/registry';
import { browserIdleHost, runWhenIdle } from './idle';
import { addPrepared, prepareOrder } from './plan';

/** list screens (the generic CrudPage, which can warm its first page) are prepared; other screens are not */
const preparable = (path: string): boolean => screenFor(path)?.warm !== undefined;
/** a screen is prepared in an idle period, or after this long without one (never within 300 ms of input) */
const IDLE_TIMEOUT_MS = 500;

export interface Prepared {
  /** the prepared screens not open now, to be rendered hidden after the open pages */
  paths: string[];
  /** to call when the operator opens a side-menu group by hand */
  groupOpened(group: MenuNode): void;
}

export function usePreparedPages(open: readonly string[]): Prepared {
  // wrapped: opening the same group again (its prepared screens dropped meanwhile) starts a new run
  const [group, setGroup] = useState<{ node: MenuNode } | null>(null);
  const [prepared, setPrepared] = useState<string[]>([]);
  const openRef = useRef(open);
  openRef.current = open;
  const preparedRef = useRef(prepared);
  preparedRef.current = prepared;
  // a job waits until its screen's hidden page has been committed, so the next one starts from a quiet thread
  const committed = useRef(new Map<string, () => void>());

  // an opened page is the console's own from now on (closing its tab unmounts it): no longer a prepared one.
  // The render leaves it out of `paths` at once; the state follows as a transition, not in the frame that shows it
  useEffect(() => {
    if (prepared.some((p) => open.includes(p))) startTransition(() => setPrepared((list) => list.filter((p) => !open.includes(p))));
  }, [open, prepared]);

  useEffect(() => {
    for (const [path, resolve] of committed.current) {
      if (prepared.includes(path) || open.includes(path)) {
        committed.current.delete(path);
        resolve();
      }
    }
  }, [prepared, open]);

  useEffect(() => {
    if (!group) return;
    const waiting = committed.current;
    const jobs = prepareOrder(group.node, openRef.current, preparedRef.current, preparable).map((path) => async () => {
      const screen = screenFor(path);
      if (!screen?.warm) return;
      // the code, the first page and the columns' options (shared with the idle prefetcher's, when it got there)
      await screen.warm();
      if (openRef.current.includes(path)) return;
      await new Promise<void>((resolve) => {
        waiting.set(path, resolve);
        startTransition(() => setPrepared((list) => addPrepared(list, path)));
      });
    });
    // the pointer usually rests on the group it opened, and Chromium may then give no idle period at all
    const host = browserIdleHost({ timeoutMs: IDLE_TIMEOUT_MS });
    const run = runWhenIdle(jobs, host, { parallel: 1 });
    return () => {
      run.stop();
      host.dispose();
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    };
  }, [group]);

  const groupOpened = useCallback((node: MenuNode) => setGroup({ node }), []);
  return { paths: prepared.filter((p) => !open.includes(p)), groupOpened };
}
