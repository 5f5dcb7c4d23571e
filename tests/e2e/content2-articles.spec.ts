import { test, expect, signIn, rpc, type WebHost, clickRowAction, rowHasAction, openScreen } from './fixtures';
import type { Page } from '@playwright/test';

// Content area II through the screens: a category of each type (type 3 shows the
// jump link only), then an article written in the rich-text editor, published,
// after which its website group and column are locked in the edit form.

// the article test uses the group, website and column the category test makes
test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const M = '/website-blade-material';

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

async function api(host: WebHost, method: string, url: string, data?: unknown, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = (await rpc(host, 'api:request', { method, url, params, data })) as { ok: boolean; data: { data: Record<string, unknown> }; error?: unknown };
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.data.data;
}

async function add(page: Page) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function pick(page: Page, label: string, option: string) {
  const box = dialog(page).getByLabel(label, { exact: true });
  await box.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** A website group, a template page and a complete website, made over the API. */
async function setUp(host: WebHost) {
  const group = await api(host, 'post', `${M}/websiteGroup/save`, { name: '文章分组', type: 0 });
  const server = await api(host, 'post', `${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.1.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
  const domain = await api(host, 'post', `${M}/domainInfo/save`, { name: '主站', domain: 'e2e-article.com', domainService: '1', serverId: server.id });
  const up = (await rpc(host, 'file:upload', { name: 'tpl.png', type: 'image/png', base64: PNG.toString('base64'), scene: 'template' })) as { ok: boolean; data: { link: string } };
  expect(up.ok).toBe(true);
  const template = await api(host, 'post', '/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: up.data.link });
  const contact = await api(host, 'post', `${M}/contactInfo/submit`, { name: '客服' });
  const imgGroup = await api(host, 'post', `${M}/imgGroup/submit`, { name: '图组' });
  const logo = (await rpc(host, 'file:upload', { name: 'logo.png', type: 'image/png', base64: PNG.toString('base64'), scene: 'material' })) as { ok: boolean; data: { link: string } };
  expect(logo.ok).toBe(true);
  await api(host, 'post', `${M}/websiteImg/submit`, { imageUrl: logo.data.link, imgGroupId: imgGroup.id });
  await api(host, 'post', `${M}/websiteInfo/save`, {
    websiteGroupId: group.id, websiteType: 0, websiteName: '文章站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
    domainInfoId: domain.id, templateId: template.id, type: 0, subdomain: 'www', icoId: imgGroup.id, logoId: imgGroup.id, bannerId: imgGroup.id, contactId: contact.id,
  });
  await api(host, 'post', '/blade-material/templatePageConfig/submit', { name: '列表页', listPage: '{cateId}/', detailsPage: '{cateId}/{id}.html' });
}

test('categories: type 2 asks for the template page, type 3 only for the jump link', async ({ page, host }) => {
  await signIn(page, host);
  await setUp(host);
  await openScreen(page, host, '/article/cate');

  // type 2 (custom page): template page, material group and ad page are shown
  await add(page);
  await expect(formItem(page, '模板页面')).toBeVisible();
  await expect(formItem(page, '素材分组')).toBeVisible();
  await expect(formItem(page, '广告页')).toBeVisible();
  await save(page);
  await expect(fieldError(page, '请选择网站分组')).toBeVisible();
  await expect(fieldError(page, '请输入栏目名称')).toBeVisible();
  await expect(fieldError(page, '请选择模板页面')).toBeVisible();

  // type 3 (jump page): only the jump link, now required
  await pick(page, '栏目类型', '跳转页面');
  await expect(formItem(page, '模板页面')).toHaveCount(0);
  await expect(formItem(page, '素材分组')).toHaveCount(0);
  await expect(formItem(page, '广告页')).toHaveCount(0);
  await pick(page, '网站分组', '文章分组');
  await dialog(page).getByLabel('栏目名称').fill('跳转栏目');
  await save(page);
  await expect(fieldError(page, '请输入跳转链接')).toBeVisible();
  await dialog(page).getByLabel('引流/跳转链接').fill('https://example.com/jump');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  // a type 2 column for the article test
  await add(page);
  await pick(page, '网站分组', '文章分组');
  await dialog(page).getByLabel('栏目名称').fill('新闻');
  await pick(page, '模板页面', '列表页');
  await save(page);
  await expect(dialog(page)).toBeHidden();

  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /跳转栏目/ })).toContainText('文章分组');
  // the column named exactly 新闻: the worker's shared workspace may hold others with 新闻 in their name (行业新闻,
  // made by content-jump-articles), which a pattern on the row's text also finds
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: '新闻', exact: true }) })).toHaveCount(1);
});

test('an article with rich-text content is published, then its group and column are locked', async ({ page, host }) => {
  await signIn(page, host);
  const groups = (await api(host, 'get', `${M}/websiteGroup/listGroup`)) as unknown as { id: string; name: string }[];
  const groupId = groups.find((g) => g.name === '文章分组')?.id;
  expect(groupId).toBeTruthy();
  // a second group with a website of its own (copied from 文章站)
  const sites = (await api(host, 'get', `${M}/websiteInfo/listGroup`)) as unknown as { id: string; websiteName: string }[];
  const site = await api(host, 'get', `${M}/websiteInfo/detail`, undefined, { id: sites.find((w) => w.websiteName === '文章站')!.id });
  const other = await api(host, 'post', `${M}/websiteGroup/save`, { name: '另一分组', type: 0 });
  const copied = ['websiteType', 'websiteLang', 'descVal', 'keywords', 'domainInfoId', 'templateId', 'type', 'icoId', 'logoId', 'bannerId', 'contactId'];
  await api(host, 'post', `${M}/websiteInfo/save`, { ...Object.fromEntries(copied.map((k) => [k, site[k]])), websiteGroupId: other.id, websiteName: '另一站', subdomain: 'other' });

  await openScreen(page, host, '/article/article');
  await add(page);
  await save(page);
  await expect(fieldError(page, '请输入标题')).toBeVisible();
  await expect(fieldError(page, '内容不能为空')).toBeVisible();

  await dialog(page).getByLabel('标题', { exact: true }).fill('富文本文章');
  // the website select follows the chosen group: another group's website is offered only under it,
  // and changing the group clears a website of the old one
  await pick(page, '网站分组', '另一分组');
  await dialog(page).getByLabel('网站', { exact: true }).click();
  const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered.filter({ hasText: '另一站' })).toHaveCount(1);
  await expect(offered.filter({ hasText: '文章站' })).toHaveCount(0);
  await offered.filter({ hasText: '另一站' }).click();
  await expect(formItem(page, '网站').locator('.ant-select-content, .ant-select-selection-item').first()).toContainText('另一站');
  await pick(page, '网站分组', '文章分组');
  await expect(formItem(page, '网站')).not.toContainText('另一站');
  await pick(page, '网站', '文章站');
  await pick(page, '网站栏目', '新闻');
  await dialog(page).getByLabel('关键字', { exact: true }).fill('关键字一');
  await dialog(page).getByLabel('描述', { exact: true }).fill('文章描述');
  // the editor: a bold heading and a paragraph; the native file input stays hidden
  await expect(dialog(page).getByTestId('richtext-image')).toBeHidden();
  const editor = dialog(page).locator('.ProseMirror');
  await editor.click();
  await dialog(page).getByRole('button', { name: '二级标题' }).click();
  await page.keyboard.type('第一节');
  await page.keyboard.press('Enter');
  await dialog(page).getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('加粗正文');
  await expect(editor.locator('h2')).toHaveText('第一节');
  await expect(editor.locator('strong')).toHaveText('加粗正文');
  await expect(fieldError(page, '内容不能为空')).toHaveCount(0);
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  const row = page.getByRole('table').getByRole('row', { name: /富文本文章/ });
  await expect(row).toContainText('未发布');
  // the stored content is the editor's HTML
  const list = await api(host, 'get', '/website-blade-article/article/page', undefined, { title: '富文本文章' });
  const stored = (list.records as Record<string, unknown>[])[0];
  expect(String(stored.content)).toContain('<h2>第一节</h2>');
  expect(String(stored.content)).toContain('<strong>加粗正文</strong>');

  // before publishing the group and column can be changed
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog(page).getByLabel('网站分组', { exact: true })).toBeEnabled();
  await expect(dialog(page).locator('.ProseMirror')).toContainText('加粗正文');
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  // publish (row action with confirmation)
  await clickRowAction(page, row, '发布');
  await page.locator('.ant-popconfirm, .ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText('已发布');
  await expect.poll(() => rowHasAction(page, row, '发布')).toBe(false);

  // after publishing the group and column are locked, the title still editable
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog(page).getByLabel('网站分组', { exact: true })).toBeDisabled();
  await expect(dialog(page).getByLabel('网站栏目', { exact: true })).toBeDisabled();
  await expect(dialog(page).getByLabel('标题', { exact: true })).toBeEnabled();
  await dialog(page).getByLabel('标题', { exact: true }).fill('富文本文章（改）');
  await save(page);
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /富文本文章（改）/ })).toContainText('已发布');
  expect(groupId).toBeTruthy();
});
