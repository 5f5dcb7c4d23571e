// The one paging rule of every list, generic and special:
// - `current` and `size` may be left out (or empty): page 1, 10 rows;
// - when given, each must be a whole number from 1 to 1 000 000 000, else the
//   call is refused with 400 `请求参数格式错误: <name>须为1到1000000000之间的整数`
//   (negative, zero, fractions, words, `current=100000000000000000000`);
// - a size above the list's maximum is served at that maximum (as BladeX lists cap it).
// installPagingRule applies the check to every route's query string before its
// handler runs, so no list can reach SQLite with an offset it cannot bind;
// pageOf is how a list reads its page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Message } from '../../src-shared/messages';
import { ServiceError } from './reply';

export const MAX_PAGE_NUMBER = 1_000_000_000;
export const DEFAULT_PAGE_SIZE = 10;

export const pagingMessage = (name: 'current' | 'size'): Message => ({ key: 'common.badPaging', params: { name, max: MAX_PAGE_NUMBER } });

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

/** The number given for `name`, undefined when left out; throws the 400 when it breaks the rule. */
export function pagingValue(source: unknown, name: 'current' | 'size'): number | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const raw = first((source as Record<string, unknown>)[name]);
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw).trim();
  if (text === '') return undefined;
  const n = /^\+?\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_PAGE_NUMBER)) throw new ServiceError(pagingMessage(name));
  return n;
}

export interface PageParams {
  current: number;
  size: number;
  offset: number;
}

/** A list's page from the query string (then the body): defaults, the rule, the list's size cap. */
export function pageOf(request: FastifyRequest, maxSize: number, defaultSize = DEFAULT_PAGE_SIZE): PageParams {
  const from = (name: 'current' | 'size') => pagingValue(request.query, name) ?? pagingValue(request.body, name);
  const current = from('current') ?? 1;
  const size = Math.min(from('size') ?? defaultSize, maxSize);
  return { current, size, offset: (current - 1) * size };
}

/** The rule on every route's query string (after the access check: a refused caller learns nothing). */
export function installPagingRule(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    pagingValue(request.query, 'current');
    pagingValue(request.query, 'size');
  });
}
