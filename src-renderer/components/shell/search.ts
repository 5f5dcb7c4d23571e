// Pure helpers of the menu searches: the leaves of the visible tree and the spec's prefix match.
import type { MenuNode } from '../../../src-shared/wire';
import { isRoutePath } from '../../session/menu';

export interface MenuLeaf {
  path: string;
  label: string;
}

/** Leaf items (routable, no children) of a menu tree with their labels. */
export function menuLeaves(tree: readonly MenuNode[], label: (n: MenuNode) => string): MenuLeaf[] {
  const out: MenuLeaf[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (n.children && n.children.length > 0) walk(n.children);
      else if (isRoutePath(n.path)) out.push({ path: n.path, label: label(n) });
    }
  };
  walk(tree);
  return out;
}

/** Menu search overlay: leaves whose name starts with the query (case-insensitive); all leaves for an empty query. */
export function prefixMatch(leaves: readonly MenuLeaf[], query: string): MenuLeaf[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...leaves];
  return leaves.filter((l) => l.label.toLowerCase().startsWith(q));
}

/** Autocomplete / palette: names containing the query, prefix matches first. */
export function fuzzyMatch<T extends MenuLeaf>(leaves: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...leaves];
  const starts = leaves.filter((l) => l.label.toLowerCase().startsWith(q));
  const contains = leaves.filter((l) => !starts.includes(l) && (l.label.toLowerCase().includes(q) || l.path.toLowerCase().includes(q)));
  return [...starts, ...contains];
}
