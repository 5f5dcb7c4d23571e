// Websites and their groups, navigation bars, languages and associations
// (spec content-area.md §3): the declared resources, built per app because
// their hooks read other tables.
import { sql } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { declared, declaredResource, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { WEBSITE_ASSOCIA, WEBSITE_GROUP, WEBSITE_INFO, WEBSITE_LANGUAGE, WEBSITE_NAVBAR } from '../../../../src-shared/declarations/sites';
import { addNames, countBy, mustExist, refuseInUse } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { ALL } from '../shared/rules';
import { checkWebsiteQuota } from '../quota/quota';
import { attachJobViews } from '../../../jobs/job-view';
import { searchSummaries } from '../search/connection-stats';
import { deployStatus, NOT_DEPLOYED } from '../deploy/deploy-jobs';
import type { MessageKey } from '../../../../src-shared/messages';

/** a website's image groups and the message of one without an image (the deploy's words: deploy/site-render.ts) */
const IMAGE_GROUPS: readonly (readonly [string, MessageKey])[] = [['icoId', 'deploy.icoEmpty'], ['logoId', 'deploy.logoEmpty'], ['bannerId', 'deploy.bannerEmpty']];

export function siteResources(): Resource[] {
  const group = declaredResource(WEBSITE_GROUP);
  const websiteGroup = defineResource({
    ...group,
    access: screenAccess('websiteGroup'),
    table: 'website_group',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [...group.columns, { name: 'count', type: 'int', readOnly: true, noFilter: true }],
    hooks: {
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'website_info', 'website_group_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.count = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['website_group_id'], MSG.groupInUse),
    },
  });

  const D = WEBSITE_INFO;
  const websiteInfo = defineResource({
    name: D.name,
    basePath: D.path,
    declaration: D,
    access: screenAccess('websiteInfo'),
    table: 'website_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      declared(D, 'websiteGroupId'),
      declared(D, 'websiteType'),
      declared(D, 'websiteName'),
      declared(D, 'websiteLang'),
      declared(D, 'descVal'),
      declared(D, 'keywords'),
      declared(D, 'longTailWords'),
      declared(D, 'domainInfoId'),
      declared(D, 'templateId'),
      { name: 'goodsId', type: 'string' },
      { name: 'domainName', type: 'string', noFilter: false },
      { name: 'statusName', type: 'string', readOnly: true },
      { name: 'deployMessage', type: 'string', readOnly: true, reasonColumn: 'deploy_reason' },
      { name: 'deployTime', type: 'datetime', readOnly: true },
      { name: 'isSsl', type: 'int', readOnly: true },
      // the latest deploy's durable job: the row answers its view as `deployJob`
      { name: 'deployJobId', type: 'string', readOnly: true, noFilter: true },
      declared(D, 'type'),
      declared(D, 'subdomain'),
      declared(D, 'icoId'),
      declared(D, 'logoId'),
      declared(D, 'bannerId'),
      declared(D, 'contactId'),
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        if (ctx.mode === 'insert') {
          await mustExist(q, 'website_group', row.websiteGroupId, t, 'article.groupMissing');
          await checkWebsiteQuota(q, t);
        }
        const domain = await mustExist(q, 'domain_info', row.domainInfoId, t, 'site.domainMissing');
        await mustExist(q, 'website_template', row.templateId, t, 'site.templateMissing');
        await mustExist(q, 'contact_info', row.contactId, t, 'site.contactMissing');
        for (const k of ['icoId', 'logoId', 'bannerId']) await mustExist(q, 'img_group', row[k], t, 'site.imgGroupMissing');
        // each holds an image: refused now with the deploy's own message (site-render.ts keeps its check)
        for (const [k, message] of IMAGE_GROUPS) {
          const id = row[k];
          if (id === undefined || id === null || id === '') continue;
          if (!(await q.get(sql`SELECT 1 AS found FROM website_img WHERE tenant_id = ${t} AND is_deleted = 0 AND img_group_id = ${String(id)} LIMIT 1`))) throw new ServiceError(message);
        }
        // the website's language is one of the tenant's languages (语言管理, seeded from the lang dictionary), by its abbreviation
        if ('websiteLang' in row && !(await q.get(sql`SELECT 1 AS found FROM website_language WHERE tenant_id = ${t} AND is_deleted = 0 AND abbrevia = ${String(row.websiteLang)}`))) {
          throw new ServiceError('site.websiteLangRequired');
        }
        // the domain name is the bound domain's, never the client's
        if (domain) row.domainName = domain.domain;
        else delete row.domainName;
        // resolve type 1 (top-level domain) has no subdomain (0 requires one: the declaration's cross rule)
        if (row.type === 1) row.subdomain = null;
      },
      async decorate(records, { tenantId, q, language }) {
        await addNames(q, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        await addNames(q, records, tenantId, 'templateId', 'templateName', 'website_template', 'template_name');
        await addNames(q, records, tenantId, 'contactId', 'contactName', 'contact_info', 'name');
        await attachJobViews(q, records, 'deployJobId', 'deployJob', language);
        // the search engines (issue 36): 7-day clicks and each connection on / off / lost, two queries a page
        const search = await searchSummaries(q, records.map((r) => String(r.id)), Date.now(), language);
        for (const r of records) {
          // the status name in the reader's language; `deployed` beside it, which the console decides by
          Object.assign(r, deployStatus(r.statusName || NOT_DEPLOYED, language ?? 'zh'));
          r.search = search.get(String(r.id)) ?? null;
        }
      },
    },
  });

  const websiteNavbar = defineResource({
    ...declaredResource(WEBSITE_NAVBAR),
    access: screenAccess('websiteNavbar'),
    table: 'website_navbar',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    defaultSort: [{ column: 'sort', asc: true }, { column: 'create_time', asc: false }],
    hooks: {
      async beforeWrite(row, ctx) {
        await mustExist(ctx.q, 'website_group', row.cateId, ctx.tenantId, 'article.groupMissing');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'cateId', 'cateName', 'website_group', 'name');
      },
    },
  });

  const websiteLanguage = defineResource({
    ...declaredResource(WEBSITE_LANGUAGE),
    // the one list of languages: a website's language (by abbreviation) and an association's (by id) are chosen from it
    access: screenAccess('websiteLanguage', { pickedBy: ['websiteInfo', 'websiteAssocia'] }),
    table: 'website_language',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    // in the order they were added (a new tenant's follow the lang dictionary)
    defaultSort: [{ column: 'create_time', asc: true }, { column: 'id', asc: true }],
    hooks: {
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_associa', ['languages_id'], 'site.languageInUse'),
    },
  });

  const websiteAssocia = defineResource({
    ...declaredResource(WEBSITE_ASSOCIA),
    access: screenAccess('websiteAssocia'),
    table: 'website_associa',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        await mustExist(q, 'domain_info', row.domainId, t, 'site.domainMissing');
        await mustExist(q, 'website_info', row.websiteInfoId, t, 'article.websiteMissing');
        await mustExist(q, 'website_language', row.languagesId, t, 'site.languageMissing');
        await mustExist(q, 'server_info', row.serverId, t, 'server.missing');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'domainId', 'domainName', 'domain_info', 'domain');
        await addNames(q, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
        await addNames(q, records, tenantId, 'languagesId', 'languageName', 'website_language', 'language');
        await addNames(q, records, tenantId, 'serverId', 'serverName', 'server_info', 'server_name');
      },
    },
  });

  return [websiteGroup, websiteInfo, websiteNavbar, websiteLanguage, websiteAssocia];
}
