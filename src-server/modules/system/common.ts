// Helpers shared by the system-administration endpoints: parameters, trees,
// caller roles, the BladeX TreeNode shape.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { callerOf, type AuthUser } from '../../http/auth-user';
import { ADMIN_TENANT, isPlatformAdministrator, roleAliasesOf } from '../../http/access-check';
import { ServiceError } from '../../http/reply';
import { formatRow } from '../../system/rows';

export const SYS = '/website-blade-system';
export { ADMIN_TENANT };
export const MSG_HAS_CHILDREN = '请先删除子节点!';

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
  if (!v) throw new ServiceError(`缺少必要的请求参数: ${name}`);
  return v;
}

export function body(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw new ServiceError('请求参数格式错误: 请求体必须是JSON对象');
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

export function rows(db: Db, sql: string, ...params: unknown[]): Record<string, unknown>[] {
  return (db.prepare(sql).all(...params) as Record<string, unknown>[]).map(formatRow);
}

/** Drops the password from a formatted user record. */
export function withoutSecrets(r: Record<string, unknown>): Record<string, unknown> {
  delete r.password;
  return r;
}

export function likeParam(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function paramValue(db: Db, tenantId: string, key: string, fallback: string): string {
  const row = db
    .prepare(
      `SELECT param_value FROM blade_param WHERE tenant_id IN (?, '000000') AND param_key = ? AND is_deleted = 0
       ORDER BY tenant_id = ? DESC LIMIT 1`,
    )
    .get(tenantId, key, tenantId) as { param_value: string } | undefined;
  return row?.param_value ?? fallback;
}
