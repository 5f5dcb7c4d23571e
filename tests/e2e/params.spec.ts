import { test, expect, signIn } from './fixtures';
import type { Page } from '@playwright/test';

// The foundation slice end to end: sign in, the server-driven menu, and the
// generic CRUD screen on system parameters, in browser mode with nothing mocked.

async function openParams(page: Page) {
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await page.getByRole('menuitem', { name: /参数管理/ }).click();
  await expect(page).toHaveURL(/#\/system\/param/);
  await expect(page.getByRole('table')).toBeVisible();
}

const dialog = (page: Page) => page.getByRole('dialog');

async function addParam(page: Page, name: string, key: string, value: string) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await dialog(page).getByLabel('参数名称').fill(name);
  await dialog(page).getByLabel('参数键名').fill(key);
  await dialog(page).getByLabel('参数键值').fill(value);
  await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
}

test.describe('system parameters', () => {
  test.beforeEach(async ({ page, host }) => {
    await signIn(page, host);
  });

  test('menu from the server and the params screen', async ({ page }) => {
    await expect(page.getByRole('menuitem', { name: /系统管理/ })).toBeVisible();
    await openParams(page);
    // seeded parameters are listed with an index column and paging
    await expect(page.getByRole('cell', { name: 'account.initPassword' })).toBeVisible();
    // the page shown: opening 系统管理 by hand prepares its other lists out of sight, each with its own pager
    await expect(page.locator('section.desk-page:not([hidden])').getByText(/共\s*\d+\s*条/)).toBeVisible();
  });

  test('add with form validation, server validation, edit and view', async ({ page }) => {
    await openParams(page);
    // empty form: the spec's three messages, nothing sent
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(dialog(page).getByText('请输入参数名称')).toBeVisible();
    await expect(dialog(page).getByText('请输入参数键名')).toBeVisible();
    await expect(dialog(page).getByText('请输入参数键值')).toBeVisible();
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

    await addParam(page, 'E2E 参数', 'e2e.alpha', 'one');
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'e2e.alpha' })).toBeVisible();

    // a duplicate key is refused by the server; the dialog stays open with the input kept
    await addParam(page, 'E2E 参数 2', 'e2e.alpha', 'two');
    await expect(page.getByText('参数键名已存在')).toBeVisible();
    await expect(dialog(page).getByLabel('参数名称')).toHaveValue('E2E 参数 2');
    await dialog(page).getByLabel('参数键名').fill('e2e.beta');
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'e2e.beta' })).toBeVisible();

    // edit: the fields take no input until the record has loaded (its values would overwrite it); the detail
    // request is held back here so that the dialog is seen loading
    let releaseDetail!: () => void;
    const detailHeld = new Promise<void>((r) => (releaseDetail = r));
    await page.route('**/rpc/api:request', async (route) => {
      if ((route.request().postData() ?? '').includes('/param/detail')) await detailHeld;
      await route.fallback();
    });
    const row = page.getByRole('row', { name: /e2e\.alpha/ });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await expect(dialog(page).getByLabel('参数键值')).toBeDisabled();
    releaseDetail();
    await expect(dialog(page).getByLabel('参数键值')).toHaveValue('one');
    await page.unroute('**/rpc/api:request');
    await dialog(page).getByLabel('参数键值').fill('uno');
    await dialog(page).getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect(page.getByText('更新成功')).toBeVisible();
    await expect(page.getByRole('row', { name: /e2e\.alpha/ }).getByRole('cell', { name: 'uno' })).toBeVisible();

    // view: read-only
    await page.getByRole('row', { name: /e2e\.alpha/ }).getByRole('button', { name: /查\s*看/ }).click();
    await expect(dialog(page).getByText('uno')).toBeVisible();
    await expect(dialog(page).getByRole('textbox')).toHaveCount(0);
  });

  test('search, delete and batch delete', async ({ page }) => {
    await openParams(page);
    await addParam(page, '搜索甲', 'e2e.search.one', '1');
    await expect(page.getByText('新增成功')).toBeVisible();
    await addParam(page, '搜索乙', 'e2e.search.two', '2');
    await expect(page.getByText('新增成功').first()).toBeVisible();

    // search by key (LIKE on the server)
    const search = page.getByTestId('crud-search');
    await search.getByLabel('参数键名').fill('e2e.search.t');
    await search.getByRole('button', { name: /搜\s*索|查\s*询/ }).click();
    await expect(page.getByRole('cell', { name: 'e2e.search.two' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'e2e.search.one' })).toHaveCount(0);
    await search.getByRole('button', { name: /重\s*置|清\s*空/ }).click();
    await expect(page.getByRole('cell', { name: 'e2e.search.one' })).toBeVisible();

    // batch delete with nothing selected warns and deletes nothing
    await page.getByRole('button', { name: /^删\s*除$/ }).first().click();
    await expect(page.getByText('请选择至少一条数据')).toBeVisible();

    // row delete with the confirm dialog
    await page.getByRole('row', { name: /e2e\.search\.one/ }).getByRole('button', { name: /删\s*除/ }).click();
    await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'e2e.search.one' })).toHaveCount(0);

    // batch delete of a selection
    await page.getByRole('row', { name: /e2e\.search\.two/ }).getByRole('checkbox').check();
    await page.getByRole('button', { name: /^删\s*除$/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'e2e.search.two' })).toHaveCount(0);
  });

  test('no token reaches the page, its storage or its cookies', async ({ page, context }) => {
    await openParams(page);
    const jwt = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(storage).not.toMatch(jwt);
    expect(storage.toLowerCase()).not.toContain('access_token');
    const cookies = await context.cookies();
    expect(JSON.stringify(cookies)).not.toMatch(jwt);
    expect(await page.content()).not.toMatch(jwt);
    // the renderer still works: it is signed in and can call the API through main
    await expect(page.getByRole('cell', { name: 'account.initPassword' })).toBeVisible();
  });
});

test('a wrong password shows the server message and stores nothing', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByLabel(/账号|用户名/).fill('admin');
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  // an unauthenticated visit to a console route goes back to /login
  await page.goto(host.origin + '/#/system/param');
  await expect(page).toHaveURL(/#\/login/);
});
