// The 搜索引擎 screen's data (issue 36 item 1): each website's use of the
// search engines (search_site, a declared resource: page, detail, update; its
// rows come with the websites, made by a trigger) and the tenant's accounts
// (search_account, one row per tenant: read and written through the special
// routes of connection-routes.ts with the checks below). Secrets (the
// service-account key, Baidu's token, Bing's API key) are sealed with the
// install's SecretBox and answered as the mask, never in clear.
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { declaredResource, defineResource, type Resource } from '../../../crud/resource';
import { SEARCH_SITE } from '../../../../src-shared/declarations/search';
import { SEARCH_ACCOUNT } from '../../../../src-shared/declarations/search-account';
import { judgeInput } from '../../../crud/declared-input';
import { SECRET_MASK } from '../../../crud/values';
import {
  BAIDU_DEFAULT_ENDPOINT,
  BING_DEFAULT_API_ROOT,
  defaultProperty,
  GOOGLE_DEFAULT_API_ROOT,
  INDEXNOW_DEFAULT_ENDPOINT,
  type SearchAccountSubmit,
  type SearchAccountView,
} from '../../../../src-shared/search-engines';
import type { SecretBox } from '../../../util/secret-box';
import { siteHost, siteOrigin } from '../deploy/site-sources';
import { keyLocationOf } from './engines/indexnow';
import { checkPrivateKey, parseServiceAccount } from './engines/google';
import { siteStats } from './connection-stats';
import { reasonText } from '../../../../src-shared/messages/stored';

type Rec = Record<string, unknown>;

/** the accounts' messages (the site form's are keys: src-shared/messages/search-site-messages.ts) */

/**
 * Each website's search engines: page (filters: the website's name, group and domain, each engine on or off),
 * detail and update; no add or remove (the rows come and go with the websites). Each record carries the website's
 * name, group and host, the defaults an empty field stands for, and its stats (connection-stats.ts).
 */
export function connectionResources(box: SecretBox, now: () => number = Date.now): Resource[] {
  const searchSite = defineResource({
    ...declaredResource(SEARCH_SITE, { baiduToken: { secret: true, noFilter: true } }),
    access: { menu: ['searchEngine'], edit: 'searchEngine_edit' },
    table: 'search_site',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['page', 'detail', 'update'],
    columns: [
      { name: 'websiteInfoId', type: 'string', readOnly: true },
      ...declaredResource(SEARCH_SITE, { baiduToken: { secret: true, noFilter: true } }).columns,
      { name: 'baiduRemain', type: 'int', readOnly: true, noFilter: true },
      { name: 'baiduRemainDay', type: 'string', readOnly: true, noFilter: true },
      { name: 'googleLost', type: 'string', readOnly: true },
    ],
    filters: {
      websiteName: (v, d) => sql`website_info_id IN (SELECT id FROM website_info WHERE is_deleted = 0 AND ${d.contains(sql.id('website_name'), v)})`,
      websiteGroupId: (v) => sql`website_info_id IN (SELECT id FROM website_info WHERE is_deleted = 0 AND website_group_id = ${v})`,
      domainName: (v, d) => sql`website_info_id IN (SELECT id FROM website_info WHERE is_deleted = 0 AND ${d.contains(sql.id('domain_name'), v)})`,
    },
    hooks: {
      async beforeWrite(row, ctx) {
        const old = (await ctx.q.get(sql<Rec>`SELECT indexnow_on, indexnow_key, baidu_on, baidu_token, google_property FROM search_site WHERE id = ${String(ctx.id)}`)) ?? {};
        const pick = (name: string, column: string): unknown => (name in row ? row[name] : old[column]);
        const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
        if (Number(pick('indexnowOn', 'indexnow_on')) === 1 && !filled(pick('indexnowKey', 'indexnow_key'))) throw new ServiceError('searchSite.indexnowKeyRequired');
        // the token: a new one sealed; the mask or nothing keeps the stored one (validate() left it out)
        if (filled(row.baiduToken)) row.baiduToken = box.seal(String(row.baiduToken).trim());
        else delete row.baiduToken;
        if (Number(pick('baiduOn', 'baidu_on')) === 1 && !filled(row.baiduToken ?? old.baidu_token)) throw new ServiceError('searchSite.baiduTokenRequired');
        for (const k of ['indexnowKey', 'baiduSite', 'googleProperty', 'bingSite']) if (typeof row[k] === 'string') row[k] = (row[k] as string).trim() || null;
        // another property is another property's data: the next sync starts again from 16 months back (and replaces
        // the days it reads); the lost-access mark was about the old one
        if ('googleProperty' in row && (row.googleProperty ?? null) !== (old.google_property ?? null)) {
          await ctx.q.run(sql`UPDATE search_sync SET first_day = NULL, last_day = NULL WHERE website_info_id = ${String(ctx.id)} AND engine = 'google'`);
          await ctx.q.run(sql`UPDATE search_site SET google_lost = NULL, google_lost_reason = NULL WHERE id = ${String(ctx.id)}`);
        }
      },
      async decorate(records, { tenantId, q, language }) {
        const ids = records.map((r) => String(r.id));
        if (ids.length === 0) return;
        const sites = await q.all(sql<Rec>`SELECT w.id, w.website_name, w.website_group_id, w.type, w.subdomain, w.is_ssl, w.domain_name,
              g.name AS group_name, d.domain AS domain_text
            FROM website_info w
            LEFT JOIN website_group g ON g.id = w.website_group_id
            LEFT JOIN domain_info d ON d.id = w.domain_info_id AND d.is_deleted = 0
           WHERE w.tenant_id = ${tenantId} AND w.id IN (${sql.join(ids)})`);
        const byId = new Map(sites.map((s) => [String(s.id), s]));
        const stats = await siteStats(q, ids, now(), language);
        // the lost-property mark in the reader's language (its key kept beside its zh text)
        const lost = new Map((await q.all(sql<Rec>`SELECT id, google_lost, google_lost_reason FROM search_site WHERE id IN (${sql.join(ids)})`)).map((s) => [String(s.id), s]));
        for (const r of records) {
          const w = byId.get(String(r.id)) ?? {};
          const domain = String(w.domain_text ?? w.domain_name ?? '');
          const host = domain ? siteHost(w, domain) : '';
          const origin = host ? siteOrigin(w, host) : '';
          r.websiteName = String(w.website_name ?? '');
          r.websiteGroupId = String(w.website_group_id ?? '');
          r.websiteGroupName = String(w.group_name ?? '');
          r.host = host;
          r.origin = origin;
          r.indexnowKeyLocation = origin && r.indexnowKey ? keyLocationOf(origin, String(r.indexnowKey)) : '';
          r.baiduSiteDefault = origin;
          r.googlePropertyDefault = defaultProperty(host);
          r.bingSiteDefault = origin ? `${origin}/` : '';
          r.stats = stats.get(String(r.id)) ?? null;
          const l = lost.get(String(r.id));
          if (l?.google_lost) r.googleLost = reasonText(l.google_lost, l.google_lost_reason, language ?? 'zh');
        }
      },
    },
  });
  return [searchSite];
}

/** The tenant's stored account row, or undefined. */
export function storedAccount(q: Queries, tenantId: string): Promise<Rec | undefined> {
  return q.get(sql<Rec>`SELECT * FROM search_account WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
}

/** The accounts as the screen reads them: the defaults where none are stored, the secrets masked. */
export function accountView(r: Rec | undefined): SearchAccountView {
  const secret = (v: unknown) => (typeof v === 'string' && v ? SECRET_MASK : '');
  return {
    id: String(r?.id ?? ''),
    indexnowEndpoint: String(r?.indexnow_endpoint || INDEXNOW_DEFAULT_ENDPOINT),
    baiduEndpoint: String(r?.baidu_endpoint || BAIDU_DEFAULT_ENDPOINT),
    googleKey: secret(r?.google_key),
    googleClientEmail: r?.google_key ? String(r.google_client_email ?? '') : '',
    googleApiRoot: String(r?.google_api_root || GOOGLE_DEFAULT_API_ROOT),
    bingApiKey: secret(r?.bing_api_key),
    bingApiRoot: String(r?.bing_api_root || BING_DEFAULT_API_ROOT),
  };
}

/** the columns an accounts write sets (snake_case), after its checks */
export type AccountColumns = Partial<Record<'indexnow_endpoint' | 'baidu_endpoint' | 'google_api_root' | 'bing_api_root' | 'google_key' | 'google_client_email' | 'bing_api_key', string | null>>;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));
const kept = (v: string): boolean => v === '' || v === SECRET_MASK;

/**
 * Checks an accounts write and gives the columns to store: URLs must be http(s) (empty: the default; a field the
 * body leaves out keeps what is stored); a new service-account key must be a service account's JSON key whose
 * private key signs (else refused with the reason, nothing stored), sealed with its client e-mail beside it; a Bing
 * key sealed. A secret sent as the mask or empty keeps the stored one; `removeGoogleKey` / `removeBingApiKey`
 * remove it.
 */
export async function accountColumns(box: SecretBox, body: SearchAccountSubmit): Promise<AccountColumns> {
  const out: AccountColumns = {};
  const urls = [
    ['indexnowEndpoint', 'indexnow_endpoint', INDEXNOW_DEFAULT_ENDPOINT],
    ['baiduEndpoint', 'baidu_endpoint', BAIDU_DEFAULT_ENDPOINT],
    ['googleApiRoot', 'google_api_root', GOOGLE_DEFAULT_API_ROOT],
    ['bingApiRoot', 'bing_api_root', BING_DEFAULT_API_ROOT],
  ] as const;
  const googleKey = text(body.googleKey);
  const bingKey = text(body.bingApiKey);
  // the declaration judges what the write changes: the URLs it holds, a new key (not kept, not removed)
  const judged: Record<string, unknown> = {};
  for (const [field] of urls) if (Object.prototype.hasOwnProperty.call(body, field)) judged[field] = text(body[field]);
  if (body.removeGoogleKey !== true && !kept(googleKey)) judged.googleKey = googleKey;
  if (body.removeBingApiKey !== true && !kept(bingKey)) judged.bingApiKey = bingKey;
  judgeInput(SEARCH_ACCOUNT, judged, { partial: true });
  for (const [field, column, fallback] of urls) if (field in judged) out[column] = String(judged[field]) || fallback;
  if (body.removeGoogleKey === true) {
    out.google_key = null;
    out.google_client_email = null;
  } else if ('googleKey' in judged) {
    const parsed = parseServiceAccount(googleKey);
    if ('error' in parsed) throw new ServiceError(parsed.error);
    const unusable = await checkPrivateKey(parsed.account);
    if (unusable) throw new ServiceError(unusable);
    out.google_key = box.seal(googleKey);
    out.google_client_email = parsed.account.clientEmail;
  }
  if (body.removeBingApiKey === true) out.bing_api_key = null;
  else if ('bingApiKey' in judged) out.bing_api_key = box.seal(bingKey);
  return out;
}
