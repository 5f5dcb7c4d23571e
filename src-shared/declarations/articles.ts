// The articles family (spec content-area.md §3, §4, §5): categories (website columns), articles and paragraphs,
// declared once for the server's validation and the screens' forms.
import { int, isEmpty, maxLength, number, oneOf, required, text, wholeIn, withDefault, type ResourceDecl } from './declare';
import { status01 } from './sites';

/** the category types: 2 a custom page (its articles are pages), 3 a jump page (only a link) */
const CUSTOM_PAGE = 2;
const JUMP_PAGE = 3;

export const CATE: ResourceDecl = {
  name: 'cate',
  path: '/seo-blade-article/cate',
  fields: {
    websiteGroupId: text(required('site.groupRequired')),
    cateName: text(required('article.cateNameRequired'), maxLength(50, 'article.cateNameMax')),
    type: withDefault(int(required('article.cateTypeRequired'), oneOf([CUSTOM_PAGE, JUMP_PAGE], 'article.cateTypeRequired')), CUSTOM_PAGE),
    pageId: text(),
    imgGroupId: text(),
    linkUrl: text(maxLength(500, 'article.cateLinkMax')),
    advertId: text(),
    optStatus: withDefault(int(required('article.optStatusRequired'), oneOf([0, 1], 'article.optStatusRequired')), 0),
    status: withDefault(status01, 0),
  },
  cross: [
    // a custom page needs its template page, a jump page its link (a write that sends the field: an update may leave it)
    {
      field: 'pageId', reads: ['type'], message: 'article.catePageRequired',
      refuses: (v) => !isEmpty(v.type) && Number(v.type) === CUSTOM_PAGE && 'pageId' in v && isEmpty(v.pageId), refused: { type: CUSTOM_PAGE, pageId: '' },
    },
    {
      field: 'linkUrl', reads: ['type'], message: 'article.cateLinkRequired',
      refuses: (v) => Number(v.type) === JUMP_PAGE && 'linkUrl' in v && isEmpty(v.linkUrl), refused: { type: JUMP_PAGE, linkUrl: '' },
    },
  ],
};

export const ARTICLE: ResourceDecl = {
  name: 'article',
  path: '/website-blade-article/article',
  fields: {
    // judged in this order (an import's first refusal of a line is the task's reason)
    websiteGroupId: text(required('site.groupRequired')),
    websiteInfoId: text(required('site.websiteRequired')),
    parentId: text(required('article.columnRequired')),
    title: text(required('article.titleRequired'), maxLength(50, 'article.titleMax')),
    keyword: text(required('article.keywordRequired'), maxLength(50, 'article.keywordMax')),
    auth: text(maxLength(50, 'article.authMax')),
    coverImg: text(),
    displayStatus: withDefault(int(oneOf([0, 1], 'article.displayStatusOnOff')), 1),
    sort: withDefault(number(...wholeIn(0, 99999, 'site.sortRange')), 0),
    content: text(required('article.contentRequired')),
    descVal: text(required('article.descRequired'), maxLength(300, 'article.descMax')),
    status: withDefault(int(oneOf([0, 1], 'article.statusOnOff')), 0),
  },
};

export const PARAGRAPH: ResourceDecl = {
  name: 'paragraph',
  path: '/website-blade-article/paragraph',
  fields: {
    content: text(required('article.paragraphRequired')),
  },
};

export const ARTICLE_DECLARATIONS: readonly ResourceDecl[] = [CATE, ARTICLE, PARAGRAPH];
