// Content area over HTTP: websites, groups, domains, servers, templates and
// material, with the spec's messages, tenant scoping, in-use refusals, the
// upload pipeline and the static-site deploy.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { sql } from '../../src-server/db/data-layer';
import { api, login, SABER, startHarness, type Harness, otherTenantAdmin, PNG } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let other: string;

const M = '/website-blade-material';
// smallest valid PNG (1x1)

async function upload(token: string, name: string, bytes: Buffer, scene?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const url = `${base}/blade-resource/oss/endpoint/put-file${scene ? `?scene=${scene}` : ''}`;
  const res = await fetch(url, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Rec } };
}
const post = (path: string, json: unknown, token = admin) => api<Rec>(base, token, 'POST', path, { json });
const get = <T = Rec>(path: string, query: Record<string, string | number> = {}, token = admin) => api<T>(base, token, 'GET', path, { query });
const idOf = async (path: string, json: Rec, token = admin): Promise<string> => {
  const r = await post(path, json, token);
  if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data.id as string;
};

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  other = await otherTenantAdmin(h, '200001', '内容租户');
});
afterAll(() => h.stop());

describe('upload pipeline', () => {
  it('stores an image and serves it back with its content type', async () => {
    const r = await upload(admin, 'logo.png', PNG);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ originalName: 'logo.png' });
    const link = r.body.data.link as string;
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/);
    const served = await fetch(new URL(link, base).toString());
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('checks type and size on the server with the spec messages', async () => {
    expect((await upload(admin, 'a.gif', PNG, 'template')).body.msg).toBe('只能上传jpg/png图片');
    // a renamed non-image is refused by its content
    expect((await upload(admin, 'fake.png', Buffer.from('hello'), 'template')).body.msg).toBe('只能上传jpg/png图片');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(admin, 'big.png', big, 'template');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.msg).toBe('上传头像图片大小不能超过5MB');
    expect((await upload(admin, 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'material')).body.msg).toBe('上传图片大小不能超过 1 MB!');
    expect((await upload(admin, 'x.txt', Buffer.from('k'), 'cover')).body.msg).toBe('只能上传jpg/png用户头像');
  });

  it('needs a token to upload and refuses path traversal when serving', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    const res = await fetch(`${base}/blade-resource/oss/endpoint/put-file`, { method: 'POST', headers: { Authorization: SABER }, body: form });
    expect(res.status).toBe(401);
    for (const bad of ['..%2F..%2Fblade.db', '..%2Fcontent-secret.key', 'nothere.png']) {
      expect((await fetch(`${base}/blade-resource/oss/endpoint/file/${bad}`)).status).toBe(404);
    }
    // a file that is not there: the reply in the caller's language (zh without Accept-Language)
    const missing = `${base}/blade-resource/oss/endpoint/file/${'0'.repeat(32)}.png`;
    expect(await (await fetch(missing)).json()).toMatchObject({ code: 404, msg: '文件不存在' });
    expect(await (await fetch(missing, { headers: { 'Accept-Language': 'en' } })).json()).toMatchObject({ code: 404, msg: 'The file does not exist' });
  });
});

describe('website groups, servers, domains', () => {
  it('validates a group and keeps its site count true', async () => {
    expect((await post(`${M}/websiteGroup/save`, { type: 0 })).body.msg).toBe('请输入分组名称');
    expect((await post(`${M}/websiteGroup/save`, { name: 'x'.repeat(51), type: 0 })).body.msg).toBe('分组名称不能超过50个字符');
    expect((await post(`${M}/websiteGroup/save`, { name: 'g' })).body.msg).toBe('请选择分组类型');
    const id = await idOf(`${M}/websiteGroup/save`, { name: '白帽组', type: 1 });
    const page = await get<Page<Rec>>(`${M}/websiteGroup/page`, { name: '白帽' });
    expect(page.body.data.records[0]).toMatchObject({ id, name: '白帽组', type: 1, count: 0 });
    const list = await get<Rec[]>(`${M}/websiteGroup/listGroup`);
    expect(list.body.data.map((g) => g.id)).toContain(id);
  });

  it('stores a server password encrypted and never returns it', async () => {
    expect((await post(`${M}/serverInfo/save`, { serverIp: '10.0.0.1', serverPort: 22, serverUsername: 'root', serverPassword: 'p' })).body.msg).toBe('请输入服务器名称');
    expect((await post(`${M}/serverInfo/save`, { serverName: 's', serverIp: '10.0.0.1', serverPort: 70000, serverUsername: 'root', serverPassword: 'p' })).body.msg).toBe('端口范围为1-65535');
    const id = await idOf(`${M}/serverInfo/save`, { serverName: '香港一号', serverIp: '10.0.0.9', serverPort: 22, serverUsername: 'root', serverPassword: 'S3cret!pw', status: 1 });
    const page = await get<Page<Rec>>(`${M}/serverInfo/page`, { serverIp: '10.0.0.9' });
    expect(page.body.data.total).toBe(1);
    const rec = page.body.data.records[0];
    expect(rec).toMatchObject({ serverName: '香港一号', status: 0 }); // status is read only (server_ip_status 0)
    expect(JSON.stringify(page.body)).not.toContain('S3cret');
    // masked, never in clear (secret column)
    expect(rec.serverPassword).toBe('******');
    expect((await get<Rec>(`${M}/serverInfo/detail`, { id })).body.data.serverPassword).toBe('******');
    const stored = (await h.data().get(sql<{ server_password: string }>`SELECT server_password FROM server_info WHERE id = ${id}`))!;
    expect(stored.server_password).toMatch(/^v1:/);
    expect(stored.server_password).not.toContain('S3cret');
    expect(existsSync(join(h.dataDir, 'content-secret.key'))).toBe(true);
    // editing without a password, or with the mask sent back, keeps it
    await post(`${M}/serverInfo/update`, { id, serverName: '香港1号' });
    expect((await h.data().get(sql<{ server_password: string }>`SELECT server_password FROM server_info WHERE id = ${id}`))!.server_password).toBe(stored.server_password);
    await post(`${M}/serverInfo/update`, { id, serverName: '香港1号', serverPassword: '******' });
    expect((await h.data().get(sql<{ server_password: string }>`SELECT server_password FROM server_info WHERE id = ${id}`))!.server_password).toBe(stored.server_password);
    expect((await get<Rec[]>(`${M}/serverInfo/listGroup`)).body.data).toEqual(expect.arrayContaining([{ id, serverName: '香港1号', serverIp: '10.0.0.9' }]));
    const tenants = await get<Rec[]>(`${M}/serverInfo/server-bind-tenant`);
    expect(tenants.body.data.map((t) => t.tenantId)).toEqual(expect.arrayContaining(['000000', '200001']));
    // bound to tenant 200001: that tenant can pick it for its domains, without seeing it in its server list
    const bound = await idOf(`${M}/serverInfo/save`, { serverName: '共享服务器', serverIp: '10.0.0.77', serverPort: 22, serverUsername: 'u', serverPassword: 'p', bindTenantId: '200001' });
    expect((await get<Rec[]>(`${M}/serverInfo/listGroup`, {}, other)).body.data.map((s) => s.id)).toEqual([bound]);
    expect((await get<Page<Rec>>(`${M}/serverInfo/page`, {}, other)).body.data.total).toBe(0);
    const d = await post(`${M}/domainInfo/save`, { name: 'B', domain: 'tenant-b.com', domainService: '1', serverId: bound }, other);
    expect(d.body.data).toMatchObject({ serverId: bound, serverName: '共享服务器' });
    expect((await post(`${M}/domainInfo/save`, { name: 'B', domain: 'tenant-b2.com', domainService: '1', serverId: id }, other)).body.msg).toBe('服务器不存在');
  });

  it('domains: required fields, server fixed after add, transfer switch add-only, enum', async () => {
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'dns-srv', serverIp: '10.0.0.2', serverPort: 22, serverUsername: 'u', serverPassword: 'p' });
    const other2 = await idOf(`${M}/serverInfo/save`, { serverName: 'srv2', serverIp: '10.0.0.3', serverPort: 22, serverUsername: 'u', serverPassword: 'p' });
    expect((await post(`${M}/domainInfo/save`, { domain: 'a.com', domainService: '1', serverId })).body.msg).toBe('请输入域名名称');
    expect((await post(`${M}/domainInfo/save`, { name: 'A', domainService: '1', serverId })).body.msg).toBe('请输入域名');
    expect((await post(`${M}/domainInfo/save`, { name: 'A', domain: 'a.com', serverId })).body.msg).toBe('请选择解析方式');
    expect((await post(`${M}/domainInfo/save`, { name: 'A', domain: 'a.com', domainService: '1' })).body.msg).toBe('请选择服务器名称');
    const id = await idOf(`${M}/domainInfo/save`, { name: 'A站', domain: 'example-a.com', domainService: '3', serverId, isCloudflare: 1, recordNumber: '京ICP备1号' });
    let d = (await get(`${M}/domainInfo/detail`, { id })).body.data;
    expect(d).toMatchObject({ serverId, serverName: 'dns-srv', isCloudflare: 1, cloudflare: 0 });
    expect(String(d.nameServers)).toMatch(/\.ns\.cloudflare\.com,.+\.ns\.cloudflare\.com$/);
    // edit: server and transfer switch are not changed; the transfer state goes 0 -> 1
    await post(`${M}/domainInfo/update`, { id, serverId: other2, isCloudflare: 0, cloudflare: 1, name: 'A站点' });
    d = (await get(`${M}/domainInfo/detail`, { id })).body.data;
    expect(d).toMatchObject({ serverId, serverName: 'dns-srv', isCloudflare: 1, cloudflare: 1, name: 'A站点' });
    expect((await get<Rec[]>(`${M}/domainInfo/enum`)).body.data.length).toBeGreaterThan(0);
    // a server in use by a domain cannot be removed
    const rm = await api(base, admin, 'POST', `${M}/serverInfo/remove`, { query: { ids: serverId } });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('该服务器已被域名使用，不能删除');
    const rmEn = await api(base, admin, 'POST', `${M}/serverInfo/remove`, { query: { ids: serverId }, headers: { 'Accept-Language': 'en' } });
    expect(rmEn.body.msg).toBe('This server is used by a domain and cannot be deleted');
  });
});

describe('websites, templates, material, deploy', () => {
  let groupId: string;
  let domainId: string;
  let templateId: string;
  let contactId: string;
  let imgGroupId: string;
  let website: Rec;

  beforeAll(async () => {
    groupId = await idOf(`${M}/websiteGroup/save`, { name: '普通组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
    domainId = await idOf(`${M}/domainInfo/save`, { name: '主站', domain: 'shop-example.com', domainService: '1', serverId, recordNumber: '沪ICP备2号' });
    const img = (await upload(admin, 'logo.png', PNG, 'material')).body.data.link as string;
    const tImg = (await upload(admin, 'tpl.png', PNG, 'template')).body.data.link as string;
    expect((await post('/seo-blade-material/websiteTemplate/submit', { templateName: 'T', type: '1' })).body.msg).toBe('请上传图片');
    expect((await post('/seo-blade-material/websiteTemplate/submit', { image: tImg, type: '1' })).body.msg).toBe('请输入模板名称');
    expect((await post('/seo-blade-material/websiteTemplate/submit', { templateName: 'T', type: '1', image: '/x/a.gif' })).body.msg).toBe('只能上传jpg/png图片');
    expect((await post(`${M}/websiteImg/submit`, { imageUrl: '/x/a.gif', imgGroupId: 'x' })).body.msg).toBe('只能上传 jpeg/png/ico 格式图片!');
    const gifEn = await api<Rec>(base, admin, 'POST', `${M}/websiteImg/submit`, { json: { imageUrl: '/x/a.gif', imgGroupId: 'x' }, headers: { 'Accept-Language': 'en' } });
    expect(gifEn.body.msg).toBe('Only jpeg/png/ico images can be uploaded!');
    templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '企业模板', type: '1', image: tImg });
    contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服一组', weChat: 'wx-shop', phone: '400-800-1234' });
    expect((await post(`${M}/imgGroup/submit`, {})).body.msg).toBe('请输入分组名称');
    imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo组' });
    expect((await post(`${M}/websiteImg/submit`, { imgGroupId })).body.msg).toBe('请上传素材图片');
    await idOf(`${M}/websiteImg/submit`, { imageUrl: img, alt: '商城Logo', imgGroupId });
    await idOf('/blade-material/websiteNavbar/submit', { name: '首页', type: 1, url: '/', cateId: groupId, status: 1 });
    await idOf('/blade-material/websiteNavbar/submit', { name: '隐藏项', type: 1, url: '/x', cateId: groupId, status: 0 });
    website = {
      websiteGroupId: groupId, websiteType: 0, websiteName: '示例商城', websiteLang: 'zh-CN', descVal: '一个示例商城', keywords: '商城,示例',
      domainInfoId: domainId, templateId, type: 0, subdomain: 'www', icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
    };
  });

  it('enforces every website rule with its message', async () => {
    const W = `${M}/websiteInfo/save`;
    const cases: [Rec, string][] = [
      [{ websiteGroupId: undefined }, '请选择网站分组'],
      [{ websiteName: '' }, '请输入网站名称'],
      [{ websiteName: 'n'.repeat(101) }, '网站名称不能超过100个字符'],
      [{ websiteLang: '' }, '请选择网站语言'],
      // a language of the tenant's list (语言管理), by its abbreviation: not the bare 'zh' the sample once held
      [{ websiteLang: 'zh' }, '请选择网站语言'],
      [{ descVal: 'd'.repeat(301) }, '网站描述不能超过300个字符'],
      [{ keywords: 'k'.repeat(151) }, '关键词不能超过150个字符'],
      [{ longTailWords: 'l'.repeat(201) }, '长尾词不能超过200个字符'],
      [{ domainInfoId: '' }, '请选择域名'],
      [{ templateId: '' }, '请选择模板'],
      [{ subdomain: 'WWW' }, '只能输入小写英文字母和数字'],
      [{ subdomain: 'a-b' }, '只能输入小写英文字母和数字'],
      [{ subdomain: 'a'.repeat(31) }, '二级域名不能超过30个字符'],
      [{ subdomain: '' }, '请输入二级域名'],
      [{ icoId: '' }, '请选择图标分组'],
      [{ bannerId: '' }, '请选择Banner分组'],
      [{ contactId: '' }, '请选择客服分组'],
    ];
    for (const [patch, msg] of cases) {
      const r = await post(W, { ...website, ...patch });
      expect({ patch, msg: r.body.msg, status: r.status }).toEqual({ patch, msg, status: 400 });
    }
  });

  it('adds a website; resolve type 1 drops the subdomain; the group is fixed after add; counts stay true', async () => {
    const top = await post(`${M}/websiteInfo/save`, { ...website, websiteName: '顶级站', type: 1, subdomain: 'ignored' });
    expect(top.body.data).toMatchObject({ type: 1, subdomain: '', domainName: 'shop-example.com', statusName: '未部署' });
    // the status name in the caller's language, a code beside it that the console decides by
    const enGet = <T = Rec>(path: string, query: Record<string, string>) => api<T>(base, admin, 'GET', path, { query, headers: { 'Accept-Language': 'en' } });
    expect((await enGet(`${M}/websiteInfo/detail`, { id: String(top.body.data.id) })).body.data).toMatchObject({ statusName: 'Not deployed', deployed: false });
    const added = await post(`${M}/websiteInfo/save`, website);
    expect(added.status).toBe(200);
    const id = added.body.data.id as string;
    website.id = id;
    const otherGroup = await idOf(`${M}/websiteGroup/save`, { name: '另一组', type: 0 });
    await post(`${M}/websiteInfo/update`, { ...website, websiteGroupId: otherGroup, websiteName: '示例商城2' });
    expect((await get(`${M}/websiteInfo/detail`, { id })).body.data).toMatchObject({ websiteGroupId: groupId, websiteName: '示例商城2', websiteGroupName: '普通组' });
    const g = (await get<Page<Rec>>(`${M}/websiteGroup/page`, { name: '普通组' })).body.data.records[0];
    expect(g.count).toBe(2);
    const tpl = (await get('/seo-blade-material/websiteTemplate/detail', { id: templateId })).body.data;
    expect(tpl.useNum).toBe(2);
    // a client cannot write the use count
    await post('/seo-blade-material/websiteTemplate/update', { id: templateId, useNum: 99 });
    expect((await get('/seo-blade-material/websiteTemplate/detail', { id: templateId })).body.data.useNum).toBe(2);
    // removing what a website uses is refused
    for (const [path, ids, msg, en] of [
      [`${M}/websiteGroup/remove`, groupId, '该分组下存在网站，不能删除', 'This group holds websites and cannot be deleted'],
      [`${M}/domainInfo/remove`, domainId, '该域名已被网站使用，不能删除', 'This domain is used by a website and cannot be deleted'],
      ['/seo-blade-material/websiteTemplate/remove', templateId, '该模板已被网站使用，不能删除', 'This template is used by a website and cannot be deleted'],
      [`${M}/imgGroup/remove`, imgGroupId, '该图片分组已被网站使用，不能删除', 'This image group is used by a website and cannot be deleted'],
      [`${M}/contactInfo/remove`, contactId, '该客服分组已被网站使用，不能删除', 'This contact group is used by a website and cannot be deleted'],
    ] as const) {
      const r = await api(base, admin, 'POST', path, { query: { ids } });
      expect({ path, msg: r.body.msg }).toEqual({ path, msg });
      const inEnglish = await api(base, admin, 'POST', path, { query: { ids }, headers: { 'Accept-Language': 'en' } });
      expect({ path, msg: inEnglish.body.msg }).toEqual({ path, msg: en });
    }
    expect((await get(`${M}/websiteInfo/ssl`, { id })).body.data).toMatchObject({ id, isSsl: 0, sslStatus: '未签发' });
    expect((await get<Rec[]>(`${M}/websiteGroup/ssl-list`, { id: groupId })).body.data).toHaveLength(2);
    const info = (await get(`${M}/websiteInfo/getSiteInfo`)).body.data;
    expect(info).toMatchObject({ websiteTotal: 2, templateTotal: 1 });
    expect((await get<Rec[]>(`${M}/websiteInfo/listGroup`, { websiteGroupId: groupId })).body.data.map((w) => w.id)).toContain(id);
  });

  it('tags/links under both path families, and link-list by group', async () => {
    expect((await post('/website-blade-article/links/submit', { name: 'n', websiteInfoId: website.id })).body.msg).toBe('请输入链接');
    expect((await post('/website-blade-article/links/submit', { name: 'n', link: 'https://a.example' })).body.msg).toBe('请选择网站');
    expect((await post('/website-blade-article/links/submit', { link: 'https://a.example', websiteInfoId: website.id })).body.msg).toBe('请输入链接名称');
    const id = await idOf('/website-blade-article/links/submit', { name: '友情链接', link: 'https://friend.example', websiteInfoId: website.id, openPage: 1, status: 1 });
    const via = (await get('/seo-blade-material/links/detail', { id })).body.data;
    expect(via).toMatchObject({ name: '友情链接', websiteName: '示例商城2', openPage: 1, status: 1, articleCount: 0 });
    const def = await post('/seo-blade-material/links/submit', { name: '默认', link: 'https://d.example', websiteInfoId: website.id });
    expect(def.body.data).toMatchObject({ status: 0, openPage: 0 });
    const ll = await api<Rec[]>(base, admin, 'POST', `${M}/websiteGroup/link-list`, { query: { ids: groupId } });
    expect(ll.body.data.map((l) => l.name)).toEqual(expect.arrayContaining(['友情链接', '默认']));
  });

  it('deploys the website to static HTML and keeps the previous output when a deploy fails', async () => {
    const r = await post('/website-blade-deploy/websiteDeploy/deploy', { id: String(website.id) });
    expect(r.status).toBe(200);
    const [res] = r.body.data as unknown as Rec[];
    expect(res).toMatchObject({ statusName: '部署成功', deployed: true, domain: 'www.shop-example.com' });
    const page = await fetch(new URL(res.url as string, base).toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>示例商城2</title>');
    expect(html).toContain('一个示例商城');
    expect(html).toContain('>首页</a>');
    expect(html).not.toContain('隐藏项');
    expect(html).toContain('wx-shop');
    expect(html).toContain('友情链接');
    expect(html).toMatch(/<img src="assets\/[0-9a-f]{32}\.png" alt="商城Logo"/);
    const file = join(h.dataDir, 'sites', String(website.id), 'www.shop-example.com', 'current', 'index.html');
    expect(readFileSync(file, 'utf8')).toBe(html);
    expect((await get(`${M}/websiteInfo/detail`, { id: String(website.id) })).body.data.statusName).toBe('部署成功');
    const enGet = <T = Rec>(path: string, query: Record<string, string>) => api<T>(base, admin, 'GET', path, { query, headers: { 'Accept-Language': 'en' } });
    expect((await enGet(`${M}/websiteInfo/detail`, { id: String(website.id) })).body.data).toMatchObject({ statusName: 'Deployed', deployed: true });

    // the template is disabled: the deploy fails with a clear message; the previous output stays
    await post('/seo-blade-material/websiteTemplate/update', { id: templateId, status: 0 });
    const bad = await post('/website-blade-deploy/websiteDeploy/deploy', { id: String(website.id) });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^部署失败: 网站模板已停用; 线上版本未改变 \(\d{17}-[0-9a-f]+\)$/);
    expect(readFileSync(file, 'utf8')).toBe(html);
    expect((await get(`${M}/websiteInfo/detail`, { id: String(website.id) })).body.data.statusName).toBe('部署失败');
    expect((await enGet(`${M}/websiteInfo/detail`, { id: String(website.id) })).body.data).toMatchObject({ statusName: 'Deploy failed', deployed: false });
    await post('/seo-blade-material/websiteTemplate/update', { id: templateId, status: 1 });
    const deploys = await get<Page<Rec>>('/website-blade-deploy/websiteDeploy/page', { websiteInfoId: String(website.id) });
    expect(deploys.body.data.records.map((d) => d.statusName)).toEqual(['部署失败', '部署成功']);
    const deploysEn = await enGet<Page<Rec>>('/website-blade-deploy/websiteDeploy/page', { websiteInfoId: String(website.id) });
    expect(deploysEn.body.data.records.map((d) => [d.statusName, d.deployed])).toEqual([['Deploy failed', false], ['Deployed', true]]);
    // the deploy dialog's reply in English
    const again = await api<Rec[]>(base, admin, 'POST', '/website-blade-deploy/websiteDeploy/deploy', { json: { id: String(website.id) }, headers: { 'Accept-Language': 'en' } });
    expect(again.body.data[0]).toMatchObject({ statusName: 'Deployed', deployed: true });
  });

  it('another tenant sees none of it and cannot point at it', async () => {
    for (const path of ['websiteInfo', 'websiteGroup', 'serverInfo', 'imgGroup', 'websiteImg', 'contactInfo']) {
      expect((await get<Page<Rec>>(`${M}/${path}/page`, {}, other)).body.data.total).toBe(0);
    }
    expect((await get<Page<Rec>>(`${M}/domainInfo/page`, {}, other)).body.data.records.map((d) => d.domain)).toEqual(['tenant-b.com']);
    expect((await get('/seo-blade-material/websiteTemplate/page', {}, other)).body.data).toMatchObject({ total: 0 });
    const g = await idOf(`${M}/websiteGroup/save`, { name: 'g', type: 0 }, other);
    const r = await post(`${M}/websiteInfo/save`, { ...website, id: undefined, websiteGroupId: g }, other);
    expect(r.body.msg).toBe('域名不存在');
    const rEn = await api<Rec>(base, other, 'POST', `${M}/websiteInfo/save`, { json: { ...website, id: undefined, websiteGroupId: g }, headers: { 'Accept-Language': 'en' } });
    expect(rEn.body.msg).toBe('The domain does not exist');
    expect((await api(base, other, 'POST', `${M}/websiteInfo/remove`, { query: { ids: String(website.id) } })).status).toBe(400);
    expect((await post('/website-blade-deploy/websiteDeploy/deploy', { id: String(website.id) }, other)).body.msg).toBe('网站不存在');
    const deployEn = await api<Rec>(base, other, 'POST', '/website-blade-deploy/websiteDeploy/deploy', { json: { id: String(website.id) }, headers: { 'Accept-Language': 'en' } });
    expect(deployEn.body.msg).toBe('The website does not exist');
  });
});

describe('other material resources and the legacy REST family', () => {
  it('goods and goodsSub, adverts, languages, associations, template configs, custom page urls', async () => {
    const goodsId = await idOf(`${M}/goods/submit`, { name: '商品分组' });
    expect((await post(`${M}/goodsSub/submit`, { name: '商品' })).body.msg).toBe('请选择商品分组');
    await idOf(`${M}/goodsSub/submit`, { name: '商品A', pId: goodsId, goodsPrice: '9.90', priceUnit: '元' });
    expect((await api(base, admin, 'POST', `${M}/goods/remove`, { query: { ids: goodsId } })).body.msg).toBe('该商品分组下存在商品，不能删除');
    expect((await post(`${M}/advert/save`, {})).body.msg).toBe('请输入广告名称');
    await idOf(`${M}/advert/save`, { advertName: '首页广告', topAdvert: 'top', sideAdvert: 'side', bottomAdvert: 'bottom' });
    // every tenant starts with the lang dictionary's languages; an abbreviation is a language tag, once per tenant
    const seeded = (await get<Rec[]>('/website/LanguageList')).body.data;
    expect(seeded.slice(0, 2).map((l) => [l.language, l.abbrevia])).toEqual([['中文', 'zh-CN'], ['英语', 'en']]);
    expect((await post('/blade-material/websiteLanguage/submit', { language: 'English', abbrevia: 'en' })).body.msg).toBe('该语言缩写已存在');
    expect((await post('/blade-material/websiteLanguage/submit', { language: '意大利语', abbrevia: 'it_IT' })).body.msg).toBe('语言缩写格式不正确（例如 zh-CN、en）');
    const langId = await idOf('/blade-material/websiteLanguage/submit', { language: '英语', abbrevia: 'en-GB' });
    expect((await get<Rec[]>('/website/LanguageList')).body.data.map((l) => l.id)).toContain(langId);
    const cfg = await post('/blade-material/websiteTemplateConfig/submit', { websiteInfoId: '1', type: 4, configKey: 'title' });
    expect(cfg.body.msg).toBe('网站不存在');
    const legacy = await api<Rec>(base, admin, 'GET', '/website/Language/' + langId);
    expect(legacy.body.data).toMatchObject({ language: '英语', abbrevia: 'en-GB' });
  });
});
