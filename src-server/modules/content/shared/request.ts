// Reading a content request: the caller's tenant scope, the query and JSON body as
// records, a parameter as text, and the ids of a batch action.
import type { FastifyRequest } from 'fastify';
import { callerOf, firstDeptOf } from '../../../http/auth-user';
import type { Scope } from '../../../crud/repository';

export type Rec = Record<string, unknown>;

export function scopeOf(request: FastifyRequest): Scope {
  const user = callerOf(request);
  return { tenantId: user.tenantId, userId: user.userId, deptId: firstDeptOf(user) };
}

export const queryOf = (request: FastifyRequest): Rec => (request.query ?? {}) as Rec;

export const bodyOf = (request: FastifyRequest): Rec =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Rec) : {};

/** a parameter as text: '' when absent, a list joined with commas */
export const str = (v: unknown): string => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

/** ids from ?ids=, body.ids (string or array), body.id or ?id=, without blanks and repeats */
export function idsOf(request: FastifyRequest): string[] {
  const b = bodyOf(request);
  const raw = str(queryOf(request).ids) || str(b.ids) || str(b.id) || str(queryOf(request).id);
  return [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
}
