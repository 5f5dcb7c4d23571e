// Button permissions: /menu/buttons returns a forest whose leaves are button
// codes (param_add, param_edit...). They become one flat map {code: true}.
import type { SessionUser } from '../../src-shared/ipc';
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

/**
 * The platform administrator (role alias administrator in tenant 000000): the
 * only caller of the server's platform-only endpoints (docs/access.md), e.g.
 * clear-cache; the console hides what would be refused to anyone else.
 */
export function isPlatformAdministrator(user: Pick<SessionUser, 'tenant_id' | 'role_name'> | null | undefined): boolean {
  if (!user || user.tenant_id !== '000000') return false;
  return user.role_name.split(',').map((s) => s.trim()).includes('administrator');
}
