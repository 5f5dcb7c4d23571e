import { test, expect, signIn, rpc, type WebHost, clickRowAction, openScreen } from './fixtures';
import type { Page } from '@playwright/test';

// Content area II through the screens, second part: paragraphs and keyword
// generation entries with their form messages, the article cover image's type
// and size messages, an image inserted in the rich-text editor (uploaded through
// main's put-file), template parameters, and a FIX_RATE deploy task of 1 second
// that publishes articles and redeploys the site until it is switched off.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const M = '/website-blade-material';
const A = '/website-blade-article';

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();

async function api(host: WebHost, method: string, url: string, data?: unknown, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = (await rpc(host, 'api:request', { method, url, params, data })) as { ok: boolean; data: { data: Record<string, unknown> } };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

async function add(page: Page) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function pick(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A group with one deployable website (its image groups hold a picture) and a category. */
async function setUp(host: WebHost, name: string) {
  const group = await api(host, 'post', `${M}/websiteGroup/save`, { name, type: 0 });
  const server = await api(host, 'post', `${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.9', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domain = await api(host, 'post', `${M}/domainInfo/save`, { name: '主站', domain: `${name}.example.com`, domainService: '1', serverId: server.id });
  const up = async (scene: string) => {
    const r = (await rpc(host, 'file:upload', { name: 'a.png', type: 'image/png', base64: PNG.toString('base64'), scene })) as { ok: boolean; data: { link: string } };
    expect(r.ok).toBe(true);
    return r.data.link;
  };
  const template = await api(host, 'post', '/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: await up('template') });
  const contact = await api(host, 'post', `${M}/contactInfo/submit`, { name: '客服' });
  const imgGroup = await api(host, 'post', `${M}/imgGroup/submit`, { name: '图组' });
  await api(host, 'post', `${M}/websiteImg/submit`, { imageUrl: await up('material'), imgGroupId: imgGroup.id });
  const site = await api(host, 'post', `${M}/websiteInfo/save`, {
    websiteGroupId: group.id, websiteType: 0, websiteName: `${name}站`, websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId: domain.id, templateId: template.id, type: 0, subdomain: 'www', icoId: imgGroup.id, logoId: imgGroup.id, bannerId: imgGroup.id, contactId: contact.id,
  });
  const pageCfg = await api(host, 'post', '/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
  const cate = await api(host, 'post', '/seo-blade-article/cate/save', { websiteGroupId: group.id, cateName: '动态', type: 2, pageId: pageCfg.id });
  return { groupId: String(group.id), siteId: String(site.id), cateId: String(cate.id) };
}

test('paragraphs and keyword generation entries: their messages, then saved', async ({ page, host }) => {
  await signIn(page, host);
  await api(host, 'post', `${M}/websiteGroup/save`, { name: '关键词分组', type: 0 });

  await openScreen(page, host, '/article/paragraph');
  await add(page);
  await save(page);
  await expect(fieldError(page, '请输入段落内容')).toBeVisible();
  await dialog(page).getByLabel('段落内容').fill('一段可复用的文字');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /一段可复用的文字/ })).toBeVisible();

  await openScreen(page, host, '/article/gptProduceKeyword');
  await add(page);
  await save(page);
  await expect(fieldError(page, '请选择网站分组')).toBeVisible();
  await expect(fieldError(page, '请选择关键词类型')).toBeVisible();
  await expect(fieldError(page, '请输入关键词')).toBeVisible();
  await pick(page, '网站分组', '关键词分组');
  // the four types 0-3
  await dialog(page).getByLabel('关键词类型', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['核心词', '一级词', '二级词', '长尾词']);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '长尾词' }).click();
  await dialog(page).getByLabel('关键词', { exact: true }).fill('k'.repeat(101));
  await expect(fieldError(page, '关键词不能超过100个字符')).toBeVisible();
  await dialog(page).getByLabel('关键词', { exact: true }).fill('矩阵站长尾词');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  const row = page.getByRole('table').getByRole('row', { name: /矩阵站长尾词/ });
  await expect(row).toContainText('关键词分组');
  await expect(row).toContainText('长尾词');
});

test('article cover image messages and an image in the rich-text editor', async ({ page, host }) => {
  await signIn(page, host);
  const { groupId } = await setUp(host, 'cover');
  await openScreen(page, host, '/article/article');
  await add(page);
  const cover = dialog(page).locator('.ant-form-item').filter({ has: page.locator('label[title="封面图"]') }).locator('input[type=file]');
  // not jpg/png
  await cover.setInputFiles({ name: 'cover.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('只能上传jpg/png用户头像')).toBeVisible();
  // over 1 MB
  await cover.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) });
  await expect(page.getByText('上传头像图片大小不能超过1MB')).toBeVisible();
  // a small png is taken
  await cover.setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog(page).locator('.ant-form-item').filter({ has: page.locator('label[title="封面图"]') }).locator('img').first()).toBeVisible();

  // the editor's image button uploads through main and inserts the picture
  const editor = dialog(page).locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('配图文章');
  await dialog(page).getByTestId('richtext-image').setInputFiles({ name: 'inline.png', mimeType: 'image/png', buffer: PNG });
  const img = editor.locator('img');
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png/);

  await dialog(page).getByLabel('标题', { exact: true }).fill('带图文章');
  await pick(page, '网站分组', 'cover');
  await pick(page, '网站', 'cover站');
  await pick(page, '网站栏目', '动态');
  await dialog(page).getByLabel('关键字', { exact: true }).fill('配图');
  await dialog(page).getByLabel('描述', { exact: true }).fill('描述');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  const list = await api(host, 'get', `${A}/article/page`, undefined, { title: '带图文章' });
  const stored = (list.records as Record<string, unknown>[])[0];
  expect(String(stored.content)).toMatch(/<img[^>]+src="[^"]*\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png"/);
  expect(String(stored.coverImg)).toMatch(/\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/);
  expect(stored.websiteGroupId).toBe(groupId);
});

test('template parameters: form messages, then a saved parameter', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/article/gptGenerateTemplateParm');
  await add(page);
  await save(page);
  await expect(fieldError(page, '请输入参数名称')).toBeVisible();
  await expect(fieldError(page, '请输入参数键')).toBeVisible();
  await expect(fieldError(page, '请输入参数值')).toBeVisible();
  await dialog(page).getByLabel('参数名称').fill('品牌');
  await dialog(page).getByLabel('参数键').fill('1brand');
  await expect(fieldError(page, '参数键只能包含字母、数字和下划线，且以字母开头，最多50个字符')).toBeVisible();
  await dialog(page).getByLabel('参数键').fill('brand');
  await dialog(page).getByLabel('参数值').fill('青山茶');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /品牌/ })).toContainText('brand');
  // the server refuses the same key again
  await add(page);
  await dialog(page).getByLabel('参数名称').fill('品牌二');
  await dialog(page).getByLabel('参数键').fill('brand');
  await dialog(page).getByLabel('参数值').fill('x');
  await save(page);
  await expect(page.getByText('参数键已存在')).toBeVisible();
});

test('a FIX_RATE deploy task of 1 second publishes articles and redeploys; switched off it stops', async ({ page, host }) => {
  test.setTimeout(90_000);
  await signIn(page, host);
  const { groupId, siteId, cateId } = await setUp(host, 'rate');
  for (let i = 0; i < 40; i++) {
    await api(host, 'post', `${A}/article/save`, { websiteGroupId: groupId, websiteInfoId: siteId, parentId: cateId, title: `每秒文章${i}`, keyword: 'k', content: '<p>c</p>', descVal: 'd', sort: i });
  }
  const deploys = async () => ((await api(host, 'get', '/website-blade-deploy/websiteDeploy/page', undefined, { websiteInfoId: siteId })).records as unknown[]).length;
  expect(await deploys()).toBe(0);

  await openScreen(page, host, '/site/deployTasks');
  await add(page);
  await dialog(page).getByLabel('任务名称').fill('每秒发布');
  await pick(page, '网站分组', 'rate');
  await page.keyboard.press('Escape');
  await pick(page, '调度类型', '固定速度');
  await dialog(page).getByLabel('调度配置').fill('1');
  await dialog(page).getByLabel('文章发布数量').fill('1');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  const row = page.getByRole('table').getByRole('row', { name: /每秒发布/ });
  await clickRowAction(page, row, '启动/停止');
  await expect(row).toContainText('启动');

  // the articles list shows them being published one a second
  await page.goto(`${host.origin}/#/article/article`);
  const published = page.getByRole('table').getByRole('row', { name: /每秒文章/ }).filter({ hasText: '已发布' });
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
    expect(await published.count()).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 20_000 });
  expect(await deploys()).toBeGreaterThanOrEqual(2);

  // switch it off: nothing more is published or deployed
  await openScreen(page, host, '/site/deployTasks');
  await clickRowAction(page, page.getByRole('table').getByRole('row', { name: /每秒发布/ }), '启动/停止');
  await expect(page.getByRole('table').getByRole('row', { name: /每秒发布/ })).toContainText('停止');
  const countPublished = async () => ((await api(host, 'get', `${A}/article/page`, undefined, { status: 1, websiteInfoId: siteId, size: 50 })).total as number);
  const before = await countPublished();
  const deployedBefore = await deploys();
  expect(before).toBeLessThan(40);
  await page.waitForTimeout(2500);
  expect(await countPublished()).toBe(before);
  expect(await deploys()).toBe(deployedBefore);
  // the site was really rendered with a published article
  const site = await api(host, 'get', `${M}/websiteInfo/detail`, undefined, { id: siteId });
  expect(site.statusName).toBe('部署成功');
});

test('articles imported from a title|keyword|content file as an import task, the bad line in the error log', async ({ page, host }) => {
  await signIn(page, host);
  await setUp(host, 'imp');
  await openScreen(page, host, '/article/article');
  await page.getByRole('button', { name: '导入文章' }).click();
  await expect(dialog(page).getByRole('button', { name: '选择文件' })).toBeDisabled();
  await pick(page, '网站分组', 'imp');
  await pick(page, '网站', 'imp站');
  await pick(page, '网站栏目', '动态');
  await dialog(page).locator('input[type=file]').setInputFiles({ name: 'articles.txt', mimeType: 'text/plain', buffer: Buffer.from('导入的文章|导入词|第一段\n缺少内容|词\n') });
  await expect(dialog(page).getByTestId('kw-lines')).toHaveText('2');
  await dialog(page).getByRole('button', { name: '确认导入' }).click();
  await expect(dialog(page).getByText('共 2 行，成功 1 行，失败 1 行')).toBeVisible();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  const row = page.getByRole('table').getByRole('row', { name: /导入的文章/ });
  await expect(row).toContainText('未发布');
  await expect(row).toContainText('导入词');
  await openScreen(page, host, '/article/taskErrorLog');
  const log = page.getByRole('table').getByRole('row', { name: /数据格式错误，应为：标题\|关键字\|内容/ });
  await expect(log).toContainText('文章导入: articles.txt');
  await expect(log).toContainText('缺少内容|词');
});
