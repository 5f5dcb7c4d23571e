// Material (spec content-area.md §5): templates and their page settings, custom
// page URLs, links, adverts, contact groups, image groups and images, goods.
import { defineResource, screenAccess, type ColumnDef, type HookContext, type Resource, type WriteContext } from '../../../crud/resource';
import { addNames, countBy, mustExist, refuseInUse } from '../shared/lookups';
import { MSG, pagePatternMessage } from '../shared/messages';
import { ServiceError } from '../../../http/reply';
import { cleanPattern, PAGE_PATTERN_MAX, pagePatternProblem, type PageKind } from '../../../../src-shared/page-patterns';
import { ALL, max, oneOf, req, status01 } from '../shared/rules';
import { templateImage, materialImage } from '../shared/images';

export function materialResources(): Resource[] {
  const websiteTemplate = defineResource({
    name: 'websiteTemplate',
    access: screenAccess('websiteTemplate', { pickedBy: ['websiteInfo'] }),
    basePath: '/seo-blade-material/websiteTemplate',
    table: 'website_template',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'templateName', type: 'string', rules: [req('请输入模板名称'), max(100, '模板名称不能超过100个字符')] },
      { name: 'type', type: 'string', rules: [req('请输入模板名称')] },
      { name: 'image', type: 'string', rules: [req('请上传图片')] },
      { name: 'useNum', type: 'int', readOnly: true, noFilter: true },
      status01(1),
    ],
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

  const templateConfigColumns: ColumnDef[] = [
    { name: 'websiteInfoId', type: 'string', rules: [req('请选择网站')] },
    { name: 'type', type: 'int', rules: [req('请选择页面类型'), oneOf([1, 2, 3, 4, 5], '请选择页面类型')] },
    { name: 'name', type: 'string', rules: [max(100, '名称不能超过100个字符')] },
    { name: 'configKey', type: 'string', rules: [req('请输入配置键'), max(100, '配置键不能超过100个字符')] },
    { name: 'configValue', type: 'string' },
  ];
  const websiteNames = {
    decorate(records: Record<string, unknown>[], { tenantId, q }: HookContext) {
      return addNames(q, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
    },
  };
  const templateConfigHooks = {
    ...websiteNames,
    async beforeWrite(row: Record<string, unknown>, ctx: WriteContext) {
      await mustExist(ctx.q, 'website_info', row.websiteInfoId, ctx.tenantId, '网站不存在');
    },
  };
  const templateConfig = defineResource({
    name: 'websiteTemplateConfig',
    access: screenAccess('templateConfig'),
    basePath: '/blade-material/websiteTemplateConfig',
    table: 'website_template_config',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: templateConfigColumns,
    hooks: templateConfigHooks,
  });
  const templateConfigSystem = defineResource({ ...templateConfig, name: 'templateConfig', basePath: '/website-blade-system/templateConfig', columns: templateConfigColumns, hooks: templateConfigHooks });

  // a column's list page and its articles' page: the URL patterns the site renderer uses (src-shared/page-patterns.ts)
  const patternColumn = (name: 'listPage' | 'detailsPage', kind: PageKind): ColumnDef => ({
    name,
    type: 'string',
    rules: [req(pagePatternMessage(kind, 'required')), max(PAGE_PATTERN_MAX, pagePatternMessage(kind, 'tooLong'))],
  });
  const pageConfig = defineResource({
    name: 'templatePageConfig',
    access: screenAccess('templatePageConfig', { pickedBy: ['cate'] }),
    basePath: '/blade-material/templatePageConfig',
    table: 'template_page_config',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req(MSG.pageConfigName), max(100, MSG.pageConfigNameMax)] },
      patternColumn('listPage', 'list'),
      patternColumn('detailsPage', 'details'),
      { name: 'cateCount', type: 'int', readOnly: true, noFilter: true },
      status01(1),
    ],
    hooks: {
      beforeWrite(row) {
        for (const [key, kind] of [['listPage', 'list'], ['detailsPage', 'details']] as const) {
          if (!(key in row)) continue;
          const problem = pagePatternProblem(row[key], kind);
          if (problem) throw new ServiceError(pagePatternMessage(kind, problem));
          row[key] = cleanPattern(row[key]);
        }
      },
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'article_cate', 'page_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.cateCount = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'article_cate', ['page_id'], MSG.pageConfigInUse),
    },
  });

  const customPageUrl = defineResource({
    name: 'customPageUrl',
    access: screenAccess('customPageUrl'),
    basePath: '/seo-blade-material/customPageUrl',
    table: 'custom_page_url',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'websiteInfoId', type: 'string', rules: [req('请选择网站')] },
      { name: 'categoryUrl', type: 'string', rules: [max(255, '栏目URL不能超过255个字符'), { pattern: /^[A-Za-z0-9_\-/{}.]*$/, message: 'URL只能包含字母、数字和 - _ / { } .' }] },
      { name: 'articleUrl', type: 'string', rules: [max(255, '文章URL不能超过255个字符'), { pattern: /^[A-Za-z0-9_\-/{}.]*$/, message: 'URL只能包含字母、数字和 - _ / { } .' }] },
    ],
    hooks: templateConfigHooks,
  });

  const linksColumns: ColumnDef[] = [
    { name: 'name', type: 'string', rules: [req('请输入链接名称'), max(100, '链接名称不能超过100个字符')] },
    { name: 'link', type: 'string', rules: [req('请输入链接'), max(500, '链接不能超过500个字符')] },
    { name: 'websiteInfoId', type: 'string', rules: [req('请选择网站')] },
    { name: 'articleCount', type: 'int', readOnly: true, noFilter: true },
    { name: 'openPage', type: 'int', default: 0, rules: [oneOf([0, 1], '新窗口打开只能是0或1')] },
    status01(0),
  ];
  const linksHooks = {
    ...websiteNames,
    async beforeWrite(row: Record<string, unknown>, ctx: WriteContext) {
      await mustExist(ctx.q, 'website_info', row.websiteInfoId, ctx.tenantId, '网站不存在');
    },
  };
  const links = defineResource({
    name: 'links',
    access: screenAccess('links'),
    basePath: '/website-blade-article/links',
    table: 'website_links',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: linksColumns,
    hooks: linksHooks,
  });
  const linksMaterial = defineResource({ ...links, name: 'linksMaterial', basePath: '/seo-blade-material/links', columns: linksColumns, hooks: linksHooks });

  const advert = defineResource({
    name: 'advert',
    access: screenAccess('advert', { pickedBy: ['cate'] }),
    basePath: '/website-blade-material/advert',
    table: 'website_advert',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'advertName', type: 'string', rules: [req('请输入广告名称'), max(100, '广告名称不能超过100个字符')] },
      { name: 'topAdvert', type: 'string' },
      { name: 'sideAdvert', type: 'string' },
      { name: 'bottomAdvert', type: 'string' },
    ],
  });

  const contactInfo = defineResource({
    name: 'contactInfo',
    access: screenAccess('contactInfo', { pickedBy: ['websiteInfo'] }),
    basePath: '/website-blade-material/contactInfo',
    table: 'contact_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入客服分组名称'), max(50, '客服分组名称不能超过50个字符')] },
      { name: 'weChat', type: 'string', rules: [max(100, '微信不能超过100个字符')] },
      { name: 'phone', type: 'string', rules: [max(50, '电话不能超过50个字符')] },
      { name: 'customerServer', type: 'string' },
    ],
    hooks: {
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['contact_id'], MSG.contactInUse),
    },
  });

  const imgGroup = defineResource({
    name: 'imgGroup',
    access: screenAccess('imgGroup', { pickedBy: ['cate', 'websiteImg', 'websiteInfo'] }),
    basePath: '/website-blade-material/imgGroup',
    table: 'img_group',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [{ name: 'name', type: 'string', rules: [req(MSG.groupName), max(50, MSG.groupNameMax)] }],
    hooks: {
      async decorate(records, { tenantId, q }) {
        const counts = await countBy(q, 'website_img', 'img_group_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.imageCount = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId, q }) => refuseInUse(q, ids, tenantId, 'website_info', ['ico_id', 'logo_id', 'banner_id'], MSG.imgGroupInUse),
    },
  });

  const websiteImg = defineResource({
    name: 'websiteImg',
    access: screenAccess('websiteImg'),
    basePath: '/website-blade-material/websiteImg',
    table: 'website_img',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'imageUrl', type: 'string', rules: [req('请上传素材图片')] },
      { name: 'alt', type: 'string', rules: [max(200, 'alt不能超过200个字符')] },
      { name: 'imageLink', type: 'string', rules: [max(500, '跳转链接不能超过500个字符')] },
      { name: 'imgGroupId', type: 'string', rules: [req('请选择图片分组')] },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        await materialImage(ctx.q, row.imageUrl);
        await mustExist(ctx.q, 'img_group', row.imgGroupId, ctx.tenantId, '图片分组不存在');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'imgGroupId', 'imgGroupName', 'img_group', 'name');
      },
    },
  });

  const goodsColumns = (parentRequired: boolean): ColumnDef[] => [
    { name: 'name', type: 'string', rules: [req(parentRequired ? '请输入商品名称' : '请输入商品分组名称'), max(100, '名称不能超过100个字符')] },
    { name: 'imageUrl', type: 'string' },
    { name: 'goodsPrice', type: 'string', rules: [{ pattern: /^\d+(\.\d{1,2})?$/, message: '价格格式不正确' }] },
    { name: 'priceUnit', type: 'string', rules: [max(20, '价格单位不能超过20个字符')] },
    { name: 'pId', column: 'p_id', type: 'string', rules: parentRequired ? [req('请选择商品分组')] : [] },
    { name: 'linkUrl', type: 'string', rules: [max(500, '链接不能超过500个字符')] },
  ];
  const goods = defineResource({
    name: 'goods',
    access: screenAccess('goods', { pickedBy: ['websiteInfo'] }),
    basePath: '/website-blade-material/goods',
    table: 'goods',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: goodsColumns(false),
    hooks: {
      beforeRemove: async (ids, { tenantId, q }) => {
        await refuseInUse(q, ids, tenantId, 'website_info', ['goods_id'], '该商品分组已被网站使用，不能删除');
        await refuseInUse(q, ids, tenantId, 'goods_sub', ['p_id'], '该商品分组下存在商品，不能删除');
      },
    },
  });
  const goodsSub = defineResource({
    name: 'goodsSub',
    access: screenAccess('goods'),
    basePath: '/website-blade-material/goodsSub',
    table: 'goods_sub',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: goodsColumns(true),
    hooks: {
      async beforeWrite(row, ctx) {
        await mustExist(ctx.q, 'goods', row.pId, ctx.tenantId, '商品分组不存在');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'pId', 'pName', 'goods', 'name');
      },
    },
  });

  return [websiteTemplate, templateConfig, templateConfigSystem, pageConfig, customPageUrl, links, linksMaterial, advert, contactInfo, imgGroup, websiteImg, goods, goodsSub];
}
