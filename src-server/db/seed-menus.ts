// The seeded menu tree: every screen of both spec documents, grouped as the
// spec groups them, with the standard CRUD buttons (<code>_add/_edit/_delete/_view).
// A button's path is `<menu path>/<alias>` (stock SpringBlade's page paths for
// add/edit/view), except the delete buttons stock SpringBlade seeds with the API
// its consoles post `ids=` to (STOCK_DELETE_PATHS). This console reads only the
// codes; Sword 4.5's delete button posts to the path.

export type ButtonAlias = 'add' | 'edit' | 'delete' | 'view';

export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  /** antd icon name (kebab case, e.g. `setting`, `file-text`) */
  source: string;
  /** role aliases allowed to see the item; omitted = no restriction */
  roles?: string[];
  /** buttons to create; omitted = all four CRUD buttons, [] = none */
  buttons?: ButtonAlias[];
  children?: MenuSeed[];
}

export const BUTTONS: Record<ButtonAlias, { name: string; source: string; action: number; sort: number }> = {
  add: { name: '新增', source: 'plus', action: 1, sort: 1 },
  edit: { name: '修改', source: 'edit', action: 2, sort: 2 },
  delete: { name: '删除', source: 'delete', action: 3, sort: 3 },
  view: { name: '查看', source: 'eye', action: 2, sort: 4 },
};

/**
 * Delete buttons whose path is an API in stock SpringBlade's blade_menu seed
 * (blade-saber / blade-sword SQL, attach from its 2.8 update), by menu code.
 * Migration 232 moved databases seeded before to these paths.
 */
export const STOCK_DELETE_PATHS: Readonly<Record<string, string>> = {
  notice: '/api/blade-desk/notice/remove',
  user: '/api/blade-user/remove',
  dept: '/api/blade-system/dept/remove',
  post: '/api/blade-system/post/remove',
  dict: '/api/blade-system/dict/remove',
  dictbiz: '/api/blade-system/dict-biz/remove',
  menu: '/api/blade-system/menu/remove',
  topmenu: '/api/blade-system/topmenu/remove',
  param: '/api/blade-system/param/remove',
  tenant: '/api/blade-system/tenant/remove',
  client: '/api/blade-system/client/remove',
  role: '/api/blade-system/role/remove',
  sms: '/api/blade-resource/sms/remove',
  oss: '/api/blade-resource/oss/remove',
  attach: '/api/blade-resource/attach/remove',
  code: '/api/blade-develop/code/remove',
  datasource: '/api/blade-develop/datasource/remove',
  flowModel: '/api/blade-flow/model/remove',
  // not in stock's seed (its report menu has no buttons): Sword's toolbar 删除 of the report list (migration 235)
  reportlist: '/api/blade-report/report/rest/remove',
};

/**
 * Buttons seeded on another bar than their alias's (BUTTONS' action: 1 toolbar, 2 row, 3 both), by
 * button code. Sword's report rows bring their own 删除 beside 设计 and 预览, so the button is the
 * toolbar's only (migration 235).
 */
export const BUTTON_ACTIONS: Readonly<Record<string, number>> = {
  reportlist_delete: 1,
};

/** The seeded path of a menu's button. */
export function buttonPath(menu: Pick<MenuSeed, 'code' | 'path'>, alias: ButtonAlias): string {
  return (alias === 'delete' ? STOCK_DELETE_PATHS[menu.code] : undefined) ?? `${menu.path}/${alias}`;
}

const NONE: ButtonAlias[] = [];
const VIEW: ButtonAlias[] = ['view'];

export const MENU_TREE: MenuSeed[] = [
  {
    code: 'workbench', name: '工作台', path: '/wel', source: 'home', buttons: NONE,
    children: [
      { code: 'wel', name: '首页', path: '/wel/index', source: 'home', buttons: NONE },
      { code: 'dashboard', name: '控制台', path: '/wel/dashboard', source: 'dashboard', buttons: NONE },
    ],
  },
  {
    code: 'site', name: '站点管理', path: '/site', source: 'global', buttons: NONE,
    children: [
      { code: 'siteDashboard', name: '数据看板', path: '/site/dashboard', source: 'bar-chart', buttons: NONE },
      { code: 'websiteInfo', name: '网站管理', path: '/site/websiteInfo', source: 'global' },
      { code: 'websiteGroup', name: '网站分组', path: '/site/websiteGroup', source: 'cluster' },
      { code: 'websiteAssocia', name: '网站关联', path: '/site/websiteAssocia', source: 'link' },
      { code: 'websiteLanguage', name: '语言管理', path: '/site/websiteLanguage', source: 'translation' },
      { code: 'templateConfig', name: '模板页面配置', path: '/site/templateConfig', source: 'layout' },
      { code: 'templatePageConfig', name: '模板页面', path: '/site/templatePageConfig', source: 'file-text' },
      { code: 'customPageUrl', name: '自定义页面URL', path: '/site/customPageUrl', source: 'file-search' },
      { code: 'deployTasks', name: '部署任务', path: '/site/deployTasks', source: 'schedule' },
      // its extra buttons (账号设置, 测试连接, 立即同步, 全站提交, 导入数据) come from system_extra_button (migration 392)
      { code: 'searchEngine', name: '搜索引擎', path: '/site/searchEngine', source: 'search', buttons: ['edit', 'view'] },
    ],
  },
  {
    code: 'infra', name: '基础设施', path: '/infra', source: 'cloud-server', buttons: NONE,
    children: [
      { code: 'domainInfo', name: '域名管理', path: '/infra/domainInfo', source: 'global' },
      { code: 'serverInfo', name: '服务器管理', path: '/infra/serverInfo', source: 'cloud-server' },
    ],
  },
  {
    code: 'material', name: '素材管理', path: '/material', source: 'picture', buttons: NONE,
    children: [
      { code: 'websiteTemplate', name: '网站模板', path: '/material/websiteTemplate', source: 'appstore' },
      { code: 'websiteNavbar', name: '导航栏管理', path: '/material/websiteNavbar', source: 'menu' },
      { code: 'links', name: '标签链接', path: '/material/links', source: 'tags' },
      { code: 'advert', name: '广告管理', path: '/material/advert', source: 'notification' },
      { code: 'contactInfo', name: '客服分组', path: '/material/contactInfo', source: 'customer-service' },
      { code: 'imgGroup', name: '图片分组', path: '/material/imgGroup', source: 'folder' },
      { code: 'websiteImg', name: '图片素材', path: '/material/websiteImg', source: 'picture' },
      { code: 'goods', name: '商品管理', path: '/material/goods', source: 'shopping' },
    ],
  },
  {
    code: 'content', name: '内容管理', path: '/article', source: 'file-text', buttons: NONE,
    children: [
      { code: 'cate', name: '文章栏目', path: '/article/cate', source: 'apartment' },
      { code: 'article', name: '文章管理', path: '/article/article', source: 'file-text' },
      { code: 'paragraph', name: '段落管理', path: '/article/paragraph', source: 'align-left' },
      { code: 'keyword', name: '关键词管理', path: '/article/keyword', source: 'key' },
      { code: 'gptProduceKeyword', name: '关键词生成', path: '/article/gptProduceKeyword', source: 'bulb' },
      { code: 'gptProduceArticle', name: '生成文章任务', path: '/article/gptProduceArticle', source: 'robot' },
      { code: 'importTask', name: '导入任务', path: '/article/importTask', source: 'import' },
      { code: 'taskErrorLog', name: '任务错误日志', path: '/article/taskErrorLog', source: 'warning' },
      { code: 'gptGenerateTemplateParm', name: '模板参数', path: '/article/gptGenerateTemplateParm', source: 'profile' },
    ],
  },
  {
    code: 'ai', name: 'AI设置', path: '/ai', source: 'robot', buttons: NONE,
    children: [
      { code: 'aiModel', name: 'AI模型设置', path: '/ai/aiModel', source: 'experiment' },
      { code: 'key', name: 'AI密钥设置', path: '/ai/key', source: 'key' },
    ],
  },
  {
    code: 'system', name: '系统管理', path: '/system', source: 'setting', buttons: NONE,
    children: [
      { code: 'user', name: '用户管理', path: '/system/user', source: 'user' },
      { code: 'dept', name: '部门管理', path: '/system/dept', source: 'apartment' },
      { code: 'post', name: '岗位管理', path: '/system/post', source: 'idcard' },
      { code: 'dict', name: '系统字典', path: '/system/dict', source: 'book' },
      { code: 'dictbiz', name: '业务字典', path: '/system/dictbiz', source: 'read' },
      { code: 'menu', name: '菜单管理', path: '/system/menu', source: 'menu' },
      { code: 'topmenu', name: '顶部菜单', path: '/system/topmenu', source: 'layout' },
      { code: 'param', name: '参数管理', path: '/system/param', source: 'control' },
      { code: 'tenant', name: '租户管理', path: '/system/tenant', source: 'team', roles: ['administrator'] },
      { code: 'tenantPackage', name: '租户产品包', path: '/system/tenantPackage', source: 'gift', roles: ['administrator'] },
      { code: 'client', name: '应用管理', path: '/system/client', source: 'api', roles: ['administrator'] },
      { code: 'region', name: '行政区划', path: '/base/region', source: 'environment' },
    ],
  },
  {
    code: 'authority', name: '权限管理', path: '/authority', source: 'safety', buttons: NONE,
    children: [
      { code: 'role', name: '角色管理', path: '/authority/role', source: 'team' },
      { code: 'datascope', name: '数据权限', path: '/authority/datascope', source: 'database' },
      { code: 'apiscope', name: '接口权限', path: '/authority/apiscope', source: 'api' },
    ],
  },
  {
    code: 'resource', name: '消息与资源', path: '/resource', source: 'cloud', buttons: NONE,
    children: [
      { code: 'notice', name: '通知公告', path: '/desk/notice', source: 'notification' },
      { code: 'sms', name: '短信配置', path: '/resource/sms', source: 'message' },
      { code: 'oss', name: '对象存储', path: '/resource/oss', source: 'cloud-upload' },
      { code: 'attach', name: '附件管理', path: '/resource/attach', source: 'paper-clip' },
    ],
  },
  {
    code: 'tool', name: '研发工具', path: '/tool', source: 'tool', buttons: NONE,
    children: [
      { code: 'code', name: '代码生成', path: '/tool/code', source: 'code' },
      { code: 'model', name: '数据模型', path: '/tool/model', source: 'table' },
      { code: 'datasource', name: '数据源管理', path: '/tool/datasource', source: 'database' },
    ],
  },
  {
    code: 'flow', name: '流程管理', path: '/flow', source: 'branches', buttons: NONE,
    children: [
      { code: 'flowModel', name: '模型管理', path: '/flow/model', source: 'deployment-unit' },
      { code: 'flowDeploy', name: '部署管理', path: '/flow/deploy', source: 'cloud-upload', buttons: ['view', 'delete'] },
      { code: 'flowFollow', name: '流程跟踪', path: '/flow/follow', source: 'node-index', buttons: ['view', 'delete'] },
      { code: 'workTodo', name: '待办事务', path: '/work/todo', source: 'carry-out', buttons: VIEW },
      { code: 'workStart', name: '发起事务', path: '/work/start', source: 'send', buttons: VIEW },
      { code: 'workClaim', name: '待签事务', path: '/work/claim', source: 'audit', buttons: VIEW },
      { code: 'workSend', name: '已发事务', path: '/work/send', source: 'export', buttons: VIEW },
      { code: 'workDone', name: '办结事务', path: '/work/done', source: 'check-circle', buttons: VIEW },
    ],
  },
  {
    code: 'log', name: '日志管理', path: '/monitor/log', source: 'file-search', buttons: NONE,
    children: [
      { code: 'log_usual', name: '通用日志', path: '/monitor/log/usual', source: 'profile', buttons: VIEW },
      { code: 'log_api', name: '接口日志', path: '/monitor/log/api', source: 'api', buttons: VIEW },
      { code: 'log_error', name: '错误日志', path: '/monitor/log/error', source: 'bug', buttons: VIEW },
    ],
  },
  {
    code: 'report', name: '报表管理', path: '/report', source: 'area-chart', buttons: NONE,
    children: [
      { code: 'reportlist', name: '报表列表', path: '/report/reportlist', source: 'area-chart', buttons: ['view', 'delete'] },
    ],
  },
];

/** Menu codes (menus or buttons) granted to the seeded `user` role. */
export const USER_ROLE_GRANTS = ['workbench', 'wel', 'content', 'article', 'article_add', 'article_edit', 'article_view'];
