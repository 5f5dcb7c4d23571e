import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem, MenuNode } from '../../src-shared/wire';
import { SEED_IDS } from '../../src-server/db/seed';
import { DICTS } from '../../src-server/db/seed-dicts';
import { sql } from '../../src-server/db/data-layer';
import { createRole, createUser } from '../../src-server/system/directory';
import { api, grantMenus, login, startHarness, type Harness } from './helpers';

let h: Harness;
let base: string;
let admin: string;
let user: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  await createUser(h.data(), { tenantId: '000000', account: 'reader', password: 'reader', roleIds: [SEED_IDS.userRole] });
  user = await login(base, { username: 'reader', password: 'reader' });
});
afterAll(() => h.stop());

function flat(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
}

const routes = async (token: string) =>
  (await api<MenuNode[]>(base, token, 'GET', '/website-blade-system/menu/routes')).body;
const buttons = async (token: string) =>
  (await api<MenuNode[]>(base, token, 'GET', '/website-blade-system/menu/buttons')).body;

describe('menu routes', () => {
  it('gives the administrator every group of both specs, sorted, leaves without children', async () => {
    const body = await routes(admin);
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(body.data.map((n) => n.name)).toEqual([
      '工作台', '站点管理', '基础设施', '素材管理', '内容管理', 'AI设置', '系统管理', '权限管理',
      '消息与资源', '研发工具', '流程管理', '日志管理', '报表管理',
    ]);
    const all = flat(body.data);
    expect(all.every((n) => n.category === 1)).toBe(true);
    for (const n of all) if (n.children) expect(n.children.length).toBeGreaterThan(0);
    const param = all.find((n) => n.code === 'param')!;
    expect(param).toMatchObject({ name: '参数管理', path: '/system/param', alias: 'menu', category: 1, action: 0, isOpen: 1 });
    expect(param).not.toHaveProperty('children');
    expect(param).not.toHaveProperty('roles');
    expect(all.find((n) => n.code === 'tenant')!.roles).toEqual(['administrator']);
    const paths = new Set(all.map((n) => n.path));
    for (const p of [
      '/wel/index', '/site/dashboard', '/site/websiteInfo', '/infra/domainInfo', '/material/websiteImg',
      '/article/gptProduceArticle', '/ai/key', '/system/dictbiz', '/authority/apiscope', '/desk/notice',
      '/resource/attach', '/tool/datasource', '/work/done', '/monitor/log/error', '/report/reportlist',
    ]) expect(paths).toContain(p);
    for (const group of body.data) {
      const sorts = (group.children ?? []).map((c) => c.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    }
  });

  it('gives the user role only its grant plus ancestors', async () => {
    const body = await routes(user);
    expect(body.code).toBe(200);
    expect(body.data.map((n) => n.code)).toEqual(['workbench', 'content']);
    expect(body.data[0].children!.map((n) => n.code)).toEqual(['wel']);
    expect(body.data[1].children!.map((n) => n.code)).toEqual(['article']);
  });

  it('returns the seeded top menus (shell module) and an empty forest for an unknown top menu', async () => {
    const top = await api<{ name: string }[]>(base, admin, 'GET', '/website-blade-system/menu/top-menu');
    expect(top.body).toMatchObject({ code: 200, success: true });
    expect(top.body.data.map((m) => m.name)).toEqual(['站群业务', '系统运维']);
    const r = await api<MenuNode[]>(base, admin, 'GET', '/website-blade-system/menu/routes', { query: { topMenuId: '42' } });
    expect(r.body.data).toEqual([]);
  });

  it('offers a user only the top menus holding a screen granted to them (not only the 工作台 every top menu carries)', async () => {
    // the seeded user role holds 工作台 › 首页 and 内容管理 › 文章管理: 站群业务 holds the latter, 系统运维 neither
    const top = await api<{ id: string; name: string }[]>(base, user, 'GET', '/website-blade-system/menu/top-menu');
    expect(top.body.data.map((m) => m.name)).toEqual(['站群业务']);
    const side = await api<MenuNode[]>(base, user, 'GET', '/website-blade-system/menu/routes', { query: { topMenuId: top.body.data[0].id } });
    expect(flat(side.body.data).map((n) => n.code)).toContain('article');
    // a role holding 工作台 › 首页 alone: no top menu at all (each would show the home page only)
    const roleId = await createRole(h.data(), { tenantId: '000000', roleName: '首页访客', roleAlias: 'home_only' });
    await grantMenus(h.data(), roleId, ['workbench']);
    await createUser(h.data(), { tenantId: '000000', account: 'homeonly', password: 'homeonly', roleIds: [roleId] });
    const homeOnlyToken = await login(base, { username: 'homeonly', password: 'homeonly' });
    expect((await api<unknown[]>(base, homeOnlyToken, 'GET', '/website-blade-system/menu/top-menu')).body.data).toEqual([]);
  });
});

describe('menu buttons', () => {
  it('gives the administrator the param buttons under the param menu', async () => {
    const body = await buttons(admin);
    expect(body.code).toBe(200);
    const param = body.data.find((n) => n.code === 'param')!;
    expect(param.path).toBe('/system/param');
    const byCode = Object.fromEntries(param.children!.map((b) => [b.code, b]));
    expect(Object.keys(byCode).sort()).toEqual(['param_add', 'param_delete', 'param_edit', 'param_view']);
    expect(byCode.param_add).toMatchObject({ alias: 'add', action: 1, source: 'plus', category: 2, parentId: param.id });
    expect(byCode.param_edit).toMatchObject({ alias: 'edit', action: 2 });
    expect(byCode.param_delete).toMatchObject({ alias: 'delete', action: 3 });
    expect(byCode.param_view).toMatchObject({ alias: 'view', action: 2 });
    // every CRUD screen has its four buttons (some have more: user_reset, role_setting...)
    for (const code of ['websiteInfo', 'article', 'aiModel', 'user', 'notice', 'domainInfo']) {
      const menu = body.data.find((n) => n.code === code)!;
      expect(menu.children!.map((b) => b.code)).toEqual(
        expect.arrayContaining([`${code}_add`, `${code}_delete`, `${code}_edit`, `${code}_view`]),
      );
    }
  });

  it('gives the user role only its granted buttons', async () => {
    const body = await buttons(user);
    expect(body.data.map((n) => n.code)).toEqual(['article']);
    expect(body.data[0].children!.map((b) => b.code).sort()).toEqual(['article_add', 'article_edit', 'article_view']);
  });
});

describe('dictionary', () => {
  const dict = async (code: string) =>
    (await api<DictItem[]>(base, admin, 'GET', '/website-blade-system/dict/dictionary', { query: { code } })).body;

  it('serves template_config_type in its order with string keys', async () => {
    const body = await dict('template_config_type');
    expect(body.code).toBe(200);
    expect(body.data.map((d) => [d.dictKey, d.dictValue])).toEqual([
      ['4', '首页'], ['1', '关于我们'], ['2', '联系我们'], ['3', '网站介绍'], ['5', '文章详情'],
    ]);
    for (const d of body.data) {
      expect(typeof d.id).toBe('string');
      expect(typeof d.parentId).toBe('string');
      expect(d.code).toBe('template_config_type');
    }
  });

  it('serves every code the specs name', async () => {
    for (const code of [
      'yes_no', 'lang', 'ai_platform', 'server_ip_status', 'ai_model', 'template_config_type', 'navbar_type',
      'domain_info_staus', 'sex', 'notice', 'menu_category', 'button_func', 'data_scope_type', 'api_scope_type',
      'post_category', 'region', 'flow', 'org_category', 'scope_category', 'oss', 'sms', 'user_type',
    ]) {
      const body = await dict(code);
      expect(body.data.length, code).toBe(DICTS[code][1].length);
      expect(body.data.length, code).toBeGreaterThan(1);
    }
    expect((await dict('yes_no')).data.map((d) => d.dictKey)).toEqual(['0', '1']);
  });

  it('hides sealed and deleted entries (after clear-cache) and answers [] for an unknown code', async () => {
    await h.data().run(sql`UPDATE blade_dict SET is_sealed = 1 WHERE code = 'sex' AND dict_key = '3'`);
    expect((await dict('sex')).data).toHaveLength(3); // still cached
    await fetch(`${base}/blade-auth/oauth/clear-cache`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect((await dict('sex')).data.map((d) => d.dictKey)).toEqual(['1', '2']);
    expect((await dict('no_such_code')).data).toEqual([]);
    const missing = await api(base, admin, 'GET', '/website-blade-system/dict/dictionary');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('code');
  });
});
