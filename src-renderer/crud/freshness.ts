// Keeping what the console shows current. Main announces every successful write
// of this profile, made in this window or another one ('data:changed', emitted in
// src-main/ipc/handlers.ts); the caches drop what a write touches
// (src-shared/writes.ts: every read of the write's area), and each kept-alive
// page reads again what it shows: at once while it is shown, else when its tab
// is shown again (its `section.desk-page` loses the `hidden` attribute), after
// the frame showing the kept page is painted (stale while revalidate).
import { useEffect, useRef, type RefObject } from 'react';
import type { DataChange } from '../../src-shared/ipc';
import { onEvent } from '../platform/bridge';
import { afterNextPaint } from '../hooks/afterPaint';

type ChangeListener = (change: DataChange) => void;
/** the caches' droppers (run first, so a page that reads again does not get the dropped copy) */
const droppers = new Set<ChangeListener>();
const listeners = new Set<ChangeListener>();
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  // one subscription for the window's lifetime: the caches it feeds live as long
  onEvent('data:changed', (change) => {
    for (const drop of [...droppers]) drop(change);
    for (const l of [...listeners]) l(change);
  });
}

/** A module-level cache: `drop` removes what a write touches, before any page reads again. */
export function dropOnWrite(drop: ChangeListener): void {
  droppers.add(drop);
  subscribe();
}

/** Calls `listener` after each successful write of this profile (any window); returns the unsubscribe. */
export function onDataChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  subscribe();
  return () => void listeners.delete(listener);
}

export interface Freshness {
  /** whether a write may change what the page shows */
  touches(change: DataChange): boolean;
  /** read again: `changes` are the touching writes (the one seen while shown, or those seen while hidden; none for `everyShow`) */
  refresh(changes: readonly DataChange[]): void;
  /** read again each time the page is shown, written to or not (rows that change on the server by themselves) */
  everyShow?: boolean;
}

/**
 * Keeps the page holding `ref` current: `refresh` runs for a write that touches it while the page is shown,
 * and once the page is shown again after such a write (or after any hiding, with `everyShow`, and the first
 * time a page mounted hidden is shown). Outside a kept-alive page (no `section.desk-page`) the element counts as
 * shown.
 */
export function useFreshness(ref: RefObject<HTMLElement | null>, freshness: Freshness): void {
  const latest = useRef(freshness);
  latest.current = freshness;
  useEffect(() => {
    const page = ref.current?.closest('section.desk-page') ?? null;
    const isHidden = () => page?.hasAttribute('hidden') === true;
    let hidden = isHidden();
    // a page mounted out of sight (a tab restored at sign-in, a screen prepared ahead of its first open:
    // prefetch/prepare.ts) reads again when it is first shown, whatever it shows: it was read when it mounted
    let neverShown = hidden;
    // the touching writes seen while hidden
    let missed: DataChange[] = [];
    let cancel: (() => void) | undefined;
    const observer = new MutationObserver(() => {
      const now = isHidden();
      if (hidden && !now && (missed.length > 0 || latest.current.everyShow || neverShown)) {
        neverShown = false;
        const changes = missed;
        missed = [];
        // the kept frame first: the tab switch paints it before anything is asked for
        cancel?.();
        cancel = afterNextPaint(() => latest.current.refresh(changes));
      }
      hidden = now;
    });
    if (page) observer.observe(page, { attributes: true, attributeFilter: ['hidden'] });
    const off = onDataChange((change) => {
      if (!latest.current.touches(change)) return;
      if (isHidden()) missed.push(change);
      else latest.current.refresh([change]);
    });
    return () => {
      observer.disconnect();
      cancel?.();
      off();
    };
  }, [ref]);
}
