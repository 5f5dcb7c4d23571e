import { test, expect, signIn, rpc, openScreen } from './fixtures';

// Lock screen, logout and 401 mid-session (the personal info page: system-accounts.spec.ts).

test.describe('shell session', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('lock: password required, /lock, wrong password, unlock returns to the page that was open', async ({ page, host }) => {
    // the page open when the screen is locked is where unlocking returns (its tab with it)
    await openScreen(page, host, '/system/param');
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('lock-password-refused.png') });
    await dialog.getByLabel('锁屏密码').fill('s3cret');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page).toHaveURL(/#\/lock/);
    expect(await page.evaluate(() => sessionStorage.getItem('desk.locked'))).toBe('1');
    // every route leads back to the lock page while locked
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await expect(page).toHaveURL(/#\/lock/);
    // the lock page reads the same declaration (LOCK_PASSWORD)
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page.getByText('锁屏密码不能为空')).toBeVisible();
    await page.getByLabel('锁屏密码').fill('wrong');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page.getByText('锁屏密码错误')).toBeVisible();
    await page.getByLabel('锁屏密码').fill('s3cret');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page).toHaveURL(/#\/system\/param$/);
    const tabs = page.getByRole('navigation', { name: '已打开的页面' });
    await expect(tabs.getByRole('tab', { name: /参数管理/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.desk-page[data-path="/system/param"]:not([hidden])').getByRole('cell', { name: 'account.registerUser' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('desk.locked'))).toBeNull();
    await page.screenshot({ path: test.info().outputPath('unlocked-back-on-param.png') });

    // locked again from the home page: unlocking comes back home
    await page.getByRole('navigation', { name: '已打开的页面' }).getByRole('tab', { name: '首页' }).click();
    await expect(page).toHaveURL(/#\/wel\/index/);
    await page.getByRole('button', { name: '锁屏' }).click();
    await page.getByRole('dialog', { name: '设置锁屏密码' }).getByLabel('锁屏密码').fill('s3cret');
    await page.getByRole('dialog', { name: '设置锁屏密码' }).getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page).toHaveURL(/#\/lock/);
    await page.getByLabel('锁屏密码').fill('s3cret');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page).toHaveURL(/#\/wel\/index/);
  });

  test('logout clears menus, tags, lock and cookies', async ({ page }) => {
    await page.evaluate(() => {
      document.cookie = 'e2e=1; path=/';
    });
    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/#\/login/);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('desk.locked'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('desk.permission'))).toBeNull();
  });

  test('a 401 from any call forces a local logout to /login', async ({ page, host }) => {
    // the session ends behind the renderer's back (the token is gone in main)
    await rpc(host, 'auth:logout');
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByLabel('密码')).toBeVisible();
  });
});
