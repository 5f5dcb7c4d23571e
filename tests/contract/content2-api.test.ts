// Content area II over HTTP: categories, articles, paragraphs, keywords (and their
// imports with an error log), keyword generation, AI settings with masked keys,
// scheduled deploy tasks with the real scheduler, and article generation against
// a local OpenAI-compatible server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { sql } from '../../src-server/db/data-layer';
import { api, login, SABER, startHarness, type Harness, otherTenantAdmin, PNG, multipart as multipartTo, type Part, until, importTaskDone } from './helpers';

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

/** Waits for an import task to finish; its detail. */
const importDone = (id: string): Promise<Rec> => importTaskDone(base, admin, id);

// a small OpenAI-compatible server standing for the outside AI provider
let ai: Server;
let aiUrl: string;
const aiCalls: Rec[] = [];
let failNext = 0;

let groupId: string;
let whiteGroupId: string;
let siteId: string;
let pageId: string;

beforeAll(async () => {
  ai = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer sk-test-secret-0001') {
        res.writeHead(401).end('{}');
        return;
      }
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end('{}');
        return;
      }
      const b = JSON.parse(raw) as { messages: { content: string }[] } & Rec;
      aiCalls.push(b);
      const prompt = b.messages[0].content;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `# 标题:${prompt}\n正文 ${prompt}` } }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;

  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  other = await otherTenantAdmin(h, '200002', '其他租户');

  groupId = await idOf(`${M}/websiteGroup/save`, { name: '普通组', type: 0 });
  whiteGroupId = await idOf(`${M}/websiteGroup/save`, { name: '白帽组', type: 1 });
  const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domainId = await idOf(`${M}/domainInfo/save`, { name: '主站', domain: 'cms-example.com', domainService: '1', serverId });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'tpl.png');
  const up = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=template`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
  const tImg = ((await up.json()) as { data: Rec }).data.link as string;
  const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: tImg });
  const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服' });
  const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: '图组' });
  // a website saves only with images in its groups; the image is removed afterwards, so its deploys fail (see the deploy task test)
  const material = new FormData();
  material.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
  const mup = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=material`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: material });
  const imageId = await idOf(`${M}/websiteImg/submit`, { imageUrl: ((await mup.json()) as { data: Rec }).data.link, imgGroupId });
  siteId = await idOf(`${M}/websiteInfo/save`, {
    websiteGroupId: groupId, websiteType: 0, websiteName: '文章站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId: domainId, templateId, type: 0, subdomain: 'www', icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
  });
  await api(base, admin, 'POST', `${M}/websiteImg/remove`, { query: { ids: imageId } });
  pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
});
afterAll(async () => {
  await h.stop();
  await new Promise((r) => ai.close(r));
});

describe('categories', () => {
  it('validates by type, keeps counts true, serves tree and getCate', async () => {
    const C = '/seo-blade-article/cate';
    expect((await post(`${C}/save`, { cateName: 'a', type: 2, pageId })).body.msg).toBe('请选择网站分组');
    expect((await post(`${C}/save`, { websiteGroupId: groupId, type: 2, pageId })).body.msg).toBe('请输入栏目名称');
    expect((await post(`${C}/save`, { websiteGroupId: groupId, cateName: 'x'.repeat(51), type: 2, pageId })).body.msg).toBe('栏目名称不能超过50个字符');
    expect((await post(`${C}/save`, { websiteGroupId: groupId, cateName: 'a', type: 5 })).body.msg).toBe('请选择栏目类型');
    expect((await post(`${C}/save`, { websiteGroupId: groupId, cateName: 'a', type: 2 })).body.msg).toBe('请选择模板页面');
    expect((await post(`${C}/save`, { websiteGroupId: groupId, cateName: 'a', type: 3 })).body.msg).toBe('请输入跳转链接');
    const jump = await post(`${C}/save`, { websiteGroupId: groupId, cateName: '跳转', type: 3, linkUrl: 'https://x.com', pageId });
    expect(jump.body.data).toMatchObject({ type: 3, linkUrl: 'https://x.com', pageId: '', optStatus: 0, status: 0, websiteCount: 1, articleCount: 0 });
    const news = await post(`${C}/save`, { websiteGroupId: groupId, cateName: '新闻', type: 2, pageId, optStatus: 1, status: 1 });
    expect(news.body.data).toMatchObject({ cateName: '新闻', pageName: '列表页', optStatus: 1, websiteGroupName: '普通组' });
    const tree = await get<Rec[]>(`${C}/tree`, { tenantId: '000000' });
    const node = tree.body.data.find((n) => n.id === groupId)!;
    expect((node.children as Rec[]).map((c) => c.title).sort()).toEqual(['新闻', '跳转']);
    const cates = await get<Rec[]>(`${A}/cate/getCate`, { websiteGroupId: groupId });
    expect(cates.body.data.map((c) => c.cateName).sort()).toEqual(['新闻', '跳转']);
    // another tenant sees none of them
    expect((await get<Rec[]>(`${A}/cate/getCate`, { websiteGroupId: groupId }, other)).body.data).toEqual([]);
  });
});

describe('articles and paragraphs', () => {
  let cateId: string;
  let article: Rec;
  beforeAll(async () => {
    cateId = (await get<Rec[]>(`${A}/cate/getCate`, { websiteGroupId: groupId })).body.data.find((c) => c.cateName === '新闻')!.id as string;
    article = { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: '第一篇', keyword: '关键', content: '<p>正文</p>', descVal: '描述', sort: 5 };
  });

  it('enforces every article rule', async () => {
    const cases: [Rec, string][] = [
      [{ websiteInfoId: '' }, '请选择网站'],
      [{ title: '' }, '请输入标题'],
      [{ title: 't'.repeat(51) }, '标题不能超过50个字符'],
      [{ websiteGroupId: '' }, '请选择网站分组'],
      [{ parentId: '' }, '请选择网站栏目'],
      [{ keyword: '' }, '请输入关键字'],
      [{ keyword: 'k'.repeat(51) }, '关键字不能超过50个字符'],
      [{ content: '' }, '内容不能为空'],
      [{ content: '<p> </p>' }, '内容不能为空'],
      [{ descVal: '' }, '请输入描述'],
      [{ descVal: 'd'.repeat(301) }, '描述不能超过300个字符'],
      [{ sort: 100000 }, '排序范围为0-99999'],
      [{ sort: -1 }, '排序范围为0-99999'],
      [{ coverImg: '/x/a.gif' }, '只能上传jpg/png用户头像'],
      [{ websiteGroupId: whiteGroupId }, '网站不属于所选网站分组'],
    ];
    for (const [patch, msg] of cases) {
      const r = await post(`${A}/article/save`, { ...article, ...patch });
      expect({ patch, msg: r.body.msg, status: r.status }).toEqual({ patch, msg, status: 400 });
    }
  });

  it('publishes 0 -> 1, then group and column are fixed; category count follows', async () => {
    const saved = await post(`${A}/article/save`, article);
    expect(saved.body.data).toMatchObject({ status: 0, displayStatus: 1, sort: 5, websiteName: '文章站', cateName: '新闻' });
    const id = saved.body.data.id as string;
    const jumpId = (await get<Rec[]>(`${A}/cate/getCate`, { websiteGroupId: groupId })).body.data.find((c) => c.cateName === '跳转')!.id as string;
    // unpublished: the column may change, to another column that holds pages (a jump page holds no article)
    const otherId = (await post('/seo-blade-article/cate/save', { websiteGroupId: groupId, cateName: '要闻', type: 2, pageId })).body.data.id as string;
    expect((await post(`${A}/article/update`, { id, parentId: otherId })).body.data.cateName).toBe('要闻');
    expect((await post(`${A}/article/update`, { id, parentId: jumpId })).body.msg).toBe('所选栏目是跳转页面，不能存放文章，请选择自定义页面栏目');
    await post(`${A}/article/update`, { id, parentId: cateId });
    await api(base, admin, 'POST', '/seo-blade-article/cate/remove', { query: { ids: otherId } });
    const rel = await post(`${A}/article/release`, {}, admin);
    expect(rel.body.msg).toBe('请选择至少一条数据');
    expect((await api<Rec>(base, admin, 'POST', `${A}/article/release`, { query: { ids: id } })).body.data.published).toBe(1);
    const after = (await get(`${A}/article/detail`, { id })).body.data;
    expect(after).toMatchObject({ status: 1, saveStatus: '手动发布' });
    expect(after.deployTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await post(`${A}/article/update`, { id, parentId: jumpId })).body.msg).toBe('文章已发布，不能修改网站分组和网站栏目');
    expect((await post(`${A}/article/update`, { id, status: 0 })).body.msg).toBe('已发布的文章不能改回未发布');
    expect((await post(`${A}/article/update`, { id, title: '改名', parentId: cateId })).body.data.title).toBe('改名');
    const cate = (await get('/seo-blade-article/cate/detail', { id: cateId })).body.data;
    expect(cate.articleCount).toBe(1);
    expect((await api(base, admin, 'POST', '/seo-blade-article/cate/remove', { query: { ids: cateId } })).body.msg).toBe('该栏目下存在文章，不能删除');
    expect((await get<Page<Rec>>(`${A}/article/page`, {}, other)).body.data.total).toBe(0);
  });

  it('paragraph content is required', async () => {
    expect((await post(`${A}/paragraph/save`, { content: ' ' })).body.msg).toBe('请输入段落内容');
    expect((await post(`${A}/paragraph/save`, { content: '一段话' })).body.data.content).toBe('一段话');
  });
});

describe('keywords and imports', () => {
  it('validates managed keywords and keyword generation entries', async () => {
    expect((await post(`${A}/keyword/save`, {})).body.msg).toBe('请输入关键词');
    expect((await post(`${A}/keyword/save`, { keyword: 'k'.repeat(51) })).body.msg).toBe('关键词不能超过50个字符');
    const G = '/seo-blade-article/gptProduceKeyword';
    expect((await post(`${G}/submit`, { type: 0, keyword: 'a' })).body.msg).toBe('请选择网站分组');
    expect((await post(`${G}/submit`, { siteGroupId: groupId, keyword: 'a' })).body.msg).toBe('请选择关键词类型');
    expect((await post(`${G}/submit`, { siteGroupId: groupId, type: 4, keyword: 'a' })).body.msg).toBe('请选择关键词类型');
    expect((await post(`${G}/submit`, { siteGroupId: groupId, type: 3 })).body.msg).toBe('请输入关键词');
    expect((await post(`${G}/submit`, { siteGroupId: groupId, type: 3, keyword: 'k'.repeat(101) })).body.msg).toBe('关键词不能超过100个字符');
    expect((await post(`${G}/submit`, { siteGroupId: groupId, type: 3, keyword: '长尾词' })).body.data).toMatchObject({ type: 3, siteGroupName: '普通组' });
  });

  it('imports a POST body and a .txt file; bad lines are logged and skipped', async () => {
    const body = await post(`${A}/keyword/import`, { keywords: ['苹果', '香蕉', ''] });
    expect(body.body.data).toMatchObject({ taskType: 'keyword' });
    expect(await importDone(String(body.body.data.id))).toMatchObject({ status: 2, totalRows: 2, successRows: 2, failedRows: 0 });
    const txt = `橙子\n${'长'.repeat(51)}\n\n葡萄\r\n`;
    const file = await multipart(`${A}/keyword/importText`, [{ name: 'file', value: txt, filename: 'kw.txt' }]);
    expect(await importDone(String(file.body.data.id))).toMatchObject({ status: 4, totalRows: 3, successRows: 2, failedRows: 1 });
    expect((await multipart(`${A}/keyword/importText`, [{ name: 'file', value: 'x', filename: 'kw.csv' }])).body.msg).toBe('只能上传txt文件');
    const tasks = await get<Page<Rec>>('/seo-blade-material/importTask/page');
    const t = tasks.body.data.records.find((r) => r.id === file.body.data.id)!;
    expect(t).toMatchObject({ taskTypeName: '关键词导入', statusName: '部分失败', totalRows: 3, failedRows: 1 });
    const errors = await get<Page<Rec>>('/seo-blade-material/taskErrorLog/page', { taskId: String(t.id) });
    expect(errors.body.data.records).toHaveLength(1);
    expect(errors.body.data.records[0]).toMatchObject({ errorLine: 2, errorMsg: '关键词不能超过50个字符', errorData: '长'.repeat(51) });
    const list = await get<Page<Rec>>(`${A}/keyword/page`, { size: 50, keyword: '葡' });
    expect(list.body.data.records.map((r) => r.keyword)).toEqual(['葡萄']);
    // creation-time range search
    const all = await get<Page<Rec>>(`${A}/keyword/page`, { size: 50, createTime_datege: '2000-01-01 00:00:00', createTime_datele: '2999-01-01 00:00:00' });
    expect(all.body.data.total).toBe(4);
    expect((await get<Page<Rec>>(`${A}/keyword/page`, { createTime_datege: '2999-01-01 00:00:00' })).body.data.total).toBe(0);
    expect((await get<Page<Rec>>(`${A}/keyword/page`, {}, other)).body.data.total).toBe(0);
  });
});

describe('AI settings', () => {
  it('validates the model setting and never returns the key in full', async () => {
    const AM = '/seo-blade-article/aiModel';
    const good = { name: '本地', apiKey: 'sk-test-secret-0001', url: aiUrl, model: 'gpt-test', platform: 'openai', temperature: 0.7, maxTokens: 512, status: 1 };
    const cases: [Rec, string][] = [
      [{ name: '' }, '请输入名称'], [{ apiKey: '' }, '请输入密钥'], [{ url: '' }, '请输入链接'], [{ model: '' }, '请输入模型'],
      [{ platform: '' }, '请选择平台'], [{ temperature: 2.5 }, '温度范围为0-2'], [{ temperature: 1.234 }, '温度最多两位小数'],
      [{ maxTokens: -1 }, '返回token数须为不小于0的整数'], [{ status: 3 }, '请选择状态'],
    ];
    for (const [patch, msg] of cases) expect((await post(`${AM}/submit`, { ...good, ...patch })).body.msg).toBe(msg);
    const saved = await post(`${AM}/submit`, good);
    expect(saved.body.data.apiKey).toBe('sk-t****0001');
    const page = await get<Page<Rec>>(`${AM}/page`);
    expect(JSON.stringify(page.body)).not.toContain('sk-test-secret-0001');
    // sending the masked key back keeps the stored one
    await post(`${AM}/submit`, { ...good, id: saved.body.data.id, apiKey: 'sk-t****0001', temperature: 0.5 });
    expect((await get(`${AM}/detail`, { id: String(saved.body.data.id) })).body.data).toMatchObject({ temperature: 0.5, apiKey: 'sk-t****0001' });
  });

  it('AI key settings: types 1-3 require a target address; status defaults to 2', async () => {
    const K = '/seo-blade-article/key';
    expect((await post(`${K}/submit`, { name: 'k', type: 1, key: 'abcdefghijkl' })).body.msg).toBe('请输入目标地址');
    const saved = await post(`${K}/submit`, { name: 'k', type: 4, targetUrl: 'http://ignored', key: 'abcdefghijkl' });
    expect(saved.body.data).toMatchObject({ status: 2, targetUrl: '', key: 'abcd****ijkl' });
  });
});

describe('article generation', () => {
  it('validates the task', async () => {
    const G = '/seo-blade-article/gptProduceArticle';
    const good = { taskName: 't', maxTokens: 100, prompts: [{ input: '写{keyword}' }], fileLink: '/api/blade-resource/oss/endpoint/file/x.txt' };
    expect((await post(`${G}/save`, { ...good, taskName: '' })).body.msg).toBe('请输入任务名称');
    expect((await post(`${G}/save`, { ...good, taskName: 'n'.repeat(51) })).body.msg).toBe('任务名称不能超过50个字符');
    expect((await post(`${G}/save`, { ...good, maxTokens: 0 })).body.msg).toBe('最大Token数范围为1-4096');
    expect((await post(`${G}/save`, { ...good, maxTokens: 4097 })).body.msg).toBe('最大Token数范围为1-4096');
    expect((await post(`${G}/save`, { ...good, prompts: [{ input: 'a' }, { input: '' }] })).body.msg).toBe('请输入生成描述');
    expect((await post(`${G}/save`, { ...good, fileLink: '' })).body.msg).toBe('请上传关键字文件');
    const { maxTokens: _m, ...noTokens } = good;
    expect((await post(`${G}/save`, noTokens)).body.data.maxTokens).toBe(4096);
    expect((await multipart(`${A}/gptProduceArticle/batchProduceArticle`, [{ name: 'data', value: JSON.stringify({ taskName: 'x', prompts: [{ input: 'a' }] }) }])).body.msg).toBe('请上传关键字文件');
  });

  it('produces articles against the local AI server, with retry, progress and title export', async () => {
    failNext = 2; // two transient 503s are retried
    const data = { taskName: '批量生成', maxTokens: 300, prompts: [{ input: '写一篇关于{keyword}的文章' }, { input: '{keyword}的介绍' }] };
    const r = await multipart(`${A}/gptProduceArticle/batchProduceArticle`, [
      { name: 'data', value: JSON.stringify(data) },
      { name: 'file', value: '苹果\n香蕉\n\n橙子\n', filename: 'keywords.txt' },
    ]);
    expect(r.status).toBe(200);
    const id = r.body.data.id as string;
    let last: Rec = {};
    await until(async () => {
      last = (await get(`${A}/gptProduceArticle/pollTaskStatus`, { id })).body.data;
      return last.status === 2;
    });
    expect(last).toMatchObject({ status: 2, statusName: '已完成', total: 6, successCount: 6, failCount: 0, progress: 100 });
    expect(aiCalls.length).toBe(6);
    expect(aiCalls[0]).toMatchObject({ model: 'gpt-test', temperature: 0.5, max_tokens: 300 });
    expect(aiCalls.map((c) => (c.messages as Rec[])[0].content)).toContain('写一篇关于香蕉的文章');
    const res = await fetch(`${base}${A}/gptProduceArticle/export-title?id=${id}`, { headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` } });
    const titles = (await res.text()).trim().split('\n');
    expect(titles).toEqual(['写一篇关于苹果的文章', '苹果的介绍', '写一篇关于香蕉的文章', '香蕉的介绍', '写一篇关于橙子的文章', '橙子的介绍']);
    const task = (await get('/seo-blade-article/gptProduceArticle/detail', { id })).body.data;
    expect(task).toMatchObject({ statusName: '已完成', fileName: 'keywords.txt', successCount: 6 });
    expect((await get(`${A}/gptProduceArticle/pollTaskStatus`, { id }, other)).body.msg).toBe('数据不存在或已被删除');
  });
});

describe('scheduled deploy tasks', () => {
  const DT = '/website-blade-deploy/deployTasks';
  it('validates the schedule and previews trigger times', async () => {
    const good = { taskName: '定时', groupIds: groupId, scheduleType: 'FIX_RATE', scheduleConf: '1', articleCount: 1 };
    expect((await post(`${DT}/save`, { ...good, taskName: '' })).body.msg).toBe('请输入任务名称');
    expect((await post(`${DT}/save`, { ...good, taskName: 'n'.repeat(51) })).body.msg).toBe('任务名称不能超过50个字符');
    expect((await post(`${DT}/save`, { ...good, groupIds: '' })).body.msg).toBe('请选择网站分组');
    expect((await post(`${DT}/save`, { ...good, scheduleConf: '' })).body.msg).toBe('请输入固定速度');
    expect((await post(`${DT}/save`, { ...good, scheduleType: 'CRON', scheduleConf: '' })).body.msg).toBe('请输入CRON表达式');
    expect((await post(`${DT}/save`, { ...good, scheduleType: 'CRON', scheduleConf: 'not a cron' })).body.msg).toBe('CRON表达式格式不正确');
    expect((await post(`${DT}/save`, { ...good, articleCount: '' })).body.msg).toBe('请输入文章发布数量');
    expect((await post(`${DT}/save`, { ...good, abArticleCount: 2 })).body.msg).toBe('A/B文章数量只适用于白帽分组');
    const none = await post(`${DT}/save`, { ...good, scheduleType: 'NONE', scheduleConf: '5', status: 1 });
    expect(none.body.data).toMatchObject({ scheduleConf: '', status: 0, executeCount: 0 });
    const white = await post(`${DT}/save`, { ...good, groupIds: whiteGroupId, abArticleCount: 2 });
    expect(white.body.data.abArticleCount).toBe(2);
    const times = await get<string[]>(`${DT}/nextTriggerTime`, { scheduleType: 'CRON', scheduleConf: '0 0 3 * * *' });
    expect(times.body.data).toHaveLength(5);
    expect(times.body.data.every((t) => t.endsWith('03:00:00'))).toBe(true);
    expect((await get<string[]>(`${DT}/nextTriggerTime`, { scheduleType: 'NONE' })).body.data).toEqual([]);
  });

  it('a started FIX_RATE task of 1 s publishes articles and redeploys; switched off it stops', async () => {
    const cateId = (await get<Rec[]>(`${A}/cate/getCate`, { websiteGroupId: groupId })).body.data.find((c) => c.cateName === '新闻')!.id as string;
    for (let i = 0; i < 4; i++) {
      await idOf(`${A}/article/save`, { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: `定时${i}`, keyword: 'k', content: '<p>c</p>', descVal: 'd', sort: 10 + i });
    }
    const unpublished = async () => (await get<Page<Rec>>(`${A}/article/page`, { status: 0, websiteInfoId: siteId, size: 50 })).body.data.total;
    expect(await unpublished()).toBe(4);
    const id = await idOf(`${DT}/save`, { taskName: '每秒', groupIds: groupId, scheduleType: 'FIX_RATE', scheduleConf: '1', articleCount: 1 });
    // run once by hand
    // the site's image groups hold no image any more, so its deploy fails: the run says so (deploy-scheduler.ts) instead of counting it deployed
    expect((await post(`${DT}/executeOnce`, { id })).body.data).toMatchObject({ published: 1, deployed: 0, failed: 1, state: 'failed', sites: [{ websiteInfoId: siteId, statusName: '部署失败', message: '部署失败: Logo分组中没有图片; 线上版本未改变' }] });
    expect(await unpublished()).toBe(3);
    const on = await post(`${DT}/jobSwitch`, { id, status: 1 });
    expect(on.body.data).toMatchObject({ status: 1, statusName: '启动' });
    await until(async () => (await unpublished()) <= 1, 60_000);
    const off = await post(`${DT}/jobSwitch`, { id, status: 0 });
    expect(off.body.data.status).toBe(0);
    // a trigger fired before the switch-off finishes its run (its sites' deploy jobs, then the count)
    await until(async () => !(await h.data().get(sql`SELECT 1 AS busy FROM job WHERE job_key LIKE ${`deploy-task:${id}:%`} AND state IN ('queued', 'running')`)), 60_000);
    const left = await unpublished();
    const count = (await get(`${DT}/detail`, { id })).body.data.executeCount as number;
    expect(count).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await unpublished()).toBe(left);
    expect((await get(`${DT}/detail`, { id })).body.data.executeCount).toBe(count);
    const deploys = await get<Page<Rec>>('/website-blade-deploy/websiteDeploy/page', { websiteInfoId: siteId });
    expect(deploys.body.data.records.length).toBeGreaterThanOrEqual(3);
    const pub = (await get<Page<Rec>>(`${A}/article/page`, { status: 1, size: 50 })).body.data.records;
    expect(pub.filter((a) => a.saveStatus === '定时发布').length).toBeGreaterThanOrEqual(3);
  });
});
