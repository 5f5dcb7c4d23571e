// dict:get through the local SQLite cache: fresh entries (< 10 min) are served
// from the cache, older ones are fetched again; when the server fails, a stale
// entry is better than nothing.

import type { ApiReply, ApiRequest } from '../../src-shared/ipc';
import type { DictItem } from '../../src-shared/wire';
import { isDictWrite } from '../../src-shared/writes';
import { DeskError } from './errors';
import type { LocalDb } from './LocalDb';

/** which URLs write a dictionary (shared with the renderer, which drops its copies on the same writes) */
export { isDictWrite };

export const DICT_URL = '/website-blade-system/dict/dictionary';
export const DICT_MAX_AGE_MS = 10 * 60 * 1000;

export interface DictSource {
  request<T = unknown>(req: ApiRequest): Promise<ApiReply<T>>;
}

export class DictService {
  constructor(
    private readonly db: LocalDb,
    private readonly api: DictSource,
    private readonly options: { maxAgeMs?: number; now?: () => number } = {},
  ) {}

  async get(code: string): Promise<DictItem[]> {
    if (typeof code !== 'string' || !code.trim()) throw new DeskError(400, 'code is required');
    const now = (this.options.now ?? Date.now)();
    const cached = this.db.getDict(code);
    if (cached && now - cached.fetchedAt < (this.options.maxAgeMs ?? DICT_MAX_AGE_MS)) return cached.items;
    try {
      const reply = await this.api.request<DictItem[]>({ method: 'get', url: DICT_URL, params: { code } });
      const items = Array.isArray(reply.data) ? reply.data : [];
      this.db.putDict(code, items, now);
      return items;
    } catch (e) {
      if (cached) return cached.items;
      throw e;
    }
  }

  invalidate(code?: string): void {
    this.db.invalidateDict(code);
  }

  /**
   * After a successful api:request: a dictionary write (dict submit / remove)
   * drops the cached entry of the code it names, or every entry when the call
   * does not name one (a remove by ids, an edit sending only the id).
   */
  afterRequest(req: ApiRequest): void {
    if (!isDictWrite(req.url)) return;
    const data = req.data && typeof req.data === 'object' && !Array.isArray(req.data) ? (req.data as Record<string, unknown>) : {};
    const code = typeof data.code === 'string' && data.code.trim() && !data.id ? data.code.trim() : undefined;
    this.invalidate(code);
  }
}
