// Baidu 普通收录 (ziyuan.baidu.com › 普通收录 › 资源提交 › API提交): POST the URLs,
// one a line, to <endpoint>?site=<site as registered>&token=<token>. Its answer:
//   200 {"remain":4999998,"success":2,"not_same_site":[],"not_valid":[]}
//   4xx/5xx {"error":401,"message":"token is not valid"}
// `remain` is what the day's quota still takes after this request; the URLs of
// not_same_site (not of the site) and not_valid (not a valid URL) were refused.
// Errors: 400 site error (the site not verified for the token), 400 empty content,
// 400 only 2000 urls are allowed once, 400 over quota, 401 token is not valid,
// 404 not found, 500 internal error.
import type { UrlHint } from '../../../../../src-shared/search-engines';
import { call, parseJson, type Reply, type Verdict, verdictOf } from './answer';

export interface BaiduSite {
  /** the site as registered at Baidu (e.g. https://www.example.com) */
  site: string;
  token: string;
}

export interface BaiduOutcome {
  reply: Reply;
  verdict: Verdict;
  /** the day's quota after this request (undefined when the answer did not say) */
  remain?: number;
  /** how many were taken */
  success: number;
  /** the URLs refused, with why */
  refused: Map<string, string>;
  /** the day's quota is used up: nothing of this request was taken (400 over quota) */
  overQuota: boolean;
}

interface BaiduReply {
  remain?: number;
  success?: number;
  not_same_site?: string[];
  not_valid?: string[];
  error?: number;
  message?: string;
}

/** Pushes `urls` (at most BAIDU_BATCH) of the site. */
export async function pushBaidu(endpoint: string, site: BaiduSite, urls: readonly string[], signal?: AbortSignal): Promise<BaiduOutcome> {
  const url = new URL(endpoint);
  url.searchParams.set('site', site.site);
  url.searchParams.set('token', site.token);
  const reply = await call(url.toString(), { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: urls.join('\n'), signal });
  // the token is in the request's URL: never in a reason
  if (site.token) reply.text = reply.text.split(site.token).join('***');
  const body = parseJson<BaiduReply>(reply.text) ?? {};
  const message = String(body.message ?? '');
  const overQuota = reply.status === 400 && /over quota/i.test(message);
  const verdict = verdictOf(reply, (r): UrlHint | undefined =>
    r.status === 401 || /token/i.test(message)
      ? { code: 'tokenInvalid' }
      : /site/i.test(message)
        ? { code: 'siteNotVerified', params: { site: site.site } }
        : overQuota
          ? { code: 'quotaExhausted' }
          : undefined,
  );
  const refused = new Map<string, string>();
  if (verdict.kind === 'ok') {
    for (const u of body.not_same_site ?? []) refused.set(u, 'not_same_site');
    for (const u of body.not_valid ?? []) refused.set(u, 'not_valid');
  }
  return {
    reply,
    verdict,
    remain: typeof body.remain === 'number' ? body.remain : undefined,
    success: Number(body.success ?? 0),
    refused,
    overQuota,
  };
}
