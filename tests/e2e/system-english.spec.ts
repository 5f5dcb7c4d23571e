import type { Locator, Page } from '@playwright/test';
import { freshHostTest as test, expect, signIn, api, openScreen, clickRowAction, switchLanguage } from './fixtures';

// The console in English (issue 38 item 9): the role screen's permission tree and the menu screen's names and
// types are English, as the side menu already shows them; only what users typed stays as typed (a menu and a
// button made here with names of their own); a server's refusal (个人信息 › 修改密码) reads English too.

const CJK = /[\u3400-\u9fff]/;
const SYS = '/website-blade-system';

/** Opens every closed branch of an antd tree until none is left. */
async function expandAll(tree: Locator): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const closed = tree.locator('.ant-tree-switcher_close');
    const n = await closed.count();
    if (n === 0) return;
    for (let i = n - 1; i >= 0; i--) await closed.nth(i).click();
  }
  throw new Error('the tree kept closed branches');
}

/** The texts of `cells` that hold Chinese characters, but those listed as typed by users. */
async function chineseIn(cells: Locator, typed: readonly string[]): Promise<string[]> {
  return (await cells.allInnerTexts()).map((s) => s.trim()).filter((s) => CJK.test(s) && !typed.includes(s));
}

const shown = (page: Page, path: string) => page.locator(`.desk-page[data-path="${path}"]:not([hidden])`);

test('in English the permission tree, the menu names and the menu types are English; typed names stay', async ({ page, freshHost: host }) => {
  test.setTimeout(180_000);
  // a fresh install: the worker's shared host holds menus other specs made with names of their own
  await signIn(page, host);
  // a menu and a button an administrator made, with names of their own: they stay as typed
  const tool = ((await api(host, 'get', `${SYS}/menu/list`, undefined, { code: 'tool' })) as unknown as { id: string }[])[0]!;
  const mine = await api(host, 'post', `${SYS}/menu/submit`, { parentId: tool.id, name: '我的报表', code: 'myReport', alias: 'menu', path: '/tool/myReport', category: 1, sort: 9 });
  await api(host, 'post', `${SYS}/menu/submit`, { parentId: mine.id, name: '导出报表', code: 'myReport_add', alias: 'add', path: '/tool/myReport/add', category: 2, action: 1, sort: 1 });
  const typed = ['我的报表', '导出报表'];

  await switchLanguage(page, 'English');
  // the side menu shows the product's menus in English (what the rest follows)
  await expect(page.getByRole('menu', { name: 'Side menu' }).getByRole('menuitem', { name: /System$/ })).toBeVisible();

  // 角色管理 › 权限设置: every node of the menu tree (menus and buttons) in English
  await openScreen(page, host, '/authority/role');
  await clickRowAction(page, shown(page, '/authority/role').getByRole('row', { name: /administrator/ }), 'Permissions');
  const dialog = page.getByRole('dialog', { name: 'Permissions' });
  const tree = dialog.getByTestId('grant-menu');
  await expect(tree.locator('.ant-tree-title').first()).toBeVisible();
  await expandAll(tree);
  const titles = tree.locator('.ant-tree-title');
  expect(await titles.count()).toBeGreaterThan(200);
  expect(await chineseIn(titles, typed)).toEqual([]);
  for (const name of ['Users', 'Roles', 'Add', 'Edit', 'Delete', 'View', 'Permissions', 'Reset password', '我的报表', '导出报表'])
    await expect(titles.filter({ hasText: new RegExp(`^${name}$`) }).first()).toBeVisible();
  await tree.locator('.ant-tree-treenode').filter({ hasText: /^Parameters$/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('role-grant-tree-en.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // 菜单管理: the names and the type column, groups opened down to the buttons
  await openScreen(page, host, '/system/menu');
  const table = shown(page, '/system/menu').getByRole('table');
  await expect(table.getByRole('cell', { name: 'Workbench', exact: true })).toBeVisible();
  for (const group of ['System', 'Developer tools']) {
    await table.getByRole('row', { name: new RegExp(`\\b${group}\\b`) }).first().locator('.ant-table-row-expand-icon').click();
  }
  for (const screen of ['Parameters', '我的报表']) {
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: screen, exact: true }) });
    await row.locator('.ant-table-row-expand-icon').click();
  }
  await expect(table.getByRole('cell', { name: '导出报表', exact: true })).toBeVisible();
  const names = table.locator('tbody tr.ant-table-row td:nth-child(3)');
  await expect(names.filter({ hasText: /^Add$/ }).first()).toBeVisible();
  expect(await names.count()).toBeGreaterThan(20);
  expect(await chineseIn(names, typed)).toEqual([]);
  // the type column: Menu / Button, and nothing else in Chinese anywhere in the table but the typed names
  await expect(table.getByRole('cell', { name: 'Button', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Menu', exact: true }).first()).toBeVisible();
  expect(await chineseIn(table.locator('tbody td'), typed)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('menu-table-en.png'), fullPage: true });

  // back in Chinese: the stored names
  await switchLanguage(page, '中文');
  await expect(table.getByRole('cell', { name: '参数管理', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '新增', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: '按钮', exact: true }).first()).toBeVisible();

  // a message only the server knows (the old password is wrong) is answered in the console's language
  await switchLanguage(page, 'English');
  await page.goto(`${host.origin}/#/info/index`);
  await page.getByRole('tab', { name: 'Change password' }).click();
  const pwd = page.locator('form[id="user-password"]');
  await pwd.getByLabel('Old password').fill('not-admin');
  await pwd.getByLabel('New password').fill('admin2');
  await pwd.getByLabel('Confirm password').fill('admin2');
  await pwd.locator('button[type="submit"]').click();
  const refusal = page.getByText('The old password is not correct');
  await expect(refusal).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('info-password-en.png') });
  await refusal.screenshot({ path: test.info().outputPath('info-password-en-message.png') });
});
