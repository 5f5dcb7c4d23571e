// Tree lists and tree pickers: forests from list endpoints, lazy levels, TreeNodes.
import { call } from '../platform/bridge';
import type { Row } from '../../src-shared/wire';
import type { ScreenDef } from './types';

/** A BladeX TreeNode as the tree endpoints return it. */
export interface TreeNodeData {
  id?: string | number;
  key?: string | number;
  value?: string | number;
  title?: string;
  name?: string;
  hasChildren?: boolean;
  children?: TreeNodeData[];
  [extra: string]: unknown;
}

/** Tree lists: filtered searches use the list endpoint (a forest); otherwise the lazy endpoint when declared. */
export async function fetchTree(def: ScreenDef, params: Record<string, string | number>, filtered: boolean): Promise<Row[]> {
  const lazy = def.tree?.lazy;
  const url = lazy && !filtered ? lazy : def.api.list;
  const query = lazy && !filtered ? { ...params, [def.tree?.parentParam ?? 'parentId']: params[def.tree?.parentParam ?? 'parentId'] ?? 0 } : params;
  delete query.current;
  delete query.size;
  const reply = await call('api:request', { method: 'get', url, params: query });
  const data = reply.data as unknown;
  const list = Array.isArray(data) ? data : Array.isArray((data as { records?: unknown })?.records) ? (data as { records: Row[] }).records : [];
  return withLazyMarkers(list as Row[]);
}

/** Loads one lazy level under parentId. */
export async function fetchChildren(def: ScreenDef, parentKey: string | number, params: Record<string, string | number>): Promise<Row[]> {
  if (!def.tree?.lazy) return [];
  const reply = await call('api:request', { method: 'get', url: def.tree.lazy, params: { ...params, [def.tree.parentParam ?? 'parentId']: parentKey } });
  return withLazyMarkers(Array.isArray(reply.data) ? (reply.data as Row[]) : []);
}

/** Rows with hasChildren but no loaded children get an empty children array so the table shows the expander. */
export function withLazyMarkers(rows: Row[]): Row[] {
  return rows.map((r) => {
    const children = Array.isArray(r.children) ? withLazyMarkers(r.children as Row[]) : r.hasChildren ? [] : undefined;
    const out: Row = { ...r };
    if (children && (children.length > 0 || r.hasChildren)) out.children = children;
    else delete out.children;
    return out;
  });
}

/** Replaces the children of the row whose key is `key`, anywhere in the forest. */
export function replaceChildren(rows: Row[], rowKey: string, key: string | number, children: Row[]): Row[] {
  return rows.map((r) => {
    if (String(r[rowKey]) === String(key)) return { ...r, children };
    if (Array.isArray(r.children)) return { ...r, children: replaceChildren(r.children as Row[], rowKey, key, children) };
    return r;
  });
}

/** GET a tree endpoint; the reply may be a forest or an object of forests (grant trees). */
export async function fetchTreeNodes(url: string, params: Record<string, string | number> = {}): Promise<TreeNodeData[]> {
  const reply = await call('api:request', { method: 'get', url, params });
  return Array.isArray(reply.data) ? (reply.data as TreeNodeData[]) : [];
}

/** TreeNodes (or menu / dept records) as antd tree data: value/key = id, title = title|name|deptName. */
export function toAntTree(nodes: TreeNodeData[]): { value: string; key: string; title: string; isLeaf?: boolean; children?: ReturnType<typeof toAntTree> }[] {
  return nodes.map((n) => {
    const id = String(n.value ?? n.id ?? n.key ?? '');
    const title = String(n.title ?? n.name ?? n.deptName ?? n.roleName ?? id);
    const children = Array.isArray(n.children) && n.children.length > 0 ? toAntTree(n.children) : undefined;
    return { value: id, key: id, title, ...(children ? { children } : {}) };
  });
}

/** Every key in a forest. */
export function allKeys(nodes: { key: string; children?: { key: string; children?: unknown[] }[] }[]): string[] {
  const out: string[] = [];
  const walk = (list: { key: string; children?: unknown[] }[]): void => {
    for (const n of list) {
      out.push(n.key);
      if (n.children) walk(n.children as { key: string; children?: unknown[] }[]);
    }
  };
  walk(nodes);
  return out;
}
