// Flows that used to stop on a fresh install, through the screens: the 模板页面
// screen holds the seeded template pages (its patterns checked as the renderer
// checks them, a page switched off); a type-2 category is created on a seeded
// page, its select offering the enabled pages only. On the sample matrix the first
// website and the first category open in their edit dialog and save unchanged.
import type { Page } from '@playwright/test';
import { clickRowAction, expect, freshHostTest as test, openScreen, rpc, signIn, signInTenant } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');
const fieldError = (page: Page, text: string) => dialog(page).locator('.ant-form-item-explain-error', { hasText: text });
const save = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定|保\s*存|^OK$|^Save$/ }).click();
const shown = (page: Page, path: string) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

async function add(page: Page) {
  await page.getByRole('button', { name: /新\s*增|^Add$/ }).click();
  await expect(dialog(page)).toBeVisible();
}

async function pick(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await dropdown(page).locator('.ant-select-item-option', { hasText: option }).first().click();
}

async function switchLanguage(page: Page, to: 'English' | '中文') {
  await page.getByRole('button', { name: /切换语言|Switch language/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

test('fresh install: the seeded template pages, one switched off, and a type-2 category created on one', async ({ page, freshHost: host }) => {
  await signIn(page, host);

  // 模板页面: the three seeded pages, enabled
  await openScreen(page, host, '/site/templatePageConfig');
  const list = shown(page, '/site/templatePageConfig');
  for (const name of ['默认页面', '资讯页面', '产品页面']) await expect(list.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(list.getByRole('row', { name: /默认页面/ })).toContainText('{cateId}/{id}.html');
  await page.screenshot({ path: 'test-results/template-pages-zh.png', fullPage: true });

  // a pattern the renderer would not use is refused in the form, with its message
  await add(page);
  await dialog(page).getByLabel('页面名称').fill('专题页面');
  await dialog(page).getByLabel('列表页').fill('topic');
  await dialog(page).getByLabel('详情页').fill('../{id}.html');
  await save(page);
  await expect(fieldError(page, '列表页须包含栏目ID占位符{cateId}')).toBeVisible();
  await expect(fieldError(page, '详情页不能包含 . 或 .. 目录')).toBeVisible();
  await page.screenshot({ path: 'test-results/template-pages-form-zh.png' });
  await dialog(page).getByLabel('列表页').fill('topic/{cateId}/');
  await dialog(page).getByLabel('详情页').fill('topic/{id}.html');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(list.getByRole('row', { name: /专题页面/ })).toContainText('topic/{cateId}/');

  // 产品页面 switched off with the switch in its row (the list's own status switch)
  const product = list.getByRole('row', { name: /产品页面/ });
  await expect(product.getByRole('switch')).toBeChecked();
  await product.getByRole('switch').click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(product.getByRole('switch')).not.toBeChecked();

  // a website group, then a type-2 category on a seeded page: the select offers the enabled pages only
  await openScreen(page, host, '/site/websiteGroup');
  await add(page);
  await dialog(page).getByLabel('分组名称').fill('新装分组');
  await pick(page, '分组类型', '普通');
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  await openScreen(page, host, '/article/cate');
  await add(page);
  await pick(page, '网站分组', '新装分组');
  await dialog(page).getByLabel('栏目名称').fill('新闻中心');
  await dialog(page).getByLabel('模板页面', { exact: true }).click();
  const options = dropdown(page).locator('.ant-select-item-option');
  await expect(options).toHaveText(['专题页面', '默认页面', '资讯页面']);
  await page.screenshot({ path: 'test-results/category-page-select-zh.png' });
  await options.filter({ hasText: '默认页面' }).click();
  await save(page);
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(shown(page, '/article/cate').getByRole('row', { name: /新闻中心/ })).toContainText('新装分组');

  // the screen in English
  await switchLanguage(page, 'English');
  await openScreen(page, host, '/site/templatePageConfig');
  await expect(shown(page, '/site/templatePageConfig').getByRole('columnheader', { name: 'List page' })).toBeVisible();
  await page.screenshot({ path: 'test-results/template-pages-en.png', fullPage: true });
  await add(page);
  await save(page);
  await expect(fieldError(page, 'Please enter the list page')).toBeVisible();
  await page.screenshot({ path: 'test-results/template-pages-form-en.png' });
  await dialog(page).getByRole('button', { name: /Cancel|取\s*消/ }).click();
  await switchLanguage(page, '中文');
});

test('sample matrix: the first website and the first category save unchanged from their edit dialogs', async ({ page, freshHost: host }) => {
  await signIn(page, host);
  const loaded = (await rpc(host, 'api:request', { method: 'post', url: '/website-blade-system/sampleMatrix/load', data: {} })) as { ok: boolean };
  expect(loaded.ok, JSON.stringify(loaded)).toBe(true);
  await rpc(host, 'auth:logout');
  await signInTenant(page, host, '888888');

  for (const path of ['/site/websiteInfo', '/article/cate']) {
    await openScreen(page, host, path);
    const first = shown(page, path).locator('tbody tr.ant-table-row').first();
    await clickRowAction(page, first, /编\s*辑/);
    await expect(dialog(page)).toBeVisible();
    if (path === '/site/websiteInfo') {
      // the website's language is one of the tenant's languages (语言管理), shown by its name
      await expect(dialog(page).locator('.ant-form-item').filter({ has: page.locator('label[title="网站语言"]') })).toContainText('中文');
      await page.screenshot({ path: 'test-results/sample-website-edit.png' });
    }
    await save(page);
    await expect(page.getByText('更新成功')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(0);
  }
});
