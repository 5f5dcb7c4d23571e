// Deploys read their sources from the file stores (issue 30): with a local
// S3-compatible server (tests/support/s3-server.ts) configured and enabled in
// 资源管理 › 对象存储 through the API, the images a website uses (logo, cover,
// an image in an article) are uploaded through instance A into the object
// storage, and a deploy through instance B (two instances on one PostgreSQL,
// each with a data folder of its own) to a local-folder server carries them,
// read from the S3 server. A deploy through the other instance afterwards starts
// from the release B made (the page fingerprints are shared in the database): it
// reads no image again. A site deployed to the data folder of one instance is
// previewed through the other. An image the storage refuses to give fails that
// site's deploy with the storage's reason and leaves the live site as it was.
// A site being deployed through one instance (its lease in the database) is
// refused through the other until the lease ends.
// On the embedded back end (SQLite) with no object storage, the same deploy
// reads the data folder (the S3 server never asked), and a missing file fails
// the deploy with its reason; with the S3 server enabled, it reads from there.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { KEY_ENV } from '../../src-server/util/secret-box';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { api, login, multipart, PNG, sharedPostgres, startHarness, tempDir, type Harness } from './helpers';

const OSS = '/blade-resource/oss';
const M = '/website-blade-material';
const BUCKET = 'seo-deploys';
type Rec = Record<string, unknown>;

let s3: S3TestServer;
const keyBefore = process.env[KEY_ENV];
beforeAll(async () => {
  s3 = await startS3Server({ buckets: [BUCKET], accessKey: 'deploy-access', secretKey: 'deploy-secret-0123456789' });
  process.env[KEY_ENV] = randomBytes(32).toString('base64');
});
afterAll(async () => {
  await s3?.close();
  if (keyBefore === undefined) delete process.env[KEY_ENV];
  else process.env[KEY_ENV] = keyBefore;
});

interface Node {
  h: Harness;
  base: string;
  token: string;
}

const node = async (h: Harness): Promise<Node> => ({ h, base: h.server.url, token: await login(h.server.url) });
const post = (n: Node, path: string, json?: unknown, query?: Record<string, string>) => api<Rec>(n.base, n.token, 'POST', path, { json, query });
const nameOf = (link: string) => link.split('/').pop()!;
/** the S3 server's reads of these uploads since request number `from` */
const readsOf = (names: string[], from: number) => s3.requests.slice(from).filter((r) => r.method === 'GET' && names.some((n) => r.key === `upload/${n}`));

async function idOf(n: Node, path: string, json: Rec): Promise<string> {
  const r = await post(n, path, json);
  expect(r.body.code, `${path}: ${String(r.body.msg)}`).toBe(200);
  return String((r.body.data as Rec).id);
}

async function upload(n: Node, scene: string): Promise<string> {
  const r = await multipart(n.base, n.token, `/blade-resource/oss/endpoint/put-file?scene=${scene}`, [{ name: 'file', value: PNG, filename: `${scene}.png` }]);
  expect(r.body.code, String(r.body.msg)).toBe(200);
  return String((r.body.data as Rec).link);
}

async function enableS3(n: Node): Promise<string> {
  const id = await idOf(n, `${OSS}/submit`, { category: 1, ossCode: 'deploy-minio', endpoint: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, bucketName: BUCKET });
  expect((await post(n, `${OSS}/enable`, undefined, { id })).body.success).toBe(true);
  return id;
}

interface Site {
  id: string;
  host: string;
  cateId: string;
  articleId: string;
  /** the uploads the site uses: logo, cover, an image in the article */
  images: string[];
}

/** A website with a logo, an article with a cover and an image in its content, on a local-folder server (`deployPath`, or the data folder). */
async function buildSite(n: Node, tag: string, deployPath?: string): Promise<Site> {
  const groupId = await idOf(n, `${M}/websiteGroup/save`, { name: `组${tag}`, type: 0 });
  const serverId = await idOf(n, `${M}/serverInfo/save`, { serverName: `web-${tag}`, serverIp: '10.3.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local', deployPath });
  const host = `store-${tag}.example.com`;
  const domainId = await idOf(n, `${M}/domainInfo/save`, { name: `站${tag}`, domain: host, domainService: '1', serverId });
  const templateId = await idOf(n, '/seo-blade-material/websiteTemplate/submit', { templateName: `模板${tag}`, type: '1', image: await upload(n, 'template') });
  const contactId = await idOf(n, `${M}/contactInfo/submit`, { name: '客服', weChat: `wx-${tag}` });
  const imgGroupId = await idOf(n, `${M}/imgGroup/submit`, { name: `Logo${tag}` });
  const logo = await upload(n, 'material');
  await idOf(n, `${M}/websiteImg/submit`, { imageUrl: logo, alt: 'Logo', imgGroupId });
  const id = await idOf(n, `${M}/websiteInfo/save`, {
    websiteGroupId: groupId, websiteType: 0, websiteName: `存储站${tag}`, websiteLang: 'zh-CN', descVal: '对象存储中的图片', keywords: '部署',
    domainInfoId: domainId, templateId, type: 1, icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
  });
  const pageId = await idOf(n, '/blade-material/templatePageConfig/submit', { name: `列表页${tag}`, listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  const cateId = await idOf(n, '/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻', type: 2, pageId, optStatus: 0 });
  const cover = await upload(n, 'cover');
  const inline = await upload(n, 'material');
  const articleId = await idOf(n, '/website-blade-article/article/submit', {
    websiteGroupId: groupId, websiteInfoId: id, parentId: cateId, title: `图文${tag}`, keyword: 'k', descVal: '摘要', status: 1, coverImg: cover,
    content: `<p>正文</p><img src="${inline}">`,
  });
  return { id, host, cateId, articleId, images: [logo, cover, inline].map(nameOf) };
}

async function deploy(n: Node, siteId: string): Promise<Rec> {
  const r = await post(n, '/website-blade-deploy/websiteDeploy/deploy', { id: siteId });
  expect(r.status).toBe(200);
  return (r.body.data as unknown as Rec[])[0]!;
}

/** A deploy of one site that fails: HTTP 400 with the reason (kept on the website and its deploy record). */
async function deployFails(n: Node, siteId: string): Promise<string> {
  const r = await post(n, '/website-blade-deploy/websiteDeploy/deploy', { id: siteId });
  expect(r.status).toBe(400);
  const msg = String(r.body.msg);
  const site = await n.h.data().get(sql<{ status_name: string; deploy_message: string }>`SELECT status_name, deploy_message FROM website_info WHERE id = ${siteId}`);
  expect(site).toEqual({ status_name: '部署失败', deploy_message: msg });
  const rec = await n.h.data().get(sql<{ status: number; status_name: string; message: string }>`SELECT status, status_name, message FROM website_deploy
    WHERE website_info_id = ${siteId} ORDER BY create_time DESC, id DESC LIMIT 1`);
  expect(rec).toEqual({ status: 0, status_name: '部署失败', message: msg });
  return msg;
}

/** the live release's folder of a site on a local-folder server */
const liveDir = (root: string) => join(root, readlinkSync(join(root, 'current')));

/** every image the site uses is in the live release, byte for byte, and linked from the article page */
function expectImages(root: string, site: Site): void {
  for (const name of site.images) expect(readFileSync(join(root, 'current', 'assets', name))).toEqual(PNG);
  const page = readFileSync(join(root, 'current', site.cateId, `${site.articleId}.html`), 'utf8');
  expect(page).toContain(`<img class="cover" src="../assets/${site.images[1]}"`);
  expect(page).toContain(`<img src="../assets/${site.images[2]}">`);
}

describe('two instances on one PostgreSQL, the test S3 server enabled in 对象存储', () => {
  let a: Node;
  let b: Node;
  let ossId = '';
  const shared = tempDir('seo-shared-sites-');
  beforeAll(async () => {
    const database = await (await sharedPostgres()).createDatabase();
    a = await node(await startHarness({ database }));
    b = await node(await startHarness({ database }));
    ossId = await enableS3(a);
  }, 120_000);
  afterAll(async () => {
    await a?.h.stop();
    await b?.h.stop();
    rmSync(shared, { recursive: true, force: true });
  });

  it('images uploaded through A are deployed through B from the object storage; a redeploy through A reads none again', async () => {
    // a local-folder server on storage both instances reach (docs/team-server.md § Deploys and files)
    const site = await buildSite(a, 'a', shared);
    const root = join(shared, site.host);
    for (const name of site.images) {
      expect(s3.buckets.get(BUCKET)!.has(`upload/${name}`)).toBe(true);
      for (const n of [a, b]) expect(existsSync(join(n.h.dataDir, 'upload', name))).toBe(false);
    }
    const asked = s3.requests.length;
    const first = await deploy(b, site.id);
    expect(first.statusName, String(first.message)).toBe('部署成功');
    expectImages(root, site);
    // read from the S3 server, each image once
    expect(readsOf(site.images, asked).map((r) => [r.key, r.status]).sort()).toEqual(site.images.map((n) => [`upload/${n}`, 200]).sort());

    // through A, after an article changed: A starts from B's release (fingerprints in the database): no image is read
    // again, and only what changed is sent
    const prevRelease = liveDir(root);
    expect((await post(a, '/website-blade-article/article/update', { id: site.articleId, title: '图文a改' })).body.code).toBe(200);
    const again = s3.requests.length;
    const second = await deploy(a, site.id);
    expect(second.statusName, String(second.message)).toBe('部署成功');
    expect(second.previousRelease).toBe(first.release);
    expect(readsOf(site.images, again)).toEqual([]);
    expect(Number(second.filesSent)).toBeLessThan(Number(first.filesSent));
    expect(String(second.message)).toMatch(/沿用 [1-9]\d* 个/);
    expect(liveDir(root)).not.toBe(prevRelease);
    expectImages(root, site);
    expect(readFileSync(join(root, 'current', site.cateId, `${site.articleId}.html`), 'utf8')).toContain('<h1>图文a改</h1>');
  });

  it('a site deployed to the data folder of one instance is previewed through either', async () => {
    const site = await buildSite(a, 'p');
    const done = await deploy(b, site.id);
    expect(done.statusName, String(done.message)).toBe('部署成功');
    expect(done.url).toBe(`/api/site-preview/${site.id}/${site.host}/index.html`);
    // the deploy is a job either instance may run (asked through B): the one that ran it has the release in its data
    // folder; the other has none and renders it from the database and the object storage
    const [ran, other] = existsSync(join(b.h.dataDir, 'sites', site.id)) ? [b, a] : [a, b];
    expect(existsSync(join(ran.h.dataDir, 'sites', site.id))).toBe(true);
    expect(existsSync(join(other.h.dataDir, 'sites', site.id))).toBe(false);
    const page = `/api/site-preview/${site.id}/${site.host}/${site.cateId}/${site.articleId}.html`;
    const fromRan = await fetch(new URL(page, ran.base));
    expect(fromRan.status).toBe(200);
    const html = await fromRan.text();
    expect(html).toContain(`<img src="../assets/${site.images[2]}">`);
    const fromOther = await fetch(new URL(page, other.base));
    expect(fromOther.status).toBe(200);
    expect(fromOther.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await fromOther.text()).toBe(html);
    const asked = s3.requests.length;
    for (const n of [ran, other]) {
      const img = await fetch(new URL(`/api/site-preview/${site.id}/${site.host}/assets/${site.images[2]}`, n.base));
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await img.arrayBuffer())).toEqual(PNG);
    }
    expect(readsOf([site.images[2]!], asked)).toHaveLength(1); // the other's, from the store; the one that ran it, from its folder
    for (const n of [a, b]) {
      expect((await fetch(new URL(`/api/site-preview/${site.id}/${site.host}/nothing.html`, n.base))).status).toBe(404);
      expect((await fetch(new URL(`/api/site-preview/${site.id}/other-host.com/index.html`, n.base))).status).toBe(404);
    }
    // a page that is not there: the reply in the caller's language (zh without Accept-Language)
    const nothing = new URL(`/api/site-preview/${site.id}/${site.host}/nothing.html`, a.base);
    expect(await (await fetch(nothing)).json()).toMatchObject({ code: 404, msg: '没找到请求' });
    expect(await (await fetch(nothing, { headers: { 'Accept-Language': 'en' } })).json()).toMatchObject({ code: 404, msg: 'No such request' });
  });

  it('an image the object storage refuses to give fails that site\'s deploy with the reason; the live site stays', async () => {
    const site = await buildSite(a, 'f', shared);
    const root = join(shared, site.host);
    const ok = await deploy(b, site.id);
    expect(ok.statusName, String(ok.message)).toBe('部署成功');
    const live = liveDir(root);
    // a new image in the article, then the key changed (through A) to one the storage refuses
    const added = nameOf(await upload(a, 'material'));
    expect((await post(a, '/website-blade-article/article/update', { id: site.articleId, content: `<p>正文</p><img src="/api/blade-resource/oss/endpoint/file/${added}">` })).body.code).toBe(200);
    expect((await post(a, `${OSS}/submit`, { id: ossId, secretKey: 'not-the-secret' })).body.code).toBe(200);
    const failed = await deployFails(b, site.id);
    expect(failed).toMatch(
      new RegExp(`^部署失败: 图片 ${added} 读取失败: 对象存储 deploy-minio \\(127\\.0\\.0\\.1:\\d+/${BUCKET}\\) 拒绝了访问密钥 \\(SignatureDoesNotMatch, HTTP 403\\)，请检查 accessKey 和 secretKey; 线上版本未改变 \\(${ok.release}\\)$`),
    );
    expect(liveDir(root)).toBe(live);
    expect(existsSync(join(root, 'current', 'assets', added))).toBe(false);

    expect((await post(a, `${OSS}/submit`, { id: ossId, secretKey: s3.secretKey })).body.code).toBe(200);
    const fixed = await deploy(b, site.id);
    expect(fixed.statusName, String(fixed.message)).toBe('部署成功');
    expect(readFileSync(join(root, 'current', 'assets', added))).toEqual(PNG);
  });

  it('one deploy of a site at a time across instances: a site another instance deploys is refused until its lease ends', async () => {
    const site = await buildSite(a, 'l', shared);
    // instance A deploying it (its lease in the database)
    await a.h.data().run(sql`INSERT INTO content_deploy_lease (website_info_id, holder, expires_at) VALUES (${site.id}, 'instance-a', '2999-01-01 00:00:00')`);
    const refused = await post(b, '/website-blade-deploy/websiteDeploy/deploy', { id: site.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该网站正在部署中, 请稍后再试');
    expect(existsSync(join(shared, site.host))).toBe(false);
    // a lease whose instance died runs out: the site deploys again, and the lease is gone afterwards
    await a.h.data().run(sql`UPDATE content_deploy_lease SET expires_at = '2000-01-01 00:00:00' WHERE website_info_id = ${site.id}`);
    const done = await deploy(b, site.id);
    expect(done.statusName, String(done.message)).toBe('部署成功');
    expect(await a.h.data().get(sql`SELECT holder FROM content_deploy_lease WHERE website_info_id = ${site.id}`)).toBeUndefined();
  });
});

describe('the embedded back end (SQLite)', () => {
  let one: Node;
  beforeAll(async () => {
    one = await node(await startHarness());
    expect(one.h.engine).toBe('sqlite');
  });
  afterAll(async () => {
    await one?.h.stop();
  });

  it('with no object storage: the images are deployed from the data folder, as before; a missing one fails the deploy with the reason', async () => {
    const asked = s3.requests.length;
    const site = await buildSite(one, 's');
    for (const name of site.images) expect(existsSync(join(one.h.dataDir, 'upload', name))).toBe(true);
    const done = await deploy(one, site.id);
    expect(done.statusName, String(done.message)).toBe('部署成功');
    const root = join(one.h.dataDir, 'sites', site.id, site.host);
    expectImages(root, site);
    const img = await fetch(new URL(`/api/site-preview/${site.id}/${site.host}/assets/${site.images[0]}`, one.base));
    expect(Buffer.from(await img.arrayBuffer())).toEqual(PNG);
    expect(s3.requests.length).toBe(asked);

    // a file gone from the data folder: the deploy fails with the reason, the live site stays
    const added = nameOf(await upload(one, 'material'));
    rmSync(join(one.h.dataDir, 'upload', added));
    expect((await post(one, '/website-blade-article/article/update', { id: site.articleId, content: `<img src="/api/blade-resource/oss/endpoint/file/${added}">` })).body.code).toBe(200);
    expect(await deployFails(one, site.id)).toBe(`部署失败: 图片 ${added} 读取失败: 数据目录中没有这个文件; 线上版本未改变 (${done.release})`);
    // the website's kept reason read in English (the store's own name as it came)
    const en = await api<Rec>(one.base, one.token, 'GET', '/website-blade-material/websiteInfo/detail', { query: { id: site.id }, headers: { 'Accept-Language': 'en' } });
    expect(en.body.data.deployMessage).toBe(`Deploy failed: image ${added} cannot be read: 数据目录 holds no such file; the live version is unchanged (${done.release})`);
    expect(liveDir(root)).toBe(join(root, 'releases', String(done.release)));

    // a deploy holding the site's lease refuses another; a lease run out does not
    await one.h.data().run(sql`INSERT INTO content_deploy_lease (website_info_id, holder, expires_at) VALUES (${site.id}, 'other', '2999-01-01 00:00:00')`);
    expect((await post(one, '/website-blade-deploy/websiteDeploy/deploy', { id: site.id })).body.msg).toBe('该网站正在部署中, 请稍后再试');
    await one.h.data().run(sql`UPDATE content_deploy_lease SET expires_at = '2000-01-01 00:00:00' WHERE website_info_id = ${site.id}`);
    expect(await deployFails(one, site.id)).toMatch(/^部署失败: 图片 [0-9a-f]{32}\.png 读取失败: 数据目录中没有这个文件/);
  });

  it('with the test S3 server enabled: the images are deployed from the object storage', async () => {
    await enableS3(one);
    const site = await buildSite(one, 'e');
    const asked = s3.requests.length;
    const done = await deploy(one, site.id);
    expect(done.statusName, String(done.message)).toBe('部署成功');
    expectImages(join(one.h.dataDir, 'sites', site.id, site.host), site);
    for (const name of site.images) expect(existsSync(join(one.h.dataDir, 'upload', name))).toBe(false);
    expect(readsOf(site.images, asked)).toHaveLength(site.images.length);
  });
});
