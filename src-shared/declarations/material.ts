// The material family (spec content-area.md §5): templates, template configs, custom page URLs, links, adverts,
// contact groups, image groups and images, goods groups and goods, declared once for the server and the forms.
// (Template page configs, whose URL patterns src-shared/page-patterns.ts checks, are declared in page-configs.ts.)
import { int, maxLength, oneOf, pattern, required, text, withDefault, type FieldDecl, type ResourceDecl } from './declare';
import { status01 } from './sites';

const URL_CHARS = '^[A-Za-z0-9_\\-/{}.]*$';
const PRICE = '^\\d+(\\.\\d{1,2})?$';
const website = text(required('site.websiteRequired'));

export const WEBSITE_TEMPLATE: ResourceDecl = {
  name: 'websiteTemplate',
  path: '/seo-blade-material/websiteTemplate',
  fields: {
    templateName: text(required('material.templateNameRequired'), maxLength(100, 'material.templateNameMax')),
    // the spec's message for a missing type is the name's
    type: text(required('material.templateNameRequired')),
    image: text(required('material.imageRequired')),
    status: withDefault(status01, 1),
  },
};

/** the fields of a template config (two paths serve them: websiteTemplateConfig and the system templateConfig) */
export const TEMPLATE_CONFIG: ResourceDecl = {
  name: 'websiteTemplateConfig',
  path: '/blade-material/websiteTemplateConfig',
  fields: {
    websiteInfoId: website,
    type: int(required('material.pageTypeRequired'), oneOf([1, 2, 3, 4, 5], 'material.pageTypeRequired')),
    name: text(maxLength(100, 'material.configNameMax')),
    configKey: text(required('material.configKeyRequired'), maxLength(100, 'material.configKeyMax')),
    configValue: text(),
  },
};

export const CUSTOM_PAGE_URL: ResourceDecl = {
  name: 'customPageUrl',
  path: '/seo-blade-material/customPageUrl',
  fields: {
    websiteInfoId: website,
    categoryUrl: text(maxLength(255, 'material.categoryUrlMax'), pattern(URL_CHARS, 'material.urlPattern')),
    articleUrl: text(maxLength(255, 'material.articleUrlMax'), pattern(URL_CHARS, 'material.urlPattern')),
  },
};

/** links (two paths serve them: the article area's and the material area's) */
export const LINKS: ResourceDecl = {
  name: 'links',
  path: '/website-blade-article/links',
  fields: {
    name: text(required('material.linkNameRequired'), maxLength(100, 'material.linkNameMax')),
    link: text(required('material.linkRequired'), maxLength(500, 'material.linkMax')),
    websiteInfoId: website,
    openPage: withDefault(int(oneOf([0, 1], 'material.openPageOnOff')), 0),
    status: withDefault(status01, 0),
  },
};

export const ADVERT: ResourceDecl = {
  name: 'advert',
  path: '/website-blade-material/advert',
  fields: {
    advertName: text(required('material.advertNameRequired'), maxLength(100, 'material.advertNameMax')),
    topAdvert: text(),
    sideAdvert: text(),
    bottomAdvert: text(),
  },
};

export const CONTACT_INFO: ResourceDecl = {
  name: 'contactInfo',
  path: '/website-blade-material/contactInfo',
  fields: {
    name: text(required('material.contactNameRequired'), maxLength(50, 'material.contactNameMax')),
    weChat: text(maxLength(100, 'material.weChatMax')),
    phone: text(maxLength(50, 'material.phoneMax')),
    customerServer: text(),
  },
};

export const IMG_GROUP: ResourceDecl = {
  name: 'imgGroup',
  path: '/website-blade-material/imgGroup',
  fields: {
    name: text(required('site.groupNameRequired'), maxLength(50, 'site.groupNameMax')),
  },
};

export const WEBSITE_IMG: ResourceDecl = {
  name: 'websiteImg',
  path: '/website-blade-material/websiteImg',
  fields: {
    imageUrl: text(required('material.materialImageRequired')),
    alt: text(maxLength(200, 'material.altMax')),
    imageLink: text(maxLength(500, 'material.imageLinkMax')),
    imgGroupId: text(required('material.imgGroupRequired')),
  },
};

const goodsFields = (name: FieldDecl, parent: FieldDecl): Record<string, FieldDecl> => ({
  name,
  imageUrl: text(),
  goodsPrice: { ...text(pattern(PRICE, 'material.pricePattern')), example: '9.99' },
  priceUnit: text(maxLength(20, 'material.priceUnitMax')),
  pId: parent,
  linkUrl: text(maxLength(500, 'material.linkMax')),
});

export const GOODS: ResourceDecl = {
  name: 'goods',
  path: '/website-blade-material/goods',
  fields: goodsFields(text(required('material.goodsGroupNameRequired'), maxLength(100, 'material.goodsNameMax')), text()),
};

export const GOODS_SUB: ResourceDecl = {
  name: 'goodsSub',
  path: '/website-blade-material/goodsSub',
  fields: goodsFields(text(required('material.goodsNameRequired'), maxLength(100, 'material.goodsNameMax')), text(required('material.goodsGroupRequired'))),
};

export const MATERIAL_DECLARATIONS: readonly ResourceDecl[] = [WEBSITE_TEMPLATE, TEMPLATE_CONFIG, CUSTOM_PAGE_URL, LINKS, ADVERT, CONTACT_INFO, IMG_GROUP, WEBSITE_IMG, GOODS, GOODS_SUB];
