// Articles live in categories that hold pages (type 2, 自定义页面); a jump page (type 3, 跳转页面) is only a link, so
// a deploy never makes a page of an article there (issue 38 item 1). The server refuses an article in a jump page
// wherever one is put (the form, an import, a generation task's column, a release), refuses turning a column that
// holds articles into a jump page, flags the articles left there before the rule in the list (and lets a published
// one move to a page column), and a deploy's result names the articles it skipped and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { api, importTaskDone, login, startHarness, uploadPng, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';
const A = '/website-blade-article/article';

const NOT_PAGE = '所选栏目是跳转页面，不能存放文章，请选择自定义页面栏目';

describe('articles only in categories that hold pages', () => {
  let h: Harness;
  let base: string;
  let admin: string;
  let groupId: string;
  let siteId: string;
  let pageCate: string;
  let jumpCate: string;
  const post = (path: string, json: unknown, query?: Record<string, string>) => api<Rec>(base, admin, 'POST', path, { json, query });
  const idOf = async (path: string, json: Rec): Promise<string> => {
    const r = await post(path, json);
    if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
    return r.body.data.id as string;
  };
  const upload = (name: string, scene: string): Promise<string> => uploadPng(base, admin, name, scene);
  const article = (title: string, parentId: string, extra: Rec = {}) => ({
    websiteGroupId: groupId, websiteInfoId: siteId, parentId, title, keyword: 'k', descVal: `${title}的摘要`, content: `<p>${title}</p>`, status: 0, ...extra,
  });
  /** an article as a version before the rule could leave it: written straight into the table */
  const legacyArticle = async (title: string, parentId: string, status: 0 | 1): Promise<string> => {
    const id = `9${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await h.data().run(sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, content, desc_val, sort, display_status, status,
        create_user, create_dept, create_time, update_user, update_time, is_deleted)
      VALUES (${id}, '000000', ${siteId}, ${groupId}, ${parentId}, ${title}, 'k', ${`<p>${title}</p>`}, 'd', 0, 1, ${status}, '1', '1', '2026-01-01 00:00:00', '1', '2026-01-01 00:00:00', 0)`);
    return id;
  };
  const listed = async (title: string): Promise<Rec> => {
    const r = await api<{ records: Rec[] }>(base, admin, 'GET', `${A}/page`, { query: { title, size: 10 } });
    return r.body.data.records.find((x) => x.title === title)!;
  };

  beforeAll(async () => {
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
    groupId = await idOf(`${M}/websiteGroup/save`, { name: '跳转组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.3.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: '跳转站', domain: 'jump-example.com', domainService: '1', serverId });
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: await upload('tpl.png', 'template') });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服' });
    const imgGroupId = await idOf(`${M}/imgGroup/submit`, { name: 'Logo' });
    await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('logo.png', 'material'), alt: 'Logo', imgGroupId });
    siteId = await idOf(`${M}/websiteInfo/save`, {
      websiteGroupId: groupId, websiteType: 0, websiteName: '跳转站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
      domainInfoId: domainId, templateId, type: 1, icoId: imgGroupId, logoId: imgGroupId, bannerId: imgGroupId, contactId,
    });
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
    pageCate = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '新闻', type: 2, pageId, optStatus: 0 });
    jumpCate = await idOf('/seo-blade-article/cate/submit', { websiteGroupId: groupId, cateName: '商城', type: 3, linkUrl: 'https://shop.example.com/', optStatus: 0 });
  });
  afterAll(() => h.stop());

  it('refuses an article in a jump page, on add and on edit; a page column takes it', async () => {
    const add = await post(`${A}/submit`, article('跳转文章', jumpCate));
    expect(add.status).toBe(400);
    expect(add.body.msg).toBe(NOT_PAGE);
    const id = await idOf(`${A}/submit`, article('页面文章', pageCate));
    const move = await post(`${A}/update`, { id, parentId: jumpCate });
    expect(move.status).toBe(400);
    expect(move.body.msg).toBe(NOT_PAGE);
    expect((await listed('页面文章')).pageIssue).toBe('');
  });

  it('refuses a generation task whose column is a jump page', async () => {
    const r = await post('/seo-blade-article/gptProduceArticle/save', {
      taskName: '跳转任务', maxTokens: 100, prompts: [{ input: '写{keyword}' }], fileLink: '/api/blade-resource/oss/endpoint/file/k.txt', fileName: 'k.txt',
      websiteGroupId: groupId, parentId: jumpCate,
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(NOT_PAGE);
  });

  it('an import into a jump page fails each line with the reason', async () => {
    const r = await post(`${A}/importText`, { text: '导入标题|导入关键字|导入正文', websiteGroupId: groupId, websiteInfoId: siteId, parentId: jumpCate });
    expect(r.status).toBe(200);
    const task = await importTaskDone(base, admin, String(r.body.data.id));
    expect(task).toMatchObject({ status: 3, successRows: 0, failedRows: 1 });
    const errors = await api<{ records: Rec[] }>(base, admin, 'GET', '/seo-blade-material/taskErrorLog/page', { query: { taskId: String(r.body.data.id), size: 10 } });
    expect(errors.body.data.records.map((e) => e.errorMsg)).toEqual([NOT_PAGE]);
  });

  it('refuses turning a column that holds articles into a jump page', async () => {
    const r = await post('/seo-blade-article/cate/update', { id: pageCate, type: 3, linkUrl: 'https://elsewhere.example.com/' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('该栏目下存在文章，不能改为跳转页面');
  });

  it('flags an article left in a jump page; it cannot be released, and a published one may move to a page column', async () => {
    const draft = await legacyArticle('旧草稿', jumpCate, 0);
    const published = await legacyArticle('旧已发布', jumpCate, 1);
    expect((await listed('旧草稿')).pageIssue).toBe('jump');
    expect((await listed('旧已发布')).pageIssue).toBe('jump');
    const release = await post(`${A}/release`, {}, { ids: draft });
    expect(release.status).toBe(400);
    expect(release.body.msg).toBe('文章所在栏目是跳转页面，不能发布，请先改到自定义页面栏目');
    // a published article's column is fixed, except out of a jump page (its page was never made)
    const moved = await post(`${A}/update`, { id: published, websiteGroupId: groupId, parentId: pageCate, title: '旧已发布' });
    expect(moved.body.msg).toBe('操作成功');
    expect(moved.status).toBe(200);
    expect(await listed('旧已发布')).toMatchObject({ pageIssue: '', parentId: pageCate, status: 1 });
    // and once in a page column, it is fixed again
    const back = await post(`${A}/update`, { id: published, parentId: jumpCate });
    expect(back.status).toBe(400);
    expect(back.body.msg).toBe('文章已发布，不能修改网站分组和网站栏目');
  });

  it('a deploy task publishes only articles whose column holds pages', async () => {
    const waiting = await legacyArticle('跳转里的草稿', jumpCate, 0);
    const ready = await idOf(`${A}/submit`, article('待定时发布', pageCate));
    const task = await idOf('/website-blade-deploy/deployTasks/save', { taskName: '发布一篇', groupIds: groupId, scheduleType: 'NONE', articleCount: 5 });
    const unpublished = async () => (await api<{ records: Rec[] }>(base, admin, 'GET', `${A}/page`, { query: { status: 0, size: 50 } })).body.data.records;
    const before = await unpublished();
    const run = await post('/website-blade-deploy/deployTasks/executeOnce', { id: task });
    expect(run.status).toBe(200);
    // every unpublished article in the page column went out, none in the jump page
    const pages = before.filter((a) => a.parentId === pageCate).map((a) => a.id);
    expect(pages).toContain(ready);
    expect(run.body.data.published).toBe(pages.length);
    const left = await unpublished();
    expect(left.map((a) => a.id)).toContain(waiting);
    expect(left.filter((a) => a.parentId === pageCate)).toEqual([]);
    expect(left.filter((a) => a.parentId === jumpCate).length).toBe(before.filter((a) => a.parentId === jumpCate).length);
  });

  it("a deploy's result names the articles it skipped and why", async () => {
    const shown = await idOf(`${A}/submit`, article('会生成的文章', pageCate, { status: 1 }));
    await legacyArticle('跳转里的文章', jumpCate, 1);
    const r = await post('/website-blade-deploy/websiteDeploy/deploy', { id: siteId });
    expect(r.status).toBe(200);
    const [res] = r.body.data as unknown as Rec[];
    expect(res.statusName).toBe('部署成功');
    expect(String(res.message)).toContain('未生成 1 篇已发布文章的页面：《跳转里的文章》（栏目「商城」是跳转页面）');
    expect(String(res.message)).not.toContain('会生成的文章');
    expect(shown).toBeTruthy();
    // the website's last message says it too
    const site = await api<Rec>(base, admin, 'GET', `${M}/websiteInfo/detail`, { query: { id: siteId } });
    expect(String(site.body.data.deployMessage)).toContain('《跳转里的文章》');
    // in English, with the reason each skipped article was left out; the title as typed
    const en = await api<Rec>(base, admin, 'GET', `${M}/websiteInfo/detail`, { query: { id: siteId }, headers: { 'Accept-Language': 'en' } });
    expect(String(en.body.data.deployMessage)).toMatch(/^Published version \S+ to .+; no page made for 1 published articles: “跳转里的文章” \(its column “商城” is a jump page\)$/);
  });
});
