// Seeds pass their own forms: on a fresh data folder, and again after loading the
// sample matrix, every row of every declared content resource, in both tenants,
// is read through its detail and posted back unchanged through the endpoint its
// screen saves with (update, else submit): every write answers code 200. A data
// folder from before the seeds gets them through its migrations, and a sample
// tenant loaded then is mended so its rows save too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../src-server/crud/resource';
import { contentResources } from '../../src-server/modules/content';
import { SecretBox } from '../../src-server/util/secret-box';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer } from '../../src-server/db/data-layer';
import { migrate } from '../../src-server/db/migrate';
import { seed } from '../../src-server/db/seed';
import { MIGRATIONS } from '../../src-server/modules';
import { TENANT_PAGE_CONFIGS } from '../../src-server/modules/content/tenant-seeds';
import { SAMPLE_MENUS, SAMPLE_TENANT } from '../../src-server/modules/sample/sample-data';
import { createTenant } from '../../src-server/modules/system/tenants';
import { api, ENGINE, login, sharedPostgres, startHarness, tempDir, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
});

afterAll(async () => {
  await h.stop();
});

/** the content module's declared resources (the same definitions the server registers) */
const declared = (h: Harness): Resource[] => contentResources(SecretBox.forDataDir(h.dataDir));

/** Every row of every content resource of the token's tenant posted back unchanged; the failures, and how many rows were tried. */
async function saveEveryRow(h: Harness, token: string, tenantId: string): Promise<{ failures: string[]; tried: Record<string, number> }> {
  const base = h.server.url;
  const failures: string[] = [];
  const tried: Record<string, number> = {};
  const data = h.data();
  for (const r of declared(h)) {
    const write = r.endpoints.includes('update') ? 'update' : r.endpoints.includes('submit') ? 'submit' : undefined;
    if (!write || !r.endpoints.includes('detail')) continue;
    const live = r.softDelete ? sql` AND is_deleted = 0` : sql``;
    const ids = (await data.all(sql<{ id: string }>`SELECT id FROM ${sql.id(r.table)} WHERE tenant_id = ${tenantId}${live} ORDER BY create_time, id`)).map((x) => x.id);
    tried[r.name] = ids.length;
    for (const id of ids) {
      const detail = await api<Rec>(base, token, 'GET', `${r.basePath}/detail`, { query: { id } });
      if (detail.body.code !== 200 || !detail.body.data) {
        failures.push(`${r.name} ${id}: detail ${detail.body.code} ${detail.body.msg}`);
        continue;
      }
      const saved = await api<Rec>(base, token, 'POST', `${r.basePath}/${write}`, { json: detail.body.data });
      if (saved.body.code !== 200) failures.push(`${r.name} ${id} (${String(detail.body.data.name ?? detail.body.data.websiteName ?? detail.body.data.cateName ?? '')}): ${write} ${saved.body.code} ${saved.body.msg}`);
    }
  }
  return { failures, tried };
}

describe('seeded rows save unchanged', () => {
  it('on a fresh data folder: the administrator tenant holds usable page configs and languages, and every row saves', async () => {
    const { failures, tried } = await saveEveryRow(h, admin, '000000');
    expect(failures).toEqual([]);
    // what a fresh install seeds: the page configs a type-2 category needs and the languages of the lang dictionary
    expect(tried.templatePageConfig).toBeGreaterThanOrEqual(1);
    expect(tried.websiteLanguage).toBeGreaterThanOrEqual(2);
  });

  it('a tenant created on the tenant screen starts with the same page configs and languages', async () => {
    const t = await api<{ tenantId: string }>(base, admin, 'POST', '/website-blade-system/tenant/submit', { json: { tenantName: '新建公司', linkman: '王五' } });
    expect(t.body.code).toBe(200);
    const data = h.data();
    const tenantId = (await data.get(sql<{ tenant_id: string }>`SELECT tenant_id FROM blade_tenant WHERE tenant_name = '新建公司'`))!.tenant_id;
    const names = async (id: string) => (await data.all(sql<{ name: string }>`SELECT name FROM template_page_config WHERE tenant_id = ${id} AND is_deleted = 0 AND status = 1 ORDER BY name`)).map((r) => r.name);
    expect(await names(tenantId)).toEqual(await names('000000'));
    expect(await names(tenantId)).toHaveLength(3);
    const langs = async (id: string) => (await data.all(sql<{ abbrevia: string }>`SELECT abbrevia FROM website_language WHERE tenant_id = ${id} AND is_deleted = 0 ORDER BY id`)).map((r) => r.abbrevia);
    const dict = (await data.all(sql<{ dict_key: string }>`SELECT dict_key FROM blade_dict WHERE code = 'lang' AND parent_id <> '0' AND is_deleted = 0 ORDER BY sort`)).map((r) => r.dict_key);
    expect(await langs(tenantId)).toEqual(dict);
    expect(await langs('000000')).toEqual(dict);
  });

  it('after loading the sample matrix: every row of both tenants saves', async () => {
    const loaded = await api<Rec>(base, admin, 'POST', '/website-blade-system/sampleMatrix/load', { json: {} });
    expect(loaded.body.code).toBe(200);
    const tenantId = String(loaded.body.data.tenantId);
    const sample = await login(base, { tenantId, username: 'admin', password: 'admin' });
    const own = await saveEveryRow(h, sample, tenantId);
    expect(own.failures).toEqual([]);
    // the sample's content was really tried: websites, categories, articles, templates, page configs
    // searchSite: each website's search engines, its row made with the website (a generated IndexNow key)
    for (const name of ['websiteInfo', 'article', 'websiteTemplate', 'templatePageConfig', 'searchSite']) expect(own.tried[name], name).toBeGreaterThan(0);
    expect(own.tried.searchSite).toBe(own.tried.websiteInfo);
    expect(own.tried.cate).toBe(8);
    const adminTenant = await saveEveryRow(h, admin, '000000');
    expect(adminTenant.failures).toEqual([]);
  }, 120_000); // some thousand requests, one by one: half a minute on a busy machine, more on PostgreSQL
});

describe('a data folder from before the seeds (migrations 370, 371, 601)', () => {
  it('gives existing tenants page configs, languages and the 模板页面 screen, and mends a sample tenant loaded before, so its rows save', async () => {
    const dir = tempDir();
    // the old database: the data folder's SQLite file, or on PostgreSQL a database of its own the harness then runs on
    const database = ENGINE === 'postgres' ? await (await sharedPostgres()).createDatabase() : undefined;
    const data = database ? postgresDataLayer(database, { max: 1 }) : sqliteDataLayer(openDatabase(dir));
    const clock = () => Date.now();
    let sampleTenant = '';
    try {
      await migrate(data, MIGRATIONS.filter((m) => m.version < 370 || m.version === 600));
      await seed(data);
      // a database seeded before the screen existed (today's seed already has it)
      await data.run(sql`DELETE FROM blade_role_menu WHERE menu_id IN (SELECT id FROM blade_menu WHERE code LIKE 'templatePageConfig%')`);
      await data.run(sql`DELETE FROM blade_menu WHERE code LIKE 'templatePageConfig%'`);
      const cateMenu = (await data.get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = 'cate'`))!.id;
      await data.run(sql`INSERT INTO blade_tenant_package (id, package_name, menu_id) VALUES ('p1', '内容包', ${cateMenu})`);
      // a sample tenant as the sample matrix loaded it before: websites on type 0 without subdomain or banner in
      // language zh, templates without type or image, a server without port or user, type-2 categories without a page
      await data.transaction(async (trx) => {
        sampleTenant = (await createTenant(trx, clock, { ...SAMPLE_TENANT, menuCodes: SAMPLE_MENUS }, 'u')).tenantId;
        const row = async (table: string, id: string, cols: Rec) => {
          const full: Rec = { id, tenant_id: sampleTenant, ...cols, create_time: '2026-01-01 00:00:00', update_time: '2026-01-01 00:00:00', is_deleted: 0 };
          await trx.run(sql`INSERT INTO ${sql.id(table)} (${sql.join(Object.keys(full).map((k) => sql.id(k)))}) VALUES (${sql.join(Object.values(full))})`);
        };
        await row('website_group', 'g1', { name: '示例白帽分组', type: 1 });
        await row('website_template', 't1', { template_name: '示例模板（资讯）', status: 1 });
        await row('server_info', 's1', { server_name: '示例服务器（本机目录）', server_ip: '127.0.0.1', server_type: 'local', status: 0 });
        await row('article_cate', 'c1', { website_group_id: 'g1', cate_name: '资讯', type: 2, opt_status: 0, status: 0 });
        await row('contact_info', 'k1', { name: '示例客服', phone: '400-000-0000', we_chat: 'sample-matrix', status: 1 });
        await row('img_group', 'i1', { name: '示例站 Logo', status: 1 });
        await row('website_img', 'i1a', { image_url: '/api/blade-resource/oss/endpoint/file/0123456789abcdef0123456789abcdef.png', alt: '示例站', img_group_id: 'i1', status: 1 });
        await row('domain_info', 'd1', { name: '示例站', domain: 'tea.sample-matrix.test', server_id: 's1', server_name: '示例服务器（本机目录）', domain_service: '1', status: 1 });
        await row('website_info', 'w1', {
          website_group_id: 'g1', website_type: 0, website_name: '示例站', website_lang: 'zh', desc_val: '示例', keywords: '示例', domain_info_id: 'd1',
          contact_id: 'k1', logo_id: 'i1', ico_id: 'i1', domain_name: 'tea.sample-matrix.test', template_id: 't1', status_name: '未部署', status: 1,
        });
        await trx.run(sql`INSERT INTO sample_matrix (tenant_id, tenant_name, load_time) VALUES (${sampleTenant}, '示例矩阵', '2026-01-01 00:00:00')`);
      });

      await migrate(data, MIGRATIONS);
      for (const tenant of ['000000', sampleTenant]) {
        expect(await data.all(sql`SELECT name, list_page, details_page, status FROM template_page_config WHERE tenant_id = ${tenant} ORDER BY id DESC`)).toEqual(
          TENANT_PAGE_CONFIGS.map((c) => ({ name: c.name, list_page: c.listPage, details_page: c.detailsPage, status: 1 })),
        );
        const langs = await data.all(sql`SELECT abbrevia, language FROM website_language WHERE tenant_id = ${tenant} ORDER BY id`);
        expect(langs.slice(0, 2)).toEqual([{ abbrevia: 'zh-CN', language: '中文' }, { abbrevia: 'en', language: '英语' }]);
      }
      // the screen under 站点管理, granted to the roles holding 文章栏目 and in the package holding it
      const menu = (await data.get(sql<{ id: string; parent: string }>`SELECT m.id, p.code AS parent FROM blade_menu m JOIN blade_menu p ON p.id = m.parent_id WHERE m.code = 'templatePageConfig'`))!;
      expect(menu.parent).toBe('site');
      const holders = await data.all(sql<{ role_id: string }>`SELECT DISTINCT rm.role_id FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE m.code = 'cate'`);
      expect(holders.length).toBe(2); // the administrator role and the sample tenant's admin role
      for (const { role_id } of holders) {
        const n = (await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE rm.role_id = ${role_id} AND m.code LIKE 'templatePageConfig%'`))!;
        expect(n.n).toBe(5);
      }
      const pkg = (await data.get(sql<{ menu_id: string }>`SELECT menu_id FROM blade_tenant_package WHERE id = 'p1'`))!.menu_id.split(',');
      expect(pkg).toContain(menu.id);
      expect(pkg.length).toBe(6);
    } finally {
      await data.close();
    }
    // the mended sample tenant's rows save unchanged through their screens
    const old = await startHarness({ dataDir: dir, database });
    try {
      const token = await login(old.server.url, { tenantId: sampleTenant, username: 'admin', password: 'admin' });
      const { failures, tried } = await saveEveryRow(old, token, sampleTenant);
      expect(failures).toEqual([]);
      for (const name of ['websiteInfo', 'websiteTemplate', 'serverInfo', 'cate', 'templatePageConfig', 'websiteLanguage', 'searchSite']) expect(tried[name], name).toBeGreaterThan(0);
      // a website from before the search engines (migration 391) got its row, with a key of its own
      expect(await old.data().get(sql`SELECT website_info_id, indexnow_on, LENGTH(indexnow_key) AS key_length FROM search_site WHERE id = 'w1'`)).toEqual({ website_info_id: 'w1', indexnow_on: 0, key_length: 32 });
      expect(await old.data().get(sql`SELECT website_lang, type, CASE WHEN banner_id IS NOT NULL THEN 1 ELSE 0 END AS banner FROM website_info WHERE id = 'w1'`)).toEqual({ website_lang: 'zh-CN', type: 1, banner: 1 });
    } finally {
      await old.stop();
    }
  });
});
