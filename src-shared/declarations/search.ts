// Each website's search engines (the 搜索引擎 screen's rows, /seo-blade-search/site; issue 36): the switches and
// what each engine needs, declared once for the server's validation and the screen's form. The rows come with the
// websites (no insert): they are only updated. Baidu's token is sealed by the server and answered as the mask.
import { int, isEmpty, maxLength, oneOf, pattern, text, withDefault, type FieldDecl, type ResourceDecl } from './declare';
import { GOOGLE_PROPERTY_PATTERN, INDEXNOW_KEY_PATTERN } from '../search-engines';

/** an endpoint, API root or site: an http(s) URL */
export const HTTP_URL = /^https?:\/\/[^\s/?#]+(\/\S*)?$/i;
/** a Baidu push token: letters and digits (ziyuan.baidu.com gives 16); the stored one comes back as the mask (kept) */
const BAIDU_TOKEN = '^([A-Za-z0-9]{1,100}|\\*{6})$';

const onOff = withDefault(int(oneOf([0, 1], 'searchSite.onOff')), 0);
const on = (v: unknown): boolean => v === true || Number(v) === 1;
/** a field the switch `flag` needs: refused empty while it is on */
const neededBy = (flag: string, field: string, message: 'searchSite.indexnowKeyRequired' | 'searchSite.baiduTokenRequired') => ({
  field, reads: [flag], message,
  refuses: (v: Readonly<Record<string, unknown>>) => on(v[flag]) && field in v && isEmpty(v[field]),
  refused: { [flag]: 1, [field]: '' },
});
const site = (maxKey: 'searchSite.baiduSiteMax' | 'searchSite.bingSiteMax', key: 'searchSite.baiduSite' | 'searchSite.bingSite'): FieldDecl =>
  ({ ...text(maxLength(255, maxKey), pattern(HTTP_URL, key)), example: 'https://www.example.com/' });

export const SEARCH_SITE: ResourceDecl = {
  name: 'searchSite',
  path: '/seo-blade-search/site',
  updateOnly: true,
  fields: {
    indexnowOn: onOff,
    indexnowKey: { ...text(pattern(INDEXNOW_KEY_PATTERN, 'searchSite.indexnowKey')), example: 'abcdef12-3456' },
    baiduOn: onOff,
    baiduSite: site('searchSite.baiduSiteMax', 'searchSite.baiduSite'),
    baiduToken: text(pattern(BAIDU_TOKEN, 'searchSite.baiduToken')),
    googleOn: onOff,
    googleProperty: { ...text(maxLength(255, 'searchSite.googlePropertyMax'), pattern(GOOGLE_PROPERTY_PATTERN, 'searchSite.googleProperty')), example: 'sc-domain:example.com' },
    bingOn: onOff,
    bingSite: site('searchSite.bingSiteMax', 'searchSite.bingSite'),
  },
  cross: [neededBy('indexnowOn', 'indexnowKey', 'searchSite.indexnowKeyRequired'), neededBy('baiduOn', 'baiduToken', 'searchSite.baiduTokenRequired')],
};

export const SEARCH_DECLARATIONS: readonly ResourceDecl[] = [SEARCH_SITE];
