// Material (spec content-area.md §5): templates and their page settings, custom
// page URLs, links, adverts, contact groups, image groups and images, goods.
import { declared, declaredResource, defineResource, screenAccess, type ColumnDef, type HookContext, type Resource, type WriteContext } from '../../../crud/resource';
import { ADVERT, CONTACT_INFO, CUSTOM_PAGE_URL, GOODS, GOODS_SUB, IMG_GROUP, LINKS, TEMPLATE_CONFIG, WEBSITE_IMG, WEBSITE_TEMPLATE } from '../../../../src-shared/declarations/material';
import { addNames, countBy, mustExist, refuseInUse } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { cleanPattern } from '../../../../src-shared/page-patterns';
import { TEMPLATE_PAGE_CONFIG } from '../../../../src-shared/declarations/page-configs';
import { ALL } from '../shared/rules';
import { templateImage, materialImage } from '../shared/images';

export function materialResources(): Resource[] {
  const websiteTemplate = defineResource({
    ...declaredResource(WEBSITE_TEMPLATE),
    access: screenAccess('websiteTemplate', { pickedBy: ['websiteInfo'] }),
    table: 'website_template',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [...declaredResource(WEBSITE_TEMPLATE).columns, { name: 'useNum', type: 'int', readOnly: true, noFilter: true }],
    hooks: {
      async beforeWrite(row, { q }) {
        await templateImage(q, row.image);
      },
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'website_info', 'template_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.useNum = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['template_id'], MSG.templateInUse),
    },
  });

  const templateConfigColumns: ColumnDef[] = declaredResource(TEMPLATE_CONFIG).columns;
  const websiteNames = {
    decorate(records: Record<string, unknown>[], { tenantId, q }: HookContext) {
      return addNames(q, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
    },
  };
  const templateConfigHooks = {
    ...websiteNames,
    async beforeWrite(row: Record<string, unknown>, ctx: WriteContext) {
      await mustExist(ctx.q, 'website_info', row.websiteInfoId, ctx.tenantId, 'article.websiteMissing');
    },
  };
  const templateConfig = defineResource({
    ...declaredResource(TEMPLATE_CONFIG),
    access: screenAccess('templateConfig'),
    table: 'website_template_config',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: templateConfigColumns,
    hooks: templateConfigHooks,
  });
  const templateConfigSystem = defineResource({ ...templateConfig, name: 'templateConfig', basePath: '/website-blade-system/templateConfig', columns: templateConfigColumns, hooks: templateConfigHooks });

  // a column's list page and its articles' page: the URL patterns the site renderer uses (src-shared/page-patterns.ts,
  // judged by the declaration's rules); stored as the renderer reads them
  const pageConfig = defineResource({
    ...declaredResource(TEMPLATE_PAGE_CONFIG),
    access: screenAccess('templatePageConfig', { pickedBy: ['cate'] }),
    table: 'template_page_config',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [...declaredResource(TEMPLATE_PAGE_CONFIG).columns, { name: 'cateCount', type: 'int', readOnly: true, noFilter: true }],
    hooks: {
      beforeWrite(row) {
        for (const key of ['listPage', 'detailsPage']) if (key in row) row[key] = cleanPattern(row[key]);
      },
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'article_cate', 'page_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.cateCount = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'article_cate', ['page_id'], 'pageConfig.inUse'),
    },
  });

  const customPageUrl = defineResource({
    ...declaredResource(CUSTOM_PAGE_URL),
    access: screenAccess('customPageUrl'),
    table: 'custom_page_url',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: templateConfigHooks,
  });

  const linksColumns: ColumnDef[] = [
    declared(LINKS, 'name'),
    declared(LINKS, 'link'),
    declared(LINKS, 'websiteInfoId'),
    { name: 'articleCount', type: 'int', readOnly: true, noFilter: true },
    declared(LINKS, 'openPage'),
    declared(LINKS, 'status'),
  ];
  const linksHooks = {
    ...websiteNames,
    async beforeWrite(row: Record<string, unknown>, ctx: WriteContext) {
      await mustExist(ctx.q, 'website_info', row.websiteInfoId, ctx.tenantId, 'article.websiteMissing');
    },
  };
  const links = defineResource({
    name: LINKS.name,
    basePath: LINKS.path,
    declaration: LINKS,
    access: screenAccess('links'),
    table: 'website_links',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: linksColumns,
    hooks: linksHooks,
  });
  const linksMaterial = defineResource({ ...links, name: 'linksMaterial', basePath: '/seo-blade-material/links', columns: linksColumns, hooks: linksHooks });

  const advert = defineResource({
    ...declaredResource(ADVERT),
    access: screenAccess('advert', { pickedBy: ['cate'] }),
    table: 'website_advert',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
  });

  const contactInfo = defineResource({
    ...declaredResource(CONTACT_INFO),
    access: screenAccess('contactInfo', { pickedBy: ['websiteInfo'] }),
    table: 'contact_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['contact_id'], MSG.contactInUse),
    },
  });

  const imgGroup = defineResource({
    ...declaredResource(IMG_GROUP),
    access: screenAccess('imgGroup', { pickedBy: ['cate', 'websiteImg', 'websiteInfo'] }),
    table: 'img_group',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'website_img', 'img_group_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.imageCount = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['ico_id', 'logo_id', 'banner_id'], MSG.imgGroupInUse),
    },
  });

  const websiteImg = defineResource({
    ...declaredResource(WEBSITE_IMG),
    access: screenAccess('websiteImg'),
    table: 'website_img',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async beforeWrite(row, ctx) {
        await materialImage(ctx.q, row.imageUrl);
        await mustExist(ctx.q, 'img_group', row.imgGroupId, ctx.tenantId, 'site.imgGroupMissing');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'imgGroupId', 'imgGroupName', 'img_group', 'name');
      },
    },
  });

  const goods = defineResource({
    ...declaredResource(GOODS, { pId: { column: 'p_id' } }),
    access: screenAccess('goods', { pickedBy: ['websiteInfo'] }),
    table: 'goods',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      beforeRemove: async (ids, { tenantId, q }) => {
        await refuseInUse(q, ids, tenantId, 'website_info', ['goods_id'], 'material.goodsGroupInUse');
        await refuseInUse(q, ids, tenantId, 'goods_sub', ['p_id'], 'material.goodsGroupHasGoods');
      },
    },
  });
  const goodsSub = defineResource({
    ...declaredResource(GOODS_SUB, { pId: { column: 'p_id' } }),
    access: screenAccess('goods'),
    table: 'goods_sub',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      async beforeWrite(row, ctx) {
        await mustExist(ctx.q, 'goods', row.pId, ctx.tenantId, 'material.goodsGroupMissing');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'pId', 'pName', 'goods', 'name');
      },
    },
  });

  return [websiteTemplate, templateConfig, templateConfigSystem, pageConfig, customPageUrl, links, linksMaterial, advert, contactInfo, imgGroup, websiteImg, goods, goodsSub];
}
