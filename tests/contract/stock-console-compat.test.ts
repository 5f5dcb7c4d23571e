// What Sword 4.5 (the stock React console) needs beyond Saber: menu/routes and
// menu/buttons answered before sign-in (its login page asks for both), menu/auth-routes, and delete buttons whose path is
// the API stock SpringBlade seeds (Sword posts ids= to it). Migration 232 moves
// a database seeded before to those paths, leaving a path an operator changed.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { migrate } from '../../src-server/db/migrate';
import { SEED_IDS, seed, TENANT_POST_REMARK } from '../../src-server/db/seed';
import { createRole, createUser } from '../../src-server/system/directory';
import { STOCK_DELETE_PATHS } from '../../src-server/db/seed-menus';
import { MIGRATIONS } from '../../src-server/modules';
import { api, ENGINE, grantMenus, login, sharedPostgres, startHarness, tempDir, type Harness } from './helpers';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
});
afterAll(() => h.stop());

describe('menu routes before sign-in', () => {
  it('anonymous: empty lists and an empty map; signed in: the menus; a refused token: 401', async () => {
    for (const path of ['/blade-system/menu/routes', '/website-blade-system/menu/routes', '/blade-system/menu/buttons']) {
      const anonymous = await api(base, null, 'GET', path);
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.body).toEqual({ code: 200, success: true, data: [], msg: '操作成功' });
    }
    const authAnonymous = await api(base, null, 'GET', '/blade-system/menu/auth-routes');
    expect(authAnonymous.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });

    const token = await login(base);
    const routes = await api<{ code: string }[]>(base, token, 'GET', '/blade-system/menu/routes');
    expect(routes.body.data.map((r) => r.code)).toContain('system');

    const bad = await api(base, 'abc.def.ghi', 'GET', '/blade-system/menu/routes');
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('请求未授权');
    expect((await api(base, 'abc.def.ghi', 'GET', '/blade-system/menu/auth-routes')).status).toBe(401);
    expect((await api(base, 'abc.def.ghi', 'GET', '/blade-system/menu/buttons')).status).toBe(401);
  });

  it('auth-routes maps each route path the caller may open to the aliases of the roles granting it', async () => {
    const admin = await login(base);
    const all = (await api<Record<string, { authority: string[] }>>(base, admin, 'GET', '/blade-system/menu/auth-routes')).body.data;
    expect(all['/system/user']).toEqual({ authority: ['administrator'] });
    expect(all['/desk/notice']).toEqual({ authority: ['administrator'] });
    // buttons are not routes
    expect(Object.keys(all).some((p) => p.startsWith('/api/'))).toBe(false);

    // a role granted the parameter screen only
    const role = await createRole(h.data(), { tenantId: '000000', roleName: '参数员', roleAlias: 'param_keeper' });
    await grantMenus(h.data(), role, ['param']);
    await createUser(h.data(), { tenantId: '000000', account: 'keeper', password: 'pw', roleIds: [role], deptIds: [SEED_IDS.dept] });
    const keeper = await login(base, { username: 'keeper', password: 'pw' });
    const mine = (await api<Record<string, { authority: string[] }>>(base, keeper, 'GET', '/blade-system/menu/auth-routes')).body.data;
    expect(mine).toEqual({ '/system/param': { authority: ['param_keeper'] } });
  });
});

describe('delete buttons at stock SpringBlade paths', () => {
  it('a fresh install seeds them, and Sword\'s delete (ids= posted to the path) works', async () => {
    const token = await login(base);
    const buttons = (await api<{ code: string; children?: { code: string; path: string }[] }[]>(base, token, 'GET', '/blade-system/menu/buttons')).body.data;
    const paths = new Map(buttons.flatMap((g) => g.children ?? []).map((b) => [b.code, b.path]));
    expect(paths.get('user_delete')).toBe('/api/blade-user/remove');
    expect(paths.get('param_delete')).toBe('/api/blade-system/param/remove');
    expect(paths.get('dict_delete')).toBe('/api/blade-system/dict/remove');
    expect(paths.get('notice_delete')).toBe('/api/blade-desk/notice/remove');
    // add/edit/view keep stock's page paths, and a content screen its own
    expect(paths.get('user_add')).toBe('/system/user/add');
    expect(paths.get('user_view')).toBe('/system/user/view');
    expect(paths.get('article_delete')).toBe('/article/article/delete');
    for (const [menu, path] of Object.entries(STOCK_DELETE_PATHS)) expect(paths.get(`${menu}_delete`), menu).toBe(path);

    // a seeded delete button passes the menu form unchanged
    const id = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = 'user_delete'`))!.id;
    const detail = (await api<Record<string, unknown>>(base, token, 'GET', '/blade-system/menu/detail', { query: { id } })).body.data;
    const resaved = await api(base, token, 'POST', '/blade-system/menu/submit', { json: detail });
    expect(resaved.body.code, resaved.body.msg).toBe(200);
    expect(await h.data().get(sql`SELECT path FROM blade_menu WHERE id = ${id}`)).toEqual({ path: '/api/blade-user/remove' });

    // what Sword's Grid does with the path
    const saved = await api(base, token, 'POST', '/blade-system/param/submit', { json: { paramName: 'Sword', paramKey: 'sword.delete', paramValue: '1' } });
    expect(saved.body.code).toBe(200);
    const row = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_param WHERE param_key = 'sword.delete' AND is_deleted = 0`))!;
    const removed = await fetch(`${base.replace(/\/api$/, '')}${paths.get('param_delete')}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ids: row.id }),
    });
    expect(((await removed.json()) as { code: number }).code).toBe(200);
    expect(await h.data().get(sql`SELECT 1 AS one FROM blade_param WHERE param_key = 'sword.delete' AND is_deleted = 0`)).toBeUndefined();
  });

  it('migration 232 moves the seeded page paths of a database seeded before, and keeps a path an operator changed', async () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    try {
      const data = sqliteDataLayer(db);
      await migrate(data, MIGRATIONS.filter((m) => m.version < 232));
      await seed(data);
      // as the seed before 232 wrote them
      await data.run(sql`UPDATE blade_menu SET path = (SELECT p.path FROM blade_menu p WHERE p.id = blade_menu.parent_id) || '/delete' WHERE category = 2 AND alias = 'delete'`);
      await data.run(sql`UPDATE blade_menu SET path = '/mine/remove' WHERE code = 'role_delete'`);
      await migrate(data, MIGRATIONS);
      const path = async (code: string) => (await data.get(sql<{ path: string }>`SELECT path FROM blade_menu WHERE code = ${code}`))!.path;
      expect(await path('user_delete')).toBe('/api/blade-user/remove');
      expect(await path('menu_delete')).toBe('/api/blade-system/menu/remove');
      expect(await path('flowModel_delete')).toBe('/api/blade-flow/model/remove');
      expect(await path('role_delete')).toBe('/mine/remove');
      expect(await path('article_delete')).toBe('/article/article/delete');
      for (const [menu, p] of Object.entries(STOCK_DELETE_PATHS)) if (menu !== 'role') expect(await path(`${menu}_delete`), menu).toBe(p);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a region\'s detail names its parent (Sword\'s region form requires 父区划名称)', () => {
  it('a city names its province, a province the country at the root, and the form\'s answer saves unchanged', async () => {
    const token = await login(base);
    const detail = async (code: string) => (await api<Record<string, unknown>>(base, token, 'GET', '/blade-system/region/detail', { query: { code } })).body.data;
    expect(await detail('4403')).toMatchObject({ code: '4403', name: '深圳市', parentCode: '44', parentName: '广东省' });
    expect(await detail('440305')).toMatchObject({ parentCode: '4403', parentName: '深圳市' });
    expect(await detail('44')).toMatchObject({ parentCode: '00', parentName: '中华人民共和国' });
    // what Sword posts back from its form: the detail's fields, the root's parent code sent as ''
    for (const code of ['4403', '44']) {
      const d = await detail(code);
      const form = { parentCode: d.parentCode === '00' ? '' : d.parentCode, parentName: d.parentName, code: d.code, name: d.name, level: d.level, sort: d.sort, remark: d.remark };
      const saved = await api<Record<string, unknown>>(base, token, 'POST', '/blade-system/region/submit', { json: form });
      expect(saved.body.code, saved.body.msg).toBe(200);
      expect(saved.body.data).toMatchObject({ code, parentCode: d.parentCode, parentName: d.parentName, level: d.level });
    }
  });
});

describe('a post out of the box (both stock user forms require one)', () => {
  it('a fresh install has a post in the administrator tenant; the administrator holds it, and both save unchanged through their forms', async () => {
    const token = await login(base);
    const posts = (await api<{ id: string; postCode: string; postName: string }[]>(base, token, 'GET', '/blade-system/post/select')).body.data;
    expect(posts.map((p) => [p.postCode, p.postName])).toEqual([['ceo', '首席执行官']]);
    const detail = (await api<Record<string, unknown>>(base, token, 'GET', '/blade-system/post/detail', { query: { id: posts[0]!.id } })).body.data;
    // every field Sword's post form requires (岗位类型, 编号, 名称, 排序, 描述)
    for (const field of ['category', 'postCode', 'postName', 'sort', 'remark']) expect(detail[field] ?? '', field).not.toBe('');
    const resaved = await api(base, token, 'POST', '/blade-system/post/submit', { json: detail });
    expect(resaved.body.code, resaved.body.msg).toBe(200);
    const admin = (await api<Record<string, unknown>>(base, token, 'GET', '/blade-system/user/detail', { query: { id: SEED_IDS.adminUser } })).body.data;
    expect(admin.postId).toBe(posts[0]!.id);
    const { password: _password, ...form } = admin;
    const adminSaved = await api(base, token, 'POST', '/blade-system/user/update', { json: form });
    expect(adminSaved.body.code, adminSaved.body.msg).toBe(200);
  });

  it('migration 236 gives an install that never had a post one, held by the seeded administrator, and leaves one that has posts', async () => {
    for (const had of [false, true]) {
      const dir = tempDir();
      const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
      const data = database ? postgresDataLayer(database, { max: 1 }) : sqliteDataLayer(openDatabase(dir));
      try {
        await migrate(data, MIGRATIONS.filter((m) => m.version < 236));
        await seed(data);
        // as the seed before 236 left it: no post, the administrator without one
        await data.run(sql`DELETE FROM blade_post`);
        await data.run(sql`UPDATE blade_user SET post_id = '' WHERE id = ${SEED_IDS.adminUser}`);
        if (had) await data.run(sql`INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, is_deleted) VALUES ('9', '000000', 1, 'old', '旧岗位', 1, 1)`);
        await migrate(data, MIGRATIONS);
        const posts = await data.all(sql`SELECT tenant_id, post_code, post_name, category, is_deleted FROM blade_post ORDER BY post_code`);
        const holds = (await data.get(sql<{ post_id: string }>`SELECT post_id FROM blade_user WHERE id = ${SEED_IDS.adminUser}`))!.post_id;
        if (had) {
          expect(posts).toEqual([{ tenant_id: '000000', post_code: 'old', post_name: '旧岗位', category: 1, is_deleted: 1 }]);
          expect(holds).toBe('');
        } else {
          expect(posts).toEqual([{ tenant_id: '000000', post_code: 'ceo', post_name: '首席执行官', category: 1, is_deleted: 0 }]);
          expect(await data.get(sql`SELECT remark FROM blade_post`)).toEqual({ remark: TENANT_POST_REMARK });
          expect(holds).toBe((await data.get(sql<{ id: string }>`SELECT id FROM blade_post`))!.id);
        }
      } finally {
        await data.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
