// Template page configs' messages (spec content-area.md §3 模板页面): the name, and the list / details page URL
// patterns (src-shared/page-patterns.ts names each problem). zh is the text the server answered before keys.
import type { MessageFamily } from './text';

export const PAGE_CONFIG_MESSAGES = {
  'pageConfig.nameRequired': { zh: '请输入页面名称', en: 'Please enter the page name' },
  'pageConfig.nameMax': { zh: '页面名称不能超过100个字符', en: 'The page name may not exceed 100 characters' },
  'pageConfig.inUse': { zh: '该模板页面已被栏目使用，不能删除', en: 'This template page is used by a category and cannot be deleted' },
  'pageConfig.listRequired': { zh: '请输入列表页', en: 'Please enter the list page' },
  'pageConfig.listTooLong': { zh: '列表页不能超过255个字符', en: 'The list page may not exceed 255 characters' },
  'pageConfig.listChars': { zh: '列表页只能包含字母、数字和 - _ / . 以及占位符', en: 'The list page may hold letters, digits, - _ / . and placeholders only' },
  'pageConfig.listPlaceholder': { zh: '列表页只能使用占位符{cateId}', en: 'The list page may use the placeholder {cateId} only' },
  'pageConfig.listMissingVar': { zh: '列表页须包含栏目ID占位符{cateId}', en: 'The list page must hold the category ID placeholder {cateId}' },
  'pageConfig.listSegment': { zh: '列表页不能包含 . 或 .. 目录', en: 'The list page may not hold a . or .. folder' },
  'pageConfig.detailsRequired': { zh: '请输入详情页', en: 'Please enter the details page' },
  'pageConfig.detailsTooLong': { zh: '详情页不能超过255个字符', en: 'The details page may not exceed 255 characters' },
  'pageConfig.detailsChars': { zh: '详情页只能包含字母、数字和 - _ / . 以及占位符', en: 'The details page may hold letters, digits, - _ / . and placeholders only' },
  'pageConfig.detailsPlaceholder': { zh: '详情页只能使用占位符{cateId}和{id}', en: 'The details page may use the placeholders {cateId} and {id} only' },
  'pageConfig.detailsMissingVar': { zh: '详情页须包含文章ID占位符{id}', en: 'The details page must hold the article ID placeholder {id}' },
  'pageConfig.detailsSegment': { zh: '详情页不能包含 . 或 .. 目录', en: 'The details page may not hold a . or .. folder' },
} as const satisfies MessageFamily;
