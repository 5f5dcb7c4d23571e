// The search-engine loop (issue 36): each tenant's connections to IndexNow, Baidu
// 普通收录, Google Search Console and Bing Webmaster Tools, each website's use of
// them, what a deploy announces and what each engine answered per URL, and the
// traffic read back into the site dashboard. The back end
// (src-server/modules/content/search) and the renderer
// (src-renderer/screens/content/search) both read these.

/** the engines a URL is announced to */
export type AnnounceEngine = 'indexnow' | 'baidu' | 'google';
export const ANNOUNCE_ENGINES: readonly AnnounceEngine[] = ['indexnow', 'baidu', 'google'];

/** the engines traffic is read from (site_traffic / search_daily `engine`) */
export type TrafficEngine = 'google' | 'bing';
export const TRAFFIC_ENGINES: readonly TrafficEngine[] = ['google', 'bing'];

/** every connection 测试连接 can try */
export type ConnectionKind = 'indexnow' | 'baidu' | 'google' | 'bing';

/**
 * A URL's outcome at one engine (search_url.state):
 * - pending: queued, not sent yet (or to be sent again after a retryable error);
 * - submitted: the engine accepted it (已提交);
 * - rejected: the engine refused it, with its reason (已拒绝);
 * - quota: did not fit the day's quota, waits for the next day (等待配额);
 * - failed: could not be sent, with the reason and a hint (失败).
 */
export type UrlState = 'pending' | 'submitted' | 'rejected' | 'quota' | 'failed';
export const URL_STATES: readonly UrlState[] = ['pending', 'submitted', 'rejected', 'quota', 'failed'];

/** what a release did to a URL */
export type UrlChange = 'added' | 'changed' | 'removed';

/** why an announcement was made */
export type AnnounceKind = 'deploy' | 'rollback' | 'full';

/**
 * An announcement's outcome as a whole (search_announce.state): queued / running while its job works, then done
 * (every URL submitted at every engine), partial (some rejected, failed or waiting for quota), failed (none
 * submitted, or the job could not run), cancelled.
 */
export type AnnounceState = 'queued' | 'running' | 'done' | 'partial' | 'failed' | 'cancelled';

/** a sync's outcome (search_sync.state) */
export type SyncState = 'never' | 'queued' | 'running' | 'done' | 'failed' | 'lost';

/**
 * A hint for an engine's refusal, shown beside its reason (i18n key `search.hint.<code>`, params interpolated):
 * what the operator can do about it.
 */
export type HintCode =
  | 'keyNotReachable' // IndexNow: the key file is not served at {url}
  | 'keyInvalid' // IndexNow: the key does not match / is not valid
  | 'urlsInvalid' // IndexNow 422: the URLs do not belong to the host, or the key does not match the schema
  | 'tooManyRequests' // 429
  | 'tokenInvalid' // Baidu: the token was refused
  | 'siteNotVerified' // Baidu: the site is not verified for the token / not_same_site
  | 'quotaExhausted' // Baidu: no quota left today
  | 'serviceAccountNoAccess' // Google: the service account was not added to the property {property}
  | 'serviceAccountInvalid' // Google: the key was refused (deleted or disabled)
  | 'bingKeyInvalid' // Bing: the API key was refused
  | 'bingSiteMissing' // Bing: the site is not in the account
  | 'network'; // the service could not be reached

export interface UrlHint {
  code: HintCode;
  params?: Record<string, string | number>;
}

/** The IndexNow endpoint every participating engine shares (www.indexnow.org). */
export const INDEXNOW_DEFAULT_ENDPOINT = 'https://api.indexnow.org/indexnow';
/** Baidu 普通收录's push endpoint (ziyuan.baidu.com › 普通收录 › API提交). */
export const BAIDU_DEFAULT_ENDPOINT = 'http://data.zz.baidu.com/urls';
/** The Search Console API's root (the @googleapis/searchconsole client's rootUrl). */
export const GOOGLE_DEFAULT_API_ROOT = 'https://searchconsole.googleapis.com/';
/** Bing Webmaster Tools' JSON API root. */
export const BING_DEFAULT_API_ROOT = 'https://ssl.bing.com/webmaster/api.svc/json/';

/** An IndexNow key: 8 to 128 characters of a-z, A-Z, 0-9 and '-' (www.indexnow.org/documentation). */
export const INDEXNOW_KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;
/** A Search Console property: a domain property (sc-domain:example.com) or a URL prefix (https://www.example.com/). */
export const GOOGLE_PROPERTY_PATTERN = /^(sc-domain:[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+|https?:\/\/[^\s/?#]+\/(\S*\/)?)$/i;

/** IndexNow takes at most this many URLs in one POST. */
export const INDEXNOW_BATCH = 10_000;
/** Baidu's push takes at most this many URLs in one POST (its documentation: 2,000 per request). */
export const BAIDU_BATCH = 2_000;
/** Search Console's search analytics answers at most this many rows a request. */
export const GOOGLE_ROW_LIMIT = 25_000;
/** Search Console keeps 16 months of search analytics: a first sync reaches that far back. */
export const FIRST_SYNC_MONTHS = 16;
/** The last days a sync reads again each time: Search Console's latest data still changes. */
export const RESYNC_DAYS = 3;

/** The default property of a website on `host`: its domain property. */
export const defaultProperty = (host: string): string => (host ? `sc-domain:${host.replace(/^www\./i, '')}` : '');

/** The routes of the connections screen and the dashboard (under the API base). */
export const SEARCH_API = {
  account: '/seo-blade-search/account',
  site: '/seo-blade-search/site',
  url: '/seo-blade-search/url',
  announce: '/seo-blade-search/announce',
  dashboard: '/seo-blade-search/dashboard',
  traffic: '/seo-blade-search/traffic',
} as const;

/** The tenant's search-engine accounts, as the screen reads them (secrets masked). */
export interface SearchAccountView {
  id: string;
  indexnowEndpoint: string;
  baiduEndpoint: string;
  /** the service-account key: the mask when one is stored, '' when none */
  googleKey: string;
  /** the stored key's client e-mail: the address to add to each property as a user */
  googleClientEmail: string;
  googleApiRoot: string;
  /** the Bing Webmaster API key: the mask when one is stored */
  bingApiKey: string;
  bingApiRoot: string;
}

/** What 账号设置 posts: the fields of SearchAccountView (a secret left as the mask or '' keeps the stored one), and
 * the explicit removal of a stored secret. */
export interface SearchAccountSubmit {
  indexnowEndpoint?: string;
  baiduEndpoint?: string;
  /** the service-account key's JSON text; the mask or '' keeps the stored key */
  googleKey?: string;
  googleApiRoot?: string;
  bingApiKey?: string;
  bingApiRoot?: string;
  /** removes the stored service-account key (and its client e-mail) */
  removeGoogleKey?: boolean;
  /** removes the stored Bing API key */
  removeBingApiKey?: boolean;
}

/** a connection's state in the website list: switched off, on, or (Google) the property lost */
export type ConnectionState = 'on' | 'off' | 'lost';

/** What the website list (网站管理) shows of a website's search engines (its record's `search`). */
export interface SiteSearchSummary {
  clicks7d: number;
  engines: Record<ConnectionKind, ConnectionState>;
  /** why the service account lost the Google property ('' when it did not) */
  googleLost: string;
}

/** The outcome counts of one website's URLs at one engine. */
export type UrlCounts = Record<UrlState, number>;

/** A website's search-engine state: its connections, what was announced, the last announcement and sync. */
export interface SearchSiteStats {
  websiteInfoId: string;
  /** per engine: URLs by outcome */
  urls: Record<AnnounceEngine, UrlCounts>;
  lastAnnounce: {
    id: string;
    kind: AnnounceKind;
    state: AnnounceState;
    urls: number;
    message: string;
    time: string;
  } | null;
  lastSync: Partial<Record<TrafficEngine, { state: SyncState; message: string; time: string; lastDay: string }>>;
  /** clicks of the last 7 days (all engines) */
  clicks7d: number;
}

/** The answer of 测试连接. */
export interface ConnectionTestResult {
  ok: boolean;
  /** what the service answered, in its words (status and body, shortened), or why it could not be reached */
  answer: string;
  /** the HTTP status, when the service answered */
  status?: number;
  hint?: UrlHint;
}

/** The dashboard's filter: a date range (inclusive, YYYY-MM-DD), an engine ('' = all), a website ('' = all). */
export interface TrafficFilter {
  from: string;
  to: string;
  engine?: TrafficEngine | '';
  websiteInfoId?: string;
}

export interface TrafficTotals {
  clicks: number;
  impressions: number;
  /** clicks / impressions, 0..1 */
  ctr: number;
  /** impression-weighted average position (0 when no impressions) */
  position: number;
}

export interface TrafficDay extends TrafficTotals {
  day: string;
  engine: TrafficEngine;
}

/** A row of the top pages or top queries. */
export interface TrafficTopRow extends TrafficTotals {
  key: string;
}

export type TrafficSort = 'clicks' | 'impressions' | 'ctr' | 'position';
