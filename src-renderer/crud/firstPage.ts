// A list screen's first page: the one load every CrudPage starts with (default
// filters, page 1), and a small warm cache the idle prefetcher fills ahead of the
// first open (src-renderer/prefetch). A warm page is taken once, by the screen's
// first render, so the table shows its rows in the frame that shows the screen;
// the screen fetches the page again at once, without a loading overlay, and
// shows what changed since (stale while revalidate). A page older than
// WARM_MAX_AGE_MS is not shown, nor one a write has touched since
// (src-shared/writes.ts; any window of the profile: crud/freshness.ts).
import type { Row } from '../../src-shared/wire';
import { writeTouches } from '../../src-shared/writes';
import { fetchPage } from './api';
import { dropOnWrite } from './freshness';
import { DEFAULT_PAGE_SIZE, listParams } from './params';
import { fetchTree } from './tree';
import type { ScreenDef } from './types';

export interface ListResult {
  records: Row[];
  total: number;
}

/** a prefetched page older than this is dropped rather than shown */
export const WARM_MAX_AGE_MS = 5 * 60_000;

/** the list parameters of a screen's load with these filters, page and side-tree key */
export function loadParams(def: ScreenDef, filters: Record<string, unknown>, page: { current: number; size: number }, sideKey: string | null): Record<string, string | number> {
  return { ...def.listParams, ...listParams(def, filters, page), ...(def.sideTree && sideKey ? { [def.sideTree.param]: sideKey } : {}) };
}

/** one load of the list: a page, or the tree of a tree screen */
export async function loadList(def: ScreenDef, params: Record<string, string | number>): Promise<ListResult> {
  if (!def.tree) return fetchPage(def, params);
  const filtered = Object.keys(params).some((k) => k !== 'current' && k !== 'size' && !(def.listParams && k in def.listParams));
  const records = await fetchTree(def, params, filtered);
  return { records, total: records.length };
}

export const firstPageParams = (def: ScreenDef) => loadParams(def, {}, { current: 1, size: def.pageSize ?? DEFAULT_PAGE_SIZE }, null);

interface Warm {
  result: ListResult;
  at: number;
}
const warm = new Map<ScreenDef, Warm>();
const pending = new Map<ScreenDef, Promise<void>>();
/** screens whose page in flight was asked for before a write that touches it: it is not kept */
const outdated = new Set<ScreenDef>();

/** drops the warm pages (and the ones in flight) that a write to `written` may have changed */
export function dropWarmPages(written: string): void {
  for (const def of [...warm.keys()]) if (writeTouches(written, def.api.list)) warm.delete(def);
  for (const def of pending.keys()) if (writeTouches(written, def.api.list)) outdated.add(def);
}

/** fetches a screen's first page ahead of its first open (once at a time per screen; failures are dropped) */
export function warmFirstPage(def: ScreenDef, now: () => number = Date.now): Promise<void> {
  let p = pending.get(def);
  if (!p) {
    watchWrites();
    p = loadList(def, firstPageParams(def))
      .then((result) => void (outdated.has(def) || warm.set(def, { result, at: now() })))
      .catch(() => undefined)
      .finally(() => {
        pending.delete(def);
        outdated.delete(def);
      });
    pending.set(def, p);
  }
  return p;
}

let watching = false;
function watchWrites(): void {
  if (watching) return;
  watching = true;
  dropOnWrite((change) => dropWarmPages(change.url));
}

/** the prefetched first page, taken once (null when there is none or it is too old) */
export function takeWarmPage(def: ScreenDef, now: () => number = Date.now): ListResult | null {
  const w = warm.get(def);
  if (!w) return null;
  warm.delete(def);
  return now() - w.at > WARM_MAX_AGE_MS ? null : w.result;
}

/** whether a warm first page waits for this screen (tests, the prefetcher) */
export const hasWarmPage = (def: ScreenDef): boolean => warm.has(def);
