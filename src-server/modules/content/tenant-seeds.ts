// What every tenant starts with in the content area (numbers 370-379):
// - template page configs, one per kind of page (default, news, products), all
//   enabled, with URL patterns the site renderer uses, so a category of type 2
//   (自定义页面) can be created out of the box;
// - its languages (语言管理): one per entry of the `lang` dictionary (language =
//   the entry's name, abbrevia = its key). A website's language (by abbreviation)
//   and a website association's (by id) are chosen from this one list.
// A trigger on blade_tenant gives them to every tenant created from then on,
// whatever creates it (first-start seed, the tenant screen, the sample matrix);
// the migration gives them to the tenants already there. Migration 371 adds the
// 模板页面 screen (its menu and buttons) to existing databases.
// Never edit an applied migration: append a new one.
import { withPostgres, type Migration } from '../../db/migrations';
import { PG_NOW, pgButtonSort, pgTrigger, pgZeroPad, postgresVariant } from '../../db/sql';
import { DEFAULT_DETAILS_PATTERN, DEFAULT_LIST_PATTERN } from '../../../src-shared/page-patterns';

/** the seeded page configs (migration 370's trigger and fill are built from them: never change them, append a migration): id suffix (appended to the tenant row's id; the highest lists first), name, list page, details page */
export const TENANT_PAGE_CONFIGS = [
  { suffix: '103', name: '默认页面', listPage: DEFAULT_LIST_PATTERN, detailsPage: DEFAULT_DETAILS_PATTERN },
  { suffix: '102', name: '资讯页面', listPage: 'news/{cateId}/', detailsPage: 'news/{cateId}/{id}.html' },
  { suffix: '101', name: '产品页面', listPage: 'product/{cateId}/', detailsPage: 'product/{cateId}/{id}.html' },
] as const;

const NOW = "strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime')";
const q = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * The inserts seeding the tenants a subquery names (columns id, tenant_id, create_user, create_time):
 * page configs the tenant does not hold yet (by id), languages whose abbreviation it does not have yet.
 */
function seedTenants(tenants: string, engine: 'sqlite' | 'postgres' = 'sqlite'): string {
  const configs = TENANT_PAGE_CONFIGS.map((c) => `SELECT ${q(c.suffix)} AS suffix, ${q(c.name)} AS name, ${q(c.listPage)} AS list_page, ${q(c.detailsPage)} AS details_page`).join(' UNION ALL ');
  // a language's id: the tenant row's id, 2, and the entry's rank in the dictionary (so the list keeps the dictionary's order)
  const rank = `(SELECT COUNT(*) FROM blade_dict y WHERE y.code = 'lang' AND y.parent_id <> '0' AND y.is_deleted = 0
                                         AND (y.sort < d.sort OR (y.sort = d.sort AND y.id < d.id)))`;
  return `
INSERT INTO template_page_config (id, tenant_id, name, list_page, details_page, create_user, create_time, update_user, update_time, status, is_deleted)
  SELECT t.id || c.suffix, t.tenant_id, c.name, c.list_page, c.details_page, t.create_user, t.create_time, t.create_user, t.create_time, 1, 0
    FROM (${tenants}) t, (${configs}) c
   WHERE NOT EXISTS (SELECT 1 FROM template_page_config x WHERE x.id = t.id || c.suffix);
INSERT INTO website_language (id, tenant_id, language, abbrevia, create_user, create_time, update_user, update_time, status, is_deleted)
  SELECT t.id || '2' || ${engine === 'sqlite' ? `printf('%03d', ${rank})` : pgZeroPad(rank, 3)},
         t.tenant_id, d.dict_value, d.dict_key, t.create_user, t.create_time, t.create_user, t.create_time, 1, 0
    FROM (${tenants}) t
    JOIN blade_dict d ON d.code = 'lang' AND d.parent_id <> '0' AND d.is_deleted = 0
   WHERE NOT EXISTS (SELECT 1 FROM website_language x WHERE x.tenant_id = t.tenant_id AND x.is_deleted = 0 AND lower(x.abbrevia) = lower(d.dict_key));`;
}

export const TENANT_SEED_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 370,
    name: 'content: every tenant starts with template page configs and the languages of the lang dictionary (trigger on new tenants, filled in for existing ones)',
    sql: `
CREATE TRIGGER content_tenant_seed AFTER INSERT ON blade_tenant BEGIN
${seedTenants(`SELECT NEW.id AS id, NEW.tenant_id AS tenant_id, NEW.create_user AS create_user, COALESCE(NEW.create_time, ${NOW}) AS create_time`)}
END;
${seedTenants(`SELECT id, tenant_id, create_user, COALESCE(create_time, ${NOW}) AS create_time FROM blade_tenant WHERE is_deleted = 0`)}
`,
  },
  {
    version: 371,
    name: 'content: the 模板页面 screen (template page configs) under 站点管理, granted to the roles and tenant packages holding 文章栏目 or 模板页面配置',
    sql: `
-- existing databases: the menu after 模板页面配置, with its buttons (a new database gets them from the seeded menu tree)
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT s.id || '371', s.id, 'templatePageConfig', '模板页面', 'menu', '/site/templatePageConfig', 'file-text',
         COALESCE((SELECT c.sort FROM blade_menu c WHERE c.code = 'templateConfig' AND c.category = 1 AND c.is_deleted = 0), 5), 1, 0, 1, 0
    FROM blade_menu s WHERE s.code = 'site' AND s.category = 1 AND s.is_deleted = 0
     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = 'templatePageConfig' AND x.is_deleted = 0);
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, 'templatePageConfig_' || b.alias, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
    FROM blade_menu m
    JOIN (SELECT 'add' AS alias, '新增' AS name, 'plus' AS source, 1 AS action, 1 AS sort
          UNION ALL SELECT 'edit', '修改', 'edit', 2, 2
          UNION ALL SELECT 'delete', '删除', 'delete', 3, 3
          UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b
   WHERE m.code = 'templatePageConfig' AND m.category = 1 AND m.is_deleted = 0 AND m.id LIKE '%371'
     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = 'templatePageConfig_' || b.alias AND x.is_deleted = 0);
-- granted to every role holding 文章栏目 (whose form picks a page) or 模板页面配置
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT r.role_id || '371' || substr(n.id, -2), r.role_id, n.id
    FROM (SELECT DISTINCT rm.role_id FROM blade_role_menu rm
            JOIN blade_menu g ON g.id = rm.menu_id AND g.code IN ('cate', 'templateConfig') AND g.category = 1 AND g.is_deleted = 0) r
    JOIN blade_menu n ON n.id LIKE '%371%' AND (n.code = 'templatePageConfig' OR n.code LIKE 'templatePageConfig\\_%' ESCAPE '\\') AND n.is_deleted = 0
   WHERE NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = r.role_id AND x.menu_id = n.id);
-- and to the tenant packages holding either, so tenants created from them later have it too
UPDATE blade_tenant_package
   SET menu_id = menu_id || (SELECT group_concat(',' || n.id, '') FROM blade_menu n
                              WHERE n.id LIKE '%371%' AND (n.code = 'templatePageConfig' OR n.code LIKE 'templatePageConfig\\_%' ESCAPE '\\') AND n.is_deleted = 0)
 WHERE is_deleted = 0
   AND EXISTS (SELECT 1 FROM blade_menu g WHERE g.code IN ('cate', 'templateConfig') AND g.category = 1 AND g.is_deleted = 0
                 AND ',' || blade_tenant_package.menu_id || ',' LIKE '%,' || g.id || ',%')
   AND EXISTS (SELECT 1 FROM blade_menu n WHERE n.code = 'templatePageConfig' AND n.id LIKE '%371' AND n.is_deleted = 0)
   AND NOT EXISTS (SELECT 1 FROM blade_menu n WHERE n.code = 'templatePageConfig' AND n.is_deleted = 0
                     AND ',' || blade_tenant_package.menu_id || ',' LIKE '%,' || n.id || ',%');
`,
  },
], {
  370: () => `${pgTrigger(
    'content_tenant_seed',
    'AFTER INSERT ON blade_tenant',
    seedTenants(`SELECT NEW.id AS id, NEW.tenant_id AS tenant_id, NEW.create_user AS create_user, COALESCE(NEW.create_time, ${PG_NOW}) AS create_time`, 'postgres'),
  )}
${seedTenants(`SELECT id, tenant_id, create_user, COALESCE(create_time, ${PG_NOW}) AS create_time FROM blade_tenant WHERE is_deleted = 0`, 'postgres')}
`,
  // a join without ON is a cross join on SQLite only; substr(x, -2) is right(x, 2), group_concat string_agg there
  371: (sqlite) =>
    postgresVariant(sqlite, [
      pgButtonSort('b'),
      ["UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b", "UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b ON true"],
      ['substr(n.id, -2)', 'right(n.id, 2)'],
      ["group_concat(',' || n.id, '')", "string_agg(',' || n.id, '')"],
    ]),
});
