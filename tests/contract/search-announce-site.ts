// What the announce tests share (tests/contract/search-announce*.test.ts): a real
// back end (either engine), a website deployed to a local-folder server, that folder
// served over HTTP (siteServer) so the IndexNow stand-in fetches the key file from
// the live release, the Baidu and Google stand-ins, and the tenant's connections
// written into search_account / search_site through SQL (the 搜索引擎 screen that
// writes them is another part's). Helpers read what an announcement did.
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { parseManifest, type Manifest } from '../../src-server/modules/content/deploy/release-manifest';
import { SecretBox } from '../../src-server/util/secret-box';
import { api, login, multipart, PNG, startHarness, tempDir, until, type Harness } from './helpers';
import { baiduStandIn, googleStandIn, indexNowStandIn, makeServiceAccount, siteServer, type BaiduStandIn, type GoogleStandIn, type IndexNowStandIn, type StandIn } from '../support/search-engines';

export type Rec = Record<string, unknown>;
const M = '/website-blade-material';
export const D = '/website-blade-deploy/websiteDeploy';
export const S = '/seo-blade-search';
export const TOKEN = 'baidu-token-announce';
const FINISHED = new Set(['done', 'partial', 'failed', 'cancelled']);

export interface AnnounceWorld {
  h: Harness;
  token: string;
  host: string;
  origin: string;
  /** the folder holding the site's `current` link */
  root: string;
  siteId: string;
  groupId: string;
  cateId: string;
  articles: string[];
  key: string;
  property: string;
  clientEmail: string;
  ix: IndexNowStandIn;
  baidu: BaiduStandIn;
  g: GoogleStandIn;
  site: StandIn & { fetched: string[] };
  box: SecretBox;
  post(path: string, json: Rec, query?: Record<string, string>): ReturnType<typeof api<Rec>>;
  get(path: string, query: Record<string, string | number>, headers?: Record<string, string>): ReturnType<typeof api<Rec>>;
  stop(): Promise<void>;
}

/** A website with `articles` published articles, connected to every engine's stand-in (not deployed yet). */
export async function announceWorld(host: string, articles = 8): Promise<AnnounceWorld> {
  const h = await startHarness();
  const token = await login(h.server.url);
  const sites = tempDir('seo-announce-');
  const root = join(sites, host);
  const site = await siteServer((name) => (name === host ? root : undefined));
  const ix = await indexNowStandIn(async (location, name) => {
    const res = await fetch(`${site.url}${new URL(location).pathname}`, { headers: { 'x-site-host': name } });
    return res.ok ? res.text() : undefined;
  });
  const baidu = await baiduStandIn();
  const g = await googleStandIn();
  const world = { h, token } as AnnounceWorld;
  world.post = (path, json, query) => api<Rec>(h.server.url, world.token, 'POST', path, { json, query });
  world.get = (path, query, headers) => api<Rec>(h.server.url, world.token, 'GET', path, { query, headers });
  const idOf = async (path: string, json: Rec): Promise<string> => {
    const r = await world.post(path, json);
    expect(r.body.code, `${path}: ${String(r.body.msg)}`).toBe(200);
    return String(r.body.data.id);
  };
  const groupId = await idOf(`${M}/websiteGroup/save`, { name: '提交组', type: 0 });
  const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web-announce', serverIp: '10.6.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath: sites });
  const domainId = await idOf(`${M}/domainInfo/save`, { name: '提交站', domain: host, domainService: '1', serverId });
  const image = String((await multipart(h.server.url, token, '/blade-resource/oss/endpoint/put-file?scene=template', [{ name: 'file', value: PNG, filename: 't.png' }])).body.data.link);
  const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '提交模板', type: '1', image });
  const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-announce' });
  const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
  await idOf(`${M}/websiteImg/submit`, { imageUrl: image, alt: 'Logo', imgGroupId });
  const siteId = await idOf(`${M}/websiteInfo/save`, {
    websiteGroupId: groupId, websiteType: 0, websiteName: '提交站', websiteLang: 'zh-CN', descVal: '提交站', keywords: '提交', domainInfoId: domainId, templateId, type: 1,
    icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
  });
  const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  const cateId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻', type: 2, pageId, optStatus: 0 });
  const ids: string[] = [];
  for (let i = 0; i < articles; i++) {
    ids.push(await idOf('/website-blade-article/article/submit', {
      websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: `文章${i}`, keyword: 'k', descVal: `摘要${i}`, status: 1, content: `<p>正文${i}。</p>`,
    }));
  }
  // the tenant's connections and the website's use of them (the trigger made the website's row with its key)
  const box = SecretBox.forDataDir(h.dataDir);
  const account = makeServiceAccount(g.tokenUri);
  g.trust(account);
  const property = `sc-domain:${host}`;
  g.grant(property, account.clientEmail);
  await h.data().run(sql`INSERT INTO search_account (id, tenant_id, indexnow_endpoint, baidu_endpoint, google_key, google_client_email, google_api_root,
      create_time, update_time, status, is_deleted)
    VALUES ('9300000000000000001', '000000', ${ix.endpoint}, ${baidu.endpoint}, ${box.seal(account.json)}, ${account.clientEmail}, ${g.rootUrl},
      '2026-01-01 00:00:00', '2026-01-01 00:00:00', 1, 0)`);
  const key = (await h.data().get(sql<{ indexnow_key: string }>`SELECT indexnow_key FROM search_site WHERE id = ${siteId}`))!.indexnow_key;
  baidu.register(`http://${host}`, TOKEN, 1_000_000);
  Object.assign(world, {
    host, origin: `http://${host}`, root, siteId, groupId, cateId, articles: ids, key, property, clientEmail: account.clientEmail, ix, baidu, g, site, box,
    async stop() {
      await Promise.all([ix.close(), baidu.close(), g.close(), site.close()]);
      await h.stop();
    },
  });
  await engines(world, { indexnow: true, baidu: true, google: true });
  return world;
}

/** switches the website's engines on and off (Baidu with the test's token, sealed) */
export async function engines(w: AnnounceWorld, on: { indexnow?: boolean; baidu?: boolean; google?: boolean }): Promise<void> {
  await w.h.data().run(sql`UPDATE search_site SET indexnow_on = ${on.indexnow ? 1 : 0}, baidu_on = ${on.baidu ? 1 : 0}, baidu_token = ${w.box.seal(TOKEN)},
      google_on = ${on.google ? 1 : 0} WHERE id = ${w.siteId}`);
}

/** the deploy dialog's deploy of the website: its recorded outcome */
export async function deploy(w: AnnounceWorld): Promise<Rec> {
  const r = await w.post(`${D}/deploy`, { ids: w.siteId });
  expect(r.status, String(r.body.msg)).toBe(200);
  return (r.body.data as unknown as Rec[])[0];
}

/** an article's content changed (what a one-article redeploy sends) */
export async function touchArticle(w: AnnounceWorld, id: string, text: string): Promise<void> {
  await w.h.data().run(sql`UPDATE article SET content = ${`<p>${text}</p>`} WHERE id = ${id}`);
}

export const liveRelease = (w: AnnounceWorld): string => readlinkSync(join(w.root, 'current')).replace('releases/', '');

export const manifestOf = (w: AnnounceWorld, release: string): Manifest =>
  parseManifest(readFileSync(join(w.root, 'releases', `${release}.manifest.json.gz`)))!;

/** The URL a search engine is told for a file of the release: pages and sitemaps only (the test's own reading of the rule). */
export function pageUrl(origin: string, path: string): string | undefined {
  if (path === '404.html') return undefined;
  if (/^sitemap(-[^/]+)?\.xml$/.test(path)) return `${origin}/${path}`;
  if (!path.endsWith('.html')) return undefined;
  if (path === 'index.html') return `${origin}/`;
  if (path.endsWith('/index.html')) return `${origin}/${path.slice(0, -'index.html'.length)}`;
  return `${origin}/${path}`;
}

/** the URLs of a set of paths */
export const urlSet = (origin: string, paths: Iterable<string>): Set<string> =>
  new Set([...paths].map((p) => pageUrl(origin, p)).filter((u): u is string => u !== undefined));

/** what one release changed against another, from their manifests on disk */
export function changedPaths(prev: Manifest | undefined, next: Manifest): { added: string[]; changed: string[]; removed: string[] } {
  const added = Object.keys(next.files).filter((p) => !prev?.files[p]);
  const changed = Object.keys(next.files).filter((p) => prev?.files[p] && (prev.files[p].hash !== next.files[p].hash || prev.files[p].size !== next.files[p].size));
  const removed = prev ? Object.keys(prev.files).filter((p) => !next.files[p]) : [];
  return { added, changed, removed };
}

export const announcementOfDeploy = (w: AnnounceWorld, deployId: string) =>
  w.h.data().get(sql<Rec>`SELECT * FROM search_announce WHERE deploy_id = ${deployId}`);

/** waits for an announcement to end; its row */
export async function settled(w: AnnounceWorld, id: string, ms = 30_000): Promise<Rec> {
  let row: Rec | undefined;
  await until(async () => {
    row = await w.h.data().get(sql<Rec>`SELECT * FROM search_announce WHERE id = ${id}`);
    return FINISHED.has(String(row?.state));
  }, ms);
  return row!;
}

/**
 * An announcement's job once it has ended: the job's last run writes the
 * announcement's end, and the runner marks the job itself just after that run returns
 * or throws, so the two are read apart.
 */
export async function jobEnded(w: AnnounceWorld, jobId: string, ms = 30_000): Promise<Rec> {
  let job: Rec | undefined;
  await until(async () => {
    job = await w.h.data().get(sql<Rec>`SELECT state, attempts, error FROM job WHERE id = ${jobId}`);
    return job !== undefined && !['queued', 'running'].includes(String(job.state));
  }, ms);
  return job!;
}

/** an announcement's URL rows at an engine */
export const urlRows = (w: AnnounceWorld, announceId: string, engine: string) =>
  w.h.data().all(sql<Rec>`SELECT * FROM search_url WHERE announce_id = ${announceId} AND engine = ${engine} ORDER BY url`);

/** 全站提交: the announcement it queued, ended */
export async function announceAll(w: AnnounceWorld): Promise<Rec> {
  const r = await w.post(`${S}/site/announce`, {}, { id: w.siteId });
  expect(r.status, String(r.body.msg)).toBe(200);
  // the job may have been claimed already: the answer is the announcement as it stands, with its job
  expect(r.body.data).toMatchObject({ kind: 'full', websiteInfoId: w.siteId, job: { id: r.body.data.jobId } });
  return settled(w, String(r.body.data.id), 60_000);
}

/** the job rows of kind search-announce */
export const announceJobs = (w: AnnounceWorld) => w.h.data().all(sql<Rec>`SELECT id, job_key, state, run_at, payload FROM job WHERE kind = 'search-announce' ORDER BY create_time, id`);
