// Material endpoints beyond the generic CRUD (spec content-area.md §5).
import type { FastifyInstance } from 'fastify';
import { ok, ServiceError } from '../../../http/reply';
import { allow, menu } from '../../../http/access-policy';
import type { ContentContext } from '../shared/context';
import { idsOf, scopeOf } from '../shared/request';
import { refuseInUse } from '../shared/lookups';
import { MSG } from '../shared/messages';

export function registerMaterialRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data } = ctx;

  // ---- image groups: may these be removed? (spec: imgGroup isDelete (ids)). true when
  // none is used by a website of the caller's tenant as its icon, logo or banner group;
  // otherwise false with the reason remove would give.
  api.post('/website-blade-material/imgGroup/isDelete', allow(menu('imgGroup')), async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    try {
      await refuseInUse(data, ids, scopeOf(request).tenantId, 'website_info', ['ico_id', 'logo_id', 'banner_id'], MSG.imgGroupInUse);
    } catch (e) {
      if (e instanceof ServiceError) return ok(false, e.message);
      throw e;
    }
    return ok(true);
  });
}
