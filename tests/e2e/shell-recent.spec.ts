import { test, expect, signIn, appReady } from './fixtures';
import type { Page } from '@playwright/test';

// The command palette over recently opened records (kept per profile across a
// restart), and tabs opened by a URL typed in the address bar.

const tabs = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const shown = (page: Page) => page.locator('.desk-page:not([hidden])');

async function palette(page: Page) {
  const input = page.getByLabel('输入菜单或最近打开的页面');
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(input).toBeVisible({ timeout: 1000 });
  }).toPass();
  return input;
}

test.describe('shell: recent records and typed URLs', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('a record opened in a view dialog is listed by Ctrl+K; choosing it opens its screen and its view dialog, also after a restart', async ({ page }) => {
    const input = await palette(page);
    await input.fill('参数管理');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/system\/param/);
    const row = shown(page).getByRole('row').filter({ hasText: 'account.failCount' });
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const view = page.getByRole('dialog', { name: '查看' });
    await expect(view.getByText('account.failCount')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    // an edit counts as opening too
    await shown(page).getByRole('row').filter({ hasText: 'account.initPassword' }).getByRole('button', { name: /编\s*辑/ }).click();
    await expect(page.getByRole('dialog', { name: '编辑' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '编辑' })).toBeHidden();

    // elsewhere: the palette lists both records (newest first), named by the record and the screen
    await tabs(page).getByRole('tab', { name: '首页' }).click();
    await expect(page).toHaveURL(/#\/wel\/index/);
    await palette(page);
    // after the recently opened pages (首页, 参数管理) come the records, newest first
    const records = page.getByRole('option').filter({ hasText: '最近打开的记录' });
    await expect(page.getByRole('option').nth(2)).toContainText('账号初始密码 · 参数管理');
    await expect(records.nth(0)).toContainText('账号初始密码 · 参数管理');
    await expect(records.nth(1)).toContainText('账号错误锁定次数 · 参数管理');
    await page.keyboard.type('锁定');
    await expect(page.getByRole('option').first()).toContainText('账号错误锁定次数 · 参数管理');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/system\/param/);
    await expect(page.getByRole('dialog', { name: '查看' }).getByText('account.failCount')).toBeVisible();
    await page.keyboard.press('Escape');

    // restart (renderer reload; main keeps the session): the records come back from the profile
    await page.waitForTimeout(400);
    await page.reload();
    await appReady(page);
    await tabs(page).getByRole('tab', { name: '首页' }).click();
    await palette(page);
    await page.keyboard.type('初始密码');
    const first = page.getByRole('option').first();
    await expect(first).toContainText('账号初始密码 · 参数管理');
    await first.click();
    await expect(page.getByRole('dialog', { name: '查看' }).getByText('account.initPassword')).toBeVisible();
  });

  test('a URL typed in the address bar opens its tab; an unknown one goes to 404 without a tab', async ({ page, host }) => {
    await expect(tabs(page).getByRole('tab')).toHaveCount(1);
    // a location change the console did not make itself (no navigate())
    await page.goto(`${host.origin}/#/system/param`);
    await expect(tabs(page).getByRole('tab', { name: '参数管理' })).toBeVisible();
    await expect(shown(page).getByRole('cell', { name: 'account.initPassword' })).toBeVisible();
    await page.evaluate(() => (window.location.hash = '#/info/index'));
    await expect(tabs(page).getByRole('tab', { name: '个人信息' })).toBeVisible();
    await expect(tabs(page).getByRole('tab')).toHaveCount(3);
    await page.evaluate(() => (window.location.hash = '#/no/such/page'));
    await expect(page).toHaveURL(/#\/404/);
    // back (the 404 replaced the unknown path) to a typed page: its tab is the active one, no second tab, none for the 404
    await page.goBack();
    await expect(page).toHaveURL(/#\/info\/index/);
    await expect(tabs(page).getByRole('tab')).toHaveCount(3);
    await page.goBack();
    await expect(page).toHaveURL(/#\/system\/param/);
    await expect(tabs(page).getByRole('tab', { name: '参数管理' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs(page).getByRole('tab')).toHaveCount(3);
  });
});
