// The 搜索引擎 screen's back end (issue 36 item 1), on SQLite and PostgreSQL: the
// tenant's accounts (defaults, checks, secrets sealed and answered masked, a key
// that is not a service account's refused and not stored, removal), each
// website's connections (the resource's rules for a request that bypasses the
// form, filters, defaults, stats read from the announcer's and the sync's rows,
// the website list's summary), 测试连接 of every engine against the stand-ins
// (tests/support/search-engines.ts) with its failures, and who may call what.
// The back end runs as a child process behind an HTTP proxy (hostsProxy) that
// serves every website's domain from siteServer: 测试连接 of IndexNow reads the
// key file from the "live site" as it would on the Internet.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { SecretBox } from '../../src-server/util/secret-box';
import { createDept, createRole, createUser } from '../../src-server/system/directory';
import { nextId } from '../../src-server/util/ids';
import { firstDayOf } from '../../src-server/modules/content/search/connection-stats';
import type { ConnectionTestResult, SearchAccountView, SearchSiteStats, SiteSearchSummary } from '../../src-shared/search-engines';
import type { Page } from '../../src-shared/wire';
import { api, ENGINE, login, sharedPostgres, startServerScript, stopChildren, tempDir } from './helpers';
import { baiduStandIn, bingStandIn, googleStandIn, indexNowStandIn, makeServiceAccount, siteServer, type BaiduStandIn, type BingStandIn, type GoogleStandIn, type IndexNowStandIn, type ServiceAccountKey } from '../support/search-engines';
import { hostsProxy, sitesListed, type HostsProxy, type SitesListed } from '../support/search-connections';

type Rec = Record<string, unknown>;
const MASK = '******';
const A = '/seo-blade-search/account';
const S = '/seo-blade-search/site';

let dir: string;
let child: ChildProcess;
let base: string;
let data: DataLayer;
let admin: string;
let g: GoogleStandIn;
let front: SitesListed;
let ix: IndexNowStandIn;
let baidu: BaiduStandIn;
let bing: BingStandIn;
let live: Awaited<ReturnType<typeof siteServer>>;
let proxy: HostsProxy;
let liveDir: string;
let serviceKey: ServiceAccountKey;

/** the news site (domain news.example, its key file served) and the shop site (shop.example, nothing served) */
const NEWS = 'w-news';
const SHOP = 'w-shop';

async function website(id: string, name: string, domain: string, group: string, createTime: string): Promise<void> {
  await data.run(sql`INSERT INTO domain_info (id, tenant_id, name, domain, create_time, update_time, status, is_deleted)
    VALUES (${`d-${id}`}, '000000', ${name}, ${domain}, ${createTime}, ${createTime}, 1, 0)`);
  await data.run(sql`INSERT INTO website_info (id, tenant_id, website_group_id, website_type, website_name, website_lang, domain_info_id, domain_name, type, is_ssl, create_time, update_time, status, is_deleted)
    VALUES (${id}, '000000', ${group}, 0, ${name}, 'zh-CN', ${`d-${id}`}, ${domain}, 1, 0, ${createTime}, ${createTime}, 1, 0)`);
}

beforeAll(async () => {
  g = await googleStandIn();
  serviceKey = makeServiceAccount(g.tokenUri);
  g.trust(serviceKey);
  front = await sitesListed(g, () => ['sc-domain:news.example', 'sc-domain:shop.example']);
  liveDir = mkdtempSync(join(tmpdir(), 'seo-live-'));
  live = await siteServer((host) => (host === 'news.example' ? liveDir : undefined));
  ix = await indexNowStandIn(async (location, host) => {
    const res = await fetch(`${live.url}${new URL(location).pathname}`, { headers: { 'x-site-host': host } });
    return res.ok ? res.text() : undefined;
  });
  baidu = await baiduStandIn();
  bing = await bingStandIn();
  proxy = await hostsProxy(live.url);
  dir = tempDir();
  const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
  const started = await startServerScript('src-server/cli.ts', ['--port', '0', '--data', dir, ...(database ? ['--database', database] : [])], { ...process.env, ...proxy.env });
  child = started.child;
  base = started.base;
  data = database ? postgresDataLayer(database, { max: 2 }) : sqliteDataLayer(openDatabase(dir));
  admin = await login(base);
  await website(NEWS, '新闻站', 'news.example', 'g1', '2026-01-02 00:00:00');
  await website(SHOP, '商城站', 'shop.example', 'g2', '2026-01-01 00:00:00');
}, 60_000);

afterAll(async () => {
  await stopChildren([child]);
  await data?.close();
  for (const s of [g, front, ix, baidu, bing, live, proxy]) await s?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(liveDir, { recursive: true, force: true });
});

const accountRow = () => data.get(sql<Rec>`SELECT * FROM search_account WHERE tenant_id = '000000' AND is_deleted = 0`);
const submit = (json: Rec, token = admin) => api<SearchAccountView>(base, token, 'POST', `${A}/submit`, { json });
const update = (json: Rec, token = admin) => api<Rec>(base, token, 'POST', `${S}/update`, { json });
const detail = async (id: string) => (await api<Rec>(base, admin, 'GET', `${S}/detail`, { query: { id } })).body.data;
const test = async (id: string, kind: string) => (await api<ConnectionTestResult>(base, admin, 'POST', `${S}/test`, { query: { id, kind } })).body;

describe('the tenant\'s accounts', () => {
  it('answer the public services\' defaults while none are stored', async () => {
    const r = await api<SearchAccountView>(base, admin, 'GET', `${A}/detail`);
    expect(r.body.data).toEqual({
      id: '',
      indexnowEndpoint: 'https://api.indexnow.org/indexnow',
      baiduEndpoint: 'http://data.zz.baidu.com/urls',
      googleKey: '',
      googleClientEmail: '',
      googleApiRoot: 'https://searchconsole.googleapis.com/',
      bingApiKey: '',
      bingApiRoot: 'https://ssl.bing.com/webmaster/api.svc/json/',
    });
  });

  it('refuse a key that is not JSON, not a service account\'s, or whose private key cannot sign, with the reason, storing nothing', async () => {
    const bad = async (json: Rec, message: string | RegExp) => {
      const r = await submit(json);
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toMatch(message);
    };
    await bad({ googleKey: '{"type": "service_account",' }, /^服务账号密钥不是有效的JSON/);
    await bad({ googleKey: JSON.stringify({ type: 'authorized_user', client_id: 'x', refresh_token: 'y' }) }, '不是服务账号密钥: type 应为 service_account，实为 authorized_user');
    const cut = JSON.parse(serviceKey.json) as Rec;
    cut.private_key = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n';
    await bad({ googleKey: JSON.stringify(cut) }, /^服务账号密钥的 private_key 无法使用/);
    await bad({ indexnowEndpoint: 'ftp://example.com/indexnow' }, 'IndexNow接口须为http(s)网址');
    await bad({ bingApiRoot: 'not a url' }, 'Bing Webmaster API地址须为http(s)网址');
    await bad({ bingApiKey: 'has spaces in it' }, 'Bing API密钥只能包含字母、数字、连字符和下划线，长度8-200');
    // nothing was stored by any of them
    expect(await accountRow()).toBeUndefined();
  });

  it('store the key sealed with its client e-mail beside it, answer only the mask, and keep it when the mask comes back', async () => {
    const r = await submit({
      indexnowEndpoint: ix.endpoint, baiduEndpoint: baidu.endpoint, googleKey: serviceKey.json, googleApiRoot: front.rootUrl,
      bingApiKey: 'bing-key-0001', bingApiRoot: bing.root,
    });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ googleKey: MASK, googleClientEmail: serviceKey.clientEmail, bingApiKey: MASK, indexnowEndpoint: ix.endpoint, googleApiRoot: front.rootUrl });
    const row = (await accountRow())!;
    const box = SecretBox.forDataDir(dir);
    expect(String(row.google_key)).toMatch(/^v1:/);
    expect(box.open(String(row.google_key))).toBe(serviceKey.json);
    expect(box.open(String(row.bing_api_key))).toBe('bing-key-0001');
    expect(row.google_client_email).toBe(serviceKey.clientEmail);
    const read = await api<SearchAccountView>(base, admin, 'GET', `${A}/detail`);
    expect(JSON.stringify(read.body.data)).not.toMatch(/PRIVATE KEY|bing-key-0001/);
    expect(read.body.data).toMatchObject({ googleKey: MASK, bingApiKey: MASK, googleClientEmail: serviceKey.clientEmail, id: String(row.id) });
    // the form sends the masks back (and another endpoint): the secrets stay as stored
    const again = await submit({ ...read.body.data, baiduEndpoint: `${baidu.endpoint}?from=form` });
    expect(again.body.code, again.body.msg).toBe(200);
    const after = (await accountRow())!;
    expect([after.google_key, after.bing_api_key, after.baidu_endpoint]).toEqual([row.google_key, row.bing_api_key, `${baidu.endpoint}?from=form`]);
    await submit({ ...read.body.data });
  });

  it('remove a stored secret only when asked to, and take a new one after', async () => {
    const r = await submit({ removeBingApiKey: true, bingApiKey: '', googleKey: MASK, bingApiRoot: bing.root, googleApiRoot: front.rootUrl, indexnowEndpoint: ix.endpoint, baiduEndpoint: baidu.endpoint });
    expect(r.body.data).toMatchObject({ bingApiKey: '', googleKey: MASK });
    expect((await accountRow())!.bing_api_key).toBeNull();
    const back = await submit({ ...r.body.data, bingApiKey: 'bing-key-0001' });
    expect(back.body.data.bingApiKey).toBe(MASK);
    const gone = await submit({ ...back.body.data, removeGoogleKey: true });
    expect(gone.body.data).toMatchObject({ googleKey: '', googleClientEmail: '' });
    expect(await accountRow()).toMatchObject({ google_key: null, google_client_email: null });
    const restored = await submit({ ...gone.body.data, googleKey: serviceKey.json });
    expect(restored.body.data).toMatchObject({ googleKey: MASK, googleClientEmail: serviceKey.clientEmail });
  });
});

describe('each website\'s connections', () => {
  it('come with the website (a generated IndexNow key), with its name, host and the defaults an empty field stands for', async () => {
    const page = (await api<Page<Rec>>(base, admin, 'GET', `${S}/page`)).body.data;
    expect(page.records.map((r) => r.websiteName)).toEqual(['新闻站', '商城站']);
    const news = page.records[0]!;
    expect(news).toMatchObject({
      id: NEWS, websiteInfoId: NEWS, host: 'news.example', origin: 'http://news.example', indexnowOn: 0, baiduOn: 0, googleOn: 0, bingOn: 0,
      baiduToken: '', googleProperty: '', googlePropertyDefault: 'sc-domain:news.example', baiduSiteDefault: 'http://news.example', bingSiteDefault: 'http://news.example/',
    });
    expect(String(news.indexnowKey)).toMatch(/^[0-9a-f]{32}$/);
    expect(news.indexnowKeyLocation).toBe(`http://news.example/${String(news.indexnowKey)}.txt`);
  });

  it('are found by the website\'s name, group and domain', async () => {
    const names = async (query: Rec) => (await api<Page<Rec>>(base, admin, 'GET', `${S}/page`, { query: query as Record<string, string> })).body.data.records.map((r) => r.websiteName);
    expect(await names({ websiteName: '商城' })).toEqual(['商城站']);
    expect(await names({ websiteGroupId: 'g1' })).toEqual(['新闻站']);
    expect(await names({ domainName: 'shop.ex' })).toEqual(['商城站']);
    expect(await names({ websiteName: '新闻', websiteGroupId: 'g2' })).toEqual([]);
  });

  it('refuse what the form refuses, for a request that bypasses it, with the server\'s message', async () => {
    const refused = async (json: Rec, message: string) => {
      const r = await update({ id: NEWS, ...json });
      expect(r.body.code, JSON.stringify(json)).toBe(400);
      expect(r.body.msg).toBe(message);
    };
    await refused({ indexnowKey: 'short' }, 'IndexNow密钥须为8-128位字母、数字或连字符(-)');
    await refused({ indexnowKey: 'no_underscores_here' }, 'IndexNow密钥须为8-128位字母、数字或连字符(-)');
    await refused({ indexnowOn: 1, indexnowKey: '' }, '开启IndexNow时请输入IndexNow密钥');
    await refused({ baiduOn: 1 }, '开启百度普通收录时请输入百度推送令牌');
    await refused({ baiduSite: 'ftp://news.example' }, '百度站点须为http(s)网址');
    await refused({ baiduToken: 'token with space' }, '百度推送令牌只能包含字母和数字，且不能超过100个字符');
    await refused({ googleProperty: 'news.example' }, 'Google资源须为 sc-domain:域名 或以 / 结尾的http(s)网址前缀');
    await refused({ googleProperty: 'https://news.example' }, 'Google资源须为 sc-domain:域名 或以 / 结尾的http(s)网址前缀');
    await refused({ bingSite: 'news.example' }, 'Bing站点须为http(s)网址');
    await refused({ googleOn: 2 }, '开关只能是0或1');
    // nothing of those was written
    expect(await detail(NEWS)).toMatchObject({ indexnowOn: 0, baiduOn: 0, googleProperty: '', bingSite: '' });
  });

  it('seal Baidu\'s token, answer it masked, and keep it when the form sends the mask back', async () => {
    const r = await update({ id: NEWS, indexnowOn: 1, baiduOn: 1, baiduToken: 'newsToken123', googleOn: 1, googleProperty: 'https://news.example/', bingOn: 1 });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ indexnowOn: 1, baiduOn: 1, baiduToken: MASK, googleOn: 1, googleProperty: 'https://news.example/', bingOn: 1 });
    const stored = (await data.get(sql<{ baidu_token: string }>`SELECT baidu_token FROM search_site WHERE id = ${NEWS}`))!.baidu_token;
    expect(stored).toMatch(/^v1:/);
    expect(SecretBox.forDataDir(dir).open(stored)).toBe('newsToken123');
    // the detail posted back unchanged (as the edit dialog does): the token stays
    const back = await update(await detail(NEWS));
    expect(back.body.code, back.body.msg).toBe(200);
    expect((await data.get(sql<{ baidu_token: string }>`SELECT baidu_token FROM search_site WHERE id = ${NEWS}`))!.baidu_token).toBe(stored);
    const page = await api<Page<Rec>>(base, admin, 'GET', `${S}/page`);
    expect(JSON.stringify(page.body.data)).not.toContain('newsToken123');
    // the property back to its default for the tests below
    expect((await update({ id: NEWS, googleProperty: '' })).body.data.googleProperty).toBe('');
  });

  it('carry the stats the announcer and the sync wrote, and the website list carries the 7-day clicks and the connections\' states', async () => {
    const now = '2026-01-05 10:00:00';
    const url = (engine: string, u: string, state: string) =>
      data.run(sql`INSERT INTO search_url (id, tenant_id, website_info_id, engine, url, change_kind, state, update_time) VALUES (${nextId()}, '000000', ${NEWS}, ${engine}, ${u}, 'added', ${state}, ${now})`);
    for (const [i, state] of ['submitted', 'submitted', 'submitted', 'pending', 'failed'].entries()) await url('indexnow', `http://news.example/${i}.html`, state);
    await url('baidu', 'http://news.example/0.html', 'quota');
    await url('baidu', 'http://news.example/1.html', 'rejected');
    const announce = (id: string, created: string, state: string, message: string) =>
      data.run(sql`INSERT INTO search_announce (id, tenant_id, website_info_id, kind, urls_total, state, message, create_time, end_time)
        VALUES (${id}, '000000', ${NEWS}, 'deploy', 5, ${state}, ${message}, ${created}, ${created})`);
    await announce('a1', '2026-01-04 09:00:00', 'done', '');
    await announce('a2', '2026-01-05 09:00:00', 'partial', '1 个网址失败');
    await data.run(sql`INSERT INTO search_sync (website_info_id, engine, tenant_id, state, message, last_day, sync_time) VALUES (${NEWS}, 'google', '000000', 'lost', 'HTTP 403: no permission', '2026-01-03', ${now})`);
    await data.run(sql`UPDATE search_site SET google_lost = 'HTTP 403: no permission' WHERE id = ${NEWS}`);
    const today = new Date().toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    expect(firstDayOf(Date.now())).toBe(day(6));
    for (const [d, engine, clicks] of [[0, 'google', 5], [6, 'google', 7], [6, 'bing', 2], [7, 'google', 1000]] as const) {
      await data.run(sql`INSERT INTO search_daily (tenant_id, website_info_id, engine, day, clicks, impressions, position_sum) VALUES ('000000', ${NEWS}, ${engine}, ${day(d)}, ${clicks}, 100, 300)`);
    }
    const stats = (await detail(NEWS)).stats as SearchSiteStats;
    expect(stats.urls.indexnow).toEqual({ pending: 1, submitted: 3, rejected: 0, quota: 0, failed: 1 });
    expect(stats.urls.baidu).toEqual({ pending: 0, submitted: 0, rejected: 1, quota: 1, failed: 0 });
    expect(stats.urls.google).toEqual({ pending: 0, submitted: 0, rejected: 0, quota: 0, failed: 0 });
    expect(stats.lastAnnounce).toEqual({ id: 'a2', kind: 'deploy', state: 'partial', urls: 5, message: '1 个网址失败', time: '2026-01-05 09:00:00' });
    expect(stats.lastSync).toEqual({ google: { state: 'lost', message: 'HTTP 403: no permission', time: now, lastDay: '2026-01-03' } });
    expect(stats.clicks7d).toBe(14);
    const shop = (await detail(SHOP)).stats as SearchSiteStats;
    expect([shop.lastAnnounce, shop.lastSync, shop.clicks7d, shop.urls.indexnow.submitted]).toEqual([null, {}, 0, 0]);

    const sites = (await api<Page<Rec>>(base, admin, 'GET', '/website-blade-material/websiteInfo/page')).body.data.records;
    const summary = (id: string) => sites.find((s) => s.id === id)!.search as SiteSearchSummary;
    expect(summary(NEWS)).toEqual({ clicks7d: 14, engines: { indexnow: 'on', baidu: 'on', google: 'lost', bing: 'on' }, googleLost: 'HTTP 403: no permission' });
    expect(summary(SHOP)).toEqual({ clicks7d: 0, engines: { indexnow: 'off', baidu: 'off', google: 'off', bing: 'off' }, googleLost: '' });
  });
});

describe('测试连接', () => {
  let newsKey = '';
  beforeAll(async () => {
    newsKey = String((await detail(NEWS)).indexnowKey);
    mkdirSync(join(liveDir, 'releases', 'r1'), { recursive: true });
    writeFileSync(join(liveDir, 'releases', 'r1', `${newsKey}.txt`), newsKey);
    symlinkSync('releases/r1', join(liveDir, 'current'));
  });

  it('IndexNow: the key file read from the live site, then the home URL accepted (200, 202) or refused with the engine\'s answer and a hint', async () => {
    const ok = await test(NEWS, 'indexnow');
    expect(ok.data, ok.msg).toMatchObject({ ok: true, status: 200 });
    expect(ok.data.answer).toBe(`http://news.example/${newsKey}.txt → HTTP 200: ${newsKey}\n${ix.endpoint} → HTTP 200`);
    // through the proxy to the site server, which served the release's key file; the engine fetched it too
    expect(proxy.tunnels).toContain('news.example:80');
    expect(live.fetched.filter((f) => f === `news.example/${newsKey}.txt`).length).toBe(2);
    expect(ix.requests.at(-1)).toMatchObject({ host: 'news.example', key: newsKey, urls: ['http://news.example/'], status: 200 });
    ix.mode = 202;
    expect((await test(NEWS, 'indexnow')).data).toMatchObject({ ok: true, status: 202 });
    ix.mode = 422;
    expect((await test(NEWS, 'indexnow')).data).toMatchObject({ ok: false, status: 422, hint: { code: 'urlsInvalid', params: { host: 'news.example' } } });
    ix.mode = 200;
    ix.force({ status: 429, times: 1 });
    expect((await test(NEWS, 'indexnow')).data).toMatchObject({ ok: false, status: 429, hint: { code: 'tooManyRequests' } });
    // the shop's release is not served: the key file is not there, and the engine is not asked
    const asked = ix.requests.length;
    const missing = await test(SHOP, 'indexnow');
    const shopKey = String((await detail(SHOP)).indexnowKey);
    expect(missing.data).toMatchObject({ ok: false, status: 404, hint: { code: 'keyNotReachable', params: { url: `http://shop.example/${shopKey}.txt` } } });
    expect(missing.data.answer).toBe(`http://shop.example/${shopKey}.txt → HTTP 404: no such site`);
    expect(ix.requests.length).toBe(asked);
    // a key file holding another key
    writeFileSync(join(liveDir, 'releases', 'r1', 'abcdefgh.txt'), 'another-key');
    await update({ id: NEWS, indexnowKey: 'abcdefgh' });
    expect((await test(NEWS, 'indexnow')).data).toMatchObject({ ok: false, status: 200, hint: { code: 'keyInvalid', params: { url: 'http://news.example/abcdefgh.txt' } } });
    await update({ id: NEWS, indexnowKey: newsKey });
  });

  it('Baidu: the home URL pushed, the answer\'s remain; a refused token (never echoed), a site not the token\'s, the day\'s quota used up', async () => {
    baidu.register('http://news.example', 'newsToken123', 10);
    const ok = await test(NEWS, 'baidu');
    expect(ok.data).toEqual({ ok: true, status: 200, answer: 'HTTP 200: {"remain":9,"success":1,"not_same_site":[],"not_valid":[]}' });
    expect(baidu.accepted.get('http://news.example')).toEqual(['http://news.example/']);
    await update({ id: NEWS, baiduToken: 'wrongToken9' });
    const refused = await test(NEWS, 'baidu');
    expect(refused.data).toMatchObject({ ok: false, status: 401, hint: { code: 'tokenInvalid' } });
    expect(refused.data.answer).not.toContain('wrongToken9');
    await update({ id: NEWS, baiduToken: 'newsToken123', baiduSite: 'http://other.example' });
    baidu.register('http://other.example', 'newsToken123', 10);
    expect((await test(NEWS, 'baidu')).data).toMatchObject({ ok: false, status: 200, hint: { code: 'siteNotVerified', params: { site: 'http://other.example' } } });
    await update({ id: NEWS, baiduSite: '' });
    baidu.register('http://news.example', 'newsToken123', 0);
    expect((await test(NEWS, 'baidu')).data).toMatchObject({ ok: false, status: 400, hint: { code: 'quotaExhausted' } });
    expect((await test(SHOP, 'baidu'))).toMatchObject({ code: 400, msg: '请先设置百度推送令牌' });
  });

  it('Google: sites.get of the property with a token from the key; before the client e-mail was added, the 403 naming it', async () => {
    const before = await test(NEWS, 'google');
    expect(before.data).toMatchObject({ ok: false, status: 403, hint: { code: 'serviceAccountNoAccess', params: { property: 'sc-domain:news.example', email: serviceKey.clientEmail } } });
    expect(before.data.answer).toContain("User does not have sufficient permission for site 'sc-domain:news.example'");
    g.grant('sc-domain:news.example', serviceKey.clientEmail);
    const ok = await test(NEWS, 'google');
    expect(ok.data).toEqual({ ok: true, status: 200, answer: 'HTTP 200: {"siteUrl":"sc-domain:news.example","permissionLevel":"siteFullUser"}' });
    // the property answers again: the loss the sync recorded is cleared
    expect((await data.get(sql<{ google_lost: string | null }>`SELECT google_lost FROM search_site WHERE id = ${NEWS}`))!.google_lost).toBeNull();
    // the account's own test lists what it may read
    const account = await api<ConnectionTestResult>(base, admin, 'POST', `${A}/test`, { query: { kind: 'google' } });
    expect(account.body.data).toEqual({ ok: true, status: 200, answer: 'HTTP 200: sc-domain:news.example (siteFullUser)' });
    // a key Google does not know (deleted in its console): the token is refused
    const stranger = makeServiceAccount(g.tokenUri, 'deleted');
    await submit({ googleKey: stranger.json });
    const invalid = await test(NEWS, 'google');
    expect(invalid.data).toMatchObject({ ok: false, status: 400, hint: { code: 'serviceAccountInvalid' } });
    expect(invalid.data.answer).toContain('invalid_grant');
    expect((await api<ConnectionTestResult>(base, admin, 'POST', `${A}/test`, { query: { kind: 'google' } })).body.data).toMatchObject({ ok: false, hint: { code: 'serviceAccountInvalid' } });
    await submit({ googleKey: serviceKey.json });
  });

  it('Bing: GetUserSites, and whether the website is among them; a wrong key, never echoed', async () => {
    bing.account('bing-key-0001', ['http://news.example/']);
    expect((await test(NEWS, 'bing')).data).toEqual({ ok: true, status: 200, answer: 'HTTP 200: GetUserSites: http://news.example/' });
    expect((await test(SHOP, 'bing')).data).toMatchObject({ ok: false, status: 200, hint: { code: 'bingSiteMissing', params: { site: 'http://shop.example/' } } });
    expect((await api<ConnectionTestResult>(base, admin, 'POST', `${A}/test`, { query: { kind: 'bing' } })).body.data).toMatchObject({ ok: true, answer: 'HTTP 200: GetUserSites: http://news.example/' });
    await submit({ bingApiKey: 'bing-key-9999' });
    const wrong = await test(NEWS, 'bing');
    expect(wrong.data).toMatchObject({ ok: false, status: 400, hint: { code: 'bingKeyInvalid' } });
    expect(wrong.data.answer).not.toContain('bing-key-9999');
    await submit({ bingApiKey: 'bing-key-0001' });
  });

  it('an unknown kind, a website of nobody, a service that is down', async () => {
    expect(await test(NEWS, 'yahoo')).toMatchObject({ code: 400, msg: '请选择要测试的连接: indexnow、baidu、google 或 bing' });
    expect((await api<ConnectionTestResult>(base, admin, 'POST', `${S}/test`, { query: { id: NEWS, kind: 'yahoo' }, headers: { 'Accept-Language': 'en' } })).body.msg).toBe(
      'Choose the connection to test: indexnow, baidu, google or bing',
    );
    expect(await test('nope', 'indexnow')).toMatchObject({ code: 400, msg: '网站不存在' });
    const endpoint = ix.endpoint;
    await ix.close();
    const down = await test(NEWS, 'indexnow');
    expect(down.data).toMatchObject({ ok: false, hint: { code: 'network' } });
    expect(down.data.answer).toContain(`${endpoint} → ${new URL(endpoint).origin}: ECONNREFUSED`);
  });
});

describe('who may call what', () => {
  it('a role holding the screen without its buttons reads, and is refused every write and test', async () => {
    const role = await createRole(data, { tenantId: '000000', roleName: '只读搜索', roleAlias: 'search_reader' });
    for (const code of ['searchEngine', 'searchEngine_view']) {
      const menu = (await data.get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = ${code} AND is_deleted = 0`))!;
      await data.run(sql`INSERT INTO blade_role_menu (id, role_id, menu_id) VALUES (${nextId()}, ${role}, ${menu.id})`);
    }
    const dept = await createDept(data, { tenantId: '000000', deptName: '搜索部' });
    await createUser(data, { tenantId: '000000', account: 'reader', password: 'pw', roleIds: [role], deptIds: [dept] });
    const reader = await login(base, { username: 'reader', password: 'pw' });
    expect((await api(base, reader, 'GET', `${A}/detail`)).body.code).toBe(200);
    expect((await api(base, reader, 'GET', `${S}/page`)).body.code).toBe(200);
    for (const [path, opts] of [
      [`${A}/submit`, { json: { googleKey: serviceKey.json } }],
      [`${A}/test`, { query: { kind: 'google' } }],
      [`${S}/test`, { query: { id: NEWS, kind: 'indexnow' } }],
      [`${S}/update`, { json: { id: NEWS, bingOn: 0 } }],
    ] as const) {
      const r = await api(base, reader, 'POST', path, opts);
      expect([r.status, r.body.msg], path).toEqual([401, '请求未授权']);
    }
    expect((await detail(NEWS)).bingOn).toBe(1);
    // without the screen, not even the reads
    const other = await createRole(data, { tenantId: '000000', roleName: '无关', roleAlias: 'nobody' });
    await createUser(data, { tenantId: '000000', account: 'stranger', password: 'pw', roleIds: [other], deptIds: [dept] });
    const stranger = await login(base, { username: 'stranger', password: 'pw' });
    for (const path of [`${A}/detail`, `${S}/page`]) expect((await api(base, stranger, 'GET', path)).status, path).toBe(401);
  });
});
