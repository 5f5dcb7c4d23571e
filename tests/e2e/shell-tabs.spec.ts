import { test, expect, signIn, appReady } from './fixtures';
import type { Page } from '@playwright/test';

// with the system's animations on (the other specs run with reduce motion: playwright.config.ts)
test.use({ reducedMotion: 'no-preference' });

// Tab bar rules, context menu, cached pages and tabs restored after a restart.

const tabs = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });

async function openByPalette(page: Page, name: string, url: RegExp) {
  const input = page.getByLabel('输入菜单或最近打开的页面');
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(input).toBeVisible({ timeout: 1000 });
  }).toPass();
  await input.fill(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
}

test.describe('shell tab bar', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('closable only with more than one tab; the guide tab stays; close others and close all', async ({ page }) => {
    await expect(tabs(page).getByRole('tab', { name: '首页' })).toBeVisible();
    await expect(tabs(page).getByRole('button', { name: /remove|关闭/i })).toHaveCount(0);
    await openByPalette(page, '参数管理', /#\/system\/param/);
    await openByPalette(page, '控制台', /#\/wel\/dashboard/);
    await expect(tabs(page).getByRole('tab')).toHaveCount(3);
    // the guide page (first page) has no close button, the others do
    await expect(tabs(page).getByRole('tab', { name: '首页' }).getByRole('button')).toHaveCount(0);

    await tabs(page).getByRole('tab', { name: '参数管理' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect(page).toHaveURL(/#\/system\/param/);
    await expect(tabs(page).getByRole('tab')).toHaveCount(2);
    await expect(tabs(page).getByRole('tab', { name: '控制台' })).toHaveCount(0);

    await tabs(page).getByRole('button', { name: '标签操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).last().click();
    await expect(page).toHaveURL(/#\/wel\/index/);
    await expect(tabs(page).getByRole('tab')).toHaveCount(1);
  });

  test('a tab closes with its close button (beside the tab, not inside it) or with Delete on the tab', async ({ page }) => {
    await openByPalette(page, '参数管理', /#\/system\/param/);
    await openByPalette(page, '控制台', /#\/wel\/dashboard/);
    const dashboard = tabs(page).getByRole('tab', { name: '控制台' });
    // the tab holds no control of its own; the close button is its sibling, for the pointer
    await expect(dashboard.locator('button')).toHaveCount(0);
    await expect(dashboard).toHaveAttribute('aria-keyshortcuts', 'Delete');
    await page.locator('.desk-tab[data-key="/wel/dashboard"] > .desk-tab-close').click();
    await expect(dashboard).toHaveCount(0);
    await expect(page).toHaveURL(/#\/system\/param/);
    // by keyboard: Delete on the focused tab
    await tabs(page).getByRole('tab', { name: '参数管理' }).focus();
    await page.keyboard.press('Delete');
    await expect(tabs(page).getByRole('tab', { name: '参数管理' })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/wel\/index/);
    // the home tab, alone, cannot be closed
    await tabs(page).getByRole('tab', { name: '首页' }).focus();
    await page.keyboard.press('Delete');
    await expect(tabs(page).getByRole('tab')).toHaveCount(1);
  });

  test('clear cache asks, calls clear-cache, then says 清除完毕', async ({ page }) => {
    await tabs(page).getByRole('tab', { name: '首页' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '是否需要清除缓存?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('清除完毕')).toBeVisible();
  });

  test('a cached page keeps its state when revisited; tabs come back after a restart', async ({ page }) => {
    await openByPalette(page, '参数管理', /#\/system\/param/);
    const search = page.locator('.desk-page:not([hidden])').getByLabel('参数名称').first();
    await search.fill('kept value');
    await tabs(page).getByRole('tab', { name: '首页' }).click();
    await expect(page).toHaveURL(/#\/wel\/index/);
    // how fast the switch is lives in the benchmarks (tab switch, docs/benchmarks.md), not here
    await tabs(page).getByRole('tab', { name: '参数管理' }).click();
    await expect(page.locator('.desk-page:not([hidden])').getByLabel('参数名称').first()).toHaveValue('kept value');

    await openByPalette(page, '控制台', /#\/wel\/dashboard/);
    // restart: a reload of the renderer; main keeps the session and the tabs
    await page.waitForTimeout(400);
    await page.reload();
    await appReady(page);
    await expect(tabs(page).getByRole('tab', { name: '参数管理' })).toBeVisible();
    await expect(tabs(page).getByRole('tab', { name: '控制台' })).toBeVisible();
  });
});
