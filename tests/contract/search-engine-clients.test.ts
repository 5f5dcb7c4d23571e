// The search engines' clients (src-server/modules/content/search/engines) against
// their stand-ins on 127.0.0.1 (tests/support/search-engines.ts): Google through
// the official @googleapis/searchconsole client and a service-account key made for
// the test, IndexNow fetching the key file from a served release, Baidu's quota and
// its error form, Bing's JSON API. Each outcome an announcement or a sync acts on.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, forgetTokens, googleVerdict, parseServiceAccount, searchConsoleFor, type ServiceAccount } from '../../src-server/modules/content/search/engines/google';
import { keyFile, keyLocationOf, submitIndexNow } from '../../src-server/modules/content/search/engines/indexnow';
import { pushBaidu } from '../../src-server/modules/content/search/engines/baidu';
import { bingDay, bingGet, hasSite, statsOf } from '../../src-server/modules/content/search/engines/bing';
import { baiduStandIn, bingStandIn, googleStandIn, indexNowStandIn, makeServiceAccount, siteServer, type BaiduStandIn, type BingStandIn, type GoogleStandIn, type IndexNowStandIn } from '../support/search-engines';
import { messageText, type Message } from '../../src-shared/messages';

/** a key's refusal, in Chinese (the table's text), or null when it is read */
const refusal = (r: { error: Message } | object): string | null => ('error' in r ? messageText((r as { error: Message }).error, 'zh') : null);

/** an address nothing listens on: a port just freed */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  await new Promise((r) => s.close(r));
  return url;
}

describe('Google Search Console', () => {
  let g: GoogleStandIn;
  let account: ServiceAccount;
  let email: string;
  beforeAll(async () => {
    g = await googleStandIn({ rowsPerDay: 60, today: '2026-11-20' });
    const key = makeServiceAccount(g.tokenUri);
    g.trust(key);
    email = key.clientEmail;
    const parsed = parseServiceAccount(key.json);
    if (!('account' in parsed)) throw new Error(messageText(parsed.error, 'zh'));
    account = parsed.account;
  });
  afterAll(() => g.close());

  it('a key that is not JSON, or not a service account, is refused with the reason', () => {
    expect(refusal(parseServiceAccount('{not json'))).toContain('不是有效的JSON');
    expect(refusal(parseServiceAccount('[1]'))).toBe('服务账号密钥不是JSON对象');
    expect(refusal(parseServiceAccount(JSON.stringify({ type: 'authorized_user', client_id: 'x' })))).toBe('不是服务账号密钥: type 应为 service_account，实为 authorized_user');
    expect(refusal(parseServiceAccount(JSON.stringify({ type: 'service_account', private_key: 'x' })))).toBe('服务账号密钥缺少 client_email');
    expect(refusal(parseServiceAccount(JSON.stringify({ type: 'service_account', client_email: 'a@b.iam.gserviceaccount.com' })))).toContain('private_key');
  });

  it('signs in at the key\'s token_uri; the property answers once the account was added to it, 403 before', async () => {
    forgetTokens();
    const sc = await searchConsoleFor(account, g.rootUrl);
    expect(g.tokensIssued).toBe(1);
    const before = await sc.sites.get({ siteUrl: 'sc-domain:a.example' }).catch((e: unknown) => googleVerdict(e, 'sc-domain:a.example'));
    expect(before).toMatchObject({ kind: 'stop', status: 403, hint: { code: 'serviceAccountNoAccess', params: { property: 'sc-domain:a.example' } } });
    g.grant('sc-domain:a.example', email);
    const site = await sc.sites.get({ siteUrl: 'sc-domain:a.example' });
    expect(site.data).toMatchObject({ siteUrl: 'sc-domain:a.example', permissionLevel: 'siteFullUser' });
    // the token is kept until it nears its end
    await searchConsoleFor(account, g.rootUrl);
    expect(g.tokensIssued).toBe(1);
  });

  it('submits a sitemap; pages through search analytics with rowLimit and startRow to the end', async () => {
    g.grant('sc-domain:b.example', email);
    const sc = await searchConsoleFor(account, g.rootUrl);
    await sc.sitemaps.submit({ siteUrl: 'sc-domain:b.example', feedpath: 'https://b.example/sitemap.xml' });
    expect(g.submitted).toContainEqual({ property: 'sc-domain:b.example', feedpath: 'https://b.example/sitemap.xml' });
    const rows = [];
    for (let startRow = 0; ; startRow += 50) {
      const r = await sc.searchanalytics.query({ siteUrl: 'sc-domain:b.example', requestBody: { startDate: '2026-11-18', endDate: '2026-11-20', dimensions: ['date', 'page', 'query'], rowLimit: 50, startRow } });
      if (!r.data.rows?.length) break;
      rows.push(...r.data.rows);
    }
    expect(rows).toHaveLength(180);
    expect(new Set(rows.map((r) => r.keys![0]))).toEqual(new Set(['2026-11-18', '2026-11-19', '2026-11-20']));
    // a day past the stand-in's today has nothing
    const none = await sc.searchanalytics.query({ siteUrl: 'sc-domain:b.example', requestBody: { startDate: '2026-11-21', endDate: '2026-11-22', dimensions: ['date'] } });
    expect(none.data.rows).toBeUndefined();
  });

  it('a quota answer retries, a key removed in Google\'s console stops with its hint', async () => {
    g.grant('sc-domain:c.example', email);
    const sc = await searchConsoleFor(account, g.rootUrl);
    g.force({ status: 429, times: 1 });
    const quota = await sc.searchanalytics.query({ siteUrl: 'sc-domain:c.example', requestBody: { startDate: '2026-11-20', endDate: '2026-11-20' } }, { retry: false }).catch((e: unknown) => googleVerdict(e, 'sc-domain:c.example'));
    expect(quota).toMatchObject({ kind: 'retry', status: 429 });
    forgetTokens();
    g.revokeKey(email);
    const refused = await accessToken(account).catch((e: unknown) => googleVerdict(e, ''));
    expect(refused).toMatchObject({ kind: 'stop', status: 400, hint: { code: 'serviceAccountInvalid' } });
    expect((refused as { reason: string }).reason).toContain('invalid_grant');
  });
});

describe('IndexNow', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof siteServer>>;
  let ix: IndexNowStandIn;
  const key = 'a1b2c3d4e5f6a7b8';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'seo-indexnow-'));
    mkdirSync(join(dir, 'releases', 'r1'), { recursive: true });
    writeFileSync(join(dir, 'releases', 'r1', keyFile(key).path), keyFile(key).text);
    symlinkSync('releases/r1', join(dir, 'current'));
    site = await siteServer((host) => (host === 'news.example' ? dir : undefined));
    ix = await indexNowStandIn(async (location, host) => {
      const res = await fetch(`${site.url}${new URL(location).pathname}`, { headers: { 'x-site-host': host } });
      return res.ok ? res.text() : undefined;
    });
  });
  afterAll(async () => {
    await ix.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const send = (urls: string[], k = key) => submitIndexNow(ix.endpoint, { host: 'news.example', key: k, keyLocation: keyLocationOf('https://news.example', k) }, urls);

  it('200 and 202 submit; the engine fetched the key file from the release', async () => {
    expect(await send(['https://news.example/', 'https://news.example/a/1.html'])).toMatchObject({ urlState: 'submitted', verdict: { kind: 'ok' }, reply: { status: 200 } });
    expect(site.fetched).toContain(`news.example/${key}.txt`);
    ix.mode = 202;
    expect(await send(['https://news.example/b/'])).toMatchObject({ urlState: 'submitted', reply: { status: 202 } });
    expect([...ix.accepted]).toEqual(['https://news.example/', 'https://news.example/a/1.html', 'https://news.example/b/']);
    ix.mode = 200;
  });

  it('403 when the key file is not there, with the hint naming where it was looked for; 422 for URLs of another host', async () => {
    const missing = await send(['https://news.example/'], 'ffffffffffffffff');
    expect(missing).toMatchObject({ urlState: 'failed', verdict: { kind: 'stop', status: 403, hint: { code: 'keyNotReachable', params: { url: 'https://news.example/ffffffffffffffff.txt' } } } });
    const other = await send(['https://elsewhere.example/x.html']);
    expect(other).toMatchObject({ urlState: 'rejected', verdict: { kind: 'stop', status: 422, hint: { code: 'urlsInvalid' } } });
  });

  it('429 and 5xx retry (Retry-After kept); an endpoint that is down retries with the network\'s reason', async () => {
    ix.force({ status: 429, times: 1, retryAfter: 7 });
    expect(await send(['https://news.example/'])).toMatchObject({ urlState: 'pending', verdict: { kind: 'retry', status: 429, retryAfterMs: 7000 } });
    ix.force({ status: 503, times: 1 });
    expect(await send(['https://news.example/'])).toMatchObject({ urlState: 'pending', verdict: { kind: 'retry', status: 503 } });
    const down = await submitIndexNow(`${await closedPort()}/indexnow`, { host: 'news.example', key, keyLocation: '' }, ['https://news.example/']);
    expect(down).toMatchObject({ urlState: 'pending', verdict: { kind: 'retry', status: 0, reason: expect.stringContaining('ECONNREFUSED') } });
  });
});

describe('Baidu 普通收录', () => {
  let b: BaiduStandIn;
  beforeAll(async () => {
    b = await baiduStandIn();
    b.register('https://www.news.example', 'tok-123', 3);
  });
  afterAll(() => b.close());
  const site = { site: 'https://www.news.example', token: 'tok-123' };

  it('takes URLs within the day\'s quota and says what remains; not_same_site and not_valid are refused per URL', async () => {
    const r = await pushBaidu(b.endpoint, site, ['https://www.news.example/1.html', 'https://other.example/2.html', 'notaurl']);
    expect(r).toMatchObject({ verdict: { kind: 'ok' }, remain: 2, success: 1, overQuota: false });
    expect([...r.refused]).toEqual([['https://other.example/2.html', 'not_same_site'], ['notaurl', 'not_valid']]);
  });

  it('over quota, a refused token (never in the reason) and a 500, in Baidu\'s error form', async () => {
    const over = await pushBaidu(b.endpoint, site, ['https://www.news.example/1.html', 'https://www.news.example/2.html', 'https://www.news.example/3.html']);
    expect(over).toMatchObject({ overQuota: true, verdict: { kind: 'stop', status: 400, hint: { code: 'quotaExhausted' } } });
    const token = await pushBaidu(b.endpoint, { ...site, token: 'wrong-token' }, ['https://www.news.example/1.html']);
    expect(token).toMatchObject({ verdict: { kind: 'stop', status: 401, hint: { code: 'tokenInvalid' }, reason: 'HTTP 401: {"error":401,"message":"token is not valid"}' } });
    b.force({ status: 500, times: 1 });
    expect(await pushBaidu(b.endpoint, site, ['https://www.news.example/1.html'])).toMatchObject({ verdict: { kind: 'retry', status: 500 } });
    b.nextDay();
    expect(await pushBaidu(b.endpoint, site, ['https://www.news.example/9.html'])).toMatchObject({ remain: 2, success: 1 });
  });
});

describe('Bing Webmaster', () => {
  let bing: BingStandIn;
  beforeAll(async () => {
    bing = await bingStandIn();
    bing.account('bing-key', ['https://news.example/']);
    bing.setDay('https://news.example/', '2026-11-19', {
      clicks: 9,
      impressions: 120,
      queries: [{ key: 'news today', clicks: 5, impressions: 70, position: 3.5 }],
      pages: [{ key: 'https://news.example/a.html', clicks: 4, impressions: 50, position: 6 }],
    });
  });
  afterAll(() => bing.close());

  it('reads the account\'s sites, day totals and query and page stats; a wrong key stops with its hint', async () => {
    const acc = { apiKey: 'bing-key', root: bing.root };
    const sites = await bingGet<unknown>(acc, 'GetUserSites', {});
    expect(sites.verdict).toEqual({ kind: 'ok' });
    expect(hasSite(sites.d, 'https://news.example')).toBe(true);
    const q = await bingGet<unknown>(acc, 'GetQueryStats', { siteUrl: 'https://news.example/' });
    expect(statsOf(q.d)).toEqual([{ day: '2026-11-19', clicks: 5, impressions: 70, position: 3.5, key: 'news today' }]);
    const wrong = await bingGet<unknown>({ apiKey: 'nope', root: bing.root }, 'GetUserSites', {});
    expect(wrong.verdict).toMatchObject({ kind: 'stop', status: 400, hint: { code: 'bingKeyInvalid' } });
    expect(wrong.reply.text).not.toContain('nope');
    expect(bingDay('/Date(1316156400000-0700)/')).toBe('2011-09-16');
  });
});
