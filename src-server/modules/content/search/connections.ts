// A tenant's search-engine accounts and a website's use of them, read for work:
// the secrets opened (the service-account key, Baidu's token, Bing's API key), the
// website's host and origin, and each default filled in (the Google property from
// the domain, Baidu's and Bing's site from the origin). The announcer, the sync
// and 测试连接 all read connections through here; the screens' resources
// (connection-resources.ts) write them.
import { sql, type Queries } from '../../../db/data-layer';
import {
  BAIDU_DEFAULT_ENDPOINT,
  BING_DEFAULT_API_ROOT,
  defaultProperty,
  GOOGLE_DEFAULT_API_ROOT,
  INDEXNOW_DEFAULT_ENDPOINT,
} from '../../../../src-shared/search-engines';
import type { SecretBox } from '../../../util/secret-box';
import { siteHost, siteOrigin } from '../deploy/site-sources';
import { parseServiceAccount, type ServiceAccount } from './engines/google';

type Rec = Record<string, unknown>;

export interface AccountConfig {
  tenantId: string;
  indexnowEndpoint: string;
  baiduEndpoint: string;
  googleApiRoot: string;
  bingApiRoot: string;
  /** the service account, when a key is stored (and opens) */
  google?: ServiceAccount;
  googleClientEmail: string;
  /** Bing's API key, when one is stored */
  bingApiKey?: string;
}

export interface SiteConfig {
  websiteId: string;
  tenantId: string;
  websiteName: string;
  /** the host the site is served on; '' when it has no domain */
  host: string;
  /** http(s)://host */
  origin: string;
  indexnow: { on: boolean; key: string };
  baidu: { on: boolean; site: string; token: string; remain: number | null; remainDay: string };
  google: { on: boolean; property: string; lost: string };
  bing: { on: boolean; site: string };
}

/** opens a sealed value; '' when there is none or it does not open (another install's key) */
export function opened(box: SecretBox, sealed: unknown): string {
  if (typeof sealed !== 'string' || !sealed) return '';
  try {
    return box.open(sealed);
  } catch {
    return '';
  }
}

/** The tenant's accounts (the defaults where the tenant set none). */
export async function accountOf(q: Queries, box: SecretBox, tenantId: string): Promise<AccountConfig> {
  const r = await q.get(sql<Rec>`SELECT * FROM search_account WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
  const key = opened(box, r?.google_key);
  const parsed = key ? parseServiceAccount(key) : undefined;
  const bing = opened(box, r?.bing_api_key);
  return {
    tenantId,
    indexnowEndpoint: String(r?.indexnow_endpoint || INDEXNOW_DEFAULT_ENDPOINT),
    baiduEndpoint: String(r?.baidu_endpoint || BAIDU_DEFAULT_ENDPOINT),
    googleApiRoot: String(r?.google_api_root || GOOGLE_DEFAULT_API_ROOT),
    bingApiRoot: String(r?.bing_api_root || BING_DEFAULT_API_ROOT),
    google: parsed && 'account' in parsed ? parsed.account : undefined,
    googleClientEmail: String(r?.google_client_email ?? ''),
    bingApiKey: bing || undefined,
  };
}

/** A live website's connections, or undefined when the website is gone. */
export async function siteOf(q: Queries, box: SecretBox, websiteId: string): Promise<SiteConfig | undefined> {
  const w = await q.get(sql<Rec>`SELECT w.*, d.domain AS domain_text FROM website_info w
      LEFT JOIN domain_info d ON d.id = w.domain_info_id AND d.is_deleted = 0
     WHERE w.id = ${websiteId} AND w.is_deleted = 0`);
  if (!w) return undefined;
  const s = (await q.get(sql<Rec>`SELECT * FROM search_site WHERE id = ${websiteId}`)) ?? {};
  const host = w.domain_text ? siteHost(w, String(w.domain_text)) : '';
  const origin = host ? siteOrigin(w, host) : '';
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    websiteId,
    tenantId: String(w.tenant_id),
    websiteName: String(w.website_name ?? ''),
    host,
    origin,
    indexnow: { on: Number(s.indexnow_on) === 1, key: text(s.indexnow_key) },
    baidu: {
      on: Number(s.baidu_on) === 1,
      site: text(s.baidu_site) || origin,
      token: opened(box, s.baidu_token),
      remain: s.baidu_remain === null || s.baidu_remain === undefined ? null : Number(s.baidu_remain),
      remainDay: text(s.baidu_remain_day),
    },
    google: { on: Number(s.google_on) === 1, property: text(s.google_property) || defaultProperty(host), lost: text(s.google_lost) },
    bing: { on: Number(s.bing_on) === 1, site: text(s.bing_site) || (origin ? `${origin}/` : '') },
  };
}
