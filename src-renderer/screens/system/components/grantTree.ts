// Pure helpers of the grant dialogs: granted ids -> antd checked keys, and back.
import type { TreeNodeData } from '../../../crud/tree';

export interface AntNode {
  key: string;
  title: string;
  children?: AntNode[];
}

/** `label` names a node (e.g. a menu in the console's language); default: its title as the server sends it */
export function toNodes(nodes: TreeNodeData[] | undefined, label?: (node: TreeNodeData) => string): AntNode[] {
  return (nodes ?? []).map((n) => {
    const key = String(n.key ?? n.id ?? n.value ?? '');
    const children = Array.isArray(n.children) && n.children.length > 0 ? toNodes(n.children, label) : undefined;
    return { key, title: label?.(n) ?? String(n.title ?? n.name ?? key), ...(children ? { children } : {}) };
  });
}

/**
 * The keys to tick in a cascading tree for a set of granted ids: a node is ticked when it is
 * granted and every node below it is too (half-ticked parents are computed by the tree).
 */
export function checkedFromGranted(nodes: AntNode[], granted: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const full = (n: AntNode): boolean => {
    const kids = (n.children ?? []).map(full);
    const all = granted.has(n.key) && kids.every(Boolean);
    if (all) out.push(n.key);
    return all;
  };
  nodes.forEach(full);
  return out;
}

/** What is sent: the ticked keys plus the half-ticked parents (BladeX stores both). */
export function grantedFromChecked(checked: readonly string[], halfChecked: readonly string[]): string[] {
  return [...new Set([...checked, ...halfChecked])];
}

/** The half-ticked ancestors of the ticked keys. */
export function halfCheckedOf(nodes: AntNode[], checked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (n: AntNode): boolean => {
    const kids = (n.children ?? []).map(walk);
    const any = checked.has(n.key) || kids.some(Boolean);
    if (any && !checked.has(n.key)) out.push(n.key);
    return any;
  };
  nodes.forEach(walk);
  return out;
}
