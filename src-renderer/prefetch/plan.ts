// What the idle prefetcher fetches, in which order: the screens of the
// remembered tabs first, then the screens of the side menu shown now (the top
// menu's) in menu order, then every other screen of the user's menus. Pure.
import type { MenuNode } from '../../src-shared/wire';

/** menu paths of screens (category 1 menus with a path), depth first in menu order */
export function screenPaths(nodes: readonly MenuNode[], out: string[] = []): string[] {
  for (const n of [...nodes].sort((a, b) => a.sort - b.sort)) {
    if (n.category === 1 && n.path && !n.children?.some((c) => c.category === 1)) out.push(n.path);
    if (n.children) screenPaths(n.children, out);
  }
  return out;
}

export function prefetchOrder(tabs: readonly string[], side: readonly MenuNode[] | null, all: readonly MenuNode[], home: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>([home]);
  for (const p of [...tabs, ...screenPaths(side ?? all), ...screenPaths(all)]) {
    if (seen.has(p)) continue;
    seen.add(p);
    order.push(p);
  }
  return order;
}

/** the screens in their order, those whose code is heavy (a chart library) moved after every other one */
export function heavyLast<T extends { heavy?: boolean }>(screens: readonly T[]): T[] {
  return [...screens.filter((s) => !s.heavy), ...screens.filter((s) => s.heavy)];
}

/** at most this many screens are kept prepared (mounted out of sight, not yet opened); the oldest goes first */
export const PREPARED_LIMIT = 12;

/**
 * The screens of a side-menu group the operator has just opened, in menu order, that are to be prepared: list
 * screens (`preparable`) that are not open already (`open`: the tabs and the page shown) nor prepared.
 */
export function prepareOrder(group: MenuNode, open: readonly string[], prepared: readonly string[], preparable: (path: string) => boolean): string[] {
  const skip = new Set([...open, ...prepared]);
  return screenPaths(group.children ?? []).filter((p) => !skip.has(p) && preparable(p));
}

/** `prepared` with `path` added last, the oldest dropped beyond `limit` */
export function addPrepared(prepared: readonly string[], path: string, limit = PREPARED_LIMIT): string[] {
  const next = [...prepared.filter((p) => p !== path), path];
  return next.slice(Math.max(0, next.length - limit));
}
