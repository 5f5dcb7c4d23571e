import { test, expect, signIn, rpc } from './fixtures';

// Lock screen, logout and 401 mid-session (the personal info page: system-accounts.spec.ts).

test.describe('shell session', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('lock: password required, /lock, wrong password, unlock', async ({ page }) => {
    await page.getByRole('button', { name: '锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
    await dialog.getByLabel('锁屏密码').fill('s3cret');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page).toHaveURL(/#\/lock/);
    expect(await page.evaluate(() => sessionStorage.getItem('desk.locked'))).toBe('1');
    // every route leads back to the lock page while locked
    await page.evaluate(() => (window.location.hash = '#/system/param'));
    await expect(page).toHaveURL(/#\/lock/);
    await page.getByLabel('锁屏密码').fill('wrong');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page.getByText('锁屏密码错误')).toBeVisible();
    await page.getByLabel('锁屏密码').fill('s3cret');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page).toHaveURL(/#\/wel\/index/);
    expect(await page.evaluate(() => sessionStorage.getItem('desk.locked'))).toBeNull();
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
