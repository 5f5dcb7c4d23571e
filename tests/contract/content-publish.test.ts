// Publishing websites for real: the embedded back end deploys over SFTP to a
// real OpenSSH server on 127.0.0.1 (tests/contract/ssh-server.ts), with the
// server record's credentials. Checked on the server side: the release layout
// and the live symlink, only changed files written by a redeploy (sftp-server's
// own log) and the rest carried over as hard links, a deploy cut mid-way
// leaving the live folder as it was, rollback, a wrong password. The generated
// pages go through real validators: sitemap.xml against the sitemaps.org
// schema (xmllint), every page type through html-validate, and Lighthouse's
// SEO category in Debian Chromium on the home, column and article pages of the
// deployed site served from loopback.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { sitemaps, sitemapSet } from '../../src-server/modules/content/deploy/seo-markup';
import { api, login, PNG, SABER, startHarness, type Harness } from './helpers';
import { sshSkipReason, startSshServer, type SshServerHandle } from './ssh-server';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';
const D = '/website-blade-deploy/websiteDeploy';
const HOST = 'news-example.com';
const EN_HOST = `en.${HOST}`;
const SITEMAP_XSD = resolve('node_modules/sitemap/schema/sitemap.xsd');
const SITEINDEX_XSD = resolve('tests/fixtures/sitemap/siteindex.xsd');

/** xmllint --schema: returns its stderr; throws with it when invalid. */
function xmllint(xsd: string, file: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    return 'ok';
  } catch (e) {
    throw new Error(`xmllint ${file}: ${String((e as { stderr?: Buffer }).stderr ?? e)}`);
  }
}

describe('sitemap index past 50,000 URLs (here: past a smaller limit)', () => {
  it('splits into urlsets under an index, every file valid against its schema', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-'));
    try {
      const entries = Array.from({ length: 7 }, (_, i) => ({ loc: `https://example.com/p/${i}.html`, lastmod: `2026-01-0${i + 1}T10:00:00+08:00` }));
      const files = sitemaps('https://example.com', entries, 3);
      expect(files.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
      for (const f of files) writeFileSync(join(dir, f.path), f.xml);
      expect(xmllint(SITEINDEX_XSD, join(dir, 'sitemap.xml'))).toBe('ok');
      for (const f of files.slice(1)) expect(xmllint(SITEMAP_XSD, join(dir, f.path))).toBe('ok');
      expect(files[0].xml).toContain('<loc>https://example.com/sitemap-3.xml</loc><lastmod>2026-01-07T10:00:00+08:00</lastmod>');
      // the schema refuses what the protocol refuses (so the check above can fail)
      writeFileSync(join(dir, 'bad.xml'), files[1].xml.replace('<lastmod>2026-01-01T10:00:00+08:00</lastmod>', '<lastmod>yesterday</lastmod>'));
      expect(() => xmllint(SITEMAP_XSD, join(dir, 'bad.xml'))).toThrow(/lastmod/);
      expect(sitemaps('https://example.com', entries, 7)).toHaveLength(1);
      // a large site: one sitemap per section under the index, so a change in one column rewrites only its sitemap
      const sections = [{ name: 'pages', entries: entries.slice(0, 2) }, { name: 'column-7', entries: entries.slice(2) }];
      const set = sitemapSet('https://example.com', sections, 5);
      expect(set.map((f) => f.path)).toEqual(['sitemap.xml', 'sitemap-pages.xml', 'sitemap-column-7.xml']);
      for (const f of set) writeFileSync(join(dir, f.path), f.xml);
      expect(xmllint(SITEINDEX_XSD, join(dir, 'sitemap.xml'))).toBe('ok');
      expect(xmllint(SITEMAP_XSD, join(dir, 'sitemap-column-7.xml'))).toBe('ok');
      expect(sitemapSet('https://example.com', sections, 7)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(Boolean(sshSkipReason))('publishing websites over SFTP to a real OpenSSH server', () => {
  let h: Harness;
  let base: string;
  let admin: string;
  let ssh: SshServerHandle;
  let serverId: string;
  let siteId: string;
  let enSiteId: string;
  let groupId: string;
  let newsId: string;
  let guideId: string;
  const art: Record<string, string> = {};
  let liveDir: string;
  const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
  const get = (path: string, query: Record<string, string> = {}) => api<Rec>(base, admin, 'GET', path, { query });
  const idOf = async (path: string, json: Rec): Promise<string> => {
    const r = await post(path, json);
    if (r.status !== 200) throw new Error(`${path}: ${String(r.body.msg)}`);
    return (r.body.data as Rec).id as string;
  };
  const upload = async (name: string, scene: string): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), name);
    const res = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    return ((await res.json()) as { data: Rec }).data.link as string;
  };
  /** deploys one website: its result (a failure answers 400 with the reason; the deploy log has the record) */
  const deploy = async (id = siteId): Promise<Rec> => {
    const r = await post(`${D}/deploy`, { id });
    if (r.status === 200) return (r.body.data as unknown as Rec[])[0];
    expect(r.status).toBe(400);
    const last = (((await get(`${D}/page`, { websiteInfoId: id })).body.data as Rec).records as Rec[])[0];
    expect(last.message).toBe(r.body.msg);
    return last;
  };
  const siteRoot = () => join(ssh.home, 'www', HOST);
  const live = () => readlinkSync(join(siteRoot(), 'current'));
  const liveFile = (p: string) => readFileSync(join(siteRoot(), 'current', p), 'utf8');
  const allLiveFiles = (dir = join(siteRoot(), 'current'), prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allLiveFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
  const websiteRow = async () => (await h.data().get(sql<{ status_name: string; deploy_message: string }>`SELECT status_name, deploy_message FROM website_info WHERE id = ${siteId}`))!;

  beforeAll(async () => {
    ssh = await startSshServer();
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
    groupId = await idOf(`${M}/websiteGroup/save`, { name: '资讯组', type: 0 });
    serverId = await idOf(`${M}/serverInfo/save`, {
      serverName: '本机SSH', serverIp: '127.0.0.1', serverPort: ssh.port, serverUsername: ssh.username, serverPassword: ssh.password, serverType: 'sftp', deployPath: 'www',
    });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: '资讯站', domain: HOST, domainService: '1', serverId });
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '资讯模板', type: '1', image: await upload('tpl.png', 'template') });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-news', phone: '400-000-0000' });
    const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
    await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('logo.png', 'material'), alt: '资讯站标志', imgGroupId });
    const site = (name: string, lang: string, extra: Rec) =>
      idOf(`${M}/websiteInfo/save`, {
        websiteGroupId: groupId, websiteType: 0, websiteName: name, websiteLang: lang, descVal: `${name}: 每日行业资讯与深度指南`, keywords: '资讯,指南',
        domainInfoId: domainId, templateId, icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId, ...extra,
      });
    siteId = await site('资讯网', 'zh-CN', { type: 1 });
    enSiteId = await site('News Site', 'en', { type: 0, subdomain: 'en' });
    // the English site's certificate is issued: its canonical URLs are https
    await h.data().run(sql`UPDATE website_info SET is_ssl = 1 WHERE id = ${enSiteId}`);
    // the languages every tenant starts with (the lang dictionary's)
    const languages = (await api<Rec[]>(base, admin, 'GET', '/website/LanguageList')).body.data;
    const zh = String(languages.find((l) => l.abbrevia === 'zh-CN')!.id);
    const en = String(languages.find((l) => l.abbrevia === 'en')!.id);
    await idOf('/blade-material/websiteAssocia/save', { domainId, websiteInfoId: siteId, languagesId: zh, serverId, status: 0 });
    await idOf('/blade-material/websiteAssocia/save', { domainId, websiteInfoId: enSiteId, languagesId: en, serverId, status: 0, subdomain: 'en' });
    // clean URLs of the Chinese site from its custom page URL record
    await idOf('/seo-blade-material/customPageUrl/save', { websiteInfoId: siteId, categoryUrl: 'c/{cateId}/', articleUrl: 'p/{id}.html' });
    await idOf('/blade-material/websiteTemplateConfig/submit', { websiteInfoId: siteId, type: 1, name: '公司简介', configKey: 'intro', configValue: '<p>我们专注行业资讯十年。</p>' });
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
    newsId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻动态', type: 2, pageId, optStatus: 0 });
    guideId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '使用指南', type: 2, pageId, optStatus: 0 });
    const article = (title: string, status: number, extra: Rec = {}) =>
      idOf('/website-blade-article/article/submit', {
        websiteGroupId: groupId, websiteInfoId: siteId, parentId: newsId, title, keyword: `${title},资讯`, descVal: `${title}的摘要: 本文介绍要点`, auth: '编辑部',
        content: `<p>${title}的正文内容。</p>`, status, ...extra,
      });
    art.one = await article('行业年度报告', 1, { coverImg: await upload('cover.png', 'cover') });
    art.two = await article('市场观察', 1);
    art.hidden = await article('隐藏的文章XYZ', 1, { displayStatus: 0 });
    art.draft = await article('未发布的草稿XYZ', 0);
    await idOf('/website-blade-article/article/submit', {
      websiteGroupId: groupId, websiteInfoId: enSiteId, parentId: newsId, title: 'Annual report', keyword: 'report', descVal: 'The annual report', content: '<p>Report.</p>', status: 1,
    });
    // a bigger column, so a deploy takes long enough to be cut mid-way
    await h.data().transaction(async (trx) => {
      for (let i = 0; i < 400; i++) {
        await trx.run(sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, auth, display_status, sort, content, desc_val, status, deploy_time, create_time, update_time, is_deleted)
          VALUES (${`g${String(i).padStart(4, '0')}`}, '000000', ${siteId}, ${groupId}, ${guideId}, ${`指南第${i}篇`}, '指南', '编辑部', 1, 0, ${`<p>${'指南正文。'.repeat(200)}</p>`}, ${`指南第${i}篇的摘要`}, 1, '2026-01-02 10:00:00', '2026-01-02 10:00:00', '2026-01-02 10:00:00', 0)`);
      }
    });
    liveDir = join(siteRoot(), 'current');
  }, 60_000);

  afterAll(async () => {
    await h?.stop();
    await ssh?.stop();
  });

  it('deploys into a release on the server and switches the live link to it', async () => {
    const r = await deploy();
    expect(r.statusName).toBe('部署成功');
    expect(String(r.message)).toMatch(/^已发布版本 \d{17}-[0-9a-f]+ 到 sftp:\/\//);
    expect(lstatSync(liveDir).isSymbolicLink()).toBe(true);
    expect(live()).toBe(`releases/${String(r.release)}`);
    expect(existsSync(join(siteRoot(), 'releases', `${String(r.release)}.manifest.json.gz`))).toBe(true);
    expect(Number(r.filesSent)).toBe(Number(r.filesTotal));
    expect(await websiteRow()).toMatchObject({ status_name: '部署成功' });
    const log = (await get(`${D}/page`, { websiteInfoId: siteId })).body.data as Rec;
    expect((log.records as Rec[])[0]).toMatchObject({ statusName: '部署成功', release: r.release, filesSent: r.filesSent });
    // the server's status comes from the real connection
    expect(await h.data().get(sql<Rec>`SELECT status, host_key FROM server_info WHERE id = ${serverId}`)).toMatchObject({ status: 0, host_key: expect.stringMatching(/^SHA256:/) });
  });

  it('renders every page type with its own title, description, canonical, hreflang, Open Graph and JSON-LD', async () => {
    const home = liveFile('index.html');
    const news = liveFile(`c/${newsId}/index.html`);
    const one = liveFile(`p/${art.one}.html`);
    const about = liveFile('about/index.html');
    const notFound = liveFile('404.html');
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)![1];
    const desc = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)![1];
    const titles = [home, news, one, about, notFound].map(title);
    expect(new Set(titles).size).toBe(5);
    expect(new Set([home, news, one, about, notFound].map(desc)).size).toBe(5);
    expect(title(one)).toBe('行业年度报告 - 资讯网');
    expect(desc(one)).toBe('行业年度报告的摘要: 本文介绍要点');
    expect(one).toContain('<meta name="keywords" content="行业年度报告,资讯">');
    expect(home).toContain(`<link rel="canonical" href="http://${HOST}/">`);
    expect(news).toContain(`<link rel="canonical" href="http://${HOST}/c/${newsId}/">`);
    expect(one).toContain(`<link rel="canonical" href="http://${HOST}/p/${art.one}.html">`);
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    // hreflang among the websites associated with the domain, in both languages, on both sites
    expect(home).toContain(`<link rel="alternate" hreflang="zh-CN" href="http://${HOST}/">`);
    expect(home).toContain(`<link rel="alternate" hreflang="en" href="https://${EN_HOST}/">`);
    expect(news).toContain(`<link rel="alternate" hreflang="en" href="https://${EN_HOST}/${newsId}/">`);
    expect(one).toContain('<meta property="og:type" content="article">');
    expect(one).toMatch(/<meta property="og:image" content="http:\/\/news-example\.com\/assets\/[0-9a-f]{32}\.png">/);
    const ld = [...one.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Rec);
    expect(ld.map((x) => x['@type'])).toEqual(['WebSite', 'BreadcrumbList', 'Article']);
    expect(ld[2]).toMatchObject({ headline: '行业年度报告', author: { '@type': 'Person', name: '编辑部' }, datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/) });
    expect((ld[1].itemListElement as Rec[]).map((i) => i.name)).toEqual(['资讯网', '新闻动态', '行业年度报告']);
    expect(about).toContain('我们专注行业资讯十年。');
    // the English site: https canonical, default clean URLs
    await deploy(enSiteId);
    const enHome = readFileSync(join(ssh.home, 'www', EN_HOST, 'current', 'index.html'), 'utf8');
    expect(enHome).toContain(`<link rel="canonical" href="https://${EN_HOST}/">`);
    expect(enHome).toContain(`<link rel="alternate" hreflang="zh-CN" href="http://${HOST}/">`);
    expect(existsSync(join(ssh.home, 'www', EN_HOST, 'current', newsId, 'index.html'))).toBe(true);
  });

  it('keeps unpublished and hidden articles out of every file', () => {
    const files = allLiveFiles();
    expect(files).toEqual(expect.arrayContaining(['index.html', 'sitemap.xml', 'robots.txt', 'feed.xml', '404.html', `p/${art.one}.html`, `c/${guideId}/page/8/index.html`]));
    for (const f of files.filter((x) => !x.startsWith('assets/'))) {
      const text = liveFile(f);
      expect(text, f).not.toContain('XYZ');
      expect(text, f).not.toContain(art.hidden);
      expect(text, f).not.toContain(art.draft);
    }
  });

  it('writes a sitemap valid against the sitemaps.org schema, robots.txt pointing at it and an RSS feed', () => {
    expect(xmllint(SITEMAP_XSD, join(liveDir, 'sitemap.xml'))).toBe('ok');
    const sitemap = liveFile('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // home, 2 columns, 402 articles, the about page
    expect(locs).toHaveLength(1 + 2 + 402 + 1);
    expect(locs).toContain(`http://${HOST}/p/${art.two}.html`);
    expect(sitemap).toContain(`<url><loc>http://${HOST}/p/g0001.html</loc><lastmod>2026-01-02T10:00:00`);
    expect(liveFile('robots.txt')).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
    execFileSync('xmllint', ['--noout', join(liveDir, 'feed.xml')]);
    const feed = liveFile('feed.xml');
    expect(feed).toContain(`<link>http://${HOST}/p/${art.one}.html</link>`);
    expect([...feed.matchAll(/<item>/g)]).toHaveLength(50);
  });

  it('writes HTML that html-validate finds valid, for every page type', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    for (const p of ['index.html', `c/${newsId}/index.html`, `c/${guideId}/page/2/index.html`, `p/${art.one}.html`, 'about/index.html', '404.html']) {
      const report = await validator.validateString(liveFile(p), p);
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${p}:${m.line}:${m.column} ${m.ruleId} ${m.message}`));
      expect(messages, p).toEqual([]);
    }
    // and the validator does catch a broken page
    const broken = await validator.validateString('<!DOCTYPE html><html lang="zh"><head><title>x</title></head><body><img src="a.png"><p><div></div></p></body></html>');
    expect(broken.valid).toBe(false);
  });

  it('scores 100 in Lighthouse SEO on the home, column and article pages served from loopback', async () => {
    const lighthouse = (await import('lighthouse')).default;
    const chromeLauncher = await import('chrome-launcher');
    const server = await serveStatic(liveDir);
    const port = (server.address() as { port: number }).port;
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST} 127.0.0.1:${port}`],
    });
    try {
      const scores: Record<string, number> = {};
      for (const path of ['/', `/c/${newsId}/`, `/p/${art.one}.html`]) {
        const r = await lighthouse(`http://${HOST}${path}`, { port: chrome.port, onlyCategories: ['seo'], output: 'json', logLevel: 'error' });
        const lhr = r!.lhr;
        const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories.seo.auditRefs.some((ref) => ref.id === a.id)).map((a) => `${a.id}: ${a.title}`);
        expect(failed, path).toEqual([]);
        scores[path] = Math.round((lhr.categories.seo.score ?? 0) * 100);
      }
      expect(Object.values(scores)).toEqual([100, 100, 100]);
    } finally {
      chrome.kill();
      server.close();
    }
  }, 180_000);

  it('redeploys after one article changes by writing only the changed files; the rest are hard links of the previous release', async () => {
    const before = live();
    const mark = ssh.sftpLines();
    expect((await post('/website-blade-article/article/update', { id: art.two, title: '市场观察(更新)' })).status).toBe(200);
    const r = await deploy();
    expect(r.statusName).toBe('部署成功');
    const rel = `www/${HOST}/releases/${String(r.release)}`;
    const written = ssh.writesSince(mark).map((p) => p.replace(`${rel}/`, '')).sort();
    // the article, the page of its column listing it, home (latest articles), sitemap and feed; plus the release manifest
    expect(written).toEqual(
      [`p/${art.two}.html`, `c/${newsId}/index.html`, 'index.html', 'sitemap.xml', 'feed.xml', `www/${HOST}/releases/${String(r.release)}.manifest.json.gz`].sort(),
    );
    expect(Number(r.filesSent)).toBe(5);
    expect(live()).toBe(`releases/${String(r.release)}`);
    expect(r.previousRelease).toBe(before.replace('releases/', ''));
    const prevDir = join(siteRoot(), before);
    const newDir = join(siteRoot(), live());
    // unchanged: the same inode in both releases; changed: a new file, the previous release untouched
    expect(statSync(join(newDir, `p/${art.one}.html`)).ino).toBe(statSync(join(prevDir, `p/${art.one}.html`)).ino);
    expect(statSync(join(newDir, `p/${art.two}.html`)).ino).not.toBe(statSync(join(prevDir, `p/${art.two}.html`)).ino);
    expect(readFileSync(join(prevDir, `p/${art.two}.html`), 'utf8')).not.toContain('市场观察(更新)');
    expect(liveFile(`p/${art.two}.html`)).toContain('市场观察(更新)');
  });

  it('a change to the content of an article alone renders that page again, its update time left as it was', async () => {
    // written straight into the table: the page's key must follow the content itself, not a time stamp
    await h.data().run(sql`UPDATE article SET content = ${'<p>指南第7篇的新正文ABC。</p>'} WHERE id = 'g0007'`);
    const mark = ssh.sftpLines();
    const r = await deploy();
    expect(r.statusName).toBe('部署成功');
    const written = ssh
      .writesSince(mark)
      .map((p) => p.replace(`www/${HOST}/releases/${String(r.release)}/`, ''))
      // the sitemap's home entry carries the website's update time, which each deploy sets: written when the last two deploys fell in different seconds
      .filter((p) => p !== 'sitemap.xml')
      .sort();
    expect(written).toEqual(['p/g0007.html', `www/${HOST}/releases/${String(r.release)}.manifest.json.gz`].sort());
    expect(liveFile('p/g0007.html')).toContain('指南第7篇的新正文ABC。');
    expect(liveFile('p/g0008.html')).toContain('指南正文。');
  });

  it('a redeploy starts from the spare copy the server made of the live release after the last deploy', async () => {
    const releasesDir = join(siteRoot(), 'releases');
    const spare = join(releasesDir, `.spare-${live().replace('releases/', '')}`);
    // made by a detached job on the server once the last deploy had switched
    await vi.waitFor(() => expect(existsSync(spare)).toBe(true), { timeout: 10_000, interval: 20 });
    const spareIno = statSync(spare).ino;
    // hard links of the live release's files
    expect(statSync(join(spare, 'p/g0009.html')).ino).toBe(statSync(join(siteRoot(), 'current', 'p/g0009.html')).ino);
    await h.data().run(sql`UPDATE article SET content = ${'<p>指南第9篇的新正文。</p>'} WHERE id = 'g0009'`);
    const r = await deploy();
    expect(r.statusName).toBe('部署成功');
    // renamed into place, not copied again; the live release untouched
    expect(statSync(join(releasesDir, String(r.release))).ino).toBe(spareIno);
    expect(existsSync(spare)).toBe(false);
    expect(liveFile('p/g0009.html')).toContain('指南第9篇的新正文。');
    expect(statSync(join(siteRoot(), 'current', 'p/g0008.html')).ino).toBe(statSync(join(releasesDir, String(r.previousRelease), 'p/g0008.html')).ino);
    expect(readFileSync(join(releasesDir, String(r.previousRelease), 'p/g0009.html'), 'utf8')).not.toContain('指南第9篇的新正文。');
    // and the new live release gets its own; only the live release has one
    await vi.waitFor(() => expect(readdirSync(releasesDir).filter((n) => n.startsWith('.spare-'))).toEqual([`.spare-${String(r.release)}`]), { timeout: 10_000, interval: 20 });
  });

  it('a deploy cut mid-way leaves the live folder as it was and says why', async () => {
    const before = live();
    const liveHome = liveFile('index.html');
    // every page changes with the website's name
    expect((await post(`${M}/websiteInfo/update`, { id: siteId, websiteName: '资讯网新版' })).status).toBe(200);
    const mark = ssh.sftpLines();
    const cut = setInterval(() => {
      if (ssh.writesSince(mark).length >= 20) {
        clearInterval(cut);
        ssh.cutSessions();
      }
    }, 2);
    const r = await deploy();
    clearInterval(cut);
    expect(ssh.writesSince(mark).length).toBeGreaterThanOrEqual(20);
    expect(r.statusName).toBe('部署失败');
    expect(String(r.message)).toMatch(/^部署失败: 与服务器的连接中断\(127\.0\.0\.1:\d+\); 线上版本未改变/);
    expect(live()).toBe(before);
    expect(liveFile('index.html')).toBe(liveHome);
    expect(await websiteRow()).toEqual({ status_name: '部署失败', deploy_message: r.message });
    const log = ((await get(`${D}/page`, { websiteInfoId: siteId })).body.data as Rec).records as Rec[];
    expect(log[0]).toMatchObject({ statusName: '部署失败', message: r.message });
    // the next deploy goes through and clears what the cut one left
    const again = await deploy();
    expect(again.statusName).toBe('部署成功');
    expect(liveFile('index.html')).toContain('资讯网新版');
    const names = readdirSync(join(siteRoot(), 'releases'));
    // every release folder left is complete (the spare copies beside them are not releases: see the spare test)
    expect(names.filter((n) => !n.endsWith('.manifest.json.gz') && !n.startsWith('.spare-')).every((n) => names.includes(`${n}.manifest.json.gz`))).toBe(true);
  });

  it('a cancelled deploy leaves the live folder as it was', async () => {
    const before = live();
    const liveHome = liveFile('index.html');
    expect((await post(`${M}/websiteInfo/update`, { id: siteId, websiteName: '资讯网第三版' })).status).toBe(200);
    const mark = ssh.sftpLines();
    const running = deploy();
    // cancel once the upload is under way, as the deploy dialog's 取消部署 does
    let cancelled: Rec | undefined;
    const deadline = Date.now() + 20_000;
    while (!cancelled && Date.now() < deadline) {
      const p = ((await get(`${D}/progress`, { ids: siteId })).body.data as unknown as Rec[])[0];
      if (p?.phase === 'upload' && Number(p.done) >= 10) cancelled = (await post(`${D}/cancel`, { id: siteId })).body.data as Rec;
      else await new Promise((r) => setTimeout(r, 5));
    }
    expect(cancelled).toEqual({ cancelled: true });
    const r = await running;
    expect(r.statusName).toBe('部署失败');
    expect(String(r.message)).toMatch(/^部署失败: 部署已取消; 线上版本未改变/);
    expect(ssh.writesSince(mark).length).toBeGreaterThanOrEqual(10);
    expect(live()).toBe(before);
    expect(liveFile('index.html')).toBe(liveHome);
    expect((await get(`${D}/progress`, { ids: siteId })).body.data).toEqual([]);
    expect((await deploy()).statusName).toBe('部署成功');
  });

  it('rolls back to the previous release and lists the kept releases', async () => {
    const releases = ((await get(`${D}/releases`, { websiteInfoId: siteId })).body.data as unknown as Rec[]);
    expect(releases.length).toBeGreaterThanOrEqual(3);
    expect(releases[0].live).toBe(true);
    const r = await post(`${D}/rollback`, { websiteInfoId: siteId });
    expect(r.status).toBe(200);
    expect((r.body.data as Rec).release).toBe(releases[1].name);
    expect(live()).toBe(`releases/${String(releases[1].name)}`);
    expect(liveFile('index.html')).toContain('资讯网新版');
    expect(liveFile('index.html')).not.toContain('资讯网第三版');
    // and forward again to a named release
    expect((await post(`${D}/rollback`, { websiteInfoId: siteId, release: releases[0].name })).status).toBe(200);
    expect(liveFile('index.html')).toContain('资讯网第三版');
    expect((await post(`${D}/rollback`, { websiteInfoId: siteId, release: '20000101000000-nope' })).body.msg).toBe('回滚失败: 版本 20000101000000-nope 不存在或不完整');
    const rollbackEn = await api<Rec>(base, admin, 'POST', `${D}/rollback`, { json: { websiteInfoId: siteId, release: '20000101000000-nope' }, headers: { 'Accept-Language': 'en' } });
    expect(rollbackEn.body.msg).toBe('Rollback failed: version 20000101000000-nope does not exist or is incomplete');
  });

  it('tests a server connection and reports a wrong password clearly, with status 部署失败', async () => {
    const ok = await post(`${M}/serverInfo/test`, { id: serverId });
    expect(ok.body.data).toMatchObject({ ok: true, status: 0 });
    // in the caller's language: the answer, and the check kept on the server (检测结果)
    const EN = { 'Accept-Language': 'en' };
    const okEn = await api<Rec>(base, admin, 'POST', `${M}/serverInfo/test`, { json: { id: serverId }, headers: EN });
    expect(String(okEn.body.data.message)).toMatch(/^Connected; the deploy folder \S+ is writable$/);
    expect(String(ok.body.data.message)).toMatch(/^连接成功, 部署目录 \S+ 可写$/);
    expect((await post(`${M}/serverInfo/update`, { id: serverId, serverPassword: 'wrong-password' })).status).toBe(200);
    const bad = await post(`${M}/serverInfo/test`, { id: serverId });
    expect(bad.body.data).toMatchObject({ ok: false, status: 1, message: `服务器认证失败(127.0.0.1:${ssh.port}): 用户名或密码错误` });
    const listed = async (headers?: Record<string, string>) =>
      ((await api<Rec>(base, admin, 'GET', `${M}/serverInfo/detail`, { query: { id: serverId }, headers })).body.data as Rec).checkMessage;
    expect(await listed()).toBe(`服务器认证失败(127.0.0.1:${ssh.port}): 用户名或密码错误`);
    expect(await listed(EN)).toBe(`The server refused the login (127.0.0.1:${ssh.port}): wrong user name or password`);
    expect((await api<Rec>(base, admin, 'POST', `${M}/serverInfo/test`, { json: { id: serverId }, headers: EN })).body.data).toMatchObject({
      ok: false,
      message: `The server refused the login (127.0.0.1:${ssh.port}): wrong user name or password`,
    });
    const before = live();
    const r = await deploy();
    expect(r.statusName).toBe('部署失败');
    expect(r.message).toBe(`部署失败: 服务器认证失败(127.0.0.1:${ssh.port}): 用户名或密码错误; 线上版本未改变`);
    expect((await websiteRow()).status_name).toBe('部署失败');
    expect(live()).toBe(before);
    const server = (await get(`${M}/serverInfo/detail`, { id: serverId })).body.data as Rec;
    expect(server.status).toBe(1);
    expect(server.serverPassword).toBe('******'); // masked, never in clear
    expect((await post(`${M}/serverInfo/update`, { id: serverId, serverPassword: ssh.password })).status).toBe(200);
    expect((await post(`${M}/serverInfo/test`, { id: serverId })).body.data).toMatchObject({ ok: true, status: 0 });
    // the host key recorded on first contact is checked: another key is refused
    const pinned = (await h.data().get(sql<{ host_key: string }>`SELECT host_key FROM server_info WHERE id = ${serverId}`))!.host_key;
    await h.data().run(sql`UPDATE server_info SET host_key = ${'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'} WHERE id = ${serverId}`);
    expect((await post(`${M}/serverInfo/test`, { id: serverId })).body.data).toMatchObject({ ok: false, status: 1, message: `服务器主机密钥与记录不符(127.0.0.1:${ssh.port}), 已拒绝连接` });
    await h.data().run(sql`UPDATE server_info SET host_key = ${pinned} WHERE id = ${serverId}`);
    expect((await post(`${M}/serverInfo/test`, { id: serverId })).body.data).toMatchObject({ ok: true, status: 0 });
  });

  it('a scheduled deploy task publishes and deploys through the same path', async () => {
    const before = live();
    const id = await idOf('/website-blade-deploy/deployTasks/save', { taskName: '定时发布', groupIds: groupId, scheduleType: 'NONE', articleCount: 1 });
    const run = await post('/website-blade-deploy/deployTasks/executeOnce', { id });
    // the group's two websites are deployed: the Chinese one publishes its draft
    expect(run.body.data).toMatchObject({ published: 1, deployed: 2 });
    expect(live()).not.toBe(before);
    expect(liveFile(`p/${art.draft}.html`)).toContain('未发布的草稿XYZ');
    const last = (((await get(`${D}/page`, { websiteInfoId: siteId })).body.data as Rec).records as Rec[])[0];
    expect(last).toMatchObject({ statusName: '部署成功', release: live().replace('releases/', '') });
  });
});

/** A static web server over a deployed release: folders serve index.html, anything missing 404.html with status 404. */
function serveStatic(root: string): Promise<Server> {
  const types: Record<string, string> = { html: 'text/html; charset=utf-8', xml: 'application/xml', txt: 'text/plain; charset=utf-8', png: 'image/png' };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(root, path);
    if (!file.startsWith(root)) file = join(root, '404.html');
    if (path.endsWith('/')) file = join(file, 'index.html');
    const found = existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(root, '404.html');
    res.writeHead(found ? 200 : 404, { 'Content-Type': types[served.split('.').pop() ?? ''] ?? 'application/octet-stream' });
    res.end(readFileSync(served));
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}
