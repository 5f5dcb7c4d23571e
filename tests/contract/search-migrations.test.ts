// Migrations 391-394 (issue 36) on a database made before them, on the harness's
// engine (SQLite, and PostgreSQL in the contract-postgres project): the dashboard
// import's site_traffic rows move to search_daily (two tenants' rows of the same
// day without a website included), every website gets its connections row with a
// key of its own, and the 搜索引擎 screen with its buttons is granted to every
// role and tenant package holding 网站管理.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { postgresDataLayer, sql, sqliteDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { migrate } from '../../src-server/db/migrate';
import { seed } from '../../src-server/db/seed';
import { MIGRATIONS } from '../../src-server/modules';
import { ENGINE, sharedPostgres, tempDir } from './helpers';

async function database(): Promise<{ data: DataLayer; done(): Promise<void> }> {
  if (ENGINE === 'postgres') {
    const pg = await sharedPostgres();
    const url = await pg.createDatabase();
    const data = postgresDataLayer(url, { max: 2 });
    return { data, done: async () => (await data.close(), await pg.dropDatabase(url)) };
  }
  const dir = tempDir();
  const data = sqliteDataLayer(openDatabase(dir));
  return { data, done: async () => (await data.close(), rmSync(dir, { recursive: true, force: true })) };
}

describe('the search-engine migrations on a database made before them', () => {
  it('move the imported traffic, give every website its connections and grant the screen', async () => {
    const { data, done } = await database();
    try {
      await migrate(data, MIGRATIONS.filter((m) => m.version < 391));
      await seed(data);
      // a database seeded before the screen existed (today's seed has it)
      await data.run(sql`DELETE FROM blade_role_menu WHERE menu_id IN (SELECT id FROM blade_menu WHERE code LIKE 'searchEngine%')`);
      await data.run(sql`DELETE FROM blade_menu WHERE code LIKE 'searchEngine%'`);
      const now = '2026-11-01 10:00:00';
      // a second tenant, a package holding 网站管理, two websites (one removed)
      await data.run(sql`INSERT INTO blade_tenant (id, tenant_id, tenant_name, create_time, update_time, status, is_deleted) VALUES ('t2', '200391', '乙', ${now}, ${now}, 1, 0)`);
      const site = (await data.get(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code = 'websiteInfo' AND category = 1`))!.id;
      await data.run(sql`INSERT INTO blade_tenant_package (id, package_name, menu_id, create_time, update_time, status, is_deleted) VALUES ('p1', '站群套餐', ${`1,${site},2`}, ${now}, ${now}, 1, 0)`);
      const website = (id: string, tenant: string, deleted: number) =>
        data.run(sql`INSERT INTO website_info (id, tenant_id, website_group_id, website_type, website_name, type, create_user, create_time, update_time, status, is_deleted)
          VALUES (${id}, ${tenant}, 'g1', 0, ${`站${id}`}, 1, 'u', ${now}, ${now}, 1, ${deleted})`);
      await website('w1', '000000', 0);
      await website('w2', '200391', 0);
      await website('w3', '000000', 1);
      // what the dashboard import wrote: per website, and without one in two tenants on the same day
      const traffic = (id: string, tenant: string, websiteId: string | null, day: string, clicks: number, deleted = 0) =>
        data.run(sql`INSERT INTO site_traffic (id, tenant_id, website_info_id, engine, day, clicks, impressions, create_time, update_time, status, is_deleted)
          VALUES (${id}, ${tenant}, ${websiteId}, 'google', ${day}, ${clicks}, ${clicks * 10}, ${now}, ${now}, 1, ${deleted})`);
      await traffic('s1', '000000', null, '2026-10-01', 5);
      await traffic('s2', '200391', null, '2026-10-01', 7);
      await traffic('s3', '000000', 'w1', '2026-10-01', 3);
      await traffic('s4', '000000', 'w1', '2026-10-01', 4);
      await traffic('s5', '000000', 'w1', '2026-10-02', 100, 1);

      const r = await migrate(data, MIGRATIONS);
      expect(r.applied).toEqual(expect.arrayContaining([391, 392, 393, 394]));

      const daily = await data.all(sql<{ tenant_id: string; website_info_id: string; day: string; clicks: number; impressions: number }>`
        SELECT tenant_id, website_info_id, day, clicks, impressions FROM search_daily ORDER BY tenant_id, website_info_id, day`);
      expect(daily.map((d) => ({ ...d, clicks: Number(d.clicks), impressions: Number(d.impressions) }))).toEqual([
        { tenant_id: '000000', website_info_id: '', day: '2026-10-01', clicks: 5, impressions: 50 },
        { tenant_id: '000000', website_info_id: 'w1', day: '2026-10-01', clicks: 7, impressions: 70 },
        { tenant_id: '200391', website_info_id: '', day: '2026-10-01', clicks: 7, impressions: 70 },
      ]);
      const all = await data.all(sql<{ tenant_id: string; clicks: number }>`SELECT tenant_id, clicks FROM search_daily_all ORDER BY tenant_id`);
      expect(all.map((a) => [a.tenant_id, Number(a.clicks)])).toEqual([['000000', 12], ['200391', 7]]);

      const sites = await data.all(sql<{ id: string; tenant_id: string; indexnow_key: string; is_deleted: number }>`SELECT id, tenant_id, indexnow_key, is_deleted FROM search_site ORDER BY id`);
      expect(sites.map((s) => [s.id, s.tenant_id])).toEqual([['w1', '000000'], ['w2', '200391']]);
      for (const s of sites) expect(s.indexnow_key).toMatch(/^[0-9a-f]{32}$/);
      expect(sites[0]!.indexnow_key).not.toBe(sites[1]!.indexnow_key);
      // a website made or removed after it keeps its row by the triggers
      await website('w4', '000000', 0);
      await data.run(sql`UPDATE website_info SET is_deleted = 1 WHERE id = 'w1'`);
      expect(await data.all(sql<{ id: string; is_deleted: number }>`SELECT id, is_deleted FROM search_site ORDER BY id`)).toEqual([
        { id: 'w1', is_deleted: 1 },
        { id: 'w2', is_deleted: 0 },
        { id: 'w4', is_deleted: 0 },
      ]);

      const codes = (await data.all(sql<{ code: string }>`SELECT code FROM blade_menu WHERE code LIKE 'searchEngine%' AND is_deleted = 0 ORDER BY sort`)).map((m) => m.code);
      expect(codes.sort()).toEqual(
        ['searchEngine', 'searchEngine_account', 'searchEngine_announce', 'searchEngine_edit', 'searchEngine_import', 'searchEngine_sync', 'searchEngine_test', 'searchEngine_view'].sort(),
      );
      const parent = await data.get(sql<{ code: string }>`SELECT p.code FROM blade_menu m JOIN blade_menu p ON p.id = m.parent_id WHERE m.code = 'searchEngine'`);
      expect(parent?.code).toBe('site');
      // every role holding 网站管理 holds the screen and its 7 buttons
      const holders = await data.all(sql<{ role_id: string }>`SELECT DISTINCT rm.role_id FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE m.code = 'websiteInfo'`);
      expect(holders.length).toBeGreaterThan(0);
      for (const { role_id } of holders) {
        const n = await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id
          WHERE rm.role_id = ${role_id} AND m.code LIKE 'searchEngine%' AND m.is_deleted = 0`);
        expect(Number(n?.n), role_id).toBe(8);
      }
      // and the package: tenants made from it later have it too
      const pkg = (await data.get(sql<{ menu_id: string }>`SELECT menu_id FROM blade_tenant_package WHERE id = 'p1'`))!.menu_id.split(',');
      const ids = (await data.all(sql<{ id: string }>`SELECT id FROM blade_menu WHERE code LIKE 'searchEngine%' AND is_deleted = 0`)).map((m) => m.id);
      for (const id of ids) expect(pkg).toContain(id);
    } finally {
      await done();
    }
  }, 120_000);
});
