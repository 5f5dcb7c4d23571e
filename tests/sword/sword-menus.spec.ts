// Sword 4.5's side menu offers only what Sword has a page for: every entry of
// every group opens a page of Sword's (never its 404), and 工作台 › 首页 and
// 控制台 open its home, the workplace at /dashboard/workplace.
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './sword-ui';

const NOT_FOUND = '抱歉，你访问的页面不存在';

const sider = (page: Page): Locator => page.locator('.ant-layout-sider .ant-menu').first();
const groups = (page: Page): Locator => sider(page).locator(':scope > .ant-menu-submenu > .ant-menu-submenu-title');

/** Opens a group of the side menu (a click on an open one would close it) and answers its entries. */
async function openGroup(page: Page, group: string): Promise<Locator> {
  const submenu = sider(page).locator(':scope > .ant-menu-submenu', { has: page.locator(':scope > .ant-menu-submenu-title', { hasText: new RegExp(`^${group}$`) }) });
  if (!(await submenu.evaluate((e) => e.classList.contains('ant-menu-submenu-open')))) await submenu.locator(':scope > .ant-menu-submenu-title').click();
  const entries = submenu.locator('.ant-menu-item');
  await expect(entries.first()).toBeVisible();
  return entries;
}

/** Clicks an entry and checks that Sword shows a page of its own at the entry's link. */
async function opensPage(page: Page, entry: Locator, what: string): Promise<void> {
  const href = (await entry.locator('a').getAttribute('href')) ?? '';
  await entry.click();
  // (a list's route redirects to its /list)
  await expect(page, what).toHaveURL((url) => url.hash === href || url.hash.startsWith(`${href}/`));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-layout-content .ant-card').first(), what).toBeVisible();
  await expect(page.getByText(NOT_FOUND), what).toHaveCount(0);
}

test('工作台 › 首页 and 控制台 open Sword\'s workplace, its home', async ({ page, stack }) => {
  await signIn(page, stack);
  await expect(page).toHaveURL(/#\/dashboard\/workplace$/);
  // the home's group is open on the home
  const entries = await openGroup(page, '工作台');
  await expect(entries).toHaveText(['首页', '控制台']);
  for (const name of ['首页', '控制台']) {
    await opensPage(page, entries.filter({ hasText: name }), name);
    await expect(page.getByText('欢迎使用Sword')).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/sword-home.png' });
});

test('every entry of Sword\'s side menu opens a page of Sword\'s', async ({ page, stack }) => {
  await signIn(page, stack);
  const names = await groups(page).allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  let opened = 0;
  for (const group of names) {
    const entries = await openGroup(page, group);
    const items = await entries.allInnerTexts();
    for (const item of items) {
      await opensPage(page, (await openGroup(page, group)).filter({ hasText: new RegExp(`^${item}$`) }), `${group} › ${item}`);
      opened += 1;
    }
  }
  // the system screens Sword has, its home twice, logs and reports
  expect(opened).toBe(20);
  await page.screenshot({ path: 'test-results/sword-menus.png' });
});
