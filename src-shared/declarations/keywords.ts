// The keywords family (spec content-area.md §7): managed keywords and keywords kept for generation.
import { int, maxLength, oneOf, required, text, type ResourceDecl } from './declare';

export const KEYWORD: ResourceDecl = {
  name: 'keyword',
  path: '/website-blade-article/keyword',
  fields: {
    keyword: text(required('keyword.managedRequired'), maxLength(50, 'keyword.managedMax')),
  },
};

export const GPT_PRODUCE_KEYWORD: ResourceDecl = {
  name: 'gptProduceKeyword',
  path: '/seo-blade-article/gptProduceKeyword',
  fields: {
    siteGroupId: text(required('site.groupRequired')),
    type: int(required('keyword.genTypeRequired'), oneOf([0, 1, 2, 3], 'keyword.genTypeRequired')),
    keyword: text(required('keyword.genRequired'), maxLength(100, 'keyword.genMax')),
  },
};

export const KEYWORD_DECLARATIONS: readonly ResourceDecl[] = [KEYWORD, GPT_PRODUCE_KEYWORD];
