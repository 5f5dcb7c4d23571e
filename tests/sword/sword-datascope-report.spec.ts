// Sword 4.5's 数据权限 and 报表 screens find their buttons under Sword's own menu
// codes (data_scope, report): a menu's 配置 opens the drawer of its data scopes,
// where one is added, edited and deleted; the report list's toolbar 删除 deletes
// the selected file. Each write is checked in the back end's database.
import type { Locator, Page } from '@playwright/test';
import { expect, fill, one, openList, rowAction, signIn, TABLE_ROW, test, type R } from './sword-ui';

/** A form item of `scope` by its label. */
const item = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) }).first();

/** Clicks `button` and checks the reply of the POST to a URL ending in `api`. */
async function posting(page: Page, button: Locator, api: string): Promise<string> {
  const reply = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(api) && r.request().method() === 'POST');
  await button.click();
  const res = await reply;
  const body = (await res.json()) as R;
  expect(body.code, body.msg).toBe(200);
  return res.request().postData() ?? '';
}

const SCOPE = `SELECT s.scope_name AS name, s.resource_code AS code, s.scope_class AS cls, m.code AS menu
  FROM blade_scope_data s JOIN blade_menu m ON m.id = s.menu_id WHERE s.scope_name LIKE 'Sword通知权限%' AND s.is_deleted = 0`;

test('数据权限: a menu\'s 配置 opens its data scopes; one is added, edited and deleted there', async ({ page, stack }) => {
  const stored = () => one(stack, SCOPE);
  await signIn(page, stack);
  await openList(page, stack, '/authority/datascope');
  await fill(page, '菜单名称', '通知公告');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator(TABLE_ROW)).toHaveCount(1);
  await rowAction(page, '通知公告', /配\s*置/);
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByText('[通知公告] 数据权限配置')).toBeVisible();

  // 新增: the form starts with the menu's code as 权限编号
  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  const modal = page.locator('.ant-modal', { hasText: '数据权限配置' }).filter({ visible: true });
  await expect(item(modal, '权限编号').locator('input')).toHaveValue('notice');
  await item(modal, '权限名称').locator('input').fill('Sword通知权限');
  await item(modal, '权限字段').locator('input').fill('create_user');
  await item(modal, '规则类型').locator('.ant-select-selection').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-dropdown-menu-item', { hasText: '本人可见' }).click();
  await item(modal, '权限类名').locator('input').fill('org.springblade.desk.entity.Notice');
  await posting(page, modal.getByRole('button', { name: /确\s*定/ }), '/data-scope/submit');
  expect(stored()).toEqual({ name: 'Sword通知权限', code: 'notice', cls: 'org.springblade.desk.entity.Notice', menu: 'notice' });

  // 修改 in the drawer's row
  const row = drawer.locator(TABLE_ROW, { hasText: 'Sword通知权限' });
  // the rule type by its name
  await expect(row.locator('td').nth(4)).toHaveText('本人可见');
  await page.screenshot({ path: 'test-results/sword-datascope.png' });
  await row.getByText('修改', { exact: true }).click();
  await expect(item(modal, '权限名称').locator('input')).toHaveValue('Sword通知权限');
  await item(modal, '权限名称').locator('input').fill('Sword通知权限二');
  await posting(page, modal.getByRole('button', { name: /确\s*定/ }), '/data-scope/submit');
  expect(stored()?.name).toBe('Sword通知权限二');

  // 删除
  await drawer.locator(TABLE_ROW, { hasText: 'Sword通知权限二' }).getByText('删除', { exact: true }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await posting(page, confirm.getByRole('button', { name: /确\s*定/ }), '/data-scope/remove');
  expect(stored()).toBeUndefined();
  await expect(drawer.locator(TABLE_ROW, { hasText: 'Sword通知权限' })).toHaveCount(0);
});

test('报表: each row offers its own 删除, 设计, 预览 once; the toolbar\'s 删除 deletes the selected file', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/report/reportlist');
  const row = page.locator(TABLE_ROW, { hasText: '站点流量月报' });
  // no 查看 (Sword has no page for a report) and no second 删除
  await expect(row.locator('td').last().locator('a')).toHaveText(['删除', '设计', '预览']);
  await row.locator('input[type=checkbox]').check();
  await page.screenshot({ path: 'test-results/sword-report.png' });
  await page.locator('button', { hasText: /删\s*除/ }).click();
  const sent = await posting(page, page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }), '/api/blade-report/report/rest/remove');
  const id = one(stack, "SELECT id FROM blade_report_file WHERE name LIKE '站点流量月报%'")?.id;
  expect(sent).toBe(`ids=${String(id)}`);
  expect(one(stack, 'SELECT is_deleted FROM blade_report_file WHERE id = ?', id)).toEqual({ is_deleted: 1 });
  await expect(page.locator(TABLE_ROW, { hasText: '站点流量月报' })).toHaveCount(0);
});
