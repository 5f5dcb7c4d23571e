import { test, expect, signIn } from './fixtures';
import type { Page } from '@playwright/test';

// Notices searchable by title, category and release date; OSS / SMS categories
// from the dictionaries `oss` and `sms`; titles of the dictionary layout tabs.

const shown = (page: Page) => page.locator('.desk-page:not([hidden])');
const option = (page: Page, name: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${name}$`) });
const tabs = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });

async function open(page: Page, path: string, hasRows = true) {
  await page.evaluate((p) => (window.location.hash = '#' + p), path);
  await expect(page.locator(`.desk-page[data-path="${path}"]:not([hidden]) .ant-table`)).toBeVisible();
  if (hasRows) await expect(shown(page).locator('tr.ant-table-row').first()).toBeVisible();
}

test.describe('shell: admin lists', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('notices: search by category and title, then clear', async ({ page }) => {
    await open(page, '/desk/notice');
    const rows = shown(page).locator('tr.ant-table-row');
    await expect(rows).toHaveCount(3);
    await shown(page).getByLabel('通知类型').click();
    await option(page, '批转通知').click();
    await shown(page).getByRole('button', { name: /搜\s*索/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('系统维护通知');
    await shown(page).getByRole('button', { name: /清\s*空/ }).click();
    await expect(rows).toHaveCount(3);
    await shown(page).getByLabel('通知标题').fill('欢迎');
    await shown(page).getByRole('button', { name: /搜\s*索/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('欢迎使用 SEO 矩阵控制台');
    // the release date range is a search field too
    await expect(shown(page).getByLabel('通知日期')).toBeVisible();
  });

  test('OSS and SMS categories come from the dictionaries; dictionary layout tabs have titles', async ({ page }) => {
    await open(page, '/resource/oss');
    await expect(shown(page).getByRole('cell', { name: '本地存储' })).toBeVisible();
    await shown(page).getByLabel('分类').click();
    for (const name of ['minio', '七牛云', '阿里云', '腾讯云', '本地存储']) await expect(option(page, name)).toBeVisible();
    await option(page, '本地存储').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await open(page, '/resource/sms', false);
    await shown(page).getByLabel('分类').click();
    for (const name of ['云片', '七牛云', '阿里云', '腾讯云', '内置发件箱']) await expect(option(page, name)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.evaluate(() => (window.location.hash = '#/dict-horizontal/index'));
    await expect(tabs(page).getByRole('tab', { name: '字典管理(横向)' })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/dict-vertical/index'));
    await expect(tabs(page).getByRole('tab', { name: '字典管理(纵向)' })).toBeVisible();
  });
});
