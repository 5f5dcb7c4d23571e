// Stand-ins on 127.0.0.1 for the search engines' published APIs (issue 36), so the
// product's real clients (src-server/modules/content/search/engines, the official
// @googleapis/searchconsole among them) are driven over HTTP in the tests and the
// benchmarks. Nothing of these runs inside the code under test: each is a server
// the product reaches through the endpoint or API root a tenant sets.
//
// - Google: an OAuth 2.0 token endpoint that checks the JWT bearer assertion
//   against the service account's public key (a key made for the test:
//   makeServiceAccount), and the Search Console API's paths (/webmasters/v3/…):
//   sites.get, sitemaps.submit, searchAnalytics.query with rowLimit/startRow
//   paging over rows made from a seed (or set per property), access per property
//   and client e-mail, forced answers (429 quota, 500) for the next calls.
// - IndexNow: POST /indexnow {host, key, keyLocation, urlList}; it fetches the key
//   file from the site (resolve(host) gives the base of a local server holding the
//   deployed release: siteServer) and answers 200, 202, 403, 422 or 429 as told.
// - Baidu 普通收录: POST /urls?site&token with URLs one a line; a day's quota
//   (remain), not_same_site / not_valid, and its error form {"error", "message"}.
// - Bing Webmaster: GetUserSites, GetRankAndTrafficStats, GetQueryStats, GetPageStats.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { body, closer, type Forced, json, listen, type StandIn, takeForced } from './stand-in-server';

export type { Forced, StandIn } from './stand-in-server';
export * from './google-stand-in';

// ---------------------------------------------------------------- a deployed site

/**
 * Serves a local-folder server's deployed sites over HTTP: GET /<path> reads `<root>/<path>` (the folder holding the
 * `current` link of one site, or a function of the request's Host giving it). What IndexNow fetches a key file from.
 */
export async function siteServer(rootOf: (host: string) => string | undefined): Promise<StandIn & { fetched: string[] }> {
  const fetched: string[] = [];
  const server = createServer((req, res) => {
    const host = String(req.headers['x-site-host'] ?? req.headers.host ?? '').replace(/:\d+$/, '');
    const root = rootOf(host);
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.(\/|$))+/, '');
    fetched.push(`${host}${path}`);
    if (!root) return res.writeHead(404).end('no such site');
    let file = join(root, 'current', path);
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      statSync(file);
    } catch {
      return res.writeHead(404).end('not found');
    }
    res.writeHead(200, { 'content-type': file.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8' });
    createReadStream(file).pipe(res);
  });
  const url = await listen(server);
  return { url, fetched, close: closer(server) };
}

// ---------------------------------------------------------------- IndexNow

export type IndexNowMode = 200 | 202 | 403 | 422 | 429 | 500;

export interface IndexNowStandIn extends StandIn {
  /** the endpoint a tenant sets */
  endpoint: string;
  /** the answer to give once the request is well formed and its key file checked (default 200; 403 also when the key file is wrong) */
  mode: IndexNowMode;
  /** forced answers for the next requests, before any check */
  force(f: Forced): void;
  /** every request: its host, key, URLs and what was answered */
  requests: { host: string; key: string; keyLocation: string; urls: string[]; status: number }[];
  /** the URLs accepted (200 / 202) */
  accepted: Set<string>;
}

/** `fetchKey(location)`: the text of the key file at that URL (the test maps the site's host to siteServer) */
export async function indexNowStandIn(fetchKey: (location: string, host: string) => Promise<string | undefined>): Promise<IndexNowStandIn> {
  const forced: Forced[] = [];
  const state: IndexNowStandIn = {
    url: '',
    endpoint: '',
    mode: 200,
    force: (f) => void forced.push({ ...f }),
    requests: [],
    accepted: new Set(),
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const text = await body(req);
      if (req.method !== 'POST' || !req.url?.startsWith('/indexnow')) return res.writeHead(404).end();
      const b = JSON.parse(text || '{}') as { host?: string; key?: string; keyLocation?: string; urlList?: string[] };
      const record = (status: number) => state.requests.push({ host: String(b.host ?? ''), key: String(b.key ?? ''), keyLocation: String(b.keyLocation ?? ''), urls: b.urlList ?? [], status });
      const f = takeForced(forced);
      if (f) {
        record(f.status);
        return res.writeHead(f.status, f.retryAfter ? { 'retry-after': String(f.retryAfter) } : {}).end(typeof f.body === 'string' ? f.body : '');
      }
      const urls = b.urlList ?? [];
      if (!b.host || !b.key || urls.length === 0 || urls.length > 10_000) {
        record(400);
        return res.writeHead(400).end('Bad request');
      }
      if (!/^[A-Za-z0-9-]{8,128}$/.test(b.key) || urls.some((u) => new URL(u).hostname !== b.host)) {
        record(422);
        return res.writeHead(422).end('Unprocessable Entity: URLs do not belong to the host or the key is not valid');
      }
      const location = b.keyLocation || `https://${b.host}/${b.key}.txt`;
      const found = await fetchKey(location, b.host).catch(() => undefined);
      if (found?.trim() !== b.key || state.mode === 403) {
        record(403);
        return res.writeHead(403).end('Forbidden: key not valid');
      }
      record(state.mode);
      if (state.mode === 200 || state.mode === 202) for (const u of urls) state.accepted.add(u);
      res.writeHead(state.mode, state.mode === 429 ? { 'retry-after': '1' } : {}).end(state.mode === 422 ? 'Unprocessable Entity' : '');
    })().catch((e: unknown) => res.writeHead(500).end(String(e)));
  });
  state.url = await listen(server);
  state.endpoint = `${state.url}/indexnow`;
  state.close = closer(server);
  return state;
}

// ---------------------------------------------------------------- Baidu

export interface BaiduStandIn extends StandIn {
  /** the endpoint a tenant sets (…/urls) */
  endpoint: string;
  /** a site registered with its token */
  register(site: string, token: string, dailyQuota: number): void;
  /** a new day: every site's quota is full again */
  nextDay(): void;
  /** forced answers for the next requests */
  force(f: Forced): void;
  /** what each site's quota still takes today */
  remain(site: string): number;
  accepted: Map<string, string[]>;
  requests: { site: string; urls: string[]; status: number }[];
}

export async function baiduStandIn(): Promise<BaiduStandIn> {
  const sites = new Map<string, { token: string; quota: number; remain: number }>();
  const forced: Forced[] = [];
  const accepted = new Map<string, string[]>();
  const requests: BaiduStandIn['requests'] = [];
  const hostOf = (s: string) => {
    try {
      return new URL(/^https?:\/\//.test(s) ? s : `http://${s}`).hostname;
    } catch {
      return '';
    }
  };
  const server = createServer((req, res) => {
    void (async () => {
      const text = await body(req);
      const url = new URL(req.url ?? '/', 'http://x');
      const site = url.searchParams.get('site') ?? '';
      const urls = text.split('\n').map((s) => s.trim()).filter(Boolean);
      const answer = (status: number, value: unknown) => {
        requests.push({ site, urls, status });
        json(res, status, value);
      };
      if (req.method !== 'POST' || url.pathname !== '/urls') return answer(404, { error: 404, message: 'not found' });
      const f = takeForced(forced);
      if (f) return answer(f.status, f.body ?? { error: f.status, message: 'internal error' });
      const s = sites.get(site);
      if (!s || s.token !== url.searchParams.get('token')) return answer(401, { error: 401, message: 'token is not valid' });
      if (urls.length === 0) return answer(400, { error: 400, message: 'empty content' });
      if (urls.length > 2000) return answer(400, { error: 400, message: 'only 2000 urls are allowed once' });
      if (s.remain <= 0) return answer(400, { error: 400, message: 'over quota' });
      const notValid: string[] = [];
      const notSame: string[] = [];
      const good: string[] = [];
      for (const u of urls) {
        let host = '';
        try {
          host = new URL(u).hostname;
        } catch {
          notValid.push(u);
          continue;
        }
        if (host !== hostOf(site)) notSame.push(u);
        else good.push(u);
      }
      // the quota takes what it can of this request: the rest is not taken (a real push refuses a request past it)
      if (good.length > s.remain) return answer(400, { error: 400, message: 'over quota' });
      s.remain -= good.length;
      accepted.set(site, [...(accepted.get(site) ?? []), ...good]);
      answer(200, { remain: s.remain, success: good.length, not_same_site: notSame, not_valid: notValid });
    })().catch((e: unknown) => json(res, 500, { error: 500, message: String(e) }));
  });
  const base = await listen(server);
  return {
    url: base,
    endpoint: `${base}/urls`,
    register: (site, token, quota) => void sites.set(site, { token, quota, remain: quota }),
    nextDay: () => {
      for (const s of sites.values()) s.remain = s.quota;
    },
    force: (f) => void forced.push({ ...f }),
    remain: (site) => sites.get(site)?.remain ?? 0,
    accepted,
    requests,
    close: closer(server),
  };
}

// ---------------------------------------------------------------- Bing

export interface BingStandIn extends StandIn {
  /** the API root a tenant sets */
  root: string;
  /** an API key and the sites of its account */
  account(apiKey: string, sites: string[]): void;
  /** per site, per day: clicks, impressions, position; queries and pages of the day */
  setDay(site: string, day: string, stats: { clicks: number; impressions: number; queries: { key: string; clicks: number; impressions: number; position: number }[]; pages: { key: string; clicks: number; impressions: number; position: number }[] }): void;
  force(f: Forced): void;
  calls: { method: string; site: string }[];
}

export async function bingStandIn(): Promise<BingStandIn> {
  const accounts = new Map<string, string[]>();
  const data = new Map<string, Map<string, Parameters<BingStandIn['setDay']>[2]>>();
  const forced: Forced[] = [];
  const calls: BingStandIn['calls'] = [];
  const date = (day: string) => `/Date(${Date.parse(`${day}T07:00:00Z`)}-0700)/`;
  const norm = (u: string) => u.toLowerCase().replace(/\/+$/, '');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const method = url.pathname.replace(/^.*\//, '');
    const site = url.searchParams.get('siteUrl') ?? '';
    calls.push({ method, site });
    const f = takeForced(forced);
    if (f) return json(res, f.status, f.body ?? { ErrorCode: 0, Message: 'ERROR!!! InternalError' });
    const sites = accounts.get(url.searchParams.get('apikey') ?? '');
    if (!sites) return json(res, 400, { ErrorCode: 3, Message: 'ERROR!!! InvalidApiKey' });
    if (method === 'GetUserSites') return json(res, 200, { d: sites.map((s) => ({ __type: 'Site:#Microsoft.Bing.Webmaster.Api', IsVerified: true, Url: s })) });
    if (!sites.some((s) => norm(s) === norm(site))) return json(res, 400, { ErrorCode: 14, Message: 'ERROR!!! NotAuthorized' });
    const days = [...(data.get(norm(site))?.entries() ?? [])].sort(([a], [b]) => a.localeCompare(b));
    if (method === 'GetRankAndTrafficStats') return json(res, 200, { d: days.map(([day, s]) => ({ __type: 'RankAndTrafficStats:#Microsoft.Bing.Webmaster.Api', Clicks: s.clicks, Date: date(day), Impressions: s.impressions })) });
    const pick = method === 'GetQueryStats' ? 'queries' : method === 'GetPageStats' ? 'pages' : null;
    if (!pick) return json(res, 404, { ErrorCode: 0, Message: 'ERROR!!! UnknownMethod' });
    return json(res, 200, {
      d: days.flatMap(([day, s]) =>
        s[pick].map((r) => ({ __type: 'QueryStats:#Microsoft.Bing.Webmaster.Api', AvgClickPosition: r.position, AvgImpressionPosition: r.position, Clicks: r.clicks, Date: date(day), Impressions: r.impressions, Query: r.key })),
      ),
    });
  });
  const base = await listen(server);
  return {
    url: base,
    root: `${base}/webmaster/api.svc/json/`,
    account: (key, sites) => void accounts.set(key, sites),
    setDay(site, day, stats) {
      if (!data.has(norm(site))) data.set(norm(site), new Map());
      data.get(norm(site))!.set(day, stats);
    },
    force: (f) => void forced.push({ ...f }),
    calls,
    close: closer(server),
  };
}
