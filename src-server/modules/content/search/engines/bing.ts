// Bing Webmaster Tools' JSON API (learn.microsoft.com/bingwebmaster/ › Bing
// Webmaster API): GET <root><Method>?apikey=<key>[&siteUrl=<site>], answering
// {"d": ...}. Dates come as "/Date(1316156400000-0700)/". The product reads:
//   GetUserSites            the sites of the key's account (测试连接)
//   GetRankAndTrafficStats  clicks and impressions per day (the day totals)
//   GetQueryStats           per query and date: clicks, impressions, average position
//   GetPageStats            per page and date, the same
// An error answers {"ErrorCode": n, "Message": "ERROR!!! InvalidApiKey"} (3 InvalidApiKey,
// 14 NotAuthorized). Bing's announcements go through IndexNow, which Bing reads.
import { call, parseJson, reasonOf, type Reply, type Verdict, verdictOf } from './answer';

export interface BingAccount {
  apiKey: string;
  root: string;
}

export interface BingStat {
  /** YYYY-MM-DD */
  day: string;
  clicks: number;
  impressions: number;
  /** average position (impressions) */
  position: number;
  /** the query (GetQueryStats) or the page URL (GetPageStats) */
  key: string;
}

/** "/Date(1316156400000-0700)/" as the day it names in its own offset */
export function bingDay(value: unknown): string {
  const m = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(String(value ?? ''));
  if (!m) return '';
  const offset = m[2] ? (m[2][0] === '-' ? -1 : 1) * (Number(m[2].slice(1, 3)) * 60 + Number(m[2].slice(3))) * 60_000 : 0;
  return new Date(Number(m[1]) + offset).toISOString().slice(0, 10);
}

interface BingError {
  ErrorCode?: number;
  Message?: string;
}

/** One GET of `method`: the reply, its verdict, and the `d` it carried. */
export async function bingGet<T>(account: BingAccount, method: string, params: Record<string, string>, signal?: AbortSignal): Promise<{ reply: Reply; verdict: Verdict; d?: T }> {
  const url = new URL(method, account.root.endsWith('/') ? account.root : `${account.root}/`);
  url.searchParams.set('apikey', account.apiKey);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const reply = await call(url.toString(), { method: 'GET', headers: { Accept: 'application/json' }, signal });
  // the key is in the request's URL: never in a reason
  if (account.apiKey) reply.text = reply.text.split(account.apiKey).join('***');
  const body = parseJson<{ d?: T } & BingError>(reply.text);
  let verdict = verdictOf(reply, (r) => (r.status === 401 || /InvalidApiKey|NotAuthorized/i.test(r.text) ? { code: 'bingKeyInvalid' } : undefined));
  // an error in a 200
  if (verdict.kind === 'ok' && body?.ErrorCode) {
    verdict = { kind: 'stop', status: reply.status, reason: reasonOf(reply.status, `${body.ErrorCode} ${body.Message ?? ''}`), hint: { code: 'bingKeyInvalid' } };
  }
  return { reply, verdict, d: body?.d };
}

interface RawStat {
  Date?: string;
  Clicks?: number;
  Impressions?: number;
  AvgImpressionPosition?: number;
  Query?: string;
}

/** the stats rows of GetQueryStats / GetPageStats */
export function statsOf(d: unknown): BingStat[] {
  if (!Array.isArray(d)) return [];
  return (d as RawStat[])
    .map((r) => ({
      day: bingDay(r.Date),
      clicks: Math.max(0, Math.round(Number(r.Clicks ?? 0))),
      impressions: Math.max(0, Math.round(Number(r.Impressions ?? 0))),
      position: Math.max(0, Number(r.AvgImpressionPosition ?? 0)),
      key: String(r.Query ?? ''),
    }))
    .filter((r) => r.day !== '');
}

/** whether the account's sites (GetUserSites) hold `site` (compared without scheme case and trailing slash) */
export function hasSite(d: unknown, site: string): boolean {
  const norm = (u: string) => u.trim().toLowerCase().replace(/\/+$/, '');
  return Array.isArray(d) && (d as { Url?: string }[]).some((s) => norm(String(s.Url ?? '')) === norm(site));
}
