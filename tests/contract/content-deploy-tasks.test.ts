// Deploy tasks over HTTP, the rules the form shares with the server
// (src-shared/schedule.ts) and what a run keeps: a cron like `abc` or a fixed
// rate that is not a whole number of seconds is refused with code 400;
// A/B文章数量 only for white-hat groups; a run whose sites fail keeps the reason
// per site and is 部分失败 / 失败, never 成功.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleProblem } from '../../src-shared/schedule';
import { sql } from '../../src-server/db/data-layer';
import { api, login, SABER, startHarness, type Harness, PNG } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
const M = '/website-blade-material';
const DT = '/website-blade-deploy/deployTasks';

const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
const get = <T = Rec>(path: string, query: Record<string, string | number> = {}, headers?: Record<string, string>) => api<T>(base, admin, 'GET', path, { query, headers });
const EN = { 'Accept-Language': 'en' };
const idOf = async (path: string, json: Rec): Promise<string> => {
  const r = await post(path, json);
  if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data.id as string;
};

let normalGroup: string;
let whiteGroup: string;
let brokenGroup: string;
let emptyGroup: string;
let goodSite: string;
let brokenSite: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  normalGroup = await idOf(`${M}/websiteGroup/save`, { name: '普通组', type: 0 });
  whiteGroup = await idOf(`${M}/websiteGroup/save`, { name: '白帽组', type: 1 });
  brokenGroup = await idOf(`${M}/websiteGroup/save`, { name: '坏组', type: 0 });
  emptyGroup = await idOf(`${M}/websiteGroup/save`, { name: '空组', type: 0 });
  const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domain = (d: string) => idOf(`${M}/domainInfo/save`, { name: d, domain: d, domainService: '1', serverId });
  const upload = async (name: string, scene: string): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), name);
    const up = await fetch(`${base}/blade-resource/oss/endpoint/put-file?scene=${scene}`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}` }, body: form });
    return ((await up.json()) as { data: Rec }).data.link as string;
  };
  const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: await upload('tpl.png', 'template') });
  const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服' });
  const img = await idOf(`${M}/imgGroup/submit`, { name: '图组' });
  await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('logo.png', 'material'), alt: 'Logo', imgGroupId: img });
  const site = async (websiteGroupId: string, websiteName: string, domainInfoId: string) =>
    idOf(`${M}/websiteInfo/save`, {
      websiteGroupId, websiteType: 0, websiteName, websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
      domainInfoId, templateId, type: 0, subdomain: 'www', icoId: img, logoId: img, bannerId: img, contactId,
    });
  goodSite = await site(normalGroup, '好站', await domain('good-example.com'));
  const goneDomain = await domain('gone-example.com');
  brokenSite = await site(normalGroup, '坏站', goneDomain);
  await site(brokenGroup, '坏站二', goneDomain);
  // the domain goes away under the websites: their deploys fail with that reason
  await h.data().run(sql`UPDATE domain_info SET is_deleted = 1 WHERE id = ${goneDomain}`);
});
afterAll(async () => {
  await h.stop();
});

describe('schedule rules (form and server)', () => {
  it('the shared rule refuses what croner refuses and fixed rates that are not whole seconds >= 1', () => {
    expect(scheduleProblem('CRON', 'abc')).toBe('cronInvalid');
    expect(scheduleProblem('CRON', '0/5 * * * * ?')).toBe('cronInvalid');
    expect(scheduleProblem('CRON', '*/5 * * * * ?')).toBeNull();
    expect(scheduleProblem('CRON', '0 0 3 ? * 2')).toBeNull();
    expect(scheduleProblem('CRON', ' ')).toBe('cronRequired');
    expect(scheduleProblem('FIX_RATE', '0')).toBe('fixRateInvalid');
    expect(scheduleProblem('FIX_RATE', '1.5')).toBe('fixRateInvalid');
    expect(scheduleProblem('FIX_RATE', '-3')).toBe('fixRateInvalid');
    expect(scheduleProblem('FIX_RATE', '60')).toBeNull();
    expect(scheduleProblem('NONE', 'abc')).toBeNull();
  });

  it('the server refuses the same with code 400 and keeps scheduleConf only for FIX_RATE and CRON', async () => {
    const good = { taskName: '定时', groupIds: normalGroup, scheduleType: 'CRON', scheduleConf: '0 0 3 * * *', articleCount: 1 };
    for (const [type, conf, msg] of [
      ['CRON', 'abc', 'CRON表达式格式不正确'],
      ['FIX_RATE', '0', '固定速度必须是大于0的整数（秒）'],
      ['FIX_RATE', '2.5', '固定速度必须是大于0的整数（秒）'],
      ['FIX_RATE', '', '请输入固定速度'],
    ]) {
      const r = await post(`${DT}/save`, { ...good, scheduleType: type, scheduleConf: conf });
      expect(r.body).toMatchObject({ code: 400, success: false, msg });
    }
    const id = await idOf(`${DT}/save`, good);
    expect((await post(`${DT}/update`, { id, scheduleConf: 'abc' })).body).toMatchObject({ code: 400, msg: 'CRON表达式格式不正确' });
    expect((await get(`${DT}/nextTriggerTime`, { scheduleType: 'CRON', scheduleConf: 'abc' })).body).toMatchObject({ code: 400, msg: 'CRON表达式格式不正确' });
    // the builder's step form
    expect((await get<string[]>(`${DT}/nextTriggerTime`, { scheduleType: 'CRON', scheduleConf: '0 */15 2 * * ?' })).body.data).toHaveLength(5);
    const none = await post(`${DT}/update`, { id, scheduleType: 'NONE', scheduleConf: '0 0 3 * * *' });
    expect(none.body.data).toMatchObject({ scheduleType: 'NONE', scheduleConf: '' });
  });

  it('A/B文章数量 only for white-hat groups: refused when sent for a normal group, dropped when a task leaves its white-hat group', async () => {
    const good = { taskName: 'AB', groupIds: normalGroup, scheduleType: 'NONE', articleCount: 1 };
    expect((await post(`${DT}/save`, { ...good, abArticleCount: 2 })).body).toMatchObject({ code: 400, msg: 'A/B文章数量只适用于白帽分组' });
    expect((await post(`${DT}/save`, { ...good, abArticleCount: 0 })).body.data).toMatchObject({ abArticleCount: 0 });
    const white = await post(`${DT}/save`, { ...good, groupIds: whiteGroup, abArticleCount: 3 });
    expect(white.body.data).toMatchObject({ abArticleCount: 3 });
    const id = white.body.data.id as string;
    // the form hides (and does not send) the count once only normal groups are chosen: the old count is dropped
    const moved = await post(`${DT}/update`, { id, groupIds: normalGroup });
    expect(moved.body.data).toMatchObject({ groupIds: normalGroup, abArticleCount: 0 });
  });
});

describe('a run keeps its outcome per site', () => {
  const run = async (groupIds: string) => {
    const id = await idOf(`${DT}/save`, { taskName: `运行${groupIds}`, groupIds, scheduleType: 'NONE', articleCount: 0 });
    const r = await post(`${DT}/executeOnce`, { id });
    expect(r.status).toBe(200);
    return { id, result: r.body.data, row: (await get(`${DT}/detail`, { id })).body.data };
  };

  it('a site that fails keeps its reason and the run is 部分失败', async () => {
    const { id, result, row } = await run(normalGroup);
    expect(result).toMatchObject({ state: 'partial', deployed: 1, failed: 1 });
    const sites = result.sites as Rec[];
    expect(sites.find((s) => s.websiteInfoId === goodSite)).toMatchObject({ websiteName: '好站', statusName: '部署成功' });
    const bad = sites.find((s) => s.websiteInfoId === brokenSite)!;
    expect(bad).toMatchObject({ websiteName: '坏站', statusName: '部署失败' });
    expect(bad.message).toContain('网站的域名未绑定服务器或服务器已删除');
    expect(row).toMatchObject({ lastRunState: 'partial', lastRunStateName: '部分失败', executeCount: 1 });
    expect(row.lastRunTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(row.lastRunSites as string).sites).toEqual(sites);
    // read in English: the run's state, each site's status and reason
    const en = (await get(`${DT}/detail`, { id }, EN)).body.data;
    expect(en).toMatchObject({ lastRunState: 'partial', lastRunStateName: 'Partly failed' });
    const enSites = JSON.parse(en.lastRunSites as string).sites as Rec[];
    expect(enSites.find((s) => s.websiteInfoId === goodSite)).toMatchObject({ statusName: 'Deployed', deployed: true });
    expect(enSites.find((s) => s.websiteInfoId === brokenSite)).toMatchObject({ statusName: 'Deploy failed', deployed: false });
    expect(String(enSites.find((s) => s.websiteInfoId === brokenSite)!.message)).toContain("The website's domain is bound to no server, or its server was deleted");
    // the website itself says so too
    const site = (await get(`${M}/websiteInfo/detail`, { id: brokenSite })).body.data;
    expect(site.statusName).toBe('部署失败');
  });

  it('every site failing is 失败, and a group without websites is 失败 with why', async () => {
    const broken = await run(brokenGroup);
    expect(broken.result).toMatchObject({ state: 'failed', deployed: 0, failed: 1 });
    expect(broken.row).toMatchObject({ lastRunState: 'failed', lastRunStateName: '失败' });
    expect(((broken.result.sites as Rec[])[0].message as string)).toContain('网站的域名未绑定服务器或服务器已删除');
    const empty = await run(emptyGroup);
    expect(empty.result).toMatchObject({ state: 'failed', deployed: 0, failed: 0, sites: [], message: '任务的网站分组下没有网站' });
    expect(empty.row.lastRunStateName).toBe('失败');
    const enEmpty = await api<Rec>(base, admin, 'POST', `${DT}/executeOnce`, { json: { id: empty.id }, headers: EN });
    expect(enEmpty.body.data).toMatchObject({ state: 'failed', sites: [], message: "The task's website groups hold no website" });
    expect((await get(`${DT}/detail`, { id: empty.id }, EN)).body.data).toMatchObject({ lastRunStateName: 'Failed' });
  });

  it('a run where every site deploys is 成功', async () => {
    await h.data().run(sql`UPDATE website_info SET is_deleted = 1 WHERE id = ${brokenSite}`);
    const { result, row } = await run(normalGroup);
    expect(result).toMatchObject({ state: 'success', deployed: 1, failed: 0 });
    expect(row.lastRunStateName).toBe('成功');
    await h.data().run(sql`UPDATE website_info SET is_deleted = 0 WHERE id = ${brokenSite}`);
  });
});

describe('website group lists, column update and batch deploy', () => {
  it('updateColumn answers the failed sites with their reasons; batch-site-tasks one result per site', async () => {
    const ok = await get('/seo-blade-material/websiteInfo/updateColumn', { id: goodSite });
    expect(ok.body.data).toMatchObject({ updated: 1, total: 1, failed: [] });
    const bad = await get('/seo-blade-material/websiteInfo/updateColumn', { id: brokenSite });
    expect(bad.body.data).toMatchObject({ updated: 0, total: 1 });
    expect((bad.body.data.failed as Rec[])[0]).toMatchObject({ websiteInfoId: brokenSite, websiteName: '坏站' });
    const batch = await api<Rec[]>(base, admin, 'POST', '/website-blade-article/gptProduceArticle/batch-site-tasks', { query: { ids: `${goodSite},${brokenSite}` } });
    expect(batch.body.data.map((r) => r.statusName)).toEqual(['部署成功', '部署失败']);
    // in English: the names in the caller's language, the code the console decides by beside them
    const batchEn = await api<Rec[]>(base, admin, 'POST', '/website-blade-article/gptProduceArticle/batch-site-tasks', { query: { ids: `${goodSite},${brokenSite}` }, headers: { 'Accept-Language': 'en' } });
    expect(batchEn.body.data.map((r) => [r.statusName, r.deployed])).toEqual([['Deployed', true], ['Deploy failed', false]]);
  });

  it('the new buttons are seeded and granted with their menus', async () => {
    const codes = (await h.data().all(sql<{ code: string }>`SELECT code FROM blade_menu WHERE code IN ('websiteGroup_ssl','websiteGroup_links','websiteInfo_updateColumn','websiteInfo_batchDeploy') AND is_deleted = 0`)).map((r) => r.code);
    expect(codes.sort()).toEqual(['websiteGroup_links', 'websiteGroup_ssl', 'websiteInfo_batchDeploy', 'websiteInfo_updateColumn']);
  });
});

describe('list switches: an update with only the id and the new status', () => {
  it('turns tags, templates, navbars, categories, template pages (0/1) and AI keys and models (1/2) on and off, nothing else changing', async () => {
    const pageId = await idOf('/blade-material/templatePageConfig/submit', { name: '列表页', listPage: 'list/{cateId}/', detailsPage: 'list/{cateId}/{id}.html' });
    const site = (await get<Rec>(`${M}/websiteInfo/detail`, { id: goodSite })).body.data;
    const cases: { url: string; detail: string; create: Rec; on: number; off: number }[] = [
      { url: '/website-blade-article/links/submit', detail: '/website-blade-article/links/detail', create: { name: '链接', link: 'https://a.example', websiteInfoId: goodSite, status: 0 }, on: 1, off: 0 },
      { url: '/seo-blade-material/websiteTemplate/submit', detail: '/seo-blade-material/websiteTemplate/detail', create: { templateName: '开关', type: '1', image: site.templateId ? (await get<Rec>('/seo-blade-material/websiteTemplate/detail', { id: String(site.templateId) })).body.data.image : '', status: 0 }, on: 1, off: 0 },
      { url: '/blade-material/websiteNavbar/submit', detail: '/blade-material/websiteNavbar/detail', create: { name: '首页', type: 1, cateId: normalGroup, status: 0 }, on: 1, off: 0 },
      { url: '/seo-blade-article/cate/update', detail: '/seo-blade-article/cate/detail', create: { websiteGroupId: normalGroup, cateName: '开关栏目', type: 2, pageId, status: 0 }, on: 1, off: 0 },
      { url: '/blade-material/templatePageConfig/submit', detail: '/blade-material/templatePageConfig/detail', create: { name: '开关页面', listPage: 'sw/{cateId}/', detailsPage: 'sw/{id}.html', status: 0 }, on: 1, off: 0 },
      { url: '/seo-blade-article/key/submit', detail: '/seo-blade-article/key/detail', create: { name: '钥匙', type: 4, key: 'sk-switch-0001', status: 2 }, on: 1, off: 2 },
      { url: '/seo-blade-article/aiModel/submit', detail: '/seo-blade-article/aiModel/detail', create: { name: '模型', apiKey: 'sk-switch-0002', url: 'http://127.0.0.1:9/v1', model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 10, status: 2 }, on: 1, off: 2 },
    ];
    for (const c of cases) {
      const id = await idOf(c.url.endsWith('/update') ? c.url.replace('/update', '/save') : c.url, c.create);
      const before = (await get<Rec>(c.detail, { id })).body.data;
      const on = await post(c.url, { id, status: c.on });
      expect(on.body, c.url).toMatchObject({ code: 200 });
      const after = (await get<Rec>(c.detail, { id })).body.data;
      expect(after.status, c.url).toBe(c.on);
      const { status: _s1, updateTime: _u1, ...restBefore } = before;
      const { status: _s2, updateTime: _u2, ...restAfter } = after;
      expect(restAfter, c.url).toEqual(restBefore);
      await post(c.url, { id, status: c.off });
      expect((await get<Rec>(c.detail, { id })).body.data.status, c.url).toBe(c.off);
    }
  });
});
