// 测试连接: each connection tried against its service, answering what the service
// said (its status and words, shortened) or why it could not be reached, with a
// hint for the operator (src-shared HintCode). Keys and tokens are never in an
// answer: the clients blank them (Baidu's token, Bing's key ride in URLs), and
// the service-account key never leaves the server.
//   IndexNow  the key file fetched from the live site (<origin>/<key>.txt), then the
//             home URL POSTed to the endpoint (which fetches the key file itself)
//   Baidu     the home URL pushed: the answer's remain / success, or its error
//   Google    a token from the key at its token_uri, then sites.get of the property
//             (the permission level, or the 403 naming the client e-mail to add);
//             the tenant's account alone: the token, then sites.list
//   Bing      GetUserSites, and whether the website's site is among them
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import type { MessageKey } from '../../../../src-shared/messages';
import type { ConnectionKind, ConnectionTestResult, UrlHint } from '../../../../src-shared/search-engines';
import type { SecretBox } from '../../../util/secret-box';
import { accountOf, siteOf, type AccountConfig, type SiteConfig } from './connections';
import { call, reasonOf, type Verdict } from './engines/answer';
import { keyLocationOf, submitIndexNow } from './engines/indexnow';
import { pushBaidu } from './engines/baidu';
import { googleVerdict, searchConsoleFor } from './engines/google';
import { bingGet, hasSite } from './engines/bing';

/** a test call waits at most this long for each service */
const TEST_TIMEOUT_MS = 20_000;

export const TEST_MSG = {
  kind: 'searchTest.kind',
  accountKind: 'searchTest.accountKind',
  noSite: 'article.websiteMissing',
  noHost: 'searchTest.noHost',
  noIndexNowKey: 'searchTest.noIndexNowKey',
  noBaiduToken: 'searchTest.noBaiduToken',
  noGoogleKey: 'searchTest.noGoogleKey',
  noBingKey: 'searchTest.noBingKey',
  noProperty: 'searchTest.noProperty',
  noBingSite: 'searchTest.noBingSite',
} as const satisfies Record<string, MessageKey>;

/** the hint of a failure the service did not name: too many requests, or no answer at all */
function retryHint(v: Verdict): UrlHint | undefined {
  if (v.kind === 'stop') return v.hint;
  if (v.kind === 'retry') return v.status === 429 ? { code: 'tooManyRequests' } : v.status === 0 ? { code: 'network' } : undefined;
  return undefined;
}

const result = (ok: boolean, answer: string, status: number, hint?: UrlHint): ConnectionTestResult => ({
  ok,
  answer,
  ...(status ? { status } : {}),
  ...(hint ? { hint } : {}),
});

async function testIndexNow(account: AccountConfig, site: SiteConfig): Promise<ConnectionTestResult> {
  if (!site.host) throw new ServiceError(TEST_MSG.noHost);
  const key = site.indexnow.key;
  if (!key) throw new ServiceError(TEST_MSG.noIndexNowKey);
  const location = keyLocationOf(site.origin, key);
  // the engine checks the key file first: so does the test, where the operator can see what the site serves
  const file = await call(location, { method: 'GET', timeoutMs: TEST_TIMEOUT_MS });
  const fileLine = `${location} → ${file.status ? reasonOf(file.status, file.status === 200 ? file.text.slice(0, 80) : file.text) : file.text}`;
  if (file.status !== 200) return result(false, fileLine, file.status, { code: 'keyNotReachable', params: { url: location } });
  if (file.text.trim() !== key) return result(false, fileLine, file.status, { code: 'keyInvalid', params: { url: location } });
  const sent = await submitIndexNow(account.indexnowEndpoint, { host: site.host, key, keyLocation: location }, [`${site.origin}/`]);
  const answer = `${fileLine}\n${account.indexnowEndpoint} → ${sent.reply.status ? reasonOf(sent.reply.status, sent.reply.text) : sent.reply.text}`;
  return result(sent.verdict.kind === 'ok', answer, sent.reply.status, retryHint(sent.verdict));
}

async function testBaidu(account: AccountConfig, site: SiteConfig): Promise<ConnectionTestResult> {
  if (!site.host) throw new ServiceError(TEST_MSG.noHost);
  if (!site.baidu.token) throw new ServiceError(TEST_MSG.noBaiduToken);
  const home = `${site.origin}/`;
  const out = await pushBaidu(account.baiduEndpoint, { site: site.baidu.site, token: site.baidu.token }, [home]);
  const answer = out.reply.status ? reasonOf(out.reply.status, out.reply.text) : out.reply.text;
  if (out.verdict.kind !== 'ok') return result(false, answer, out.reply.status, retryHint(out.verdict));
  const refused = out.refused.get(home);
  if (refused) return result(false, answer, out.reply.status, { code: 'siteNotVerified', params: { site: site.baidu.site } });
  return result(true, answer, out.reply.status);
}

async function testGoogle(q: Queries, account: AccountConfig, site: SiteConfig | undefined): Promise<ConnectionTestResult> {
  const google = account.google;
  if (!google) throw new ServiceError(TEST_MSG.noGoogleKey);
  const property = site?.google.property ?? '';
  if (site && !property) throw new ServiceError(TEST_MSG.noProperty);
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  const noAccess = (hint: UrlHint | undefined): UrlHint | undefined =>
    hint?.code === 'serviceAccountNoAccess' ? { code: hint.code, params: { ...hint.params, email: google.clientEmail } } : hint;
  try {
    const sc = await searchConsoleFor(google, account.googleApiRoot, signal);
    if (!site) {
      const list = await sc.sites.list({}, { retry: false, signal });
      const entries = (list.data.siteEntry ?? []).map((e) => `${e.siteUrl ?? ''} (${e.permissionLevel ?? ''})`);
      return result(true, reasonOf(list.status, entries.length ? entries.join(', ') : '[]'), list.status);
    }
    const got = await sc.sites.get({ siteUrl: property }, { retry: false, signal });
    const answer = reasonOf(got.status, JSON.stringify(got.data));
    // an unverified user sees the property but reads nothing of it
    if (got.data.permissionLevel === 'siteUnverifiedUser') return result(false, answer, got.status, noAccess({ code: 'serviceAccountNoAccess', params: { property } }));
    // the property answers again: a loss a sync recorded is over
    await q.run(sql`UPDATE search_site SET google_lost = NULL, google_lost_reason = NULL WHERE id = ${site.websiteId} AND google_lost IS NOT NULL`);
    return result(true, answer, got.status);
  } catch (e) {
    const v = googleVerdict(e, property);
    return result(false, v.reason, v.status, noAccess(retryHint(v)));
  }
}

async function testBing(account: AccountConfig, site: SiteConfig | undefined): Promise<ConnectionTestResult> {
  if (!account.bingApiKey) throw new ServiceError(TEST_MSG.noBingKey);
  if (site && !site.bing.site) throw new ServiceError(TEST_MSG.noBingSite);
  const got = await bingGet<unknown>({ apiKey: account.bingApiKey, root: account.bingApiRoot }, 'GetUserSites', {});
  if (got.verdict.kind !== 'ok') return result(false, got.reply.status ? reasonOf(got.reply.status, got.reply.text) : got.reply.text, got.reply.status, retryHint(got.verdict));
  const sites = Array.isArray(got.d) ? (got.d as { Url?: string; IsVerified?: boolean }[]) : [];
  const listed = sites.map((s) => `${s.Url ?? ''}${s.IsVerified === false ? ' (unverified)' : ''}`).join(', ') || '[]';
  const answer = reasonOf(got.reply.status, `GetUserSites: ${listed}`);
  if (site && !hasSite(got.d, site.bing.site)) return result(false, answer, got.reply.status, { code: 'bingSiteMissing', params: { site: site.bing.site } });
  return result(true, answer, got.reply.status);
}

const KINDS: readonly ConnectionKind[] = ['indexnow', 'baidu', 'google', 'bing'];

/** 测试连接 of one website's connection `kind`. */
export async function testSiteConnection(q: Queries, box: SecretBox, tenantId: string, websiteId: string, kind: string): Promise<ConnectionTestResult> {
  if (!KINDS.includes(kind as ConnectionKind)) throw new ServiceError(TEST_MSG.kind);
  const site = websiteId ? await siteOf(q, box, websiteId) : undefined;
  if (!site || site.tenantId !== tenantId) throw new ServiceError(TEST_MSG.noSite);
  const account = await accountOf(q, box, tenantId);
  switch (kind as ConnectionKind) {
    case 'indexnow':
      return testIndexNow(account, site);
    case 'baidu':
      return testBaidu(account, site);
    case 'google':
      return testGoogle(q, account, site);
    case 'bing':
      return testBing(account, site);
  }
}

/** 测试连接 of the tenant's Google or Bing account (no website). */
export async function testAccountConnection(q: Queries, box: SecretBox, tenantId: string, kind: string): Promise<ConnectionTestResult> {
  if (kind !== 'google' && kind !== 'bing') throw new ServiceError(TEST_MSG.accountKind);
  const account = await accountOf(q, box, tenantId);
  return kind === 'google' ? testGoogle(q, account, undefined) : testBing(account, undefined);
}
