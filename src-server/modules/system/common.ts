// Helpers shared by the system-administration endpoints: parameters, trees,
// caller roles, the BladeX TreeNode shape.
import type { FastifyRequest } from 'fastify';
import { sql, type Queries, type RawBuilder } from '../../db/data-layer';
import { callerOf, type AuthUser } from '../../http/auth-user';
import { ADMIN_TENANT, isPlatformAdministrator, roleAliasesOf } from '../../http/access-check';
import { ServiceError } from '../../http/reply';
import { formatRow } from '../../system/rows';

export const SYS = '/website-blade-system';
export { ADMIN_TENANT };
/** the key of 请先删除子节点! (kept for modules/admin/dicts.ts until it names the key itself) */

/** A request parameter from the query string, then the body (arrays comma-joined). */
export function paramOf(request: FastifyRequest, name: string): string | undefined {
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    const v = (source as Record<string, unknown>)[name];
    if (v === undefined || v === null) continue;
    return Array.isArray(v) ? v.map(String).join(',') : String(v);
  }
  return undefined;
}

export function idList(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== '-1'))];
}

/** Comma list or array from a JSON body field. */
export function idsFrom(value: unknown): string[] {
  if (Array.isArray(value)) return idList(value.map(String).join(','));
  if (value === undefined || value === null) return [];
  return idList(String(value));
}

export function requireParam(request: FastifyRequest, name: string): string {
  const v = paramOf(request, name)?.trim();
  if (!v) throw new ServiceError({ key: 'common.missingParam', params: { name } });
  return v;
}

export function body(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new ServiceError('common.badBody');
  return b as Record<string, unknown>;
}

/** The caller's role aliases (http/access-check.ts). */
export const aliasesOf = roleAliasesOf;

/** The platform administrator: role alias administrator in the admin tenant (http/access-check.ts). */
export const isAdministrator = isPlatformAdministrator;

export function caller(request: FastifyRequest): AuthUser {
  return callerOf(request);
}

/** The tenant a call works on: administrators may name another one, others get their own. */
export function tenantFor(request: FastifyRequest): string {
  const user = callerOf(request);
  const asked = paramOf(request, 'tenantId')?.trim();
  return asked && isAdministrator(user) ? asked : user.tenantId;
}

export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}

export function treeNode(id: string, parentId: string, title: string, extra: Record<string, unknown> = {}): TreeNode {
  return { id, parentId, title, key: id, value: id, ...extra };
}

/** Merges records (already sorted) into a forest by id / parentId; orphans become roots; leaves get no children. */
export function forest<T extends { id: unknown; parentId: unknown; children?: T[]; hasChildren?: boolean }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [String(n.id), n]));
  const roots: T[] = [];
  for (const n of nodes) {
    const parent = byId.get(String(n.parentId));
    if (parent && parent !== n) {
      (parent.children ??= []).push(n);
      parent.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}

/** The rows of a query, formatted for the wire (camelCase keys, local times). */
export async function rows(q: Queries, query: RawBuilder<unknown>): Promise<Record<string, unknown>[]> {
  return (await q.all(query as RawBuilder<Record<string, unknown>>)).map(formatRow);
}

/** A live row of `table` (a tree: roles, departments, menus) below one of `ids` that is not itself among them. */
export async function hasOtherChildren(q: Queries, table: string, ids: string[]): Promise<boolean> {
  const list = sql.join(ids);
  return (await q.get(sql`SELECT 1 AS found FROM ${sql.id(table)} WHERE is_deleted = 0 AND parent_id IN (${list}) AND id NOT IN (${list})`)) !== undefined;
}

/** Drops the password from a formatted user record. */
export function withoutSecrets(r: Record<string, unknown>): Record<string, unknown> {
  delete r.password;
  return r;
}

export function likeParam(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A parameter (参数管理) of the tenant, else of the admin tenant, else the fallback. */
export async function paramValue(q: Queries, tenantId: string, key: string, fallback: string): Promise<string> {
  const row = await q.get(
    sql<{ param_value: string }>`SELECT param_value FROM blade_param WHERE tenant_id IN (${tenantId}, '000000') AND param_key = ${key} AND is_deleted = 0
       ORDER BY CASE WHEN tenant_id = ${tenantId} THEN 0 ELSE 1 END LIMIT 1`,
  );
  return row?.param_value ?? fallback;
}
