// What the stock consoles are answered on their own paths (/blade-system/menu/...),
// known by the client id of the caller's token: Sword 4.5 finds a screen's buttons
// under its own menu codes (数据权限 under data_scope, 报表 under report) and only
// buttons it can act on. This console (the spec's paths) keeps its answer.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, postgresDataLayer, sqliteDataLayer } from '../../src-server/db/data-layer';
import { openDatabase } from '../../src-server/db/database';
import { migrate } from '../../src-server/db/migrate';
import { seed } from '../../src-server/db/seed';
import { MIGRATIONS } from '../../src-server/modules';
import type { MenuNode } from '../../src-shared/wire';
import { api, ENGINE, login, sharedPostgres, startHarness, SWORD, tempDir, type Harness } from './helpers';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
});
afterAll(() => h.stop());

const buttons = async (token: string, path: string): Promise<MenuNode[]> => (await api<MenuNode[]>(base, token, 'GET', path)).body.data;
const group = (groups: MenuNode[], code: string) => groups.find((g) => g.code === code);
const codes = (node: MenuNode | undefined) => (node?.children ?? []).map((b) => b.code);

describe('Sword\'s button codes', () => {
  it('数据权限\'s 权限配置 under data_scope, 报表\'s delete under report at the report API; Saber and this console keep theirs', async () => {
    const sword = await login(base, { client: SWORD });
    const mine = await buttons(sword, '/blade-system/menu/buttons');
    // Sword's DataScope page: a row's 配置 (alias setting) opens the drawer of the menu's data scopes;
    // its own add/edit/delete live in that drawer, so only the setting is a button of the screen
    expect(codes(group(mine, 'data_scope'))).toEqual(['data_scope_setting']);
    // Sword's Report page: its rows bring their own 删除/设计/预览; the toolbar's 删除 posts ids= to the button's path
    const report = group(mine, 'report')?.children ?? [];
    expect(report.map((b) => ({ code: b.code, alias: b.alias, path: b.path, action: b.action }))).toEqual([
      { code: 'reportlist_delete', alias: 'delete', path: '/api/blade-report/report/rest/remove', action: 1 },
    ]);
    const file = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_report_file WHERE is_deleted = 0`))!;
    const removed = await fetch(`${base.replace(/\/api$/, '')}${report[0]!.path}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${sword}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ids: file.id }),
    });
    expect(((await removed.json()) as { code: number }).code).toBe(200);
    expect(await h.data().get(sql`SELECT is_deleted FROM blade_report_file WHERE id = ${file.id}`)).toEqual({ is_deleted: 1 });

    // Saber (the stock path) and this console (the spec's) read the codes under the back end's own menu codes
    const admin = await login(base);
    for (const path of ['/blade-system/menu/buttons', '/website-blade-system/menu/buttons']) {
      const theirs = await buttons(admin, path);
      expect(codes(group(theirs, 'datascope')), path).toEqual(['datascope_add', 'datascope_edit', 'datascope_delete', 'datascope_view', 'data_scope_setting']);
      expect(codes(group(theirs, 'reportlist')), path).toEqual(['reportlist_delete', 'reportlist_view']);
      expect(group(theirs, 'data_scope'), path).toBeUndefined();
    }
  });

  it('a data scope carries the name of its rule type (the 规则类型 column of Sword\'s drawer)', async () => {
    const admin = await login(base);
    const menuId = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = 'notice' AND category = 1`))!.id;
    const saved = await api(base, admin, 'POST', '/blade-system/data-scope/submit', {
      json: { menuId, resourceCode: 'notice', scopeName: '本人通知', scopeClass: 'Notice', scopeColumn: 'create_user', scopeType: '2' },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const types = await h.data().all(sql<{ dict_key: string; dict_value: string }>`SELECT dict_key, dict_value FROM blade_dict WHERE code = 'data_scope_type' AND parent_id <> '0'`);
    const own = types.find((t) => t.dict_key === '2')!.dict_value;
    const list = await api<{ records: { scopeName: string; scopeType: number; scopeTypeName: string }[] }>(base, admin, 'GET', '/blade-system/data-scope/list', { query: { menuId } });
    expect(list.body.data.records.map((r) => [r.scopeName, r.scopeType, r.scopeTypeName])).toEqual([['本人通知', 2, own]]);
  });

  it('migration 235 moves the seeded report delete of a database seeded before to the report API, and keeps one an operator changed', async () => {
    const dir = tempDir();
    const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    const data = database ? postgresDataLayer(database, { max: 1 }) : sqliteDataLayer(openDatabase(dir));
    try {
      await migrate(data, MIGRATIONS.filter((m) => m.version < 235));
      await seed(data);
      // as the seed before 235 wrote it
      await data.run(sql`UPDATE blade_menu SET path = '/report/reportlist/delete', action = 3 WHERE code = 'reportlist_delete'`);
      await migrate(data, MIGRATIONS);
      expect(await data.get(sql`SELECT path, action FROM blade_menu WHERE code = 'reportlist_delete'`)).toEqual({ path: '/api/blade-report/report/rest/remove', action: 1 });
    } finally {
      await data.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const changed = tempDir();
    const database2 = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    const data2 = database2 ? postgresDataLayer(database2, { max: 1 }) : sqliteDataLayer(openDatabase(changed));
    try {
      await migrate(data2, MIGRATIONS.filter((m) => m.version < 235));
      await seed(data2);
      await data2.run(sql`UPDATE blade_menu SET path = '/mine/remove', action = 3 WHERE code = 'reportlist_delete'`);
      await migrate(data2, MIGRATIONS);
      expect(await data2.get(sql`SELECT path, action FROM blade_menu WHERE code = 'reportlist_delete'`)).toEqual({ path: '/mine/remove', action: 3 });
    } finally {
      await data2.close();
      rmSync(changed, { recursive: true, force: true });
    }
  });
});

type Node = MenuNode & { title?: string };
const routes = async (token: string, path: string, query: Record<string, string> = {}): Promise<Node[]> =>
  (await api<Node[]>(base, token, 'GET', path, { query })).body.data;
/** The entries a console's side menu offers: the leaves of the forest. */
const leaves = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
const STOCK = '/blade-system/menu/routes';
const SPEC = '/website-blade-system/menu/routes';

/** The pages of Sword 4.5 (config/router.config.js) and the views of Saber 4.9 (src/views) the seeded menus have. */
const SWORD_PAGES = [
  '/dashboard/workplace', '/dashboard/workplace?menu=dashboard', '/system/user', '/system/dept', '/system/post', '/system/dict', '/system/menu',
  '/system/param', '/system/tenant', '/system/client', '/base/region', '/authority/role', '/authority/datascope', '/desk/notice', '/tool/code',
  '/tool/datasource', '/monitor/log/usual', '/monitor/log/api', '/monitor/log/error', '/report/reportlist',
];
const SABER_VIEWS = [
  '/wel/index', '/wel/dashboard', '/system/user', '/system/dept', '/system/post', '/system/dict', '/system/menu', '/system/topmenu', '/system/param',
  '/system/tenant', '/system/client', '/base/region', '/authority/role', '/authority/datascope', '/authority/apiscope', '/desk/notice', '/tool/code',
  '/tool/datasource', '/monitor/log/usual', '/monitor/log/api', '/monitor/log/error', '/report/reportlist',
];

describe('stock consoles see only the menus they have a page for', () => {
  it('Sword (client sword, stock path): its pages only, each group holding some, named by the menu\'s name', async () => {
    const sword = await login(base, { client: SWORD });
    const forest = await routes(sword, STOCK);
    expect(leaves(forest).map((n) => n.path).sort()).toEqual([...SWORD_PAGES].sort());
    for (const group of forest) expect(group.children?.length, group.name).toBeGreaterThan(0);
    // Sword labels an entry by its code (menu.<code> of its locale, else the code itself): the name, in both
    const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    for (const n of all(forest)) expect([n.code, n.title]).toEqual([n.name, n.name]);
  });

  it('Saber (any other client, stock path): its views only; this console (the spec\'s path): every menu', async () => {
    const admin = await login(base);
    const saber = leaves(await routes(admin, STOCK)).map((n) => n.path);
    expect([...saber].sort()).toEqual([...SABER_VIEWS].sort());
    expect(leaves(await routes(admin, STOCK)).every((n) => n.code !== n.name)).toBe(true);
    const mine = leaves(await routes(admin, SPEC)).map((n) => n.path);
    const seeded = await h.data().all(sql<{ path: string }>`SELECT m.path FROM blade_menu m WHERE m.category = 1 AND m.is_deleted = 0
      AND NOT EXISTS (SELECT 1 FROM blade_menu c WHERE c.parent_id = m.id AND c.category = 1 AND c.is_deleted = 0)`);
    expect([...mine].sort()).toEqual(seeded.map((r) => r.path).sort());
    for (const path of ['/site/websiteInfo', '/article/article', '/resource/attach', '/system/dictbiz', '/flow/model']) {
      expect(mine, path).toContain(path);
      expect(saber, path).not.toContain(path);
    }
  });

  it('a link (http) stays for both; a top menu holding nothing Saber has a page for is not offered to Saber', async () => {
    const admin = await login(base);
    const sword = await login(base, { client: SWORD });
    const root = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = 'system' AND category = 1`))!.id;
    const link = await api(base, admin, 'POST', '/blade-system/menu/submit', {
      json: { parentId: root, name: '帮助文档', code: 'helpLink', alias: 'menu', path: 'https://example.com/help', source: 'link', sort: 99, category: 1, action: 0, isOpen: 2 },
    });
    expect(link.body.code, link.body.msg).toBe(200);
    for (const token of [admin, sword]) expect(leaves(await routes(token, STOCK)).map((n) => n.path)).toContain('https://example.com/help');

    // a top menu holding the content area only
    const top = await api<{ id: string }>(base, admin, 'POST', '/blade-system/topmenu/submit', { json: { code: 'contentOnly', name: '内容', sort: 9 } });
    expect(top.body.code, top.body.msg).toBe(200);
    const topId = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_top_menu WHERE code = 'contentOnly'`))!.id;
    const contentMenus = await h.data().all(sql<{ id: string }>`SELECT id FROM blade_menu WHERE category = 1 AND (code = 'content' OR parent_id = (SELECT id FROM blade_menu WHERE code = 'content' AND category = 1))`);
    const granted = await api(base, admin, 'POST', '/blade-system/topmenu/grant', { json: { topMenuIds: [topId], menuIds: contentMenus.map((m) => m.id) } });
    expect(granted.body.code, granted.body.msg).toBe(200);
    expect(await routes(admin, STOCK, { topMenuId: topId })).toEqual([]);
    const topMenus = async (path: string) => (await api<{ code: string }[]>(base, admin, 'GET', path)).body.data.map((t) => t.code);
    expect(await topMenus('/blade-system/menu/top-menu')).not.toContain('contentOnly');
    expect(await topMenus('/blade-system/menu/top-menu')).toEqual(expect.arrayContaining(['business', 'operations']));
    expect(await topMenus('/website-blade-system/menu/top-menu')).toContain('contentOnly');
  });
});

describe('Sword\'s home (its route /dashboard/workplace)', () => {
  it('工作台 › 首页 and 控制台 open Sword\'s workplace; the group opens with it', async () => {
    const sword = await login(base, { client: SWORD });
    const workbench = (await routes(sword, STOCK)).find((n) => n.name === '工作台')!;
    expect(workbench.path).toBe('/dashboard');
    expect((workbench.children ?? []).map((n) => [n.name, n.path])).toEqual([['首页', '/dashboard/workplace'], ['控制台', '/dashboard/workplace?menu=dashboard']]);
  });
});
