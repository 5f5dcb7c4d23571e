// Saber 4.9's forms that are not a list's 新增/编辑 dialog, each write checked
// in the back end's database: the data and API scopes of a menu (a row's 权限配置
// opens a drawer with their own list and form), 行政区划 (a tree and a form on
// the page: 新增下级, 提交, 删除) and 个人信息 (the signed-in user's details and
// password), and the report list's row delete. The list screens are in saber.spec.ts.
import type { Locator, Page } from '@playwright/test';
import { SEED_IDS } from '../../src-server/db/seed';
import { adminCall, expect, one, signIn, test } from './stack';
import { clickForReply, confirmRemove, driveCrud, field, fillForm, openScreen, rowAction, type CrudScreen } from './saber-ui';

/** The drawer of a menu's scopes (its row's 权限配置 button). */
const scopesOf = (menu: string) => async (page: Page): Promise<Locator> => {
  await rowAction(page, menu, /权限配置/);
  const drawer = page.locator('.el-drawer:visible').last();
  await expect(drawer.locator('.el-drawer__header')).toContainText(menu);
  await expect(drawer.locator('.el-table__row, .el-table__empty-text').first()).toBeVisible();
  return drawer;
};

const SCOPE_SCREENS: CrudScreen[] = [
  {
    title: '数据权限 (data scopes of a menu)',
    menu: ['权限管理', '数据权限', '/authority/datascope'],
    within: scopesOf('工作台'),
    // the rule type fills the name, code and column (Saber's own watch); the name is then ours
    add: [
      { label: '规则类型', pick: 'first' },
      { label: '权限名称', text: 'Saber数据权限' },
      { label: '权限类名', text: 'org.springblade.modules.desk.entity.Notice' },
    ],
    edit: [{ label: '权限类名', text: 'org.springblade.modules.system.entity.Param' }],
    row: 'Saber数据权限',
    stored: "SELECT scope_class AS v FROM blade_scope_data WHERE scope_name = 'Saber数据权限' AND is_deleted = 0",
    added: 'org.springblade.modules.desk.entity.Notice',
    edited: 'org.springblade.modules.system.entity.Param',
  },
  {
    title: '接口权限 (API scopes of a menu)',
    menu: ['权限管理', '接口权限', '/authority/apiscope'],
    within: scopesOf('工作台'),
    add: [
      { label: '权限名称', text: 'Saber接口权限' },
      { label: '权限编号', text: 'saber_api' },
      { label: '权限路径', text: '/api/blade-desk/notice/**' },
      { label: '接口类型', pick: 'first' },
    ],
    edit: [{ label: '权限路径', text: '/api/blade-system/param/**' }],
    row: 'saber_api',
    stored: "SELECT scope_path AS v FROM blade_scope_api WHERE resource_code = 'saber_api' AND is_deleted = 0",
    added: '/api/blade-desk/notice/**',
    edited: '/api/blade-system/param/**',
  },
];

for (const screen of SCOPE_SCREENS) {
  test(`${screen.title}: add, edit, delete`, async ({ page, stack }) => {
    await driveCrud(page, stack, screen);
  });
}

test('行政区划 (regions): add a child, edit it, delete it', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, ['系统管理', '行政区划', '/base/region'], '.el-tree-node');
  const tree = page.locator('.el-tree').first();
  const form = page.locator('.el-form:visible').last();
  const node = (name: string) => tree.locator('.el-tree-node__content', { hasText: name }).first();
  const submit = () => clickForReply(page, form.locator('button', { hasText: /提\s*交/ }), /\/region\/submit$/);
  const stored = () => one(stack, "SELECT name AS v, parent_code AS parent, region_level AS level FROM blade_region WHERE code = '3199'");

  await node('上海市').click();
  await expect(field(form, '区划名称').locator('input')).toHaveValue('上海市');
  await page.locator('button', { hasText: '新增下级' }).click();
  await expect(field(form, '父区划名称').locator('input')).toHaveValue('上海市');
  await form.getByPlaceholder('请输入 区划子编号').fill('99');
  await fillForm(form, [{ label: '区划名称', text: 'Saber区' }, { label: '区划排序', text: '9' }]);
  await submit();
  expect(stored()).toEqual({ v: 'Saber区', parent: '31', level: 2 });

  await node('上海市').locator('.el-tree-node__expand-icon').click();
  await node('Saber区').click();
  await expect(field(form, '区划名称').locator('input')).toHaveValue('Saber区');
  await fillForm(form, [{ label: '区划名称', text: 'Saber区二' }]);
  await submit();
  expect(stored()?.v).toBe('Saber区二');

  await node('上海市').locator('.el-tree-node__expand-icon').click();
  await node('Saber区二').click();
  await expect(field(form, '区划名称').locator('input')).toHaveValue('Saber区二');
  await page.locator('button', { hasText: /^\s*删除\s*$/ }).click();
  await confirmRemove(page);
  expect(stored()).toBeUndefined();
});

/** a 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('个人信息 (avatar, personal details and password of the signed-in user)', async ({ page, stack }) => {
  const created = await adminCall(stack, '/blade-system/user/submit', {
    account: 'saberinfo', password: 'Saber_123', password2: 'Saber_123', realName: 'Saber信息', name: 'saberinfo',
    roleId: SEED_IDS.userRole, deptId: SEED_IDS.dept, tenantId: '000000',
  });
  expect(created.code, created.msg).toBe(200);
  const stored = () => one(stack, "SELECT real_name, phone, email, avatar, password FROM blade_user WHERE account = 'saberinfo' AND is_deleted = 0");
  const before = stored()!;

  await signIn(page, stack, 'saberinfo', 'Saber_123');
  await page.locator('.top-user .el-dropdown').first().hover();
  await page.locator('.el-dropdown-menu__item:visible', { hasText: '个人信息' }).click();
  await page.waitForURL(/\/info\/index$/);
  const info = page.locator('.el-tab-pane:visible');
  await expect(field(info, '姓名').locator('input')).toHaveValue('Saber信息');
  // the avatar: uploaded (put-file), shown, saved with the details
  const upload = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
  await info.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  const uploaded = (await (await upload).json()) as { code: number; msg: string; data: { link: string } };
  expect(uploaded.code, uploaded.msg).toBe(200);
  await expect(info.locator('img.avatar')).toHaveAttribute('src', uploaded.data.link);
  await fillForm(info, [{ label: '姓名', text: 'Saber信息二' }, { label: '手机号', text: '13900000000' }, { label: '邮箱', text: 'saber@example.com' }]);
  await clickForReply(page, info.locator('button', { hasText: /提\s*交|保\s*存/ }), /\/user\/update-info$/);
  expect(stored()).toMatchObject({ real_name: 'Saber信息二', phone: '13900000000', email: 'saber@example.com', avatar: uploaded.data.link });

  await page.getByRole('tab', { name: '修改密码' }).click();
  const pw = page.locator('.el-tab-pane:visible');
  await fillForm(pw, [{ label: '原密码', text: 'Saber_123' }, { label: '新密码', text: 'Saber_456' }, { label: '确认密码', text: 'Saber_456' }]);
  await clickForReply(page, pw.locator('button', { hasText: /提\s*交|保\s*存/ }), /\/user\/update-password$/);
  expect(stored()?.password).not.toBe(before.password);
  // the new password signs in
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, stack, 'saberinfo', 'Saber_456');
});

test('报表列表 (report files): a row\'s 删除 deletes the file', async ({ page, stack }) => {
  await signIn(page, stack);
  await openScreen(page, ['报表管理', '报表列表', '/report/reportlist']);
  await rowAction(page, '站点流量月报', /删\s*除/);
  await confirmRemove(page);
  expect(one(stack, "SELECT is_deleted AS v FROM blade_report_file WHERE name LIKE '站点流量月报%'")?.v).toBe(1);
  await expect(page.locator('.el-table__row', { hasText: '站点流量月报' })).toHaveCount(0);
});
