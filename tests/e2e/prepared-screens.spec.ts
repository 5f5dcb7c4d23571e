// Screens prepared ahead of their first open (src-renderer/prefetch/prepare.ts):
// a side-menu group opened by hand has its list screens rendered out of sight
// while the console is idle, without tabs; opening one shows that very page (no
// new page is mounted at the click) and it reads its rows again once shown, a
// tree screen included; closing its tab unmounts it like any page. A group that
// opens because a page inside it is shown prepares nothing.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const menu = (page: Page) => page.getByRole('menu', { name: '侧边菜单' });
const tabs = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const section = (page: Page, path: string) => page.locator(`section.desk-page[data-path="${path}"]`);

test('a side-menu group opened by hand prepares its list screens hidden; opening one shows that page and reads it again', async ({ page, host }) => {
  const requests: { body: string; at: number }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rpc/api:request')) requests.push({ body: r.postData() ?? '', at: Date.now() });
  });
  await signIn(page, host);
  const reads = (url: string, since = 0) => requests.filter((r) => r.at >= since && r.body.includes(url)).length;

  // the idle prefetcher fetches the user screen's first page, but nothing is mounted for it: no group was opened by hand
  await expect.poll(() => reads('/website-blade-system/user/page'), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(section(page, '/system/user')).toHaveCount(0);
  // a group opened by navigation (its page shown) prepares nothing: 权限管理 opens with 角色管理, its 数据权限 is
  // not mounted while the console idles (a prepared screen would be, within a second)
  await page.goto(`${host.origin}/#/authority/role`);
  await expect(section(page, '/authority/role').locator('.ant-table-row').first()).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(section(page, '/authority/datascope')).toHaveCount(0);
  await expect(section(page, '/authority/apiscope')).toHaveCount(0);

  await menu(page).getByText('系统管理', { exact: true }).click();
  // its list screens are mounted out of sight, in menu order, with their rows; no tab is added for them
  const users = section(page, '/system/user');
  await expect(users).toHaveAttribute('hidden', '', { timeout: 15_000 });
  await expect(users.locator('.ant-table-row').first()).toBeAttached();
  const depts = section(page, '/system/dept');
  await expect(depts).toHaveAttribute('hidden', '', { timeout: 15_000 });
  await expect(depts.locator('.ant-table-row').first()).toBeAttached();
  await expect(tabs(page).getByRole('tab')).toHaveCount(2);

  // opening 用户管理 shows the prepared page itself (the same element), with its rows, and reads them again
  await users.evaluate((el) => ((el as HTMLElement & { __prepared?: boolean }).__prepared = true));
  const clicked = Date.now();
  await menu(page).getByText('用户管理', { exact: true }).click();
  await expect(users).not.toHaveAttribute('hidden');
  await expect(users.locator('.ant-table-row').first()).toBeVisible();
  expect(await users.evaluate((el) => (el as HTMLElement & { __prepared?: boolean }).__prepared)).toBe(true);
  await expect(tabs(page).getByRole('tab', { name: /用户管理/ })).toBeVisible();
  await expect.poll(() => reads('/website-blade-system/user/page', clicked)).toBeGreaterThan(0);

  // a tree screen too reads its rows again when it is first shown (a kept tree page otherwise waits for a write)
  const deptsClicked = Date.now();
  await menu(page).getByText('部门管理', { exact: true }).click();
  await expect(depts).not.toHaveAttribute('hidden');
  await expect(depts.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => reads('/website-blade-system/dept/lazy-list', deptsClicked)).toBeGreaterThan(0);

  // an opened page is an ordinary one: closing its tab unmounts it, and it is not prepared again by itself
  await tabs(page).locator('[data-key="/system/user"] .desk-tab-close').click();
  await expect(tabs(page).getByRole('tab', { name: /用户管理/ })).toHaveCount(0);
  await expect(users).toHaveCount(0);
});
