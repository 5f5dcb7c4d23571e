import { test, expect, signIn, rpc, appReady } from './fixtures';

// Lock screen, logout, 401 mid-session and the personal info page.

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

  test('personal info: phone checks, save, change password', async ({ page, host }) => {
    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await expect(page).toHaveURL(/#\/info\/index/);
    const form = page.locator('form[id="user-info"]');
    await expect(form.getByLabel('姓名')).toHaveValue('管理员');
    const phone = form.getByLabel('手机号');
    await phone.fill('');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form.getByText('phone number cannot be empty')).toBeVisible();
    await phone.fill('1380013');
    await expect(form.getByText('phone number length is not 11')).toBeVisible();
    await phone.fill('23800138000');
    await expect(form.getByText('phone number format incorrect')).toBeVisible();
    await phone.fill('13800138000');
    await form.getByLabel('邮箱').fill('admin@example.com');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    await page.reload();
    await appReady(page);
    await expect(page.locator('form[id="user-info"]').getByLabel('手机号')).toHaveValue('13800138000');

    await page.getByRole('tab', { name: '修改密码' }).click();
    const pwd = page.locator('form[id="user-password"]');
    await pwd.getByRole('button', { name: /提\s*交/ }).click();
    await expect(pwd.getByText('请输入原密码')).toBeVisible();
    await pwd.getByLabel('原密码').fill('not-admin');
    await pwd.getByLabel('新密码').fill('admin2');
    await pwd.getByLabel('确认密码').fill('admin3');
    await expect(pwd.getByText('两次密码输入不一致')).toBeVisible();
    await pwd.getByLabel('确认密码').fill('admin2');
    await pwd.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('原密码不正确!')).toBeVisible();
    await pwd.getByLabel('原密码').fill('admin');
    await pwd.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('修改成功')).toBeVisible();
    // the new password works; put the old one back for the other tests of this worker
    const back = await rpc(host, 'api:request', {
      method: 'post',
      url: '/website-blade-system/user/update-password',
      data: { oldPassword: 'admin2', newPassword: 'admin', newPassword1: 'admin' },
    });
    expect(back).toMatchObject({ ok: true });
  });
});
