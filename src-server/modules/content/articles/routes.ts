// Category and article endpoints beyond the generic CRUD (spec content-area.md §7):
// the category tree and pickers, release, and the legacy publish-and-deploy.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, ServiceError } from '../../../http/reply';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { sql } from '../../../db/data-layer';
import { formatDateTime } from '../../../util/dates';
import type { ContentContext } from '../shared/context';
import { idsOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { liveRow } from '../shared/lookups';
import { refuseJumpRelease } from './page-cates';
import { storedReason } from '../../../../src-shared/messages/stored';

export function registerArticleRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data, deployer } = ctx;

  // ---- categories
  api.get('/seo-blade-article/cate/tree', allow(menu('cate', 'article', 'gptProduceArticle')), async (request) => {
    const { tenantId } = scopeOf(request);
    const groups = await data.all(sql<Rec>`SELECT id, name FROM website_group WHERE tenant_id = ${tenantId} AND is_deleted = 0 ORDER BY create_time`);
    const cates = await data.all(sql<Rec>`SELECT id, cate_name, website_group_id FROM article_cate WHERE tenant_id = ${tenantId} AND is_deleted = 0 ORDER BY create_time`);
    return ok(groups.map((g) => ({
      id: g.id, value: g.id, title: g.name, key: g.id, disabled: true,
      children: cates.filter((c) => c.website_group_id === g.id).map((c) => ({ id: c.id, value: c.id, title: c.cate_name, key: c.id, parentId: g.id })),
    })));
  });
  const getCate = async (request: FastifyRequest) => {
    const group = str(queryOf(request).websiteGroupId);
    if (!group) return ok([]);
    return ok(
      await data.all(
        sql`SELECT id, cate_name AS "cateName", type, website_group_id AS "websiteGroupId" FROM article_cate
          WHERE tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0 AND website_group_id = ${group} ORDER BY create_time`,
      ),
    );
  };
  api.get('/website-blade-article/cate/getCate', allow(menu('cate', 'article', 'gptProduceArticle')), getCate);
  api.get('/seo-blade-article/cate/getCate', allow(menu('cate', 'article', 'gptProduceArticle')), getCate);

  // ---- articles: release (0 -> 1); an unassigned (generated) article needs its website and column first
  const release = async (request: FastifyRequest) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const scope = scopeOf(request);
    const now = formatDateTime(ctx.clock());
    const list = sql.join(ids);
    const unassigned = await data.get(
      sql`SELECT 1 AS found FROM article WHERE tenant_id = ${scope.tenantId} AND is_deleted = 0 AND status = 0 AND (website_info_id = '' OR parent_id = '') AND id IN (${list}) LIMIT 1`,
    );
    if (unassigned) throw new ServiceError('article.unassigned');
    await refuseJumpRelease(data, scope.tenantId, ids);
    const n = await data.run(
      sql`UPDATE article SET status = 1, deploy_time = ${now}, save_status = '手动发布', update_time = ${now}, update_user = ${scope.userId}
        WHERE tenant_id = ${scope.tenantId} AND is_deleted = 0 AND status = 0 AND id IN (${list})`,
    );
    return ok({ published: n });
  };
  api.post('/website-blade-article/article/release', allow(menuButton('article', 'article_edit')), release);
  api.post('/website/Article/release', allow(menuButton('article', 'article_edit')), release);
  // legacy: publish one article and redeploy its website
  const deployArticle = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    const id = str((request.params as Rec).id);
    const a = await liveRow(data, 'article', id, scope.tenantId);
    if (!a) throw new ServiceError('common.notFound');
    if (!a.website_info_id || !a.parent_id) throw new ServiceError('article.unassigned');
    if (a.status !== 1) {
      await refuseJumpRelease(data, scope.tenantId, [id]);
      const now = formatDateTime(ctx.clock());
      await data.run(sql`UPDATE article SET status = 1, deploy_time = ${now}, save_status = '手动发布', update_time = ${now}, update_user = ${scope.userId} WHERE id = ${id}`);
    }
    const r = await deployer.deploy(String(a.website_info_id), scope.tenantId, scope);
    // refused with the deploy's reason, in the caller's language when it was kept with its key
    if (r.statusName !== '部署成功') throw new ServiceError(storedReason(r.reason) ?? r.message);
    return ok(r);
  };
  api.post('/website/Article/deploy/:id', allow(menuButton('article', 'article_edit')), deployArticle);
  api.get('/website/Article/deploy/:id', allow(menuButton('article', 'article_edit')), deployArticle);
}
