import { test, freshHostTest, expect, signIn, openScreen, clickRowAction, rpc } from './fixtures';
import type { Page } from '@playwright/test';

// System screens of issue 28: 系统字典's 序号 on one line, the empty states of
// 角色管理 › 权限设置, the top menus and the logo title in English.

const dialog = (page: Page) => page.getByRole('dialog');

async function switchLanguage(page: Page, to: 'English' | '中文') {
  await page.getByRole('button', { name: /切换语言|Switch language/ }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

test.afterEach(async ({ page }) => {
  // the language is kept by the renderer: the next test of this worker starts in zh
  if (await page.getByRole('button', { name: /Switch language/ }).isVisible().catch(() => false)) await switchLanguage(page, '中文');
});

test('系统字典: the row number 10 stays on one line beside the expand icon', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/system/dict');
  const screen = page.locator('section.desk-page[data-path="/system/dict"]');
  const cell = screen.locator('td.desk-index-cell').filter({ hasText: /^10$/ }).first();
  await expect(cell).toBeVisible();
  // one line box for the text "10": a wrapped number has two
  const lines = await cell.evaluate((td) => {
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent?.trim() === '10' ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
    const text = walker.nextNode();
    if (!text) return -1;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  await cell.screenshot({ path: '/tmp/wt-admin-dict-index.png' });
});

test('角色管理 › 权限设置: 数据权限 and 接口权限 say there is nothing to grant, in zh and en; a defined scope shows', async ({ page, host }) => {
  await signIn(page, host);
  await openScreen(page, host, '/authority/role');
  const screen = page.locator('section.desk-page[data-path="/authority/role"]');
  const grant = () => clickRowAction(page, screen.getByRole('row', { name: /超级管理员|administrator/i }).first(), /权限设置|Permissions/);
  await grant();
  await dialog(page).getByRole('tab', { name: '数据权限' }).click();
  await expect(dialog(page).getByTestId('grant-dataScope')).toContainText('暂无可分配的数据权限');
  await dialog(page).getByRole('tab', { name: '接口权限' }).click();
  await expect(dialog(page).getByTestId('grant-apiScope')).toContainText('暂无可分配的接口权限');
  await page.screenshot({ path: '/tmp/wt-admin-grant-empty-zh.png' });
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  await switchLanguage(page, 'English');
  await grant();
  await dialog(page).getByRole('tab', { name: 'Data scopes' }).click();
  await expect(dialog(page).getByTestId('grant-dataScope')).toContainText('No data scopes to grant yet');
  await dialog(page).getByRole('tab', { name: 'API scopes' }).click();
  await expect(dialog(page).getByTestId('grant-apiScope')).toContainText('No API scopes to grant yet');
  await page.screenshot({ path: '/tmp/wt-admin-grant-empty-en.png' });
  await dialog(page).getByRole('button', { name: /Cancel/ }).click();
  await switchLanguage(page, '中文');

  // with an API scope on a menu, its tab is the tree again
  const menus = (await rpc(host, 'api:request', { method: 'get', url: '/website-blade-system/menu/list', params: { code: 'param' } })) as { data: { data: { id: string }[] } };
  const menuId = String(menus.data.data[0]!.id);
  const made = await rpc(host, 'api:request', {
    method: 'post',
    url: '/website-blade-system/api-scope/submit',
    data: { menuId, resourceCode: 'param_api', scopeName: '参数接口', scopePath: '/website-blade-system/param/**', scopeType: 1 },
  });
  expect(made).toMatchObject({ ok: true });
  await grant();
  await dialog(page).getByRole('tab', { name: '接口权限' }).click();
  await expect(dialog(page).getByTestId('grant-apiScope').getByText('参数接口')).toBeVisible();
  await expect(dialog(page).getByTestId('grant-apiScope')).not.toContainText('暂无可分配的接口权限');
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
});

// a fresh install's two top menus (other specs add more to the worker's host)
freshHostTest('English: the top menus are translated and the logo title is whole at the default width', async ({ page, freshHost }) => {
  await page.setViewportSize({ width: 1440, height: 900 }); // the desktop window's default size
  await signIn(page, freshHost);
  const top = page.getByRole('menu', { name: /顶部菜单|Top menu/ });
  await expect(top.getByText('站群业务')).toBeVisible();
  await switchLanguage(page, 'English');
  await expect(top.getByText('Site business')).toBeVisible();
  await expect(top.getByText('Operations')).toBeVisible();
  await expect(top.getByText('站群业务')).toHaveCount(0);
  const logo = page.locator('.desk-logo-text');
  await expect(logo).toHaveText('SEO Matrix Console');
  const cut = await logo.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5);
  expect(cut).toBe(false);
  await page.screenshot({ path: '/tmp/wt-admin-header-en.png' });
  // narrower windows: both names still shown (not folded into the menu's "..."), the logo whole
  for (const width of [1366, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of ['Site business', 'Operations']) {
      const item = top.getByRole('menuitem', { name });
      await expect(item).toBeVisible();
      // antd folds what does not fit into "...": the folded item stays in the DOM, transparent and out of the flow
      expect(await item.evaluate((el) => getComputedStyle(el).opacity !== '0' && getComputedStyle(el).position !== 'absolute'), `${name} at ${width}px`).toBe(true);
    }
    expect(await logo.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5)).toBe(false);
    await page.screenshot({ path: `/tmp/wt-admin-header-en-${width}.png` });
  }
  await switchLanguage(page, '中文');
  await expect(top.getByText('站群业务')).toBeVisible();
  await page.screenshot({ path: '/tmp/wt-admin-header-zh.png' });
});
