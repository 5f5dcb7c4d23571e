// Button permissions: /menu/buttons returns a forest whose leaves are button
// codes (param_add, param_edit...). They become one flat map {code: true}.
import type { MenuNode } from '../../src-shared/wire';

export type PermissionMap = Record<string, true>;

/** Leaf codes of the buttons forest as a permission map. */
export function permissionMap(forest: readonly MenuNode[] | null | undefined): PermissionMap {
  const map: PermissionMap = {};
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.children && node.children.length > 0) walk(node.children);
      else if (node.code) map[node.code] = true;
    }
  };
  walk(forest ?? []);
  return map;
}

/** true when the map grants the code. */
export function hasPermission(map: PermissionMap, code: string): boolean {
  return map[code] === true;
}
