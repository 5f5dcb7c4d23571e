// GET /dict/dictionary?code= : the children of a dictionary code (cached).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { DictItem } from '../../src-shared/wire';
import { ok, ServiceError } from '../http/reply';
import type { CacheRegistry } from './cache';
import { allow } from '../http/access-policy';

export class DictService {
  private readonly cache = new Map<string, DictItem[]>();

  constructor(
    private readonly db: Db,
    caches: CacheRegistry,
  ) {
    caches.register(() => this.cache.clear());
  }

  dictionary(code: string): DictItem[] {
    let items = this.cache.get(code);
    if (!items) {
      const rows = this.db
        .prepare(
          `SELECT id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed FROM blade_dict
           WHERE code = ? AND parent_id <> '0' AND is_sealed = 0 AND is_deleted = 0 ORDER BY sort, id`,
        )
        .all(code) as Record<string, string | number | null>[];
      items = rows.map((r) => ({
        id: String(r.id),
        parentId: String(r.parent_id),
        code: String(r.code),
        dictKey: String(r.dict_key),
        dictValue: String(r.dict_value),
        sort: Number(r.sort),
        remark: r.remark === null ? '' : String(r.remark),
        isSealed: Number(r.is_sealed),
      }));
      this.cache.set(code, items);
    }
    return items;
  }
}

export function registerDictRoutes(app: FastifyInstance, dicts: DictService): void {
  app.get('/website-blade-system/dict/dictionary', allow('user'), async (request) => {
    const code = (request.query as Record<string, string | undefined>).code?.trim();
    if (!code) throw new ServiceError('缺少必要的请求参数: code');
    return ok(dicts.dictionary(code));
  });
}
