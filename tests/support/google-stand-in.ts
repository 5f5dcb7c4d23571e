// The Google stand-in (see search-engines.ts): an OAuth 2.0 token endpoint that
// checks the JWT bearer assertion against the service account's public key, and
// the Search Console API's paths (/webmasters/v3/…).
import { createServer } from 'node:http';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { body, closer, type Forced, json, listen, type StandIn, takeForced } from './stand-in-server';
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
