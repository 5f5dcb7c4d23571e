import { freshHostTest as test, expect, signIn, appReady, openScreen, clickRowAction } from './fixtures';
import type { Page } from '@playwright/test';

// Account forms (issue 28): personal info saves without a phone and speaks
// Chinese; a new password has at least 6 characters and the same mismatch
// message on every screen; the user form refuses the email `bad`; 用户管理 ›
// 查看 names roles, departments and posts. On a fresh install of its own
// (the password of its admin changes).

const dialog = (page: Page) => page.getByRole('dialog');

test('personal info: no phone is fine, phone and password checks in Chinese, change password', async ({ page, freshHost }) => {
  await signIn(page, freshHost);
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/#\/info\/index/);
  const form = page.locator('form[id="user-info"]');
  await expect(form.getByLabel('姓名')).toHaveValue('管理员');
  // the seeded administrator has no phone: saving as is works
  await expect(form.getByLabel('手机号')).toHaveValue('');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  const phone = form.getByLabel('手机号');
  await phone.fill('1380013');
  await expect(form.getByText('手机号码长度不是11位')).toBeVisible();
  await phone.fill('23800138000');
  await expect(form.getByText('手机号码格式不正确')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('info-phone-refused.png') });
  await phone.fill('13800138000');
  await form.getByLabel('邮箱').fill('admin@example.com');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('修改成功').last()).toBeVisible();
  await page.reload();
  await appReady(page);
  await expect(page.locator('form[id="user-info"]').getByLabel('手机号')).toHaveValue('13800138000');

  await page.getByRole('tab', { name: '修改密码' }).click();
  const pwd = page.locator('form[id="user-password"]');
  await pwd.getByRole('button', { name: /提\s*交/ }).click();
  await expect(pwd.getByText('请输入原密码')).toBeVisible();
  await pwd.getByLabel('原密码').fill('not-admin');
  await pwd.getByLabel('新密码').fill('a');
  await expect(pwd.getByText('密码长度不能少于6位')).toBeVisible();
  await pwd.getByLabel('新密码').fill('admin2');
  await pwd.getByLabel('确认密码').fill('admin3');
  await expect(pwd.getByText('两次密码输入不一致')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('password-mismatch.png') });
  await pwd.getByLabel('确认密码').fill('admin2');
  await pwd.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('原密码不正确!')).toBeVisible();
  await pwd.getByLabel('原密码').fill('admin');
  await pwd.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
});

test('user form: email, password length and mismatch; 查看 names roles, departments and posts', async ({ page, freshHost }) => {
  await signIn(page, freshHost);
  await openScreen(page, freshHost, '/system/user');
  const screen = page.locator('section.desk-page[data-path="/system/user"]');
  await screen.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('电子邮箱').fill('bad');
  await dialog(page).getByLabel('密码', { exact: true }).fill('a');
  await dialog(page).getByLabel('确认密码').fill('b');
  await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog(page).getByText('邮箱格式不正确')).toBeVisible();
  await expect(dialog(page).getByText('密码长度不能少于6位')).toBeVisible();
  await expect(dialog(page).getByText('两次密码输入不一致')).toBeVisible();
  await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

  // 查看 of the administrator: names, not the ids it stores
  const row = screen.getByRole('row', { name: /admin/ }).first();
  await clickRowAction(page, row, /查\s*看/);
  const view = dialog(page);
  await expect(view.locator('.desk-view-value').filter({ hasText: '超级管理员' })).toBeVisible();
  await expect(view.locator('.desk-view-value').filter({ hasText: 'SEO矩阵' })).toBeVisible();
  await expect(view.getByText(/^\d{19}$/)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/wt-admin-user-view.png' });
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // 平台配置 reads its declaration (USER_PLATFORM; update-platform judges the same): the extension must be JSON
  await clickRowAction(page, row, '平台配置');
  const platform = dialog(page);
  await platform.getByLabel('用户拓展').fill('{not json');
  await platform.getByRole('button', { name: /确\s*定/ }).click();
  await expect(platform.getByText('用户拓展信息必须是JSON格式')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('user-platform-refused.png') });
  await platform.getByRole('button', { name: /取\s*消/ }).click();
});
