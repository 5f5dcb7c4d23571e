// The static-site deploy over HTTP: categories as navigation and pages, only
// published and shown articles, sanitised article content, the category's
// adverts in their slots, jump links, and a redeploy that follows changes.
// Also the sanitiser itself, on its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml, safeUrl } from '../../src-server/modules/content/articles/sanitize';
import { api, login, SABER, startHarness, type Harness, PNG } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;

const M = '/website-blade-material';

async function upload(name: string, scene: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), name);
  const res = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
  const body = (await res.json()) as { data: Rec };
  return body.data.link as string;
}
const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
const idOf = async (path: string, json: Rec): Promise<string> => {
  const r = await post(path, json);
  if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data.id as string;
};

describe('sanitizeHtml', () => {
  it('drops dangerous elements with their content and keeps ordinary markup', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<style>body{}</style><iframe src="https://x"></iframe><b>ok</b>')).toBe('<b>ok</b>');
    expect(sanitizeHtml('<SCRIPT src=x>')).toBe('');
    expect(sanitizeHtml('<scr<script>x</script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(sanitizeHtml('<h2>T</h2><ul><li>x</li></ul><table><tr><td colspan="2">c</td></tr></table>')).toBe('<h2>T</h2><ul><li>x</li></ul><table><tr><td colspan="2">c</td></tr></table>');
  });

  it('removes on* handlers, style and unsafe URLs', () => {
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)" style="x" alt="A">')).toBe('<img src="/a.png" alt="A">');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="jav&#x61;script&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:text/html,x">')).toBe('<img>');
    expect(sanitizeHtml('<a href="https://e.com/?a=1&amp;b=2" target="_blank">e</a>')).toBe('<a href="https://e.com/?a=1&amp;b=2" target="_blank" rel="noopener">e</a>');
    expect(sanitizeHtml('<img alt="a>b" onerror=alert(1) src=x.png>')).toBe('<img alt="a&gt;b" src="x.png">');
    expect(sanitizeHtml('1 < 2 and <unknown>kept</unknown>')).toBe('1 &lt; 2 and kept');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('vbscript:x')).toBeNull();
    expect(safeUrl('//evil.example/x')).toBeNull();
  });
});

describe('deploying a site with categories, articles and adverts', () => {
  let siteId: string;
  let groupId: string;
  let newsId: string;
  let jumpId: string;
  let usedImgGroup: string;
  const art: Record<string, string> = {};
  let root: string;

  const deploy = async () => {
    const r = await post('/website-blade-deploy/websiteDeploy/deploy', { id: siteId });
    expect(r.status).toBe(200);
    const [res] = r.body.data as unknown as Rec[];
    expect(res.statusName).toBe('部署成功');
    return res;
  };
  const read = (path: string) => readFileSync(join(root, path), 'utf8');

  beforeAll(async () => {
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
    groupId = await idOf(`${M}/websiteGroup/save`, { name: '资讯组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.2.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: '资讯站', domain: 'news-example.com', domainService: '1', serverId });
    const tImg = await upload('tpl.png', 'template');
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '资讯模板', type: '1', image: tImg });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服', weChat: 'wx-news' });
    const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
    usedImgGroup = imgGroupId;
    await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('logo.png', 'material'), alt: 'Logo', imgGroupId });
    siteId = await idOf(`${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: '资讯<网>', websiteLang: 'zh-CN', descVal: '资讯站点', keywords: '资讯',
      domainInfoId: domainId, templateId, type: 1, icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
    });
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
    const advertId = await idOf(`${M}/advert/save`, {
      advertName: '资讯广告', topAdvert: '<b>顶部广告</b><script>steal()</script>', sideAdvert: '侧边广告', bottomAdvert: '<a href="javascript:x()">底部广告</a>',
    });
    newsId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻&动态', type: 2, pageId, advertId, optStatus: 0 });
    jumpId = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '官方商城', type: 3, linkUrl: 'https://shop.example.com/', optStatus: 0 });
    const cover = await upload('cover.png', 'cover');
    const article = (title: string, status: number, content: string, extra: Rec = {}) =>
      idOf('/website-blade-article/article/submit', { websiteGroupId: groupId, websiteInfoId: siteId, parentId: newsId, title, keyword: 'k', descVal: `${title}的摘要`, content, status, ...extra });
    art.one = await article('第一篇', 1, '<p>正文一<script>alert("x")</script><img src="x.png" onerror="alert(1)"></p>', { coverImg: cover });
    const inline = await upload('inline.png', 'material');
    art.two = await article('第二篇 <i>', 1, `<h3>小标题</h3><p>正文二</p><img src="${inline}">`);
    art.draft = await article('草稿文章', 0, '<p>未发布正文</p>');
    // a local-folder server without a deploy folder: releases under the data folder, the live one at current/
    root = join(h.dataDir, 'sites', siteId, 'news-example.com', 'current');
  });
  afterAll(() => h.stop());

  it('imgGroup/isDelete: true for a group no website uses, false with the reason for a used one', async () => {
    const free = await idOf(`${M}/imgGroup/submit`, { name: '未使用' });
    const yes = await api<boolean>(base, admin, 'POST', `${M}/imgGroup/isDelete`, { query: { ids: free } });
    expect(yes.status).toBe(200);
    expect(yes.body.data).toBe(true);
    const no = await api<boolean>(base, admin, 'POST', `${M}/imgGroup/isDelete`, { query: { ids: `${free},${usedImgGroup}` } });
    expect(no.body).toMatchObject({ success: true, data: false, msg: '该图片分组已被网站使用，不能删除' });
    // the answer matches what remove does
    expect((await api(base, admin, 'POST', `${M}/imgGroup/remove`, { query: { ids: usedImgGroup } })).body.msg).toBe('该图片分组已被网站使用，不能删除');
    expect((await api(base, admin, 'POST', `${M}/imgGroup/isDelete`, {})).status).toBe(400);
  });

  it('renders the home page, category pages and only the published articles', async () => {
    const res = await deploy();
    expect(res.message).toMatch(/^已发布版本 \d{17}-[0-9a-f]+ 到 .*: 5 个页面, 上传 \d+ 个文件/);
    const home = read('index.html');
    // categories as navigation: type 2 to its page, type 3 to its jump link
    expect(home).toContain(`<a href="${newsId}/">新闻&amp;动态</a>`);
    expect(home).toContain('<a href="https://shop.example.com/" class="jump" target="_blank" rel="noopener">官方商城</a>');
    expect(existsSync(join(root, jumpId))).toBe(false);
    // the latest published articles, escaped; never the draft
    expect(home).toContain(`<a href="${newsId}/${art.two}.html">第二篇 &lt;i&gt;</a>`);
    expect(home).toContain(`<a href="${newsId}/${art.one}.html">第一篇</a>`);
    expect(home).not.toContain('草稿文章');
    expect(home).toContain('<h1 class="site-name">资讯&lt;网&gt;</h1>');

    const cate = read(`${newsId}/index.html`);
    expect(cate).toContain('<h1 class="category">新闻&amp;动态</h1>');
    expect(cate).toContain(`href="../${newsId}/${art.one}.html"`);
    expect(cate).toContain(`href="../${newsId}/${art.two}.html"`);
    expect(cate).not.toContain('草稿文章');
    // the category's advert page in its slots, sanitised
    expect(cate).toContain('<div class="advert advert-top"><b>顶部广告</b></div>');
    expect(cate).toContain('<aside class="advert advert-side">侧边广告</aside>');
    expect(cate).toContain('<div class="advert advert-bottom"><a>底部广告</a></div>');
    expect(cate).not.toContain('steal()');

    const files = readdirSync(join(root, newsId)).sort();
    expect(files).toEqual([`${art.one}.html`, `${art.two}.html`, 'index.html'].sort());
    const one = read(`${newsId}/${art.one}.html`);
    expect(one).toContain('<h1>第一篇</h1>');
    expect(one).toContain('<p class="desc">第一篇的摘要</p>');
    expect(one).toContain('<div class="body"><p>正文一<img src="x.png"></p></div>');
    expect(one).not.toContain('alert');
    expect(one).toMatch(/<img class="cover" src="\.\.\/assets\/[0-9a-f]{32}\.png" alt="第一篇">/);
    const cover = /src="\.\.\/(assets\/[0-9a-f]{32}\.png)" alt="第一篇"/.exec(one)![1];
    expect(existsSync(join(root, cover))).toBe(true);
    expect(one).toContain('<div class="advert advert-top"><b>顶部广告</b></div>');
    // an uploaded image in the content is copied next to the pages and linked there
    const two = read(`${newsId}/${art.two}.html`);
    const inline = /<div class="body"><h3>小标题<\/h3><p>正文二<\/p><img src="\.\.\/(assets\/[0-9a-f]{32}\.png)"><\/div>/.exec(two);
    expect(inline).not.toBeNull();
    expect(existsSync(join(root, inline![1]))).toBe(true);

    // served by the preview route like a static web server
    const served = await fetch(new URL(`/api/site-preview/${siteId}/news-example.com/${newsId}/${art.one}.html`, base).toString());
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(one);
  });

  it('a redeploy follows publishing, hiding and category changes', async () => {
    expect((await post('/website-blade-article/article/release', { ids: art.draft })).body.data).toEqual({ published: 1 });
    expect((await post('/website-blade-article/article/update', { id: art.one, displayStatus: 0 })).status).toBe(200);
    await post('/seo-blade-article/cate/update', { id: jumpId, linkUrl: 'https://shop2.example.com/' });
    await deploy();
    const home = read('index.html');
    expect(home).toContain('草稿文章');
    expect(home).not.toContain('第一篇');
    expect(home).toContain('href="https://shop2.example.com/"');
    const cate = read(`${newsId}/index.html`);
    expect(cate).toContain(`href="../${newsId}/${art.draft}.html"`);
    expect(cate).not.toContain(art.one);
    expect(existsSync(join(root, newsId, `${art.one}.html`))).toBe(false);
    expect(read(`${newsId}/${art.draft}.html`)).toContain('<div class="body"><p>未发布正文</p></div>');
  });
});
