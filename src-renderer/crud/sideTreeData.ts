// A list's side tree (用户管理's departments): its nodes fetched by the idle prefetcher beside the list's first
// page (screens/lazyCrud.tsx warm), both at once, so the tree has its nodes when the screen is first shown. Taken
// once, like a warm first page (crud/firstPage.ts); dropped when a write touches it or it is too old.
import { writeTouches } from '../../src-shared/writes';
import { WARM_MAX_AGE_MS } from './firstPage';
import { dropOnWrite } from './freshness';
import { fetchTreeNodes, type TreeNodeData } from './tree';

const warm = new Map<string, { nodes: TreeNodeData[]; at: number }>();
const pending = new Map<string, Promise<void>>();
/** urls whose fetch in flight was asked for before a write that touches it: its answer is not kept */
const outdated = new Set<string>();
let watching = false;

function watchWrites(): void {
  if (watching) return;
  watching = true;
  dropOnWrite((change) => {
    for (const url of [...warm.keys()]) if (writeTouches(change.url, url)) warm.delete(url);
    for (const url of pending.keys()) if (writeTouches(change.url, url)) outdated.add(url);
  });
}

/** fetches a side tree's nodes ahead of its screen's first open (once at a time per tree; failures are dropped) */
export function warmSideTree(url: string, now: () => number = Date.now): Promise<void> {
  let p = pending.get(url);
  if (!p) {
    watchWrites();
    p = fetchTreeNodes(url)
      .then((nodes) => void (outdated.has(url) || warm.set(url, { nodes, at: now() })))
      .catch(() => undefined)
      .finally(() => {
        pending.delete(url);
        outdated.delete(url);
      });
    pending.set(url, p);
  }
  return p;
}

/** the prefetched nodes of a side tree, taken once (null when there are none or they are too old) */
export function takeWarmSideTree(url: string, now: () => number = Date.now): TreeNodeData[] | null {
  const w = warm.get(url);
  if (!w) return null;
  warm.delete(url);
  return now() - w.at > WARM_MAX_AGE_MS ? null : w.nodes;
}
