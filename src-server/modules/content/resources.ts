// The content area's declared resources (spec content-area.md §3, §5, §7). Built
// per app because their hooks read other tables (display names, counts, in-use
// checks) and the server password box needs the install's key.
import type { Db } from '../../db/database';
import { ServiceError } from '../../http/reply';
import { defineResource, screenAccess, type ColumnDef, type Endpoint, type Resource } from '../../crud/resource';
import { addNames, countBy, mustExist, refuseInUse } from './lookups';
import { checkWebsiteQuota } from './quota';
import type { SecretBox } from './secrets';
import { SCENES, type UploadScene } from './upload';

const ALL: readonly Endpoint[] = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'];
const req = (message: string) => ({ required: true as const, message });
const max = (n: number, message: string) => ({ maxLength: n, message });
const oneOf = (values: readonly (string | number)[], message: string) => ({ enum: values, message });

/** status 0 / 1 with default `def` (tags, navbars, templates...) */
const status01 = (def: 0 | 1): ColumnDef => ({ name: 'status', type: 'int', default: def, rules: [oneOf([0, 1], '状态只能是0或1')] });

export const MSG = {
  groupRequired: '请选择网站分组',
  groupName: '请输入分组名称',
  groupNameMax: '分组名称不能超过50个字符',
  groupType: '请选择分组类型',
  subdomainPattern: '只能输入小写英文字母和数字',
  subdomainRequired: '请输入二级域名',
  groupInUse: '该分组下存在网站，不能删除',
  domainInUse: '该域名已被网站使用，不能删除',
  serverInUse: '该服务器已被域名使用，不能删除',
  templateInUse: '该模板已被网站使用，不能删除',
  imgGroupInUse: '该图片分组已被网站使用，不能删除',
  contactInUse: '该客服分组已被网站使用，不能删除',
} as const;

export interface ContentResources {
  all: Resource[];
  byName: Map<string, Resource>;
}

export function contentResources(db: Db, box: SecretBox): ContentResources {
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
      decorate(records, { tenantId }) {
        const counts = countBy(db, 'website_info', 'website_group_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.count = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'website_info', ['website_group_id'], MSG.groupInUse),
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
      { name: 'websiteLang', type: 'string', rules: [req('请选择网站语言')] },
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
      { name: 'type', type: 'int', default: 0, rules: [req('请选择解析类型'), oneOf([0, 1], '请选择解析类型')] },
      { name: 'subdomain', type: 'string', rules: [max(30, '二级域名不能超过30个字符'), { pattern: /^[a-z0-9]+$/, message: MSG.subdomainPattern }] },
      { name: 'icoId', type: 'string', rules: [req('请选择图标分组')] },
      { name: 'logoId', type: 'string', rules: [req('请选择Logo分组')] },
      { name: 'bannerId', type: 'string', rules: [req('请选择Banner分组')] },
      { name: 'contactId', type: 'string', rules: [req('请选择客服分组')] },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const t = ctx.tenantId;
        if (ctx.mode === 'insert') {
          mustExist(db, 'website_group', row.websiteGroupId, t, '网站分组不存在');
          checkWebsiteQuota(db, t);
        }
        const domain = mustExist(db, 'domain_info', row.domainInfoId, t, '域名不存在');
        mustExist(db, 'website_template', row.templateId, t, '模板不存在');
        mustExist(db, 'contact_info', row.contactId, t, '客服分组不存在');
        for (const k of ['icoId', 'logoId', 'bannerId']) mustExist(db, 'img_group', row[k], t, '图片分组不存在');
        // the domain name is the bound domain's, never the client's
        if (domain) row.domainName = domain.domain;
        else delete row.domainName;
        // resolve type 1 (top-level domain) has no subdomain; 0 requires one
        if (row.type === 1) row.subdomain = null;
        else if (row.type === 0 && (row.subdomain === null || row.subdomain === undefined || row.subdomain === '')) {
          throw new ServiceError(MSG.subdomainRequired);
        }
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        addNames(db, records, tenantId, 'templateId', 'templateName', 'website_template', 'template_name');
        addNames(db, records, tenantId, 'contactId', 'contactName', 'contact_info', 'name');
        for (const r of records) if (!r.statusName) r.statusName = '未部署';
      },
    },
  });

  const domainInfo = defineResource({
    name: 'domainInfo',
    access: screenAccess('domainInfo'),
    basePath: '/website-blade-material/domainInfo',
    table: 'domain_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入域名名称'), max(100, '域名名称不能超过100个字符')] },
      {
        name: 'domain',
        type: 'string',
        rules: [req('请输入域名'), max(253, '域名格式不正确'), { pattern: /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/, message: '域名格式不正确' }],
      },
      { name: 'serverId', type: 'string', writeOnce: true, rules: [req('请选择服务器名称')] },
      { name: 'serverName', type: 'string' },
      { name: 'recordNumber', type: 'string', rules: [max(100, '备案号不能超过100个字符')] },
      { name: 'domainService', type: 'string', rules: [req('请选择解析方式')] },
      { name: 'isCloudflare', type: 'int', writeOnce: true, default: 0, rules: [oneOf([0, 1], '托管开关只能是0或1')] },
      { name: 'cloudflare', type: 'int', default: 0, rules: [oneOf([0, 1], '托管状态只能是0或1')] },
      { name: 'nameServers', type: 'string' },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        if (ctx.mode === 'insert') {
          const server = usableServer(db, row.serverId, ctx.tenantId);
          row.serverName = server ? server.server_name : null;
          // a transfer starts as 0 (not transferred) with the name servers to switch to
          row.cloudflare = 0;
          row.nameServers = row.isCloudflare === 1 ? cloudflareNameServers(String(row.domain ?? '')) : null;
        } else {
          delete row.serverName;
          delete row.nameServers;
        }
      },
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'website_info', ['domain_info_id'], MSG.domainInUse),
    },
  });

  const serverInfo = defineResource({
    name: 'serverInfo',
    access: screenAccess('serverInfo'),
    basePath: '/website-blade-material/serverInfo',
    table: 'server_info',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'serverName', type: 'string', rules: [req('请输入服务器名称'), max(100, '服务器名称不能超过100个字符')] },
      {
        name: 'serverIp',
        type: 'string',
        rules: [req('请输入服务器IP'), { pattern: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$|^[0-9a-fA-F:]+$/, message: '服务器IP格式不正确' }],
      },
      { name: 'serverPort', type: 'int', rules: [req('请输入服务器端口'), { min: 1, message: '端口范围为1-65535' }, { max: 65535, message: '端口范围为1-65535' }] },
      { name: 'serverUsername', type: 'string', rules: [req('请输入用户名')] },
      { name: 'serverPassword', type: 'string', secret: true },
      { name: 'serverType', type: 'string', default: 'sftp', rules: [oneOf(['sftp', 'local'], '请选择服务器类型')] },
      { name: 'deployPath', type: 'string', rules: [max(255, '部署目录不能超过255个字符'), { pattern: /^[^\0\n\r'"`$;&|<>]*$/, message: '部署目录包含不允许的字符' }] },
      { name: 'status', type: 'int', readOnly: true },
      { name: 'hostKey', type: 'string', readOnly: true },
      { name: 'checkTime', type: 'datetime', readOnly: true },
      { name: 'checkMessage', type: 'string', readOnly: true },
      { name: 'bindTenantId', type: 'string' },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const pw = row.serverPassword;
        if (pw === null || pw === undefined || pw === '') {
          if (ctx.mode === 'insert') throw new ServiceError('请输入密码');
          delete row.serverPassword; // editing without a new password keeps the stored one
        } else {
          row.serverPassword = box.seal(String(pw));
        }
      },
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'domain_info', ['server_id'], MSG.serverInUse),
    },
  });

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
      beforeWrite(row) {
        templateImage(db, row.image);
      },
      decorate(records, { tenantId }) {
        const counts = countBy(db, 'website_info', 'template_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.useNum = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'website_info', ['template_id'], MSG.templateInUse),
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
    decorate(records: Record<string, unknown>[], { tenantId }: { tenantId: string }) {
      addNames(db, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
    },
  };
  const templateConfigHooks = {
    ...websiteNames,
    beforeWrite(row: Record<string, unknown>, ctx: { tenantId: string }) {
      mustExist(db, 'website_info', row.websiteInfoId, ctx.tenantId, '网站不存在');
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

  const pageConfig = defineResource({
    name: 'templatePageConfig',
    access: screenAccess('templateConfig', { pickedBy: ['cate'] }),
    basePath: '/blade-material/templatePageConfig',
    table: 'template_page_config',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入名称'), max(100, '名称不能超过100个字符')] },
      { name: 'listPage', type: 'string' },
      { name: 'detailsPage', type: 'string' },
      status01(0),
    ],
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
      { name: 'sort', type: 'int', default: 0, rules: [{ min: 0, message: '排序不能小于0' }] },
      { name: 'cateId', type: 'string', rules: [req('请选择网站分组')] },
      status01(0),
    ],
    hooks: {
      beforeWrite(row, ctx) {
        mustExist(db, 'website_group', row.cateId, ctx.tenantId, '网站分组不存在');
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'cateId', 'cateName', 'website_group', 'name');
      },
    },
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
    beforeWrite(row: Record<string, unknown>, ctx: { tenantId: string }) {
      mustExist(db, 'website_info', row.websiteInfoId, ctx.tenantId, '网站不存在');
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
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'website_info', ['contact_id'], MSG.contactInUse),
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
      decorate(records, { tenantId }) {
        const counts = countBy(db, 'website_img', 'img_group_id', records.map((r) => String(r.id)), tenantId);
        for (const r of records) r.imageCount = counts.get(String(r.id)) ?? 0;
      },
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'website_info', ['ico_id', 'logo_id', 'banner_id'], MSG.imgGroupInUse),
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
      beforeWrite(row, ctx) {
        materialImage(db, row.imageUrl);
        mustExist(db, 'img_group', row.imgGroupId, ctx.tenantId, '图片分组不存在');
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'imgGroupId', 'imgGroupName', 'img_group', 'name');
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
      beforeRemove: (ids, { tenantId }) => {
        refuseInUse(db, ids, tenantId, 'website_info', ['goods_id'], '该商品分组已被网站使用，不能删除');
        refuseInUse(db, ids, tenantId, 'goods_sub', ['p_id'], '该商品分组下存在商品，不能删除');
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
      beforeWrite(row, ctx) {
        mustExist(db, 'goods', row.pId, ctx.tenantId, '商品分组不存在');
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'pId', 'pName', 'goods', 'name');
      },
    },
  });

  const websiteLanguage = defineResource({
    name: 'websiteLanguage',
    access: screenAccess('websiteLanguage'),
    basePath: '/blade-material/websiteLanguage',
    table: 'website_language',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'language', type: 'string', rules: [req('请输入语言'), max(50, '语言不能超过50个字符')] },
      { name: 'abbrevia', type: 'string', rules: [req('请输入语言缩写'), max(20, '语言缩写不能超过20个字符')] },
    ],
    hooks: {
      beforeRemove: (ids, { tenantId }) => refuseInUse(db, ids, tenantId, 'website_associa', ['languages_id'], '该语言已被网站关联使用，不能删除'),
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
      beforeWrite(row, ctx) {
        const t = ctx.tenantId;
        mustExist(db, 'domain_info', row.domainId, t, '域名不存在');
        mustExist(db, 'website_info', row.websiteInfoId, t, '网站不存在');
        mustExist(db, 'website_language', row.languagesId, t, '语言不存在');
        mustExist(db, 'server_info', row.serverId, t, '服务器不存在');
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'domainId', 'domainName', 'domain_info', 'domain');
        addNames(db, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
        addNames(db, records, tenantId, 'languagesId', 'languageName', 'website_language', 'language');
        addNames(db, records, tenantId, 'serverId', 'serverName', 'server_info', 'server_name');
      },
    },
  });

  const all = [
    websiteGroup, websiteInfo, domainInfo, serverInfo, websiteTemplate, templateConfig, templateConfigSystem, pageConfig,
    customPageUrl, websiteNavbar, links, linksMaterial, advert, contactInfo, imgGroup, websiteImg, goods, goodsSub,
    websiteLanguage, websiteAssocia,
  ];
  return { all, byName: new Map(all.map((r) => [r.name, r])) };
}

/** A live server of the tenant, or one the platform bound to it (bindTenantId); throws when neither. */
export function usableServer(db: Db, id: unknown, tenantId: string): Record<string, unknown> | undefined {
  if (id === undefined || id === null || id === '') return undefined;
  const row = db
    .prepare("SELECT * FROM server_info WHERE id = ? AND is_deleted = 0 AND (tenant_id = ? OR ',' || COALESCE(bind_tenant_id, '') || ',' LIKE ?)")
    .get(String(id), tenantId, `%,${tenantId},%`) as Record<string, unknown> | undefined;
  if (!row) throw new ServiceError('服务器不存在');
  return row;
}

/** An image field's link must be an image of the accepted types, and when it is one of ours, within the size limit. */
function storedImageCheck(scene: UploadScene) {
  return (db: Db, link: unknown): void => {
    if (link === undefined || link === null || link === '') return;
    const name = String(link).split(/[?#]/)[0].split('/').pop() ?? '';
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!scene.exts.includes(ext)) throw new ServiceError(scene.typeMessage);
    const stored = db.prepare('SELECT size FROM content_upload WHERE name = ?').get(name) as { size: number } | undefined;
    if (stored && stored.size > scene.maxBytes) throw new ServiceError(scene.sizeMessage);
  };
}
const templateImage = storedImageCheck(SCENES.template);
const materialImage = storedImageCheck(SCENES.material);

/** Two Cloudflare-style name servers, stable per domain. */
export function cloudflareNameServers(domain: string): string {
  const names = ['ada', 'bob', 'cruz', 'dana', 'elle', 'fred', 'gina', 'hank', 'iris', 'jack', 'kate', 'lara'];
  let h = 0;
  for (const c of domain) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const a = names[h % names.length];
  const b = names[(h >>> 8) % names.length] === a ? names[(h + 1) % names.length] : names[(h >>> 8) % names.length];
  return `${a}.ns.cloudflare.com,${b}.ns.cloudflare.com`;
}
