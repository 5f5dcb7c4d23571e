// The sample matrix: the platform administrator loads it into a tenant of its own,
// the sample tenant's administrator signs in and finds websites with domains on a
// local-folder server, templates, categories, 300 articles, 120 keywords, an AI
// model that is off until a key is set and a generation task ready to start; the
// task runs against a local AI server, a sample website deploys; a second load is
// refused; remove leaves no row of the tenant in any table and no file behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { tenantTables } from '../../src-server/modules/sample/sample-matrix';
import { api, login, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const S = '/website-blade-system/sampleMatrix';
let h: Harness;
let base: string;
let admin: string;
let ai: Server;
let aiUrl: string;
const aiCalls: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  ai = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.headers.authorization !== 'Bearer sk-sample-0001') return void res.writeHead(401).end('{}');
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[0].content;
      aiCalls.push(prompt);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: `# ${prompt}\n正文` } }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((r) => ai.close(r));
  await h.stop();
});

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** rows of the tenant in every table with a tenant_id column, and in the link tables */
async function leftovers(tenantId: string, roleIds: string[], userIds: string[]): Promise<Record<string, number>> {
  const data = h.data();
  const out: Record<string, number> = {};
  for (const t of await tenantTables(data)) {
    const n = (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.id(t)} WHERE tenant_id = ${tenantId}`))!.n;
    if (n > 0) out[t] = n;
  }
  const count = async (table: string, column: string, ids: string[]) =>
    ids.length ? (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.id(table)} WHERE ${sql.id(column)} IN (${sql.join(ids)})`))!.n : 0;
  const links = {
    blade_role_menu: await count('blade_role_menu', 'role_id', roleIds),
    blade_role_scope: await count('blade_role_scope', 'role_id', roleIds),
    blade_user_platform: await count('blade_user_platform', 'user_id', userIds),
  };
  for (const [k, n] of Object.entries(links)) if (n > 0) out[k] = n;
  return out;
}

describe('the sample matrix', () => {
  let tenantId = '';
  let sample = '';
  const get = (path: string, query: Record<string, string | number> = {}, token = sample) => api<Rec>(base, token, 'GET', path, { query });
  const post = (path: string, json: unknown, token = sample) => api<Rec>(base, token, 'POST', path, { json });

  it('is offered while the workspace is empty, and only to the platform administrator', async () => {
    const r = await get(`${S}/status`, {}, admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ loaded: false, workspaceEmpty: true, canLoad: true });
    expect((await post(`${S}/remove`, {}, admin)).body).toMatchObject({ code: 400, msg: '示例矩阵未加载' });
  });

  it('loads into a tenant of its own, with its administrator', async () => {
    const platformRows = (await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE tenant_id = '000000'`))!.n;
    const r = await post(`${S}/load`, {}, admin);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('示例矩阵已加载');
    const s = r.body.data;
    tenantId = s.tenantId as string;
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(tenantId).not.toBe('000000');
    expect(s).toMatchObject({ loaded: true, tenantName: '示例矩阵', account: 'admin', password: 'admin' });
    expect(s.counts).toEqual({
      website_group: 2, website_info: 3, domain_info: 3, server_info: 1, website_template: 2, article_cate: 8, article: 300, keyword: 120, ai_model: 1, gpt_produce_article: 1,
    });
    // the platform tenant's own content is untouched
    expect((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM article WHERE tenant_id = '000000'`))!.n).toBe(platformRows);
    expect((await post(`${S}/load`, {}, admin)).body).toMatchObject({ code: 400, msg: '示例矩阵已加载，请先移除再重新加载' });
    sample = await login(base, { tenantId, username: 'admin', password: 'admin' });
  });

  it('is refused to anyone but the platform administrator (the sample tenant\'s own administrator included)', async () => {
    for (const path of ['status', 'load', 'remove']) {
      const r = path === 'status' ? await get(`${S}/${path}`) : await post(`${S}/${path}`, {});
      expect(r.body, path).toMatchObject({ code: 401, msg: '请求未授权' });
    }
  });

  it('holds what the sample tenant administrator sees on the content screens', async () => {
    const sites = (await get('/website-blade-material/websiteInfo/page', { size: 10 })).body.data;
    expect(sites.total).toBe(3);
    const records = sites.records as Rec[];
    expect(records.map((w) => w.websiteName).sort()).toEqual(['示例家居装修站', '示例旅行攻略站', '示例茶叶资讯站']);
    expect(records.every((w) => String(w.domainName).endsWith('.sample-matrix.test'))).toBe(true);
    expect((await get('/website-blade-article/article/page', { size: 1 })).body.data.total).toBe(300);
    expect((await get('/website-blade-article/keyword/page', { size: 1 })).body.data.total).toBe(120);
    const model = ((await get('/seo-blade-article/aiModel/page')).body.data.records as Rec[])[0];
    expect(model).toMatchObject({ name: '示例模型（请设置密钥）', status: 2, apiKey: '' });
    const server = ((await get('/website-blade-material/serverInfo/page')).body.data.records as Rec[])[0];
    expect(server).toMatchObject({ serverType: 'local' });
  });

  it('runs its generation task once a key is set, and deploys a sample website', async () => {
    const task = ((await get('/seo-blade-article/gptProduceArticle/page')).body.data.records as Rec[])[0];
    expect(task).toMatchObject({ taskName: '示例生成任务', statusName: '待执行' });
    // the model is off until a key is set
    expect((await post('/website-blade-article/gptProduceArticle/produce', { ids: task.id })).body.msg).toBe('请先启用一个AI模型设置');
    const model = ((await get('/seo-blade-article/aiModel/page')).body.data.records as Rec[])[0];
    const saved = await post('/seo-blade-article/aiModel/update', { ...model, apiKey: 'sk-sample-0001', url: aiUrl, status: 1 });
    expect(saved.status).toBe(200);
    expect((await post('/website-blade-article/gptProduceArticle/produce', { ids: task.id })).status).toBe(200);
    let last: Rec = {};
    await until(async () => {
      last = (await get('/website-blade-article/gptProduceArticle/pollTaskStatus', { id: task.id as string })).body.data;
      return last.status === 2;
    });
    expect(last).toMatchObject({ statusName: '已完成', total: 5, successCount: 5, failCount: 0 });
    expect(aiCalls).toContain('写一篇关于绿茶的功效的文章，适合茶叶资讯网站');
    expect((await get('/website-blade-article/article/page', { size: 1 })).body.data.total).toBe(305);

    const site = ((await get('/website-blade-material/websiteInfo/page', { websiteName: '示例茶叶资讯站' })).body.data.records as Rec[])[0];
    const d = await post('/website-blade-deploy/websiteDeploy/deploy', { id: site.id });
    expect(d.status, d.body.msg).toBe(200);
    const live = join(h.dataDir, 'sites', String(site.id), 'tea.sample-matrix.test', 'current');
    expect(existsSync(join(live, 'index.html'))).toBe(true);
    expect(readFileSync(join(live, 'index.html'), 'utf8')).toContain('示例茶叶资讯站');
    expect(readdirSync(live).length).toBeGreaterThan(3);
  });

  it('is removed in one action with nothing left behind', async () => {
    const data = h.data();
    const roleIds = (await data.all(sql<{ id: string }>`SELECT id FROM blade_role WHERE tenant_id = ${tenantId}`)).map((r) => r.id);
    const userIds = (await data.all(sql<{ id: string }>`SELECT id FROM blade_user WHERE tenant_id = ${tenantId}`)).map((r) => r.id);
    const siteIds = (await data.all(sql<{ id: string }>`SELECT id FROM website_info WHERE tenant_id = ${tenantId}`)).map((r) => r.id);
    const uploads = (await data.all(sql<{ name: string }>`SELECT name FROM content_upload WHERE tenant_id = ${tenantId}`)).map((r) => r.name);
    expect(Object.keys(await leftovers(tenantId, roleIds, userIds)).length).toBeGreaterThan(20);
    expect(uploads.length).toBe(9); // three logos, three banners, two template previews and the generation task's keyword file
    for (const u of uploads) expect(existsSync(join(h.dataDir, 'upload', u))).toBe(true);

    const r = await post(`${S}/remove`, {}, admin);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('示例矩阵已移除');
    expect(await leftovers(tenantId, roleIds, userIds)).toEqual({});
    for (const id of siteIds) expect(existsSync(join(h.dataDir, 'sites', id))).toBe(false);
    for (const u of uploads) expect(existsSync(join(h.dataDir, 'upload', u))).toBe(false);
    // the sample administrator's session is gone with the tenant
    expect((await get('/website-blade-material/websiteInfo/page')).status).toBe(401);
    expect((await get(`${S}/status`, {}, admin)).body.data).toEqual({ loaded: false, workspaceEmpty: true, canLoad: true });
    // and it loads again
    expect((await post(`${S}/load`, {}, admin)).status).toBe(200);
  });

  it('loaded twice at once (two clicks, two instances): one loads, the other is told it is loaded, no upload is left behind', async () => {
    expect((await post(`${S}/remove`, {}, admin)).status).toBe(200);
    const uploadsBefore = readdirSync(join(h.dataDir, 'upload')).length;
    const answers = await Promise.all([post(`${S}/load`, {}, admin), post(`${S}/load`, {}, admin)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.body.code === 400)!.body.msg).toBe('示例矩阵已加载，请先移除再重新加载');
    expect((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM sample_matrix`))!.n).toBe(1);
    // the refused load's files are removed with it: only the loaded sample's nine are new
    expect(readdirSync(join(h.dataDir, 'upload')).length).toBe(uploadsBefore + 9);
  });
});
