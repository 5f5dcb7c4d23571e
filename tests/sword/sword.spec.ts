// Sword 4.5, the stock open-source React console of SpringBlade, built from its
// unchanged source (scripts/sword.mjs) and driven against `npm run server`: it
// signs in through its own login page (captcha, SM2-encrypted password, stock
// /blade-auth/token), opens every system screen it has with rows, and adds,
// edits and deletes one row on users, roles, menus, dictionaries, parameters
// and notices (its delete posts ids= to the delete button's path from
// menu/buttons). The rows are checked in the back end's database.
import { add, choose, expect, fill, formItem, one, openList, remove, rowAction, signIn, submit, test } from './sword-ui';

test('Sword signs in through its own login page and opens every system screen with rows', async ({ page, stack }) => {
  await signIn(page, stack);
  const screens = [
    '/system/user', '/system/dept', '/system/post', '/system/dict', '/system/menu', '/system/param', '/system/tenant', '/system/client',
    '/authority/role', '/authority/datascope', '/desk/notice', '/monitor/log/usual',
    '/tool/datasource',
  ];
  for (const path of screens) await openList(page, stack, path);
  // a tree of regions beside its form
  await openList(page, stack, '/base/region', { rows: '.ant-tree li' });
  // empty on a fresh install (no error yet, no code generation, no write yet: reads are not API-logged),
  // with rows once the worker's other tests wrote through the same back end
  for (const path of ['/monitor/log/error', '/tool/code', '/monitor/log/api']) {
    await openList(page, stack, path, { rows: '.ant-table-tbody tr.ant-table-row, .ant-table-placeholder' });
  }
});

test('parameters: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/param');
  await add(page, '/system/param');
  await fill(page, '参数名称', 'Sword参数');
  await fill(page, '参数键名', 'sword.key');
  await fill(page, '参数键值', 'one');
  await submit(page);
  expect(one(stack, "SELECT param_value FROM blade_param WHERE param_key = 'sword.key' AND is_deleted = 0")?.param_value).toBe('one');
  await rowAction(page, 'sword.key', /修\s*改/);
  await page.waitForURL(/#\/system\/param\/edit\/\d+/);
  await expect(formItem(page, '参数键值').locator('input')).toHaveValue('one');
  await fill(page, '参数键值', 'two');
  await submit(page);
  expect(one(stack, "SELECT param_value FROM blade_param WHERE param_key = 'sword.key' AND is_deleted = 0")?.param_value).toBe('two');
  await remove(page, 'sword.key', '/api/blade-system/param/remove');
  expect(one(stack, "SELECT 1 FROM blade_param WHERE param_key = 'sword.key' AND is_deleted = 0")).toBeUndefined();
});

test('dictionaries: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/dict');
  await add(page, '/system/dict');
  await fill(page, '字典编号', 'sword_dict');
  await fill(page, '字典排序', '99');
  await fill(page, '字典名称', 'Sword字典');
  await fill(page, '字典键值', '-1');
  await submit(page);
  expect(one(stack, "SELECT dict_value FROM blade_dict WHERE code = 'sword_dict' AND is_deleted = 0")?.dict_value).toBe('Sword字典');
  await rowAction(page, 'sword_dict', /修\s*改/);
  await page.waitForURL(/#\/system\/dict\/edit\/\d+/);
  await expect(formItem(page, '字典名称').locator('input')).toHaveValue('Sword字典');
  await fill(page, '字典名称', 'Sword字典二');
  await submit(page);
  expect(one(stack, "SELECT dict_value FROM blade_dict WHERE code = 'sword_dict' AND is_deleted = 0")?.dict_value).toBe('Sword字典二');
  await remove(page, 'sword_dict', '/api/blade-system/dict/remove');
  expect(one(stack, "SELECT 1 FROM blade_dict WHERE code = 'sword_dict' AND is_deleted = 0")).toBeUndefined();
});

test('roles: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/authority/role');
  await add(page, '/authority/role');
  await fill(page, '角色名称', 'Sword角色');
  await fill(page, '角色别名', 'sword_role');
  await fill(page, '角色排序', '99');
  await submit(page);
  expect(one(stack, "SELECT role_name FROM blade_role WHERE role_alias = 'sword_role' AND is_deleted = 0")?.role_name).toBe('Sword角色');
  // Sword 4.5 returns to /system/role after a role's submit, a route it does not have: back to the list
  await openList(page, stack, '/authority/role');
  await rowAction(page, 'sword_role', /修\s*改/);
  await page.waitForURL(/#\/authority\/role\/edit\/\d+/);
  await expect(formItem(page, '角色名称').locator('input')).toHaveValue('Sword角色');
  await fill(page, '角色名称', 'Sword角色二');
  await submit(page);
  expect(one(stack, "SELECT role_name FROM blade_role WHERE role_alias = 'sword_role' AND is_deleted = 0")?.role_name).toBe('Sword角色二');
  await openList(page, stack, '/authority/role');
  await remove(page, 'sword_role', '/api/blade-system/role/remove');
  expect(one(stack, "SELECT 1 FROM blade_role WHERE role_alias = 'sword_role' AND is_deleted = 0")).toBeUndefined();
});

test('menus: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/menu');
  await add(page, '/system/menu');
  await fill(page, '菜单名称', 'Sword菜单');
  await fill(page, '路由地址', '/sword/menu');
  await fill(page, '菜单图标', 'setting');
  await fill(page, '菜单编号', 'sword_menu');
  await fill(page, '菜单别名', 'menu');
  await fill(page, '菜单排序', '99');
  await submit(page);
  expect(one(stack, "SELECT name, path, category FROM blade_menu WHERE code = 'sword_menu' AND is_deleted = 0")).toEqual({ name: 'Sword菜单', path: '/sword/menu', category: 1 });
  await rowAction(page, 'sword_menu', /修\s*改/);
  await page.waitForURL(/#\/system\/menu\/edit\/\d+/);
  await expect(formItem(page, '菜单名称').locator('input')).toHaveValue('Sword菜单');
  await fill(page, '菜单名称', 'Sword菜单二');
  await submit(page);
  expect(one(stack, "SELECT name FROM blade_menu WHERE code = 'sword_menu' AND is_deleted = 0")?.name).toBe('Sword菜单二');
  await remove(page, 'sword_menu', '/api/blade-system/menu/remove');
  expect(one(stack, "SELECT 1 FROM blade_menu WHERE code = 'sword_menu' AND is_deleted = 0")).toBeUndefined();
});

test('notices: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/desk/notice');
  await add(page, '/desk/notice');
  await fill(page, '通知标题', 'Sword通知');
  await choose(page, '通知类型');
  // Sword allows only days after today, with a time (确定)
  await formItem(page, '通知日期').locator('input').first().click();
  const calendar = page.locator('.ant-calendar-picker-container:visible');
  await calendar.locator('td.ant-calendar-cell:not(.ant-calendar-disabled-cell) .ant-calendar-date').first().click();
  await calendar.locator('.ant-calendar-ok-btn').click();
  await expect(formItem(page, '通知日期').locator('input').first()).toHaveValue(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
  await fill(page, '通知内容', 'Sword的通知');
  await submit(page);
  expect(one(stack, "SELECT content FROM blade_notice WHERE title = 'Sword通知' AND is_deleted = 0")?.content).toBe('Sword的通知');
  await rowAction(page, 'Sword通知', /修\s*改/);
  await page.waitForURL(/#\/desk\/notice\/edit\/\d+/);
  await expect(formItem(page, '通知标题').locator('input')).toHaveValue('Sword通知');
  await fill(page, '通知标题', 'Sword通知二');
  await submit(page);
  expect(one(stack, "SELECT 1 FROM blade_notice WHERE title = 'Sword通知二' AND is_deleted = 0")).toBeDefined();
  await remove(page, 'Sword通知二', '/api/blade-desk/notice/remove');
  expect(one(stack, "SELECT 1 FROM blade_notice WHERE title LIKE 'Sword通知%' AND is_deleted = 0")).toBeUndefined();
});

test('users: add, edit, delete', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/user');
  await add(page, '/system/user');
  await fill(page, '登录账号', 'sworduser');
  await choose(page, '所属租户');
  await fill(page, '密码', 'Sword123');
  await fill(page, '确认密码', 'Sword123');
  await fill(page, '用户昵称', 'sword');
  await fill(page, '用户姓名', 'Sword用户');
  await choose(page, '所属角色');
  await choose(page, '所属部门');
  await choose(page, '所属岗位');
  await submit(page);
  expect(one(stack, "SELECT real_name FROM blade_user WHERE account = 'sworduser' AND is_deleted = 0")?.real_name).toBe('Sword用户');
  await rowAction(page, 'sworduser', /修\s*改/);
  await page.waitForURL(/#\/system\/user\/edit\/\d+/);
  await expect(formItem(page, '用户姓名').locator('input')).toHaveValue('Sword用户');
  await fill(page, '用户姓名', 'Sword用户二');
  await submit(page);
  expect(one(stack, "SELECT real_name FROM blade_user WHERE account = 'sworduser' AND is_deleted = 0")?.real_name).toBe('Sword用户二');
  await remove(page, 'sworduser', '/api/blade-user/remove');
  expect(one(stack, "SELECT 1 FROM blade_user WHERE account = 'sworduser' AND is_deleted = 0")).toBeUndefined();
});
