// The legacy REST family of the original product: /website/<Entity> list GET, by
// id GET, POST add, PUT update, DELETE by id, over the features' declared resources.
import type { FastifyInstance } from 'fastify';
import { ok, ServiceError, status } from '../../http/reply';
import { allow } from '../../http/access-policy';
import { CrudRepository } from '../../crud/repository';
import type { ContentContext } from './shared/context';
import { endpointAccess } from '../../crud/router';
import { bodyOf, queryOf, scopeOf, str, type Rec } from './shared/request';

/** Legacy /website/<Entity> names -> declared resource names. */
const LEGACY: Record<string, string> = {
  WebsiteNavbar: 'websiteNavbar',
  WebsiteAssocia: 'websiteAssocia',
  ServerInfo: 'serverInfo',
  Language: 'websiteLanguage',
  WebsiteInfo: 'websiteInfo',
  WebsiteTemplate: 'websiteTemplate',
  DomainInfo: 'domainInfo',
  imgGroup: 'imgGroup',
  Article: 'article',
  Keyword: 'keyword',
  WebsiteInfoGroup: 'websiteGroup',
};

export function registerLegacyRoutes(api: FastifyInstance, ctx: ContentContext): void {

  // ---- legacy REST family: /website/<Entity> list GET, by id GET, POST add, PUT update, DELETE by id
  for (const [entity, name] of Object.entries(LEGACY)) {
    const resource = ctx.resources.get(name);
    if (!resource) continue;
    const repo = new CrudRepository(ctx.data, resource, ctx.clock);
    const base = `/website/${entity}`;
    const access = endpointAccess(resource);
    api.get(base, allow(access.read), async (request) => ok((await repo.page({ ...queryOf(request), size: queryOf(request).size ?? 1000 }, scopeOf(request))).records));
    api.get(`${base}/:id`, allow(access.read), async (request) => ok(await repo.detail(String((request.params as Rec).id), scopeOf(request))));
    api.post(base, allow(access.write('add')), async (request) => ok(await repo.insert(bodyOf(request), scopeOf(request))));
    api.put(base, allow(access.write('edit')), async (request) => {
      const id = str(bodyOf(request).id);
      if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
      return ok(await repo.update(id, bodyOf(request), scopeOf(request)));
    });
    api.delete(`${base}/:id`, allow(access.write('delete')), async (request) => {
      if ((await repo.remove([String((request.params as Rec).id)], scopeOf(request))) === 0) throw new ServiceError('common.notFound');
      return status(true);
    });
}
  }
