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
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';

export interface StandIn {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(value === undefined ? '' : JSON.stringify(value));

/** A forced answer for the next calls of a kind (quota, outage): status, body, how many times. */
export interface Forced {
  status: number;
  body?: unknown;
  times: number;
  retryAfter?: number;
}

function takeForced(queue: Forced[]): Forced | undefined {
  const f = queue[0];
  if (!f) return undefined;
  if (--f.times <= 0) queue.shift();
  return f;
}

// ---------------------------------------------------------------- Google

export interface ServiceAccountKey {
  /** the JSON text the operator would upload */
  json: string;
  clientEmail: string;
  /** the public key (SPKI PEM) the stand-in checks assertions with */
  publicKey: string;
  /** private_key_id: the kid of the assertions signed with it */
  keyId: string;
}

/** A service-account key made for the test: an RSA key pair, the JSON Google's console gives, token_uri = `tokenUri`. */
export function makeServiceAccount(tokenUri: string, name = 'seo-matrix'): ServiceAccountKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const id = randomBytes(20).toString('hex');
  const clientEmail = `${name}@seo-matrix-test.iam.gserviceaccount.com`;
  const key = {
    type: 'service_account',
    project_id: 'seo-matrix-test',
    private_key_id: id,
    private_key: privateKey,
    client_email: clientEmail,
    client_id: String(BigInt(`0x${id.slice(0, 15)}`)),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
    universe_domain: 'googleapis.com',
  };
  return { json: JSON.stringify(key, null, 2), clientEmail, publicKey, keyId: id };
}

/** A row of search analytics as the API answers it. */
export interface AnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** the rows of one day of a property: page × query, `n` of them, from a seed (the same seed, the same rows) */
export function seededRows(property: string, day: string, n: number, host = property.replace(/^sc-domain:/, '').replace(/^https?:\/\//, '').replace(/\/.*$/, '')): Omit<AnalyticsRow, 'keys'> & { page: string; query: string }[] {
  let seed = 0;
  for (const c of `${property}|${day}`) seed = (seed * 31 + c.charCodeAt(0)) >>> 0;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const impressions = 1 + Math.floor(next() * 200);
    const clicks = Math.floor(impressions * next() * 0.2);
    rows.push({ page: `https://${host}/p/${i % 97}.html`, query: `query ${Math.floor(i / 97)} ${i % 13}`, clicks, impressions, ctr: clicks / impressions, position: 1 + Math.round(next() * 300) / 10 });
  }
  return rows as never;
}

export interface GoogleStandIn extends StandIn {
  /** the token endpoint (a key's token_uri) */
  tokenUri: string;
  /** the API root a tenant sets (the client's rootUrl) */
  rootUrl: string;
  /** accept assertions signed by this key */
  trust(key: ServiceAccountKey): void;
  /** tokens of this client e-mail are refused (the key deleted in Google's console): invalid_grant */
  revokeKey(clientEmail: string): void;
  /** `clientEmail` may read (and submit sitemaps of) `property` */
  grant(property: string, clientEmail: string): void;
  /** the property no longer has the account (its owner removed it) */
  revoke(property: string, clientEmail: string): void;
  /** the rows of a property's day (default: `rowsPerDay` seeded rows for every day up to `today`) */
  setRows(property: string, day: string, rows: { page: string; query: string; clicks: number; impressions: number; position: number }[]): void;
  /** forced answers of the next API calls (not the token endpoint) */
  force(f: Forced): void;
  /** what was asked: sitemaps submitted (property, feedpath), analytics requests (property, body) */
  submitted: { property: string; feedpath: string }[];
  queries: { property: string; body: Record<string, unknown> }[];
  tokensIssued: number;
}

export async function googleStandIn(o: { rowsPerDay?: number; today?: string; anonymisedClicks?: number } = {}): Promise<GoogleStandIn> {
  const keys = new Map<string, JWK>();
  const revoked = new Set<string>();
  const access = new Map<string, Set<string>>();
  const tokens = new Map<string, string>();
  const fixed = new Map<string, { page: string; query: string; clicks: number; impressions: number; position: number }[]>();
  const forced: Forced[] = [];
  const submitted: GoogleStandIn['submitted'] = [];
  const queries: GoogleStandIn['queries'] = [];
  const rowsPerDay = o.rowsPerDay ?? 50;
  const today = () => o.today ?? new Date().toISOString().slice(0, 10);
  let base = '';
  let issued = 0;

  const dayRows = (property: string, day: string) => {
    const f = fixed.get(`${property}|${day}`);
    if (f) return f;
    if (day > today()) return [];
    return seededRows(property, day, rowsPerDay) as unknown as { page: string; query: string; clicks: number; impressions: number; position: number }[];
  };
  const days = (from: string, to: string): string[] => {
    const out: string[] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
    return out;
  };

  const analytics = (property: string, req: Record<string, unknown>): { rows?: AnalyticsRow[]; responseAggregationType: string } => {
    const dims = (req.dimensions as string[] | undefined) ?? [];
    const startRow = Number(req.startRow ?? 0);
    const rowLimit = Math.min(25_000, Number(req.rowLimit ?? 1000));
    const groups = new Map<string, { keys: string[]; clicks: number; impressions: number; pos: number }>();
    for (const day of days(String(req.startDate), String(req.endDate))) {
      const rows = dayRows(property, day);
      // the day's totals (dimension date alone, or none) count the anonymised queries the detailed rows leave out
      const extra = dims.includes('page') || dims.includes('query') ? 0 : rows.length ? (o.anonymisedClicks ?? 0) : 0;
      if (!dims.includes('page') && !dims.includes('query')) {
        if (rows.length === 0) continue;
        const k = dims.includes('date') ? [day] : [];
        const g = groups.get(k.join('|')) ?? { keys: k, clicks: 0, impressions: 0, pos: 0 };
        for (const r of rows) {
          g.clicks += r.clicks;
          g.impressions += r.impressions;
          g.pos += r.position * r.impressions;
        }
        g.clicks += extra;
        g.impressions += extra;
        groups.set(k.join('|'), g);
        continue;
      }
      for (const r of rows) {
        const k = dims.map((d) => (d === 'date' ? day : d === 'page' ? r.page : d === 'query' ? r.query : ''));
        const g = groups.get(k.join('\u0000')) ?? { keys: k, clicks: 0, impressions: 0, pos: 0 };
        g.clicks += r.clicks;
        g.impressions += r.impressions;
        g.pos += r.position * r.impressions;
        groups.set(k.join('\u0000'), g);
      }
    }
    const all = [...groups.values()];
    const page = all.slice(startRow, startRow + rowLimit).map((g) => ({
      keys: g.keys,
      clicks: g.clicks,
      impressions: g.impressions,
      ctr: g.impressions ? g.clicks / g.impressions : 0,
      position: g.impressions ? g.pos / g.impressions : 0,
    }));
    // as the API does: no `rows` once past the last one
    return page.length ? { rows: page, responseAggregationType: 'byPage' } : { responseAggregationType: 'byPage' };
  };

  const denied = (property: string) => ({
    error: {
      code: 403,
      message: `User does not have sufficient permission for site '${property}'. See also: https://support.google.com/webmasters/answer/2451999.`,
      status: 'PERMISSION_DENIED',
    },
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const text = await body(req);
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(text);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(res, 400, { error: 'unsupported_grant_type' });
        try {
          const { payload } = await jwtVerify(form.get('assertion') ?? '', createLocalJWKSet({ keys: [...keys.values()] }), { audience: `${base}/token` });
          if (!payload.iss || revoked.has(payload.iss) || payload.scope !== 'https://www.googleapis.com/auth/webmasters') throw new Error('refused');
          const token = `ya29.stand-in-${randomBytes(12).toString('hex')}`;
          tokens.set(token, payload.iss);
          issued++;
          return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        } catch {
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        }
      }
      const m = /^\/webmasters\/v3\/sites\/([^/]+)(\/.*)?$/.exec(url.pathname);
      if (!m) return json(res, 404, { error: { code: 404, message: 'Not Found' } });
      const who = tokens.get((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      if (!who) return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
      const f = takeForced(forced);
      if (f) return json(res, f.status, f.body ?? { error: { code: f.status, message: f.status === 429 ? 'Quota exceeded for quota metric' : 'Backend Error' } }, f.retryAfter ? { 'retry-after': String(f.retryAfter) } : {});
      const property = decodeURIComponent(m[1]);
      if (!access.get(property)?.has(who)) return json(res, 403, denied(property));
      const rest = m[2] ?? '';
      if (rest === '' && req.method === 'GET') return json(res, 200, { siteUrl: property, permissionLevel: 'siteFullUser' });
      const sm = /^\/sitemaps\/(.+)$/.exec(rest);
      if (sm && req.method === 'PUT') {
        submitted.push({ property, feedpath: decodeURIComponent(sm[1]) });
        return res.writeHead(204).end();
      }
      if (rest === '/searchAnalytics/query' && req.method === 'POST') {
        const b = JSON.parse(text || '{}') as Record<string, unknown>;
        queries.push({ property, body: b });
        return json(res, 200, analytics(property, b));
      }
      return json(res, 404, { error: { code: 404, message: 'Not Found' } });
    })().catch((e: unknown) => json(res, 500, { error: { code: 500, message: String(e) } }));
  });
  base = await listen(server);
  return {
    url: base,
    tokenUri: `${base}/token`,
    rootUrl: `${base}/`,
    trust(key) {
      keys.set(key.clientEmail, { ...(createPublicKey(key.publicKey).export({ format: 'jwk' }) as JWK), alg: 'RS256', kid: key.keyId });
    },
    revokeKey: (email) => void revoked.add(email),
    grant(property, email) {
      if (!access.has(property)) access.set(property, new Set());
      access.get(property)!.add(email);
    },
    revoke: (property, email) => void access.get(property)?.delete(email),
    setRows: (property, day, rows) => void fixed.set(`${property}|${day}`, rows),
    force: (f) => void forced.push({ ...f }),
    submitted,
    queries,
    get tokensIssued() {
      return issued;
    },
    close: closer(server),
  };
}

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
