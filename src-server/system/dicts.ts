// GET /dict/dictionary?code= : the children of a dictionary code (cached).
import type { FastifyInstance } from 'fastify';
import { sql, type Queries } from '../db/data-layer';
import type { DictItem } from '../../src-shared/wire';
import { ok, ServiceError } from '../http/reply';
import type { CacheRegistry } from './cache';
import { allow } from '../http/access-policy';

export class DictService {
  private readonly cache = new Map<string, DictItem[]>();

  constructor(
    private readonly data: Queries,
    caches: CacheRegistry,
  ) {
    caches.register(() => this.cache.clear());
  }

  async dictionary(code: string): Promise<DictItem[]> {
    let items = this.cache.get(code);
    if (!items) {
      const rows = await this.data.all(
        sql<Record<string, string | number | null>>`SELECT id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed FROM blade_dict
          WHERE code = ${code} AND parent_id <> '0' AND is_sealed = 0 AND is_deleted = 0 ORDER BY sort, id`,
      );
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
    if (!code) throw new ServiceError({ key: 'common.missingParam', params: { name: 'code' } });
    return ok(await dicts.dictionary(code));
  });
}
