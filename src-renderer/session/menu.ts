// Pure helpers over the server's menu tree (/menu/routes).
import type { MenuNode } from '../../src-shared/wire';

/** Role aliases of the user: role_name may hold several, comma-joined. */
export function userRoles(roleName: string | undefined): string[] {
  return (roleName ?? '').split(',').map((r) => r.trim()).filter(Boolean);
}

/**
 * The tree the sidebar shows (keepHidden: also the hidden children, which are
 * still routable, for the guard): items whose roles restriction excludes every role
 * of the user are dropped, and children with alias 'hidden' are not shown.
 */
export function visibleMenu(
  tree: readonly MenuNode[] | null | undefined,
  roles: readonly string[],
  options: { keepHidden?: boolean } = {},
): MenuNode[] {
  const allowed = (node: MenuNode) => !node.roles || node.roles.length === 0 || node.roles.some((r) => roles.includes(r));
  const walk = (nodes: readonly MenuNode[], nested: boolean): MenuNode[] =>
    nodes
      .filter((n) => allowed(n) && (options.keepHidden || !(nested && n.alias === 'hidden')))
      .map((n) => {
        const children = n.children ? walk(n.children, true) : undefined;
        return children && children.length > 0 ? { ...n, children } : { ...n, children: undefined };
      });
  return walk(tree ?? [], false);
}

/** Every node of the tree, depth first. */
export function flattenMenu(tree: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      out.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** The menu item whose path is `path`, if any. */
export function findByPath(tree: readonly MenuNode[], path: string): MenuNode | undefined {
  return flattenMenu(tree).find((n) => n.path === path);
}

/** The key a node has in the antd Menu: its path when it routes, else its id. */
export function menuKey(node: MenuNode): string {
  return node.children && node.children.length > 0 ? `group:${node.id}` : node.path || node.id;
}

/** Keys of the submenus enclosing the item with `key` (outermost first). */
export function ancestorKeys(tree: readonly MenuNode[], key: string): string[] {
  const walk = (nodes: readonly MenuNode[], trail: string[]): string[] | null => {
    for (const n of nodes) {
      const k = menuKey(n);
      if (k === key) return trail;
      if (n.children) {
        const found = walk(n.children, [...trail, k]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(tree, []) ?? [];
}

/**
 * Unique-opened behaviour: when the user opens a submenu, only it and its
 * ancestors stay open; closing keeps the remaining chain.
 */
export function uniqueOpenKeys(tree: readonly MenuNode[], previous: readonly string[], next: readonly string[]): string[] {
  const opened = next.find((k) => !previous.includes(k));
  if (!opened) return [...next];
  return [...ancestorKeys(tree, opened), opened];
}

/**
 * The open submenus once the tree or the current path has changed. A new path opens its ancestors. A new tree
 * on the same path (the menu revalidated, the user's record refreshed after sign-in) keeps the groups that are
 * still in it, so a group the user has just opened does not close under the pointer; when none is left, the
 * path's ancestors open.
 */
export function openKeysAfter(tree: readonly MenuNode[], path: string, previous: readonly string[], pathChanged: boolean): string[] {
  const ancestors = ancestorKeys(tree, path);
  if (pathChanged) return ancestors;
  const groups = new Set(flattenMenu(tree).filter((n) => n.children && n.children.length > 0).map(menuKey));
  const kept = previous.filter((k) => groups.has(k));
  return kept.length > 0 ? kept : ancestors;
}

/** True when `path` is a routable menu path (internal, starting with /). */
export function isRoutePath(path: string | undefined): path is string {
  return !!path && path.startsWith('/');
}
