// Saber 4.9, the stock open-source BladeX console, built from its unchanged
// source (scripts/saber.mjs) and driven against `npm run server`: it signs in
// through its own login page (captcha, SM2-encrypted password, stock
// /blade-auth/token), and on every list screen whose 新增/编辑 open a form it
// adds, edits and deletes one row. Each write is checked in the back end's
// database, not only on the screen. The screens whose form is on the page
// (行政区划, 个人信息) or in a drawer (数据权限, 接口权限) are in
// saber-page-forms.spec.ts.
import { expect, one, signIn, test } from './stack';
import { dialog, driveCrud, field, openScreen, rowAction, save, type CrudScreen, type MenuPlace } from './saber-ui';

const SYSTEM = '系统管理';
const TOOLS = '研发工具';
/** ready marker of a list that may be empty on a fresh install */
const LIST = '.el-table__row, .el-table__empty-text';

const SCREENS: CrudScreen[] = [
  {
    title: '参数管理 (parameters)',
    menu: [SYSTEM, '参数管理', '/system/param'],
    add: [{ label: '参数名称', text: 'Saber参数' }, { label: '参数键名', text: 'saber.key' }, { label: '参数键值', text: 'one' }],
    edit: [{ label: '参数键值', text: 'two' }],
    row: 'saber.key',
    stored: "SELECT param_value AS v FROM blade_param WHERE param_key = 'saber.key' AND is_deleted = 0",
    added: 'one',
    edited: 'two',
  },
  {
    title: '系统字典 (dictionaries)',
    menu: [SYSTEM, '系统字典', '/system/dict'],
    add: [{ label: '字典编号', text: 'saber_dict' }, { label: '字典名称', text: 'Saber字典' }, { label: '字典键值', text: '-1' }, { label: '字典排序', text: '99' }],
    edit: [{ label: '字典名称', text: 'Saber字典二' }],
    row: 'saber_dict',
    stored: "SELECT dict_value AS v FROM blade_dict WHERE code = 'saber_dict' AND is_deleted = 0",
    added: 'Saber字典',
    edited: 'Saber字典二',
  },
  {
    title: '系统字典 › 新增子项 (a dictionary item)',
    menu: [SYSTEM, '系统字典', '/system/dict'],
    under: '通知类型',
    add: [{ label: '字典名称', text: 'Saber类型' }, { label: '字典键值', text: '9' }, { label: '字典排序', text: '9' }],
    edit: [{ label: '字典名称', text: 'Saber类型二' }],
    row: 'Saber类型',
    stored: "SELECT dict_value AS v FROM blade_dict WHERE code = 'notice' AND dict_key = '9' AND parent_id <> '0' AND is_deleted = 0",
    added: 'Saber类型',
    edited: 'Saber类型二',
  },
  {
    title: '角色管理 (roles)',
    menu: ['权限管理', '角色管理', '/authority/role'],
    add: [{ label: '角色名称', text: 'Saber角色' }, { label: '角色别名', text: 'saber_role' }, { label: '角色排序', text: '99' }],
    edit: [{ label: '角色名称', text: 'Saber角色二' }],
    row: 'saber_role',
    stored: "SELECT role_name AS v FROM blade_role WHERE role_alias = 'saber_role' AND is_deleted = 0",
    added: 'Saber角色',
    edited: 'Saber角色二',
  },
  {
    title: '菜单管理 (menus)',
    menu: [SYSTEM, '菜单管理', '/system/menu'],
    add: [
      { label: '菜单名称', text: 'Saber菜单' },
      { label: '路由地址', text: '/saber/menu' },
      { label: '菜单图标', icon: 'iconicon_setting' },
      { label: '菜单编号', text: 'saber_menu' },
      { label: '菜单别名', text: 'menu' },
      { label: '菜单类型', radio: '菜单' },
      { label: '按钮功能', radio: '工具栏' },
      { label: '菜单排序', text: '99' },
    ],
    edit: [{ label: '菜单名称', text: 'Saber菜单二' }],
    row: 'saber_menu',
    stored: "SELECT name AS v FROM blade_menu WHERE code = 'saber_menu' AND is_deleted = 0",
    added: 'Saber菜单',
    edited: 'Saber菜单二',
  },
  {
    title: '菜单管理 › 新增子项 (a button of a menu)',
    menu: [SYSTEM, '菜单管理', '/system/menu'],
    under: '报表管理',
    add: [
      { label: '菜单名称', text: 'Saber按钮' },
      { label: '路由地址', text: '/api/blade-report/saber' },
      { label: '菜单图标', icon: 'iconicon_setting' },
      { label: '菜单编号', text: 'saber_button' },
      { label: '菜单别名', text: 'saber' },
      { label: '菜单类型', radio: '按钮' },
      { label: '按钮功能', radio: '操作栏' },
      { label: '菜单排序', text: '9' },
    ],
    edit: [{ label: '菜单名称', text: 'Saber按钮二' }],
    row: 'saber_button',
    stored: "SELECT m.name || '/' || m.category AS v FROM blade_menu m JOIN blade_menu p ON p.id = m.parent_id AND p.code = 'report' WHERE m.code = 'saber_button' AND m.is_deleted = 0",
    added: 'Saber按钮/2',
    edited: 'Saber按钮二/2',
  },
  {
    title: '通知公告 (notices)',
    menu: ['消息与资源', '通知公告', '/desk/notice'],
    add: [{ label: '通知标题', text: 'Saber通知' }, { label: '通知类型', pick: 'first' }, { label: '通知日期', today: true }],
    edit: [{ label: '通知标题', text: 'Saber通知二' }],
    row: 'Saber通知',
    stored: "SELECT title AS v FROM blade_notice WHERE title LIKE 'Saber通知%' AND is_deleted = 0",
    added: 'Saber通知',
    edited: 'Saber通知二',
  },
  {
    title: '用户管理 (users)',
    menu: [SYSTEM, '用户管理', '/system/user'],
    // Saber requires a post: a fresh install has one
    add: [
      { label: '登录账号', text: 'saberuser' },
      { label: '所属租户', pick: 'first' },
      { label: '密码', text: 'Saber123' },
      { label: '确认密码', text: 'Saber123' },
      { label: '用户昵称', text: 'saber' },
      { label: '用户姓名', text: 'Saber用户' },
      { label: '所属角色', pick: 'first' },
      { label: '所属部门', pick: 'first' },
      { label: '所属岗位', pick: 'first' },
    ],
    edit: [{ label: '用户姓名', text: 'Saber用户二' }],
    row: 'saberuser',
    stored: "SELECT real_name AS v FROM blade_user WHERE account = 'saberuser' AND is_deleted = 0",
    added: 'Saber用户',
    edited: 'Saber用户二',
  },
  {
    title: '部门管理 (departments)',
    menu: [SYSTEM, '部门管理', '/system/dept'],
    add: [{ label: '部门名称', text: 'Saber部门' }, { label: '部门全称', text: 'Saber部门全称' }, { label: '排序', text: '9' }],
    edit: [{ label: '部门全称', text: 'Saber部门全称二' }],
    row: 'Saber部门',
    stored: "SELECT full_name AS v FROM blade_dept WHERE dept_name = 'Saber部门' AND is_deleted = 0",
    added: 'Saber部门全称',
    edited: 'Saber部门全称二',
  },
  {
    title: '部门管理 › 新增子项 (a department below one)',
    menu: [SYSTEM, '部门管理', '/system/dept'],
    under: 'SEO矩阵',
    add: [{ label: '部门名称', text: 'Saber子部门' }, { label: '部门全称', text: 'Saber子部门全称' }, { label: '排序', text: '9' }],
    edit: [{ label: '部门全称', text: 'Saber子部门全称二' }],
    row: 'Saber子部门',
    stored: "SELECT d.full_name AS v FROM blade_dept d JOIN blade_dept p ON p.id = d.parent_id AND p.dept_name = 'SEO矩阵' WHERE d.dept_name = 'Saber子部门' AND d.is_deleted = 0",
    added: 'Saber子部门全称',
    edited: 'Saber子部门全称二',
  },
  {
    title: '岗位管理 (posts)',
    menu: [SYSTEM, '岗位管理', '/system/post'],
    ready: LIST,
    add: [{ label: '岗位类型', pick: 'first' }, { label: '岗位编号', text: 'saber_post' }, { label: '岗位名称', text: 'Saber岗位' }, { label: '岗位排序', text: '3' }],
    edit: [{ label: '岗位名称', text: 'Saber岗位二' }],
    row: 'saber_post',
    stored: "SELECT post_name AS v FROM blade_post WHERE post_code = 'saber_post' AND is_deleted = 0",
    added: 'Saber岗位',
    edited: 'Saber岗位二',
  },
  {
    title: '顶部菜单 (top menus)',
    menu: [SYSTEM, '顶部菜单', '/system/topmenu'],
    ready: LIST,
    add: [{ label: '菜单名', text: 'Saber顶部' }, { label: '菜单图标', icon: 'iconicon_setting' }, { label: '菜单编号', text: 'saber_top' }, { label: '菜单排序', text: '5' }],
    edit: [{ label: '菜单名', text: 'Saber顶部二' }],
    row: 'saber_top',
    stored: "SELECT name AS v FROM blade_top_menu WHERE code = 'saber_top' AND is_deleted = 0",
    added: 'Saber顶部',
    edited: 'Saber顶部二',
  },
  {
    title: '租户管理 (tenants)',
    menu: [SYSTEM, '租户管理', '/system/tenant'],
    add: [{ label: '租户名称', text: 'Saber租户' }, { label: '联系人', text: '张三' }, { label: '联系电话', text: '13800000000' }, { label: '联系地址', text: '上海' }],
    edit: [{ label: '联系人', text: '李四' }],
    row: 'Saber租户',
    stored: "SELECT linkman AS v FROM blade_tenant WHERE tenant_name = 'Saber租户' AND is_deleted = 0",
    added: '张三',
    edited: '李四',
  },
  {
    title: '应用管理 (clients)',
    menu: [SYSTEM, '应用管理', '/system/client'],
    add: [
      { label: '应用id', text: 'saber_app' },
      { label: '应用密钥', text: 'saber_app_secret' },
      { label: '授权类型', text: 'refresh_token,password' },
      { label: '授权范围', text: 'all' },
      { label: '令牌秒数', text: '3600' },
      { label: '刷新秒数', text: '604800' },
      { label: '回调地址', text: 'http://localhost/one' },
    ],
    edit: [{ label: '回调地址', text: 'http://localhost/two' }],
    row: 'saber_app',
    stored: "SELECT web_server_redirect_uri AS v FROM blade_client WHERE client_id = 'saber_app' AND is_deleted = 0",
    added: 'http://localhost/one',
    edited: 'http://localhost/two',
  },
  {
    title: '数据源管理 (data sources)',
    menu: [TOOLS, '数据源管理', '/tool/datasource'],
    add: [
      { label: '名称', text: 'Saber数据源' },
      { label: '驱动类', pick: 'first' },
      { label: '用户名', text: 'saber' },
      { label: '密码', text: 'saber_pw' },
      { label: '连接地址', text: 'jdbc:mysql://127.0.0.1:3306/one' },
    ],
    edit: [{ label: '连接地址', text: 'jdbc:mysql://127.0.0.1:3306/two' }],
    row: 'Saber数据源',
    stored: "SELECT url AS v FROM blade_datasource WHERE name = 'Saber数据源' AND is_deleted = 0",
    added: 'jdbc:mysql://127.0.0.1:3306/one',
    edited: 'jdbc:mysql://127.0.0.1:3306/two',
  },
  {
    title: '代码生成 (code entries)',
    menu: [TOOLS, '代码生成', '/tool/code'],
    ready: LIST,
    add: [
      { label: '数据源', pick: 'first' },
      { label: '模块名', text: 'saberDemo' },
      { label: '服务名', text: 'saber-demo' },
      { label: '表名', text: 'blade_notice' },
      { label: '表前缀', text: 'blade_' },
      { label: '主键名', text: 'id' },
      { label: '包名', text: 'org.springblade.demo' },
      { label: '基础业务', radio: '是' },
      { label: '包装器', radio: '是' },
      { label: '后端生成路径', text: '/saber/api' },
      { label: '前端生成路径', text: '/saber/web' },
    ],
    edit: [{ label: '包名', text: 'org.springblade.demo2' }],
    row: 'saberDemo',
    stored: "SELECT package_name AS v FROM blade_code WHERE code_name = 'saberDemo' AND is_deleted = 0",
    added: 'org.springblade.demo',
    edited: 'org.springblade.demo2',
  },
];

const OPENED: MenuPlace[] = [
  [SYSTEM, '用户管理', '/system/user'],
  ['权限管理', '角色管理', '/authority/role'],
  [SYSTEM, '菜单管理', '/system/menu'],
  [SYSTEM, '系统字典', '/system/dict'],
  [SYSTEM, '参数管理', '/system/param'],
  ['消息与资源', '通知公告', '/desk/notice'],
];

test('Saber signs in through its own login page and opens the system screens', async ({ page, stack }) => {
  await signIn(page, stack);
  for (const place of OPENED) await openScreen(page, place);
});

for (const screen of SCREENS) {
  test(`${screen.title}: add, edit, delete`, async ({ page, stack }) => {
    await driveCrud(page, stack, screen);
  });
}

test('用户管理: the administrator of a fresh install saves unchanged from Saber\'s edit dialog (it holds a post)', async ({ page, stack }) => {
  const row = () => one(stack, "SELECT account, name, real_name, role_id, dept_id, post_id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'");
  const before = row();
  await signIn(page, stack);
  await openScreen(page, [SYSTEM, '用户管理', '/system/user']);
  await rowAction(page, 'admin', /编\s*辑/);
  await expect(field(dialog(page), '用户姓名').locator('input').first()).toHaveValue('管理员');
  await save(page, /修\s*改/);
  expect(row()).toEqual(before);
});
