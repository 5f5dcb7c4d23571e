// Sword 4.5's list screens not driven in sword.spec.ts: on each, one row is added
// (the toolbar's 新增 page), edited (its row's 修改 page) and deleted (its row's
// 删除, ids= posted to the delete button's path), each write checked in the
// back end's database.
import type { Page } from '@playwright/test';
import { add, choose, expect, fill, formItem, one, openList, remove, rowAction, signIn, submit, test, type Stack } from './sword-ui';

/** One input of a Sword form, by its label. */
type Input = { label: string; text: string } | { label: string; pick: true } | { label: string; radio: string };

interface Screen {
  title: string;
  path: string;
  /** the list holds no row on a fresh install */
  empty?: boolean;
  add: Input[];
  /** one input: the field shows the added value when the edit page has loaded the row */
  edit: { label: string; text: string };
  row: string;
  /** reads back the edited field as `v` */
  stored: string;
  added: string;
  /** the API the delete button posts to */
  api: string;
}

async function fillForm(page: Page, inputs: Input[]): Promise<void> {
  for (const input of inputs) {
    if ('text' in input) await fill(page, input.label, input.text);
    else if ('pick' in input) await choose(page, input.label);
    else await formItem(page, input.label).locator('.ant-radio-wrapper', { hasText: input.radio }).click();
  }
}

async function driveCrud(page: Page, stack: Stack, s: Screen): Promise<void> {
  const stored = () => one(stack, s.stored)?.v;
  await signIn(page, stack);
  await openList(page, stack, s.path, s.empty ? { rows: false } : {});
  await add(page, s.path);
  await fillForm(page, s.add);
  await submit(page);
  expect(stored()).toBe(s.added);

  await openList(page, stack, s.path);
  await rowAction(page, s.row, /修\s*改/);
  await page.waitForURL(new RegExp(`#${s.path}/edit/\\d+`));
  await expect(formItem(page, s.edit.label).locator('input, textarea').first()).toHaveValue(s.added);
  await fill(page, s.edit.label, s.edit.text);
  await submit(page);
  expect(stored()).toBe(s.edit.text);

  await openList(page, stack, s.path);
  await remove(page, s.row, s.api);
  expect(stored()).toBeUndefined();
}

const SCREENS: Screen[] = [
  {
    title: '部门管理 (departments)',
    path: '/system/dept',
    add: [{ label: '部门简称', text: 'Sword部门' }, { label: '部门全称', text: 'Sword部门全称' }, { label: '部门排序', text: '9' }],
    edit: { label: '部门全称', text: 'Sword部门全称二' },
    row: 'Sword部门',
    stored: "SELECT full_name AS v FROM blade_dept WHERE dept_name = 'Sword部门' AND is_deleted = 0",
    added: 'Sword部门全称',
    api: '/api/blade-system/dept/remove',
  },
  {
    title: '岗位管理 (posts)',
    path: '/system/post',
    add: [{ label: '岗位类型', pick: true }, { label: '岗位编号', text: 'sword_post' }, { label: '岗位名称', text: 'Sword岗位' }, { label: '岗位排序', text: '3' }, { label: '岗位描述', text: 'Sword的岗位' }],
    edit: { label: '岗位名称', text: 'Sword岗位二' },
    row: 'sword_post',
    stored: "SELECT post_name AS v FROM blade_post WHERE post_code = 'sword_post' AND is_deleted = 0",
    added: 'Sword岗位',
    api: '/api/blade-system/post/remove',
  },
  {
    title: '租户管理 (tenants)',
    path: '/system/tenant',
    add: [{ label: '租户名称', text: 'Sword租户' }, { label: '联系人', text: '张三' }, { label: '联系电话', text: '13800000000' }, { label: '联系地址', text: '上海' }],
    edit: { label: '联系人', text: '李四' },
    row: 'Sword租户',
    stored: "SELECT linkman AS v FROM blade_tenant WHERE tenant_name = 'Sword租户' AND is_deleted = 0",
    added: '张三',
    api: '/api/blade-system/tenant/remove',
  },
  {
    title: '应用管理 (clients)',
    path: '/system/client',
    add: [
      { label: '客户端id', text: 'sword_app' },
      { label: '客户端密钥', text: 'sword_app_secret' },
      { label: '授权类型', text: 'refresh_token,password' },
      { label: '授权范围', text: 'all' },
      { label: '令牌过期秒数', text: '3600' },
      { label: '刷新令牌过期秒数', text: '604800' },
      { label: '回调地址', text: 'http://localhost/one' },
    ],
    edit: { label: '回调地址', text: 'http://localhost/two' },
    row: 'sword_app',
    stored: "SELECT web_server_redirect_uri AS v FROM blade_client WHERE client_id = 'sword_app' AND is_deleted = 0",
    added: 'http://localhost/one',
    api: '/api/blade-system/client/remove',
  },
  {
    title: '数据源管理 (data sources)',
    path: '/tool/datasource',
    add: [
      { label: '名称', text: 'Sword数据源' },
      { label: '驱动类', pick: true },
      { label: '连接地址', text: 'jdbc:mysql://127.0.0.1:3306/one' },
      { label: '用户名', text: 'sword' },
      { label: '密码', text: 'sword_pw' },
      { label: '备注', text: 'Sword的数据源' },
    ],
    edit: { label: '连接地址', text: 'jdbc:mysql://127.0.0.1:3306/two' },
    row: 'Sword数据源',
    stored: "SELECT url AS v FROM blade_datasource WHERE name = 'Sword数据源' AND is_deleted = 0",
    added: 'jdbc:mysql://127.0.0.1:3306/one',
    api: '/api/blade-develop/datasource/remove',
  },
  {
    title: '代码生成 (code entries)',
    path: '/tool/code',
    empty: true,
    add: [
      { label: '数据源', pick: true },
      { label: '模块名', text: 'swordDemo' },
      { label: '服务名', text: 'sword-demo' },
      { label: '表名', text: 'blade_notice' },
      { label: '表前缀名', text: 'blade_' },
      { label: '主键名', text: 'id' },
      { label: '包名', text: 'org.springblade.demo' },
      { label: '基础业务', radio: '是' },
      { label: '包装器', radio: '是' },
      { label: '后端生成路径', text: '/sword/api' },
      { label: '前端生成路径', text: '/sword/web' },
    ],
    edit: { label: '包名', text: 'org.springblade.demo2' },
    row: 'swordDemo',
    stored: "SELECT package_name AS v FROM blade_code WHERE code_name = 'swordDemo' AND is_deleted = 0",
    added: 'org.springblade.demo',
    api: '/api/blade-develop/code/remove',
  },
];

for (const screen of SCREENS) {
  test(`${screen.title}: add, edit, delete`, async ({ page, stack }) => {
    await driveCrud(page, stack, screen);
  });
}

test('岗位管理: the post of a fresh install saves unchanged from Sword\'s edit page', async ({ page, stack }) => {
  await signIn(page, stack);
  await openList(page, stack, '/system/post');
  const before = one(stack, "SELECT category, post_code, post_name, sort, remark FROM blade_post WHERE post_code = 'ceo' AND is_deleted = 0");
  expect(before?.post_name).toBe('首席执行官');
  await rowAction(page, 'ceo', /修\s*改/);
  await page.waitForURL(/#\/system\/post\/edit\/\d+/);
  await expect(formItem(page, '岗位名称').locator('input')).toHaveValue('首席执行官');
  await submit(page);
  expect(one(stack, "SELECT category, post_code, post_name, sort, remark FROM blade_post WHERE post_code = 'ceo' AND is_deleted = 0")).toEqual(before);
});

test('用户管理: the administrator of a fresh install saves unchanged from Sword\'s edit page', async ({ page, stack }) => {
  const row = () => one(stack, "SELECT account, name, real_name, role_id, dept_id, post_id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'");
  const before = row();
  await signIn(page, stack);
  await openList(page, stack, '/system/user');
  await rowAction(page, 'admin', /修\s*改/);
  await page.waitForURL(/#\/system\/user\/edit\/\d+/);
  await expect(formItem(page, '用户姓名').locator('input')).toHaveValue('管理员');
  await submit(page);
  expect(row()).toEqual(before);
});
