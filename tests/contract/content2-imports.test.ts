// Content area II, second part, over HTTP: imports as background import tasks
// (keywords streamed with deduplication and encodings, articles, websites,
// templates) with their error logs; generated articles landing in the article
// table; template parameters filling prompts; tenant content quotas; the legacy
// /website/... REST calls (release, deploy/{id}, imports, group deploy and
// arrangement). A small OpenAI-compatible server on 127.0.0.1 stands for the AI provider.
import { MSG_LEASE_LOST } from '../../src-server/jobs/queue';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../src-server/app';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { api, ENGINE, login, SABER, sharedPostgres, startHarness, tempDir, type Harness, otherTenantAdmin, PNG, multipart as multipartTo, type Part, until, importTaskDone } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let other: string;
const M = '/website-blade-material';
const A = '/website-blade-article';

const post = (path: string, json: unknown, token = admin) => api<Rec>(base, token, 'POST', path, { json });
const get = <T = Rec>(path: string, query: Record<string, string | number> = {}, token = admin) => api<T>(base, token, 'GET', path, { query });
const idOf = async (path: string, json: Rec, token = admin): Promise<string> => {
  const r = await post(path, json, token);
  if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data.id as string;
};
const multipart = (path: string, parts: Part[], token = admin) => multipartTo(base, token, path, parts);
const importDone = (id: string, token = admin): Promise<Rec> => importTaskDone(base, token, id);
const EN = { 'Accept-Language': 'en' };
const errorsOf = async (taskId: string, token = admin, headers?: Record<string, string>) =>
  (await api<Page<Rec>>(base, token, 'GET', '/seo-blade-material/taskErrorLog/page', { query: { taskId, size: 100 }, headers })).body.data.records
    .map((r) => ({ line: r.errorLine, msg: r.errorMsg, data: r.errorData }))
    .sort((a, b) => Number(a.line) - Number(b.line));

let ai: Server;
let aiUrl: string;
const prompts: string[] = [];
let groupId: string;
let siteId: string;
let site2Id: string;
let cateId: string;
let otherGroupId: string;
let siteBody: Rec;

beforeAll(async () => {
  ai = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      prompts.push(prompt);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# ${prompt.slice(0, 40)}\n第一段 <b>${prompt}</b>\n第二段` } }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;

  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  other = await otherTenantAdmin(h, '200003', '别的租户');

  groupId = await idOf(`${M}/websiteGroup/save`, { name: '导入组', type: 0 });
  otherGroupId = await idOf(`${M}/websiteGroup/save`, { name: '别组', type: 0 }, other);
  const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.2', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domainId = await idOf(`${M}/domainInfo/save`, { name: '主站', domain: 'import-example.com', domainService: '1', serverId });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'tpl.png');
  const up = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=template`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
  const tImg = ((await up.json()) as { data: Rec }).data.link as string;
  const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: tImg });
  const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服' });
  const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: '图组' });
  const mform = new FormData();
  mform.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
  const mup = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=material`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: mform });
  await idOf(`${M}/websiteImg/submit`, { imageUrl: ((await mup.json()) as { data: Rec }).data.link, imgGroupId });
  siteBody = {
    websiteGroupId: groupId, websiteType: 0, websiteName: '导入站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId: domainId, templateId, type: 0, subdomain: 'www', icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
  };
  siteId = await idOf(`${M}/websiteInfo/save`, siteBody);
  site2Id = await idOf(`${M}/websiteInfo/save`, { ...siteBody, websiteName: '导入站二', subdomain: 'two' });
  const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  cateId = await idOf('/seo-blade-article/cate/save', { websiteGroupId: groupId, cateName: '资讯', type: 2, pageId });
  await post('/seo-blade-article/aiModel/submit', { name: '本地', apiKey: 'sk-import-test-01', url: aiUrl, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 });
});
afterAll(async () => {
  await h.stop();
  await new Promise((r) => ai.close(r));
});

describe('keyword imports as tasks', () => {
  it('streams a file: duplicates (file and table) and over-long lines are logged, good lines kept', async () => {
    await post(`${A}/keyword/save`, { keyword: '已有词' });
    const txt = `新词甲\r\n已有词\n\n${'长'.repeat(51)}\n新词乙\n新词甲\n新词丙`;
    const r = await multipart(`${A}/keyword/importText`, [{ name: 'file', value: txt, filename: 'words.txt' }]);
    expect(r.body.data).toMatchObject({ taskType: 'keyword', taskName: '关键词导入: words.txt' });
    const task = await importDone(String(r.body.data.id));
    expect(task).toMatchObject({ status: 4, statusName: '部分失败', taskTypeName: '关键词导入', totalRows: 6, successRows: 3, failedRows: 3 });
    expect(await errorsOf(String(task.id))).toEqual([
      { line: 2, msg: '关键词已存在', data: '已有词' },
      { line: 4, msg: '关键词不能超过50个字符', data: '长'.repeat(51) },
      { line: 6, msg: '关键词已存在', data: '新词甲' },
    ]);
    // the log keeps each reason as a message: read in English with Accept-Language: en
    expect((await errorsOf(String(task.id), admin, EN)).map((e) => e.msg)).toEqual(['The keyword exists already', 'The keyword may not exceed 50 characters', 'The keyword exists already']);
    const words = (await get<Page<Rec>>(`${A}/keyword/page`, { size: 50 })).body.data.records.map((k) => k.keyword).sort();
    expect(words).toEqual(['已有词', '新词丙', '新词乙', '新词甲'].sort());
    // the other tenant neither sees the task nor its log, and may import the same words
    expect((await get('/seo-blade-material/importTask/detail', { id: String(task.id) }, other)).body.data).toBeNull();
    expect(await errorsOf(String(task.id), other)).toEqual([]);
    const o = await post(`${A}/keyword/import`, { keywords: ['新词甲'] }, other);
    expect(await importDone(String(o.body.data.id), other)).toMatchObject({ successRows: 1, failedRows: 0 });
  });

  it('reads UTF-16 and GBK files, imports an uploaded file by link, refuses bad input', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('十六位甲\n十六位乙\n', 'utf16le')]);
    const r1 = await multipart(`${A}/keyword/importText`, [{ name: 'file', value: utf16, filename: 'u16.txt' }]);
    expect(await importDone(String(r1.body.data.id))).toMatchObject({ status: 2, successRows: 2 });
    const gbk = Buffer.from('b9fab1eab4ca0a', 'hex'); // 国标词 in GBK
    const r2 = await multipart(`${A}/keyword/importText`, [{ name: 'file', value: gbk, filename: 'gbk.txt' }]);
    expect(await importDone(String(r2.body.data.id))).toMatchObject({ status: 2, successRows: 1 });
    expect((await get<Page<Rec>>(`${A}/keyword/page`, { keyword: '国标词' })).body.data.total).toBe(1);
    expect((await get<Page<Rec>>(`${A}/keyword/page`, { keyword: '十六位' })).body.data.total).toBe(2);

    // put-file (scene keyword) then import by link; another tenant cannot import that upload
    const form = new FormData();
    form.append('file', new Blob(['链接词\n']), 'link.txt');
    const up = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=keyword`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    const link = ((await up.json()) as { data: Rec }).data.link as string;
    const r3 = await post(`${A}/keyword/import`, { fileLink: link, fileName: 'link.txt' });
    expect(await importDone(String(r3.body.data.id))).toMatchObject({ status: 2, successRows: 1, taskName: '关键词导入: link.txt' });
    expect((await post(`${A}/keyword/import`, { fileLink: link }, other)).body.msg).toBe('导入文件不存在');
    expect((await post(`${A}/keyword/import`, { fileLink: '/api/blade-resource/oss/endpoint/file/../../x.txt' })).body.msg).toBe('导入文件不存在');

    expect((await multipart(`${A}/keyword/importText`, [{ name: 'file', value: 'x', filename: 'k.csv' }])).body.msg).toBe('只能上传txt文件');
    expect((await post(`${A}/keyword/importText`, {})).body.msg).toBe('请选择至少一条数据');
    expect((await api<Rec>(base, admin, 'POST', `${A}/keyword/importText`, { json: {}, headers: { 'Accept-Language': 'en' } })).body.msg).toBe('Please select at least one row');
    expect((await multipart(`${A}/keyword/importText`, [{ name: 'other', value: 'x' }])).body.msg).toBe('请上传关键字文件');
    expect((await post(`${A}/keyword/import`, { keywords: ['', ' '] })).body.msg).toBe('请选择至少一条数据');
    expect((await post(`${A}/keyword/import`, {})).body.msg).toBe('请选择至少一条数据');
  });
});

describe('article, website and template imports', () => {
  it('imports articles from a JSON list, from title|keyword|content lines and from a JSON-lines script, logging bad rows', async () => {
    const good = { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '导入文章一', keyword: 'k', content: '<p>正文</p>', descVal: 'd' };
    const r = await post(`${A}/article/importArticle`, [good, { ...good, title: '' }, { ...good, title: 't'.repeat(51) }, { ...good, title: '导入文章二', sort: 100000 }, 'not an object']);
    const task = await importDone(String(r.body.data.id));
    expect(task).toMatchObject({ status: 4, taskTypeName: '文章导入', totalRows: 5, successRows: 1, failedRows: 4 });
    expect((await errorsOf(String(task.id))).map((e) => [e.line, e.msg])).toEqual([
      [2, '请输入标题'], [3, '标题不能超过50个字符'], [4, '排序范围为0-99999'], [5, '数据格式错误，应为JSON对象'],
    ]);

    const text = `文本文章|文本词|第一段内容 <script>\n缺内容|词\n\n另一篇|词二|内容二`;
    const t = await post(`${A}/article/importText`, { text, websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId });
    const tt = await importDone(String(t.body.data.id));
    expect(tt).toMatchObject({ status: 4, totalRows: 3, successRows: 2, failedRows: 1 });
    expect(await errorsOf(String(tt.id))).toEqual([{ line: 2, msg: '数据格式错误，应为：标题|关键字|内容', data: '缺内容|词' }]);
    expect((await errorsOf(String(tt.id), admin, EN))[0].msg).toBe('Bad data: expected title|keyword|content');
    // a task of which nothing was imported fails with its lines' reason, zh without Accept-Language, en with it
    const none = await importDone(String((await post(`${A}/article/importArticle`, ['not an object'])).body.data.id));
    expect(none).toMatchObject({ status: 3, errorMsg: '数据格式错误，应为JSON对象' });
    expect((await api<Rec>(base, admin, 'GET', '/seo-blade-material/importTask/detail', { query: { id: String(none.id) }, headers: EN })).body.data.errorMsg)
      .toBe('Bad data: a JSON object was expected');
    const imported = (await get<Page<Rec>>(`${A}/article/page`, { title: '文本文章' })).body.data.records[0];
    expect(imported).toMatchObject({ keyword: '文本词', websiteName: '导入站', cateName: '资讯', status: 0 });
    expect((await get(`${A}/article/detail`, { id: String(imported.id) })).body.data.content).toBe('<p>第一段内容 &lt;script&gt;</p>');

    const script = [JSON.stringify({ ...good, title: '脚本文章' }), '{broken', JSON.stringify({ ...good, websiteInfoId: 'nope', title: 'x' })].join('\n');
    const s = await multipart('/website/Article/importScript', [{ name: 'file', value: script, filename: 'script.txt' }]);
    const st = await importDone(String(s.body.data.id));
    expect(st).toMatchObject({ status: 4, totalRows: 3, successRows: 1, failedRows: 2 });
    expect((await errorsOf(String(st.id))).map((e) => e.msg)).toEqual(['数据格式错误，应为JSON对象', '网站不存在']);

    // the search-engine article import of the legacy family lands in the same table; importText takes a file with the target in fields
    const es = await post('/website/EsArticle/import', { list: [{ ...good, title: 'ES文章' }] });
    expect(await importDone(String(es.body.data.id))).toMatchObject({ successRows: 1 });
    const ef = await multipart('/website/EsArticle/importText', [
      { name: 'websiteGroupId', value: groupId }, { name: 'websiteInfoId', value: siteId }, { name: 'parentId', value: cateId },
      { name: 'file', value: 'ES文本|词|内容', filename: 'es.txt' },
    ]);
    expect(await importDone(String(ef.body.data.id))).toMatchObject({ successRows: 1 });
    // another tenant's rows may not point at this tenant's website
    const x = await post(`${A}/article/importArticle`, [good], other);
    expect(await importDone(String(x.body.data.id), other)).toMatchObject({ successRows: 0, failedRows: 1 });
    expect((await post(`${A}/article/importArticle`, [])).body.msg).toBe('请选择至少一条数据');
    expect((await post(`${A}/article/importText`, { text: '' })).body.msg).toBe('请选择至少一条数据');
    // a file uploaded first (put-file, scene keyword), then imported by its link with the target
    const form = new FormData();
    form.append('file', new Blob(['链接文章|词|内容\n']), 'a.txt');
    const up = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=keyword`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    const link = ((await up.json()) as { data: Rec }).data.link as string;
    const byLink = await post(`${A}/article/importText`, { fileLink: link, fileName: 'a.txt', websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId });
    expect(await importDone(String(byLink.body.data.id))).toMatchObject({ taskName: '文章导入: a.txt', successRows: 1, failedRows: 0 });
    expect((await post(`${A}/article/importText`, { fileLink: link, websiteGroupId: groupId }, other)).body.msg).toBe('导入文件不存在');
  });

  it('imports websites and templates through their legacy calls', async () => {
    const r = await post('/website/WebsiteInfo/importWebsite', [{ ...siteBody, websiteName: '导入的网站', subdomain: 'imp' }, { ...siteBody, websiteName: '' }, { ...siteBody, subdomain: 'UP' }]);
    const task = await importDone(String(r.body.data.id));
    expect(task).toMatchObject({ status: 4, taskTypeName: '网站导入', totalRows: 3, successRows: 1, failedRows: 2 });
    expect((await get<Page<Rec>>(`${M}/websiteInfo/page`, { websiteName: '导入的网站' })).body.data.total).toBe(1);
    const tpl = (await get<Page<Rec>>('/seo-blade-material/websiteTemplate/page')).body.data.records[0];
    const t = await post('/website/WebsiteTemplate/importTemplate', { list: [{ templateName: '导入模板', type: '1', image: tpl.image }, { templateName: '', type: '1' }] });
    expect(await importDone(String(t.body.data.id))).toMatchObject({ status: 4, taskTypeName: '模板导入', successRows: 1, failedRows: 1 });
  });
});

describe('template parameters', () => {
  const P = '/website-blade-article/gptGenerateTemplateParm';
  it('validates, keeps keys unique per tenant, isolates tenants', async () => {
    const good = { paramName: '品牌', paramKey: 'brand', paramValue: '青山茶' };
    const cases: [Rec, string][] = [
      [{ paramName: '' }, '请输入参数名称'], [{ paramName: 'n'.repeat(51) }, '参数名称不能超过50个字符'],
      [{ paramKey: '' }, '请输入参数键'], [{ paramKey: '1abc' }, '参数键只能包含字母、数字和下划线，且以字母开头，最多50个字符'],
      [{ paramKey: 'a-b' }, '参数键只能包含字母、数字和下划线，且以字母开头，最多50个字符'], [{ paramKey: 'keyword' }, '参数键不能为keyword（关键字占位符）'],
      [{ paramValue: '' }, '请输入参数值'], [{ paramValue: 'v'.repeat(2001) }, '参数值不能超过2000个字符'],
    ];
    for (const [patch, msg] of cases) expect((await post(`${P}/save`, { ...good, ...patch })).body.msg).toBe(msg);
    const saved = await post(`${P}/save`, good);
    expect(saved.body.data).toMatchObject(good);
    expect((await post(`${P}/save`, { ...good, paramName: '又一个' })).body.msg).toBe('参数键已存在');
    expect((await post(`${P}/update`, { id: saved.body.data.id, paramValue: '青山茶业' })).body.data.paramValue).toBe('青山茶业');
    // the other tenant has its own keys
    expect((await post(`${P}/save`, good, other)).status).toBe(200);
    expect((await get<Page<Rec>>(`${P}/page`, {}, other)).body.data.total).toBe(1);
    expect((await get(`${P}/detail`, { id: String(saved.body.data.id) }, other)).body.data).toBeNull();
  });
});

describe('generated articles in the article table', () => {
  const produce = async (data: Rec, keywords: string) => {
    const r = await multipart(`${A}/gptProduceArticle/batchProduceArticle`, [{ name: 'data', value: JSON.stringify(data) }, { name: 'file', value: keywords, filename: 'kw.txt' }]);
    if (r.status !== 200) throw new Error(r.body.msg);
    const id = r.body.data.id as string;
    let last: Rec = {};
    await until(async () => {
      last = (await get(`${A}/gptProduceArticle/pollTaskStatus`, { id })).body.data;
      return Number(last.status) >= 2;
    });
    return { id, last };
  };

  it('a task with a group spreads its unpublished articles over the group websites, filling template parameters', async () => {
    prompts.length = 0;
    const { id, last } = await produce({ taskName: '分组生成', prompts: [{ input: '为{brand}写{keyword}，{unknown}' }], websiteGroupId: groupId, parentId: cateId }, '绿茶\n红茶\n');
    expect(last).toMatchObject({ status: 2, total: 2, successCount: 2, failCount: 0 });
    expect(prompts.sort()).toEqual(['为青山茶业写红茶，{unknown}', '为青山茶业写绿茶，{unknown}']);
    const rows = (await get<Page<Rec>>(`${A}/article/page`, { gptTaskId: id, size: 10 })).body.data.records;
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.websiteInfoId))).toEqual(new Set([siteId, site2Id]));
    for (const r of rows) expect(r).toMatchObject({ status: 0, saveStatus: 'AI生成', parentId: cateId, websiteGroupId: groupId, cateName: '资讯' });
    const detail = (await get(`${A}/article/detail`, { id: String(rows[0].id) })).body.data;
    expect(detail.content).toMatch(/^<p>第一段 &lt;b&gt;为青山茶业写.茶，\{unknown\}&lt;\/b&gt;<\/p><p>第二段<\/p>$/);
    // they can be published like any article
    expect((await post(`${A}/article/release`, { ids: rows.map((r) => r.id).join(',') })).body.data).toEqual({ published: 2 });
    expect((await get(`${A}/gptProduceArticle/articles`, { id })).body.data).toHaveLength(2);
  });

  it('without a target the articles wait unassigned: they cannot be published until given a website and column', async () => {
    const { id, last } = await produce({ taskName: '待分配', prompts: [{ input: '{keyword}' }] }, '白茶\n');
    expect(last).toMatchObject({ status: 2, successCount: 1 });
    const row = (await get<Page<Rec>>(`${A}/article/page`, { gptTaskId: id })).body.data.records[0];
    expect(row).toMatchObject({ websiteInfoId: '', parentId: '', status: 0 });
    expect((await post(`${A}/article/release`, { ids: row.id })).body.msg).toBe('文章未分配网站和栏目，不能发布');
    expect((await api<Rec>(base, admin, 'POST', `${A}/article/release`, { json: { ids: row.id }, headers: { 'Accept-Language': 'en' } })).body.msg).toBe(
      'The article has no website and column, so it cannot be published',
    );
    expect((await post(`${A}/article/update`, { id: row.id, status: 1 })).body.msg).toBe('请选择网站');
    const assigned = await post(`${A}/article/update`, { id: row.id, websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, status: 1 });
    expect(assigned.body.data).toMatchObject({ status: 1, websiteName: '导入站' });
    const titles = await fetch(`${base}${A}/gptProduceArticle/export-title?id=${id}`, { headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` } });
    expect((await titles.text()).trim()).toBe('白茶');
  });

  it('validates the task target', async () => {
    const G = '/seo-blade-article/gptProduceArticle';
    const base0 = { taskName: 't', prompts: [{ input: 'a' }], fileLink: '/api/blade-resource/oss/endpoint/file/x.txt' };
    expect((await post(`${G}/save`, { ...base0, websiteInfoId: siteId })).body.msg).toBe('请选择网站分组');
    expect((await post(`${G}/save`, { ...base0, websiteGroupId: otherGroupId })).body.msg).toBe('网站分组不存在');
    const g2 = await idOf(`${M}/websiteGroup/save`, { name: '空组', type: 0 });
    expect((await post(`${G}/save`, { ...base0, websiteGroupId: g2, websiteInfoId: siteId })).body.msg).toBe('网站不属于所选网站分组');
    expect((await post(`${G}/save`, { ...base0, websiteGroupId: g2, parentId: cateId })).body.msg).toBe('栏目不属于所选网站分组');
    expect((await post(`${G}/save`, { ...base0, websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId })).body.data).toMatchObject({ websiteGroupName: '导入组', websiteName: '导入站', cateName: '资讯' });
  });
});

describe('tenant content quotas', () => {
  const Q = '/seo-blade-system/tenant-quota';
  it('only the platform administrator sets them; the detail shows them with their use', async () => {
    expect((await post(`${Q}/content-setting`, { tenantId: '200003', websiteNumber: 1 }, other)).body.msg).toBe('请求未授权');
    expect((await post(`${Q}/content-setting`, { tenantId: 'nope', websiteNumber: 1 })).body.msg).toBe('租户不存在');
    expect((await post(`${Q}/content-setting`, { tenantId: '200003', websiteNumber: -2 })).body.msg).toBe('额度必须是不小于-1的整数');
    expect((await post(`${Q}/content-setting`, { tenantId: '200003', articleNumber: 1.5 })).body.msg).toBe('额度必须是不小于-1的整数');
    const set = await post(`${Q}/content-setting`, { tenantId: '200003', websiteNumber: 0, articleNumber: 1 });
    expect(set.body.data).toMatchObject({ websiteNumber: 0, articleNumber: 1 });
    const detail = (await get(`${Q}/detail`, {}, other)).body.data;
    expect(detail).toMatchObject({ tenantId: '200003', websiteNumber: 0, websiteUsed: 0, articleNumber: 1, articleUsed: 0 });
    expect((await get(`${Q}/detail`)).body.data).toMatchObject({ tenantId: '000000', websiteNumber: -1, articleNumber: -1 });
  });

  it('the platform administrator reads any tenant\'s quotas and use (the tenant screen\'s 内容额度 dialog)', async () => {
    await post(`${Q}/content-setting`, { tenantId: '200003', websiteNumber: 4, articleNumber: 9 });
    expect((await get(`${Q}/content-detail`, { tenantId: '200003' })).body.data).toMatchObject({ tenantId: '200003', websiteNumber: 4, websiteUsed: 0, articleNumber: 9, articleUsed: 0 });
    expect((await get(`${Q}/content-detail`, { tenantId: '200003' }, other)).body.msg).toBe('请求未授权');
    expect((await get(`${Q}/content-detail`, { tenantId: 'nope' })).body.msg).toBe('租户不存在');
    expect((await get(`${Q}/content-detail`, {})).body.msg).toBe('租户不存在');
    await post(`${Q}/content-setting`, { tenantId: '200003', websiteNumber: -1, articleNumber: -1 });
  });

  it('is enforced on websites and articles, however they are created', async () => {
    await post('/seo-blade-system/tenant-quota/content-setting', { tenantId: '000000', websiteNumber: 3, articleNumber: -1 });
    const used = (await get('/seo-blade-system/tenant-quota/detail')).body.data;
    expect(used.websiteUsed).toBe(3);
    expect((await post(`${M}/websiteInfo/save`, { ...siteBody, websiteName: '超额', subdomain: 'over' })).body.msg).toBe('网站数量已达到租户额度上限');
    const w = await post('/website/WebsiteInfo/importWebsite', [{ ...siteBody, websiteName: '超额导入', subdomain: 'overimp' }]);
    const wt = await importDone(String(w.body.data.id));
    expect(wt).toMatchObject({ successRows: 0, failedRows: 1 });
    expect((await errorsOf(String(wt.id)))[0].msg).toBe('网站数量已达到租户额度上限');

    // articles: the limit is the current use + 1
    const articleUsed = (await get('/seo-blade-system/tenant-quota/detail')).body.data.articleUsed as number;
    await post('/seo-blade-system/tenant-quota/content-setting', { tenantId: '000000', websiteNumber: -1, articleNumber: articleUsed + 1 });
    const good = { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '额度内', keyword: 'k', content: '<p>c</p>', descVal: 'd' };
    expect((await post(`${A}/article/save`, good)).status).toBe(200);
    expect((await post(`${A}/article/save`, { ...good, title: '超额' })).body.msg).toBe('文章数量已达到租户额度上限');
    expect((await api<Rec>(base, admin, 'POST', `${A}/article/save`, { json: { ...good, title: '超额' }, headers: { 'Accept-Language': 'en' } })).body.msg).toBe(
      "The tenant's article quota is used up",
    );
    expect((await post('/website/Article', { ...good, title: '超额' })).body.msg).toBe('文章数量已达到租户额度上限');
    const imp = await post(`${A}/article/importArticle`, [{ ...good, title: '超额导入' }]);
    expect((await errorsOf(String((await importDone(String(imp.body.data.id))).id)))[0].msg).toBe('文章数量已达到租户额度上限');
    // generation: every item fails with the quota message, the counts stay true
    const r = await multipart(`${A}/gptProduceArticle/batchProduceArticle`, [{ name: 'data', value: JSON.stringify({ taskName: '超额生成', prompts: [{ input: '{keyword}' }] }) }, { name: 'file', value: '甲\n乙\n', filename: 'kw.txt' }]);
    const id = r.body.data.id as string;
    let last: Rec = {};
    await until(async () => {
      last = (await get(`${A}/gptProduceArticle/pollTaskStatus`, { id })).body.data;
      return Number(last.status) >= 2;
    });
    // nothing succeeded: 失败, with the quota as the task's reason
    expect(last).toMatchObject({ status: 3, statusName: '失败', total: 2, successCount: 0, failCount: 2, errorMsg: '文章数量已达到租户额度上限' });
    expect(((await get<Rec[]>(`${A}/gptProduceArticle/articles`, { id })).body.data).map((a) => a.error)).toEqual(['文章数量已达到租户额度上限', '文章数量已达到租户额度上限']);
    await post('/seo-blade-system/tenant-quota/content-setting', { tenantId: '000000', websiteNumber: -1, articleNumber: -1 });
  });
});

describe('legacy REST family', () => {
  it('Article list/add/release/deploy, Keyword, WebsiteInfoGroup deploy and arrangement, home; all tenant-scoped', async () => {
    const good = { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '旧接口文章', keyword: 'k', content: '<p>旧</p>', descVal: 'd' };
    const added = await post('/website/Article', good);
    expect(added.body.data).toMatchObject({ title: '旧接口文章', status: 0 });
    const aid = String(added.body.data.id);
    expect(((await get<Rec[]>('/website/Article')).body.data).some((a) => a.id === aid)).toBe(true);
    expect((await get(`/website/Article/${aid}`, {}, other)).body.data).toBeNull();
    expect((await post('/website/Article/release', { ids: aid }, other)).body.data).toEqual({ published: 0 });
    expect((await post(`/website/Article/deploy/${aid}`, {}, other)).body.msg).toBe('数据不存在或已被删除');
    const dep = await post(`/website/Article/deploy/${aid}`, {});
    expect(dep.body.data).toMatchObject({ websiteInfoId: siteId, statusName: '部署成功' });
    expect((await get(`/website/Article/${aid}`)).body.data).toMatchObject({ status: 1, saveStatus: '手动发布' });
    expect((await post('/website/Article/release', {})).body.msg).toBe('请选择至少一条数据');

    expect((await post('/website/Keyword', { keyword: '旧接口词' })).body.data).toMatchObject({ keyword: '旧接口词' });
    const k = await post('/website/Keyword/import', { keywords: ['旧导入词'] });
    expect(await importDone(String(k.body.data.id))).toMatchObject({ successRows: 1 });

    const groupDeploy = await post(`/website/WebsiteInfoGroup/deploy/${groupId}`, {});
    expect((groupDeploy.body.data as unknown as Rec[]).map((r) => r.statusName)).toEqual(['部署成功', '部署成功', '部署成功']);
    expect((await post(`/website/WebsiteInfoGroup/deploy/${groupId}`, {}, other)).body.msg).toBe('数据不存在或已被删除');
    const arranged = (await get<Rec[]>(`/website/WebsiteInfoGroup/websiteArrange/${groupId}`)).body.data;
    expect(arranged.map((s) => s.websiteName)).toEqual(['导入站', '导入站二', '导入的网站']);
    expect(arranged[0]).toMatchObject({ statusName: '部署成功', templateName: '模板' });
    // in English: each website's status name in the caller's language, `deployed` beside it
    const arrangedEn = (await api<Rec[]>(base, admin, 'GET', `/website/WebsiteInfoGroup/websiteArrange/${groupId}`, { headers: { 'Accept-Language': 'en' } })).body.data;
    expect(arrangedEn.map((s) => [s.statusName, s.deployed])).toEqual([['Deployed', true], ['Deployed', true], ['Deployed', true]]);
    expect(Number(arranged[0].publishedCount)).toBeGreaterThan(0);
    expect((await get(`/website/WebsiteInfoGroup/${groupId}`)).body.data).toMatchObject({ name: '导入组' });

    const home = (await get('/website/home')).body.data;
    expect(home).toMatchObject({ websiteTotal: 3, groupTotal: 2 });
    expect((await get('/website/home', {}, other)).body.data).toMatchObject({ websiteTotal: 0, groupTotal: 1 });
  });
});

describe('restart', () => {
  it('an import task whose instance died continues after its last committed chunk once its job\'s lease has run out', async () => {
    const dir = tempDir();
    // on PostgreSQL the stopped back end's database is one of its own, used again by the restarted one
    const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    const first = await startServer({ dataDir: dir, port: 0, database });
    const token = await login(first.url);
    const r = await api<Rec>(first.url, token, 'POST', `${A}/keyword/import`, { json: { keywords: ['先导入'] } });
    await until(async () => (await api<Rec>(first.url, token, 'GET', '/seo-blade-material/importTask/detail', { query: { id: String(r.body.data.id) } })).body.data.status === 2);
    await first.close();
    // while it is stopped: a task a dead instance had been running (its job's lease run out), its file there, the
    // first (sorted) keyword committed
    mkdirSync(join(dir, 'imports'), { recursive: true });
    writeFileSync(join(dir, 'imports', '900000000000000001.txt'), '续一\n先导入\n续二\n\n续三\n');
    const data = database ? postgresDataLayer(database, { max: 1 }) : sqliteDataLayer(openDatabase(dir));
    try {
      const now = Date.now();
      await data.run(sql`INSERT INTO job (id, kind, tenant_id, job_key, payload, state, priority, run_at, attempts, max_attempts, lease_owner, lease_until,
          cancel_requested, create_time, update_time, start_time)
        VALUES ('900000000000000002', 'import-task', '000000', 'import-task:900000000000000001', '{"taskId":"900000000000000001"}', 'running', 0, ${now}, 1, 5,
          'killed-host/4242/dead00', ${now - 1000}, 0, ${now}, ${now}, ${now})`);
      await data.run(sql`INSERT INTO import_task (id, tenant_id, task_name, task_type, total_rows, success_rows, failed_rows, file_link, options, done_lines, job_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
        VALUES ('900000000000000001', '000000', '续传', 'keyword', 1, 1, 0, 'imports/900000000000000001.txt', '{"format":"lines"}', 1, '900000000000000002', 'u', 'd', '2026-01-01 00:00:00', 'u', '2026-01-01 00:00:00', 1, 0)`);
      // and one whose last attempt's instance died: no attempt is left, so it is given up and the task says why
      writeFileSync(join(dir, 'imports', '900000000000000003.txt'), '放弃一\n放弃二\n');
      await data.run(sql`INSERT INTO job (id, kind, tenant_id, job_key, payload, state, priority, run_at, attempts, max_attempts, lease_owner, lease_until,
          cancel_requested, create_time, update_time, start_time)
        VALUES ('900000000000000004', 'import-task', '000000', 'import-task:900000000000000003', '{"taskId":"900000000000000003"}', 'running', 0, ${now}, 5, 5,
          'killed-host/4242/dead00', ${now - 1000}, 0, ${now}, ${now}, ${now})`);
      await data.run(sql`INSERT INTO import_task (id, tenant_id, task_name, task_type, total_rows, success_rows, failed_rows, file_link, options, done_lines, job_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
        VALUES ('900000000000000003', '000000', '放弃', 'keyword', 1, 1, 0, 'imports/900000000000000003.txt', '{"format":"lines"}', 1, '900000000000000004', 'u', 'd', '2026-01-01 00:00:00', 'u', '2026-01-01 00:00:00', 1, 0)`);
    } finally {
      await data.close();
    }
    const h2 = await startHarness({ dataDir: dir, database });
    try {
      const t2 = await login(h2.server.url);
      let row: Rec = {};
      await until(async () => {
        row = (await api<Rec>(h2.server.url, t2, 'GET', '/seo-blade-material/importTask/detail', { query: { id: '900000000000000001' } })).body.data;
        return row.status === 2;
      });
      expect(row).toMatchObject({ totalRows: 4, successRows: 4, failedRows: 0 });
      const words = (await api<Page<Rec>>(h2.server.url, t2, 'GET', `${A}/keyword/page`, { query: { size: 50 } })).body.data.records.map((k) => k.keyword).sort();
      expect(words).toEqual(['先导入', '续一', '续三', '续二'].sort());
      // the job was taken over (a second attempt, by the live instance) and is done
      const job = (await h2.data().get(sql<{ state: string; attempts: number; lease_owner: string }>`SELECT state, attempts, lease_owner FROM job WHERE id = '900000000000000002'`))!;
      expect(job).toMatchObject({ state: 'done' });
      expect(Number(job.attempts)).toBe(2);
      expect(job.lease_owner).not.toBe('killed-host/4242/dead00');
      // the given-up one: 失败 with the reason, not left 执行中; its committed rows stay
      let given: Rec = {};
      await until(async () => {
        given = (await api<Rec>(h2.server.url, t2, 'GET', '/seo-blade-material/importTask/detail', { query: { id: '900000000000000003' } })).body.data;
        return given.status !== 1;
      });
      expect(given).toMatchObject({ status: 3, errorMsg: MSG_LEASE_LOST, successRows: 1 });
      expect(words).not.toContain('放弃二');
    } finally {
      await h2.stop();
    }
  });
});
