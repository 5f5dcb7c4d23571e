import { test, expect, signIn, rpc, appReady } from './fixtures';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The top bar of the console shell, in browser mode against the embedded back end.

const sidebar = (page: Page) => page.getByRole('menu', { name: '侧边菜单' });

/** The section headings (## and ###) of a guide in docs/, as written there. */
const headingsOf = (file: string): string[] =>
  readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8')
    .split('\n')
    .filter((line) => /^#{2,3} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());

test.describe('shell top bar', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('top menu reloads the side menu with routes?topMenuId=', async ({ page }) => {
    const top = page.getByRole('menu', { name: '顶部菜单' });
    await expect(top.getByRole('menuitem', { name: /站群业务/ })).toBeVisible();
    await top.getByRole('menuitem', { name: /系统运维/ }).click();
    await expect(sidebar(page).getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: /站点管理/ })).toHaveCount(0);
    await top.getByRole('menuitem', { name: /站群业务/ }).click();
    await expect(sidebar(page).getByRole('menuitem', { name: /站点管理/ })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: /系统管理/ })).toHaveCount(0);
    await top.getByRole('menuitem', { name: /全部菜单/ }).click();
    await expect(sidebar(page).getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
    await expect(sidebar(page).getByRole('menuitem', { name: /站点管理/ })).toBeVisible();
  });

  test('menu search overlay: prefix match on leaves, Esc closes, a hit navigates', async ({ page }) => {
    await page.getByRole('button', { name: '菜单搜索' }).click();
    const overlay = page.getByRole('dialog', { name: '菜单搜索' });
    await expect(overlay).toBeVisible();
    await overlay.getByLabel('请输入搜索内容').fill('参数');
    await expect(overlay.getByRole('button', { name: /参数管理/ })).toBeVisible();
    // prefix only: "管理" is inside many names but at the start of none of the leaves
    await overlay.getByLabel('请输入搜索内容').fill('理');
    await expect(overlay.getByText('没有匹配的菜单')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
    await page.getByRole('button', { name: '菜单搜索' }).click();
    await overlay.getByLabel('请输入搜索内容').fill('参数');
    await overlay.getByRole('button', { name: /参数管理/ }).click();
    await expect(page).toHaveURL(/#\/system\/param/);
  });

  test('top autocomplete search and the Ctrl+K command palette', async ({ page }) => {
    await page.getByLabel('搜索菜单').fill('参数');
    await page.locator('.ant-select-item-option', { hasText: '参数管理' }).click();
    await expect(page).toHaveURL(/#\/system\/param/);

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: '命令面板' });
    await expect(palette).toBeVisible();
    // recently opened pages come first
    await expect(palette.getByRole('option').first()).toContainText('参数管理');
    await palette.getByLabel('输入菜单或最近打开的页面').fill('首页');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/wel\/index/);
    await expect(palette).toHaveCount(0);
  });

  test('theme picker: 11 themes, applied and kept after a reload', async ({ page }) => {
    const shell = page.locator('.desk-shell');
    await expect(shell).toHaveAttribute('data-theme', 'default');
    await page.getByRole('button', { name: '主题', exact: true }).click();
    const themes = page.getByRole('radiogroup', { name: '选择主题' }).getByRole('radio');
    await expect(themes).toHaveCount(11);
    const header = page.locator('.desk-header');
    const before = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.getByRole('radio', { name: 'LTE主题' }).click();
    await expect(shell).toHaveAttribute('data-theme', 'lte');
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
    await expect(header).toHaveCSS('background-color', 'rgb(60, 141, 188)');
    await page.reload();
    await appReady(page);
    await expect(page.locator('.desk-shell')).toHaveAttribute('data-theme', 'lte');
    await page.evaluate(() => localStorage.removeItem('desk.theme'));
  });

  test('colour: default #2EA300, its readable shade where text sits on it', async ({ page }) => {
    // the theme colour is the spec's: the colour button, the active tab's mark
    await expect(page.locator('.desk-colour-dot')).toHaveCSS('background-color', 'rgb(46, 163, 0)');
    await expect(page.locator('.desk-tab[data-active="true"]')).toHaveCSS('box-shadow', /rgb\(46, 163, 0\)/);
    // white text on it: the selected menu item and a primary button take its darker shade (#268700, AA contrast)
    const selected = sidebar(page).locator('.ant-menu-item-selected');
    await expect(selected).toHaveCSS('background-color', 'rgb(38, 135, 0)');
    await page.goto(page.url().replace(/#.*$/, '#/system/param'));
    await expect(page.locator('.desk-page:not([hidden])').getByRole('button', { name: /新\s*增/ })).toHaveCSS('background-color', 'rgb(38, 135, 0)');
    await expect(page.getByRole('button', { name: '主题色' })).toBeVisible();
  });

  test('fullscreen toggle, the guide help opens the product guide in a tab, user menu, language switch', async ({ page }) => {
    const full = page.getByRole('button', { name: '全屏' });
    await full.click();
    await expect(page.getByRole('button', { name: '退出全屏' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '退出全屏' }).click();
    await expect(page.getByRole('button', { name: '全屏' })).toHaveAttribute('aria-pressed', 'false');

    // the guide is this product's own (docs/guide.zh.md), shown in a tab of the console: no page opens elsewhere
    let popups = 0;
    page.on('popup', () => popups++);
    await page.getByRole('button', { name: '操作指南' }).click();
    await expect(page).toHaveURL(/#\/guide\/index$/);
    const guide = page.locator('.desk-page[data-path="/guide/index"]:not([hidden])');
    await expect(guide.getByRole('heading', { level: 1, name: 'SEO 矩阵控制台 操作指南' })).toBeVisible();
    for (const heading of headingsOf('docs/guide.zh.md')) await expect(guide.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '已打开的页面' }).getByRole('tab', { name: /操作指南/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('guide-zh.png') });
    expect(popups).toBe(0);

    await page.getByRole('button', { name: /用户菜单/ }).click();
    await expect(page.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
    // switchMode is off for the Local workspace
    await expect(page.getByRole('menuitem', { name: '切换部门/角色' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '切换语言' }).click();
    await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Lock screen' })).toBeVisible();
    // the guide follows the language (docs/guide.en.md)
    await expect(guide.getByRole('heading', { level: 1, name: 'SEO Matrix Console user guide' })).toBeVisible();
    for (const heading of headingsOf('docs/guide.en.md')) await expect(guide.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await guide.getByRole('heading', { name: 'Finding your way around' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('guide-en.png') });
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page.getByRole('button', { name: '锁屏' })).toBeVisible();
  });

  test('notice dropdown: mail, message and notice tabs fed by the notice API', async ({ page }) => {
    await page.getByRole('button', { name: '通知' }).click();
    await expect(page.getByRole('tab', { name: '邮件' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '消息' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '公告' })).toBeVisible();
    await expect(page.getByText('系统维护通知')).toBeVisible();
  });

  test('logs dialog: badge count (99 max), upload to the server, clear', async ({ page, host }) => {
    for (let i = 0; i < 100; i++) await rpc(host, 'log:add', { type: 'error', url: 'http://x/#/e2e', message: `e2e failure ${i}`, stack: 'at e2e' });
    await page.reload();
    await appReady(page);
    const badge = page.locator('.desk-header .ant-badge', { has: page.getByRole('button', { name: /^日志/ }) });
    await expect(badge.locator('.ant-badge-count')).toContainText('99+');
    await page.getByRole('button', { name: /^日志/ }).click();
    const dialog = page.getByRole('dialog', { name: '本地错误日志' });
    await expect(dialog.getByRole('columnheader', { name: '类型' })).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: '错误堆栈' })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'e2e failure 99' })).toBeVisible();

    await dialog.getByRole('button', { name: '上传服务器' }).click();
    await expect(page.getByText('确定上传本地日志到服务器?')).toBeVisible();
    await page.getByRole('dialog').filter({ hasText: '确定上传本地日志到服务器?' }).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('发送成功!')).toBeVisible();

    await dialog.getByRole('button', { name: '清空本地日志' }).click();
    await page.getByRole('dialog').filter({ hasText: '确定清空本地日志记录?' }).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('清空成功!')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'e2e failure 99' })).toHaveCount(0);
    expect(await rpc(host, 'log:list')).toEqual({ ok: true, data: [] });
  });
});
