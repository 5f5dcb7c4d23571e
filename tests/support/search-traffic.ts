// What the traffic tests (search-sync, search-dashboard) set up on a real back end:
// websites made through the API (each on its own domain), a tenant's Search
// Console key and Bing API key stored as the 搜索引擎 screen stores them (sealed
// with the install's SecretBox), a website's engines switched on, and the sums of
// the raw rows the dashboard's answers are checked against.
import { sql, type Queries } from '../../src-server/db/data-layer';
import { SecretBox } from '../../src-server/util/secret-box';
import { nextId } from '../../src-server/util/ids';
import { api, multipart, PNG, type Harness } from '../contract/helpers';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';

async function idOf(base: string, token: string, path: string, json: Rec): Promise<string> {
  const r = await api<Rec>(base, token, 'POST', path, { json });
  if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
  return String(r.body.data.id);
}

/** websites on their own domains (top-level: the host is the domain), made through the API; answers their ids */
export async function makeWebsites(base: string, token: string, domains: string[], tag = 'traffic'): Promise<string[]> {
  const groupId = await idOf(base, token, `${M}/websiteGroup/save`, { name: `${tag}组`, type: 0 });
  const serverId = await idOf(base, token, `${M}/serverInfo/save`, { serverName: `${tag}-web`, serverIp: '10.9.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const image = String((await multipart(base, token, '/blade-resource/oss/endpoint/put-file?scene=template', [{ name: 'file', value: PNG, filename: 't.png' }])).body.data.link);
  const templateId = await idOf(base, token, '/seo-blade-material/websiteTemplate/submit', { templateName: `${tag}模板`, type: '1', image });
  const contactId = await idOf(base, token, `${M}/contactInfo/submit`, { name: `${tag}客服`, weChat: 'wx-traffic' });
  const imgGroupId = await idOf(base, token, `${M}/imgGroup/submit`, { name: `${tag}Logo` });
  await idOf(base, token, `${M}/websiteImg/submit`, { imageUrl: image, alt: 'Logo', imgGroupId });
  const ids: string[] = [];
  for (const domain of domains) {
    const domainId = await idOf(base, token, `${M}/domainInfo/save`, { name: domain, domain, domainService: '1', serverId });
    ids.push(
      await idOf(base, token, `${M}/websiteInfo/save`, {
        websiteGroupId: groupId, websiteType: 0, websiteName: domain, websiteLang: 'zh-CN', descVal: domain, keywords: 'k', domainInfoId: domainId, templateId, type: 1,
        icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
      }),
    );
  }
  return ids;
}

/** the tenant's accounts: the service-account key and the API root, Bing's key and root (sealed as the screen seals them) */
export async function connectTenant(h: Harness, tenantId: string, o: { googleKey?: string; googleRoot?: string; bingKey?: string; bingRoot?: string }): Promise<void> {
  const box = SecretBox.forDataDir(h.dataDir);
  const q = h.data();
  const now = '2026-01-01 00:00:00';
  const email = o.googleKey ? String((JSON.parse(o.googleKey) as Rec).client_email) : null;
  const existing = await q.get(sql<{ id: string }>`SELECT id FROM search_account WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
  const id = existing?.id ?? nextId();
  if (!existing) {
    await q.run(sql`INSERT INTO search_account (id, tenant_id, create_time, update_time, status, is_deleted) VALUES (${id}, ${tenantId}, ${now}, ${now}, 1, 0)`);
  }
  if (o.googleKey !== undefined) {
    await q.run(sql`UPDATE search_account SET google_key = ${box.seal(o.googleKey)}, google_client_email = ${email}, google_api_root = ${o.googleRoot ?? 'https://searchconsole.googleapis.com/'} WHERE id = ${id}`);
  }
  if (o.bingKey !== undefined) {
    await q.run(sql`UPDATE search_account SET bing_api_key = ${box.seal(o.bingKey)}, bing_api_root = ${o.bingRoot ?? 'https://ssl.bing.com/webmaster/api.svc/json/'} WHERE id = ${id}`);
  }
}

/** a website's engines switched on or off (its property and Bing site left to their defaults unless given) */
export async function switchOn(q: Queries, websiteId: string, o: { google?: boolean; bing?: boolean; property?: string; bingSite?: string }): Promise<void> {
  if (o.google !== undefined) await q.run(sql`UPDATE search_site SET google_on = ${o.google ? 1 : 0} WHERE id = ${websiteId}`);
  if (o.bing !== undefined) await q.run(sql`UPDATE search_site SET bing_on = ${o.bing ? 1 : 0} WHERE id = ${websiteId}`);
  if (o.property !== undefined) await q.run(sql`UPDATE search_site SET google_property = ${o.property} WHERE id = ${websiteId}`);
  if (o.bingSite !== undefined) await q.run(sql`UPDATE search_site SET bing_site = ${o.bingSite} WHERE id = ${websiteId}`);
}

/** the local date of `ms` (the server's "today") */
export const localDay = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** a row of sums, by key */
export interface KeySums {
  key: string;
  clicks: number;
  impressions: number;
  positionSum: number;
}

/**
 * The raw rows' sums by page or query over [from, to] (search_traffic, the rows as the engines answered them), of the
 * tenant's websites or one, of one engine or both: what the top tables must say when every key is in its periods' top.
 */
export async function rawSums(q: Queries, o: { tenantId: string; from: string; to: string; dim: 'page' | 'query'; engine?: string; websiteId?: string }): Promise<KeySums[]> {
  const rows = await q.all(sql<Rec>`SELECT ${sql.id(o.dim)} AS k, SUM(clicks) AS c, SUM(impressions) AS i, SUM(position * impressions) AS p FROM search_traffic
    WHERE tenant_id = ${o.tenantId} AND day >= ${o.from} AND day <= ${o.to} AND ${sql.id(o.dim)} <> ''
      ${o.engine ? sql`AND engine = ${o.engine}` : sql``} ${o.websiteId ? sql`AND website_info_id = ${o.websiteId}` : sql``}
    GROUP BY ${sql.id(o.dim)}`);
  return rows.map((r) => ({ key: String(r.k), clicks: Number(r.c), impressions: Number(r.i), positionSum: Number(r.p) }));
}

/** one analytics call the fault proxy saw: its request and what it answered */
export interface ProxiedCall {
  n: number;
  /** the request's path (the property is in it) */
  path: string;
  body: Record<string, unknown>;
  status: number;
}

/**
 * A proxy in front of the Search Console stand-in's API (the tenant's API root points at it): it forwards every call
 * and answers `status` (with Retry-After) instead for the searchAnalytics calls whose number (from 1) `fail` holds,
 * so a fault lands in the middle of a run. What the stand-in alone cannot: its forced answers take the next calls.
 */
export async function faultProxy(target: string): Promise<{ rootUrl: string; calls: ProxiedCall[]; fail: Set<number>; status: number; retryAfter: number; reset(): void; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const state = { calls: [] as ProxiedCall[], fail: new Set<number>(), status: 429, retryAfter: 1 };
  let n = 0;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(parts).toString('utf8');
        const analytics = /\/searchAnalytics\/query$/.test(req.url ?? '');
        const number = analytics ? ++n : 0;
        const body = analytics ? (JSON.parse(text || '{}') as Record<string, unknown>) : {};
        if (analytics && state.fail.has(number)) {
          state.calls.push({ n: number, path: req.url ?? '', body, status: state.status });
          res.writeHead(state.status, { 'content-type': 'application/json', 'retry-after': String(state.retryAfter) });
          res.end(JSON.stringify({ error: { code: state.status, message: 'Quota exceeded for quota metric (proxy)' } }));
          return;
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
        const answer = await fetch(`${target.replace(/\/$/, '')}${req.url ?? '/'}`, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : text });
        const out = Buffer.from(await answer.arrayBuffer());
        if (analytics) state.calls.push({ n: number, path: req.url ?? '', body, status: answer.status });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(out);
      })().catch((e: unknown) => res.writeHead(502).end(String(e)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as import('node:net').AddressInfo;
  return Object.assign(state, {
    rootUrl: `http://127.0.0.1:${port}/`,
    /** counts from 1 again, forgets the calls and the faults */
    reset() {
      n = 0;
      state.calls.length = 0;
      state.fail.clear();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
