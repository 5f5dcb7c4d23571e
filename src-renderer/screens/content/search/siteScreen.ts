// Each website's search engines (the 搜索引擎 screen's list, /seo-blade-search/site):
// one row per website (made with it: no add, no delete), its connections, what was
// announced and how the engines answered, the last announcement and sync, the
// 7-day clicks; the edit form holds the switches and fields, judged by the
// declaration the server judges them by (src-shared/declarations/search.ts); row actions 测试连接, 立即同步, 全站提交 and 提交记录, each behind its button.
import type { ColumnDef, ScreenDef } from '../../../crud/types';
import { SEARCH_API } from '../../../../src-shared/search-engines';
import { SEARCH_SITE } from '../../../../src-shared/declarations/search';
import { call } from '../../../platform/bridge';
import { REMOTE, remoteSelect } from '../shared';
import { AnnounceCell, announceText, clicksText, ClicksCell, connectionCell, connectionText, LastSyncCell, lastSyncText, WebsiteCell, websiteText } from './cells';
import { DEFAULTS, defaultedInput, IndexNowKeyInput } from './inputs';
import { SiteTestDialog } from './TestDialog';
import { HistoryDialog } from './HistoryDialog';
import '../../../i18n/areas/search';

const S = SEARCH_API.site;

/** a list-only column drawn by its cell */
const listed = (name: string, label: string, cell: ColumnDef['cell'], cellText: ColumnDef['cellText'], width?: number): ColumnDef => ({
  name,
  label,
  hideInForm: true,
  cell,
  cellText,
  width,
});

/** a form-only switch */
const switchField = (name: string, label: string): ColumnDef => ({ name, label, valueType: 'switch', hideInTable: true, span: 24 });

const post = (url: string) => async (ctx: { row: Record<string, unknown> | null }) => {
  await call('api:request', { method: 'post', url, params: { id: String(ctx.row!.id) } });
};

export const searchSiteScreen: ScreenDef = {
  code: 'searchEngine',
  title: 'search.site.title',
  api: { list: `${S}/page`, detail: `${S}/detail`, update: `${S}/update`, remove: '' },
  hide: ['add', 'delete', 'batchDelete'],
  declaration: SEARCH_SITE,
  timeRange: false,
  dialogWidth: 820,
  labelWidth: 180,
  recordLabel: 'websiteName',
  columns: [
    { name: 'websiteName', label: 'search.site.websiteName', search: true, readonlyOnEdit: true, span: 24, cell: WebsiteCell, cellText: websiteText },
    remoteSelect('websiteGroupId', 'search.site.websiteGroup', REMOTE.websiteGroups, { search: true, searchOp: 'like', hideInTable: true, hideInForm: true }),
    { name: 'origin', label: 'search.site.origin', hideInTable: true, readonlyOnEdit: true, span: 24 },
    listed('indexnow', 'search.site.indexnow', connectionCell('indexnow'), connectionText('indexnow')),
    listed('baidu', 'search.site.baidu', connectionCell('baidu'), connectionText('baidu')),
    listed('google', 'search.site.google', connectionCell('google'), connectionText('google')),
    listed('bing', 'search.site.bing', connectionCell('bing'), connectionText('bing')),
    listed('lastAnnounce', 'search.site.lastAnnounce', AnnounceCell, announceText),
    listed('lastSync', 'search.site.lastSync', LastSyncCell, lastSyncText),
    listed('clicks7d', 'search.site.clicks7d', ClicksCell, clicksText),
    // the form: each engine's switch, then what it needs
    switchField('indexnowOn', 'search.site.indexnowOn'),
    {
      name: 'indexnowKey', label: 'search.site.indexnowKey', valueType: 'custom', input: IndexNowKeyInput, hideInTable: true, span: 24,
      extra: 'search.site.indexnowKeyHint', dependencies: ['indexnowOn'],
    },
    switchField('baiduOn', 'search.site.baiduOn'),
    {
      name: 'baiduSite', label: 'search.site.baiduSite', valueType: 'custom', input: defaultedInput(DEFAULTS.baiduSite), hideInTable: true, span: 24,
    },
    {
      name: 'baiduToken', label: 'search.site.baiduToken', valueType: 'password', hideInTable: true, span: 24, dependencies: ['baiduOn'],
      // the stored token comes as the mask: sent back, it is kept
    },
    switchField('googleOn', 'search.site.googleOn'),
    {
      name: 'googleProperty', label: 'search.site.googleProperty', valueType: 'custom', input: defaultedInput(DEFAULTS.googleProperty), hideInTable: true, span: 24,
      extra: 'search.site.googlePropertyHint',
    },
    switchField('bingOn', 'search.site.bingOn'),
    {
      name: 'bingSite', label: 'search.site.bingSite', valueType: 'custom', input: defaultedInput(DEFAULTS.bingSite), hideInTable: true, span: 24,
    },
  ],
  extraActions: [
    { key: 'test', label: 'search.action.test', permission: 'searchEngine_test', placement: 'row', render: SiteTestDialog },
    { key: 'sync', label: 'search.action.sync', permission: 'searchEngine_sync', placement: 'row', confirm: 'search.action.syncConfirm', successMessage: 'search.action.queued', run: post(`${S}/sync`) },
    {
      key: 'announce', label: 'search.action.announce', permission: 'searchEngine_announce', placement: 'row', confirm: 'search.action.announceConfirm',
      successMessage: 'search.action.queued', run: post(`${S}/announce`),
    },
    { key: 'history', label: 'search.action.history', permission: 'searchEngine_view', placement: 'row', render: HistoryDialog },
  ],
};
