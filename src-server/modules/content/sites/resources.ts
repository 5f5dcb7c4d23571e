// Websites and their groups, navigation bars, languages and associations
// (spec content-area.md §3): the declared resources, built per app because
// their hooks read other tables.
import { sql } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { addNames, countBy, mustExist, refuseInUse } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { ALL, max, oneOf, req, status01, wholeIn } from '../shared/rules';
import { checkWebsiteQuota } from '../quota/quota';
import { attachJobViews } from '../../../jobs/job-view';
import { searchSummaries } from '../search/connection-stats';

/** a website's image groups and the message of one without an image (the deploy's words: deploy/site-render.ts) */
const IMAGE_GROUPS: readonly (readonly [string, string])[] = [['icoId', '图标分组中没有图片'], ['logoId', 'Logo分组中没有图片'], ['bannerId', 'Banner分组中没有图片']];

/** a language tag as the renderer writes it into lang / hreflang (deploy/site-render.ts langTag) */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function siteResources(): Resource[] {
  const websiteGroup = defineResource({
    name: 'websiteGroup',
    access: screenAccess('websiteGroup'),
    basePath: '/website-blade-material/websiteGroup',
    table: 'website_group',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req(MSG.groupName), max(50, MSG.groupNameMax)] },
      { name: 'type', type: 'int', rules: [req(MSG.groupType), oneOf([0, 1], MSG.groupType)] },
      { name: 'count', type: 'int', readOnly: true, noFilter: true },
    ],
    hooks: {
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'website_info', 'website_group_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.count = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['website_group_id'], MSG.groupInUse),
    },
  });

  const websiteInfo = defineResource({
    name: 'websiteInfo',
    access: screenAccess('websiteInfo'),
    basePath: '/website-blade-material/websiteInfo',
    table: 'website_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'websiteGroupId', type: 'string', writeOnce: true, rules: [req(MSG.groupRequired)] },
      { name: 'websiteType', type: 'int', default: 0, rules: [req('请选择网站类型'), oneOf([0, 1, 2], '请选择网站类型')] },
      { name: 'websiteName', type: 'string', rules: [req('请输入网站名称'), max(100, '网站名称不能超过100个字符')] },
      { name: 'websiteLang', type: 'string', rules: [req(MSG.websiteLang)] },
      { name: 'descVal', type: 'string', rules: [req('请输入网站描述'), max(300, '网站描述不能超过300个字符')] },
      { name: 'keywords', type: 'string', rules: [req('请输入关键词'), max(150, '关键词不能超过150个字符')] },
      { name: 'longTailWords', type: 'string', rules: [max(200, '长尾词不能超过200个字符')] },
      { name: 'domainInfoId', type: 'string', rules: [req('请选择域名')] },
      { name: 'templateId', type: 'string', rules: [req('请选择模板')] },
      { name: 'goodsId', type: 'string' },
      { name: 'domainName', type: 'string', noFilter: false },
      { name: 'statusName', type: 'string', readOnly: true },
      { name: 'deployMessage', type: 'string', readOnly: true },
      { name: 'deployTime', type: 'datetime', readOnly: true },
      { name: 'isSsl', type: 'int', readOnly: true },
      // the latest deploy's durable job: the row answers its view as `deployJob`
      { name: 'deployJobId', type: 'string', readOnly: true, noFilter: true },
      { name: 'type', type: 'int', default: 0, rules: [req('请选择解析类型'), oneOf([0, 1], '请选择解析类型')] },
      { name: 'subdomain', type: 'string', rules: [max(30, '二级域名不能超过30个字符'), { pattern: /^[a-z0-9]+$/, message: MSG.subdomainPattern }] },
      { name: 'icoId', type: 'string', rules: [req('请选择图标分组')] },
      { name: 'logoId', type: 'string', rules: [req('请选择Logo分组')] },
      { name: 'bannerId', type: 'string', rules: [req('请选择Banner分组')] },
      { name: 'contactId', type: 'string', rules: [req('请选择客服分组')] },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        if (ctx.mode === 'insert') {
          await mustExist(q, 'website_group', row.websiteGroupId, t, '网站分组不存在');
          await checkWebsiteQuota(q, t);
        }
        const domain = await mustExist(q, 'domain_info', row.domainInfoId, t, '域名不存在');
        await mustExist(q, 'website_template', row.templateId, t, '模板不存在');
        await mustExist(q, 'contact_info', row.contactId, t, '客服分组不存在');
        for (const k of ['icoId', 'logoId', 'bannerId']) await mustExist(q, 'img_group', row[k], t, '图片分组不存在');
        // each holds an image: refused now with the deploy's own message (site-render.ts keeps its check)
        for (const [k, message] of IMAGE_GROUPS) {
          const id = row[k];
          if (id === undefined || id === null || id === '') continue;
          if (!(await q.get(sql`SELECT 1 AS found FROM website_img WHERE tenant_id = ${t} AND is_deleted = 0 AND img_group_id = ${String(id)} LIMIT 1`))) throw new ServiceError(message);
        }
        // the website's language is one of the tenant's languages (语言管理, seeded from the lang dictionary), by its abbreviation
        if ('websiteLang' in row && !(await q.get(sql`SELECT 1 AS found FROM website_language WHERE tenant_id = ${t} AND is_deleted = 0 AND abbrevia = ${String(row.websiteLang)}`))) {
          throw new ServiceError(MSG.websiteLang);
        }
        // the domain name is the bound domain's, never the client's
        if (domain) row.domainName = domain.domain;
        else delete row.domainName;
        // resolve type 1 (top-level domain) has no subdomain; 0 requires one
        if (row.type === 1) row.subdomain = null;
        else if (row.type === 0 && (row.subdomain === null || row.subdomain === undefined || row.subdomain === '')) {
          throw new ServiceError(MSG.subdomainRequired);
        }
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        await addNames(q, records, tenantId, 'templateId', 'templateName', 'website_template', 'template_name');
        await addNames(q, records, tenantId, 'contactId', 'contactName', 'contact_info', 'name');
        await attachJobViews(q, records, 'deployJobId', 'deployJob');
        // the search engines (issue 36): 7-day clicks and each connection on / off / lost, two queries a page
        const search = await searchSummaries(q, records.map((r) => String(r.id)), Date.now());
        for (const r of records) {
          if (!r.statusName) r.statusName = '未部署';
          r.search = search.get(String(r.id)) ?? null;
        }
      },
    },
  });

  const websiteNavbar = defineResource({
    name: 'websiteNavbar',
    access: screenAccess('websiteNavbar'),
    basePath: '/blade-material/websiteNavbar',
    table: 'website_navbar',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    defaultSort: [{ column: 'sort', asc: true }, { column: 'create_time', asc: false }],
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入导航栏名称'), max(50, '导航栏名称不能超过50个字符')] },
      { name: 'descVal', type: 'string', rules: [max(300, '描述不能超过300个字符')] },
      { name: 'type', type: 'int', rules: [req('请选择导航栏类型')] },
      { name: 'url', type: 'string', rules: [max(255, '链接不能超过255个字符')] },
      { name: 'sort', type: 'decimal', default: 0, rules: wholeIn(0, 99999, MSG.sort) },
      { name: 'cateId', type: 'string', rules: [req('请选择网站分组')] },
      status01(0),
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        await mustExist(ctx.q, 'website_group', row.cateId, ctx.tenantId, '网站分组不存在');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'cateId', 'cateName', 'website_group', 'name');
      },
    },
  });

  const websiteLanguage = defineResource({
    name: 'websiteLanguage',
    // the one list of languages: a website's language (by abbreviation) and an association's (by id) are chosen from it
    access: screenAccess('websiteLanguage', { pickedBy: ['websiteInfo', 'websiteAssocia'] }),
    basePath: '/blade-material/websiteLanguage',
    table: 'website_language',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    // in the order they were added (a new tenant's follow the lang dictionary)
    defaultSort: [{ column: 'create_time', asc: true }, { column: 'id', asc: true }],
    columns: [
      { name: 'language', type: 'string', rules: [req('请输入语言'), max(50, '语言不能超过50个字符')] },
      {
        name: 'abbrevia',
        type: 'string',
        rules: [
          req('请输入语言缩写'),
          max(20, '语言缩写不能超过20个字符'),
          // a language tag (the lang dictionary's keys: zh-CN, en, ...): the rendered site's lang and hreflang
          { pattern: LANGUAGE_TAG, message: MSG.languageAbbrevia },
          { unique: true, message: MSG.languageTaken },
        ],
      },
    ],
    hooks: {
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_associa', ['languages_id'], '该语言已被网站关联使用，不能删除'),
    },
  });

  const websiteAssocia = defineResource({
    name: 'websiteAssocia',
    access: screenAccess('websiteAssocia'),
    basePath: '/blade-material/websiteAssocia',
    table: 'website_associa',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'domainId', type: 'string', rules: [req('请选择域名')] },
      { name: 'websiteInfoId', type: 'string', rules: [req('请选择网站')] },
      { name: 'languagesId', type: 'string', rules: [req('请选择语言')] },
      { name: 'serverId', type: 'string', rules: [req('请选择服务器')] },
      { name: 'status', type: 'int', default: 0, rules: [oneOf([0, 1], '请选择状态')] },
      { name: 'subdomain', type: 'string', rules: [max(30, '二级域名不能超过30个字符'), { pattern: /^[a-z0-9]+$/, message: MSG.subdomainPattern }] },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        await mustExist(q, 'domain_info', row.domainId, t, '域名不存在');
        await mustExist(q, 'website_info', row.websiteInfoId, t, '网站不存在');
        await mustExist(q, 'website_language', row.languagesId, t, '语言不存在');
        await mustExist(q, 'server_info', row.serverId, t, '服务器不存在');
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
