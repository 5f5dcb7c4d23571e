// Website and website-group endpoints beyond the generic CRUD (spec content-area.md
// §3): pickers, SSL status, the site dashboard's site totals (its search-engine
// traffic: search/traffic-routes.ts), redeploys of a website's or group's sites,
// and the legacy /website/ lookups.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, ServiceError } from '../../../http/reply';
import { allow, menu, menuButton } from '../../../http/access-policy';
import type { Scope } from '../../../crud/repository';
import { sql, type RawBuilder } from '../../../db/data-layer';
import type { ContentContext } from '../shared/context';
import { idsOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { liveRow } from '../shared/lookups';
import { DEPLOY_OK } from '../deploy/site-deployer';
import { deployStatus, NOT_DEPLOYED } from '../deploy/deploy-jobs';
import { readerLanguage } from '../../../http/reasons';
import { reasonText } from '../../../../src-shared/messages/stored';

export function registerSiteRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data, deployer } = ctx;
  const all = (query: RawBuilder<Rec>): Promise<Rec[]> => data.all(query);
  const one = (query: RawBuilder<Rec>): Promise<Rec | undefined> => data.get(query);
  /** live rows of a tenant table, `extra` a constant condition preceded by AND */
  const count = async (table: string, tenantId: string, extra: RawBuilder<unknown> = sql``): Promise<number> =>
    (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.id(table)} WHERE tenant_id = ${tenantId} AND is_deleted = 0 ${extra}`))?.n ?? 0;

  const W = '/website-blade-material/websiteInfo';
  const G = '/website-blade-material/websiteGroup';

  // ---- websites
  api.get(`${W}/ssl`, allow(menu('websiteInfo')), async (request) => {
    const id = str(queryOf(request).id);
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    const row = await one(sql`SELECT id, website_name, domain_name, subdomain, type, is_ssl FROM website_info WHERE id = ${id} AND tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0`);
    if (!row) return ok(null);
    return ok({ id: row.id, websiteName: row.website_name, domainName: row.domain_name ?? '', isSsl: row.is_ssl, sslStatus: row.is_ssl === 1 ? '已签发' : '未签发' });
  });
  api.get(`${W}/listGroup`, allow('user'), async (request) => {
    const { tenantId } = scopeOf(request);
    const group = str(queryOf(request).websiteGroupId);
    const inGroup = group ? sql`AND website_group_id = ${group}` : sql``;
    const rows = await all(sql`SELECT id, website_name, website_group_id, domain_name FROM website_info WHERE tenant_id = ${tenantId} AND is_deleted = 0 ${inGroup} ORDER BY create_time DESC`);
    return ok(rows.map((r) => ({ id: r.id, websiteName: r.website_name, websiteGroupId: r.website_group_id, domainName: r.domain_name ?? '' })));
  });
  api.get(`${W}/getSiteInfo`, allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    return ok({
      websiteTotal: await count('website_info', tenantId),
      groupTotal: await count('website_group', tenantId),
      whiteHatGroupTotal: await count('website_group', tenantId, sql`AND type = 1`),
      domainTotal: await count('domain_info', tenantId),
      serverTotal: await count('server_info', tenantId),
      templateTotal: await count('website_template', tenantId),
      deployedTotal: await count('website_info', tenantId, sql`AND status_name = ${DEPLOY_OK}`),
      sslTotal: await count('website_info', tenantId, sql`AND is_ssl = 1`),
    });
  });

  // ---- website groups
  api.get(`${G}/listGroup`, allow('user'), async (request) => {
    const { tenantId } = scopeOf(request);
    const type = str(queryOf(request).type);
    const ofType = type ? sql`AND type = ${Number(type)}` : sql``;
    return ok(await all(sql`SELECT id, name, type FROM website_group WHERE tenant_id = ${tenantId} AND is_deleted = 0 ${ofType} ORDER BY create_time DESC`));
  });
  api.get(`${G}/ssl-list`, allow(menuButton('websiteGroup', 'websiteGroup_ssl')), async (request) => {
    const id = str(queryOf(request).id);
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    const rows = await all(sql`SELECT id, website_name, domain_name, is_ssl FROM website_info WHERE tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0 AND website_group_id = ${id} ORDER BY create_time DESC`);
    return ok(rows.map((r) => ({ id: r.id, websiteName: r.website_name, domainName: r.domain_name ?? '', isSsl: r.is_ssl, sslStatus: r.is_ssl === 1 ? '已签发' : '未签发' })));
  });
  api.post(`${G}/link-list`, allow(menuButton('websiteGroup', 'websiteGroup_links')), async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const rows = await all(
      sql`SELECT l.id, l.name, l.link, l.open_page, l.status, l.website_info_id, w.website_name, w.website_group_id
         FROM website_links l JOIN website_info w ON w.id = l.website_info_id AND w.is_deleted = 0
        WHERE l.tenant_id = ${scopeOf(request).tenantId} AND l.is_deleted = 0 AND w.website_group_id IN (${sql.join(ids)}) ORDER BY l.create_time DESC`,
    );
    return ok(rows.map((r) => ({ id: r.id, name: r.name, link: r.link, openPage: r.open_page, status: r.status, websiteInfoId: r.website_info_id, websiteName: r.website_name, websiteGroupId: r.website_group_id })));
  });

  api.get('/website/LanguageList', allow('user'), async (request) =>
    ok(await all(sql`SELECT id, language, abbrevia FROM website_language WHERE tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0 ORDER BY create_time`)),
  );

  // legacy home: the site totals of the dashboard
  api.get('/website/home', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    return ok({
      websiteTotal: await count('website_info', tenantId),
      groupTotal: await count('website_group', tenantId),
      articleTotal: await count('article', tenantId),
      publishedTotal: await count('article', tenantId, sql`AND status = 1`),
      keywordTotal: await count('keyword', tenantId),
    });
  });
  api.get('/website/WebsiteInfo/websiteList', allow('user'), async (request) =>
    ok(await all(sql`SELECT id, website_name AS "websiteName", domain_name AS "domainName" FROM website_info WHERE tenant_id = ${scopeOf(request).tenantId} AND is_deleted = 0 ORDER BY create_time DESC`)),
  );

  // incremental column update: redeploys the websites of the given website (id) or group (websiteGroupId)
  // (the 更新栏目 button of 网站管理, after the group's categories changed); a failed site keeps its reason
  api.get('/seo-blade-material/websiteInfo/updateColumn', allow(menuButton('websiteInfo', 'websiteInfo_updateColumn')), async (request) => {
    const scope = scopeOf(request);
    const id = str(queryOf(request).id);
    const group = str(queryOf(request).websiteGroupId);
    const sites = id
      ? [id]
      : group
        ? (await all(sql`SELECT id FROM website_info WHERE tenant_id = ${scope.tenantId} AND is_deleted = 0 AND website_group_id = ${group}`)).map((r) => String(r.id))
        : [];
    if (sites.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const results = await deployer.deployMany(sites, scope.tenantId, scope);
    const failed = results.filter((r) => r.statusName !== DEPLOY_OK);
    const names = new Map((await all(sql`SELECT id, website_name FROM website_info WHERE id IN (${sql.join(sites)})`)).map((r) => [String(r.id), String(r.website_name ?? '')]));
    return ok({
      updated: results.length - failed.length,
      total: results.length,
      failed: failed.map((r) => ({ websiteInfoId: r.websiteInfoId, websiteName: names.get(r.websiteInfoId) ?? '', message: r.message })),
    });
  });

  // legacy website groups: deploy every website of a group; the group's websites arranged for the deploy view
  const groupOf = async (request: FastifyRequest): Promise<{ id: string; scope: Scope }> => {
    const scope = scopeOf(request);
    const id = str((request.params as Rec).id);
    if (!(await liveRow(data, 'website_group', id, scope.tenantId))) throw new ServiceError('common.notFound');
    return { id, scope };
  };
  const deployGroup = async (request: FastifyRequest) => {
    const { id, scope } = await groupOf(request);
    const sites = await all(sql`SELECT id FROM website_info WHERE tenant_id = ${scope.tenantId} AND is_deleted = 0 AND website_group_id = ${id} ORDER BY create_time, id`);
    if (sites.length === 0) throw new ServiceError('site.groupHasNoSite');
    const out = await deployer.deployMany(sites.map((s) => String(s.id)), scope.tenantId, scope);
    const language = readerLanguage(request);
    return ok(out.map(({ refused: _refused, reason, ...r }) => ({ ...r, ...deployStatus(r.statusName, language), message: reasonText(r.message, reason, language) })));
  };
  api.post('/website/WebsiteInfoGroup/deploy/:id', allow(menuButton('websiteInfo', 'websiteInfo_edit')), deployGroup);
  api.get('/website/WebsiteInfoGroup/deploy/:id', allow(menuButton('websiteInfo', 'websiteInfo_edit')), deployGroup);
  api.get('/website/WebsiteInfoGroup/websiteArrange/:id', allow(menu('websiteGroup')), async (request) => {
    const { id, scope } = await groupOf(request);
    const language = readerLanguage(request);
    const rows = await all(
      sql`SELECT w.id, w.website_name AS "websiteName", w.website_type AS "websiteType", w.domain_name AS "domainName", w.subdomain, w.status_name AS "statusName",
              t.template_name AS "templateName",
              (SELECT COUNT(*) FROM article a WHERE a.tenant_id = w.tenant_id AND a.is_deleted = 0 AND a.website_info_id = w.id AND a.status = 1) AS "publishedCount",
              (SELECT COUNT(*) FROM article a WHERE a.tenant_id = w.tenant_id AND a.is_deleted = 0 AND a.website_info_id = w.id AND a.status = 0) AS "unpublishedCount"
         FROM website_info w LEFT JOIN website_template t ON t.id = w.template_id
        WHERE w.tenant_id = ${scope.tenantId} AND w.is_deleted = 0 AND w.website_group_id = ${id} ORDER BY w.create_time, w.id`,
    );
    // each website's status name in the reader's language, `deployed` beside it
    return ok(rows.map((r) => ({ ...r, ...deployStatus(r.statusName || NOT_DEPLOYED, language) })));
  });
}
