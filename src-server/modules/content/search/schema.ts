// The search-engine loop's tables (numbers 391-394, issue 36). Never edit an
// applied migration: append a new one.
//
//   search_account    a tenant's accounts: the IndexNow and Baidu endpoints, the Google service-account key
//                     (sealed) and its client e-mail, the Bing Webmaster API key (sealed), the API roots
//   search_site       a website's use of them (id = the website's id, made by a trigger with every website):
//                     IndexNow on/off and its key, Baidu's site and token (sealed), the Google property,
//                     Bing on/off, and whether the service account lost the property (google_lost: the reason);
//                     Baidu's quota as its last answer left it (baidu_remain on baidu_remain_day, Beijing time)
//   search_announce   one announcement (a deploy, a rollback, 全站提交): its URLs, its state and message
//   search_url        per website, engine and URL: the last outcome (pending, submitted, rejected, quota,
//                     failed), the engine's reason and a hint
//   search_sync       per website and traffic engine: the last sync, its outcome, the days it holds
//   search_traffic    what an engine showed: per website, engine, day, page and query (Search Console's rows)
//   search_daily      per website, engine and day: the engine's own totals (they count the anonymised queries
//                     the page x query rows leave out); the site dashboard's totals and series read it
//   search_top        the top pages and queries per period (a day, or a month), per website and for the
//                     tenant's sites together (scope ''): the dashboard's tables read at most a few thousand of
//                     these rows whatever the range (rollups.ts builds them)
//   search_rollup_dirty  the tenant-wide periods a sync changed, for the rollup job
// site_traffic (migration 300) held what the dashboard import wrote: its rows move to search_daily.
// The texts are literal (the defaults are src-shared/search-engines.ts's): a migration's text never changes.
import { withPostgres, type Migration } from '../../../db/migrations';
import { AUDIT, pgButtonSort, pgTrigger, postgresVariant } from '../../../db/sql';
import { buttons } from '../deploy/publish-migrations';

/** a new website's IndexNow key: 32 hex characters (SQLite; PostgreSQL below) */
const SQLITE_KEY = 'lower(hex(randomblob(16)))';
const PG_KEY = "md5(random()::text || clock_timestamp()::text)";

/** the search_site row of each website the subquery names (columns id, tenant_id, create_user, create_time) */
const siteRows = (websites: string, key: string) => `
INSERT INTO search_site (id, tenant_id, website_info_id, indexnow_on, indexnow_key, baidu_on, google_on, bing_on,
                         create_user, create_time, update_user, update_time, status, is_deleted)
  SELECT w.id, w.tenant_id, w.id, 0, ${key}, 0, 0, 0, w.create_user, w.create_time, w.create_user, w.create_time, 1, 0
    FROM (${websites}) w
   WHERE NOT EXISTS (SELECT 1 FROM search_site x WHERE x.id = w.id);`;

const TABLES = `
CREATE TABLE search_account (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  indexnow_endpoint TEXT NOT NULL DEFAULT 'https://api.indexnow.org/indexnow',
  baidu_endpoint TEXT NOT NULL DEFAULT 'http://data.zz.baidu.com/urls',
  google_key TEXT,
  google_client_email TEXT,
  google_api_root TEXT NOT NULL DEFAULT 'https://searchconsole.googleapis.com/',
  bing_api_key TEXT,
  bing_api_root TEXT NOT NULL DEFAULT 'https://ssl.bing.com/webmaster/api.svc/json/',${AUDIT}
);
CREATE UNIQUE INDEX ux_search_account_tenant ON search_account(tenant_id) WHERE is_deleted = 0;

CREATE TABLE search_site (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  website_info_id TEXT NOT NULL,
  indexnow_on INTEGER NOT NULL DEFAULT 0,
  indexnow_key TEXT,
  baidu_on INTEGER NOT NULL DEFAULT 0,
  baidu_site TEXT,
  baidu_token TEXT,
  baidu_remain INTEGER,
  baidu_remain_day TEXT,
  google_on INTEGER NOT NULL DEFAULT 0,
  google_property TEXT,
  google_lost TEXT,
  bing_on INTEGER NOT NULL DEFAULT 0,
  bing_site TEXT,${AUDIT}
);
CREATE INDEX ix_search_site_tenant ON search_site(tenant_id, is_deleted, create_time);

CREATE TABLE search_announce (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  website_info_id TEXT NOT NULL,
  deploy_id TEXT,
  kind TEXT NOT NULL,
  release_name TEXT,
  urls_total INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'queued',
  counts TEXT,
  message TEXT,
  job_id TEXT,
  create_time TEXT NOT NULL,
  end_time TEXT
);
CREATE INDEX ix_search_announce_site ON search_announce(website_info_id, create_time);

CREATE TABLE search_url (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  website_info_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  url TEXT NOT NULL,
  change_kind TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  reason TEXT,
  hint TEXT,
  http_status INTEGER,
  announce_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  submit_time TEXT,
  update_time TEXT NOT NULL
);
CREATE UNIQUE INDEX ux_search_url ON search_url(website_info_id, engine, url);
CREATE INDEX ix_search_url_state ON search_url(website_info_id, engine, state);

CREATE TABLE search_sync (
  website_info_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  tenant_id TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'never',
  message TEXT,
  first_day TEXT,
  last_day TEXT,
  sync_time TEXT,
  job_id TEXT,
  update_time TEXT,
  PRIMARY KEY (website_info_id, engine)
);

CREATE TABLE search_traffic (
  tenant_id TEXT NOT NULL,
  website_info_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  query TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  position REAL NOT NULL
);
CREATE INDEX ix_search_traffic_site_day ON search_traffic(website_info_id, engine, day);

CREATE TABLE search_daily (
  tenant_id TEXT NOT NULL,
  website_info_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  position_sum REAL NOT NULL,
  PRIMARY KEY (website_info_id, engine, day, tenant_id)
);
CREATE INDEX ix_search_daily_tenant_day ON search_daily(tenant_id, day);

CREATE TABLE search_top (
  tenant_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  engine TEXT NOT NULL,
  dim TEXT NOT NULL,
  period TEXT NOT NULL,
  key TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  position_sum REAL NOT NULL,
  PRIMARY KEY (tenant_id, scope, engine, dim, period, key)
);

CREATE TABLE search_rollup_dirty (
  tenant_id TEXT NOT NULL,
  engine TEXT NOT NULL,
  period TEXT NOT NULL,
  PRIMARY KEY (tenant_id, engine, period)
);

-- what the dashboard import wrote before: the engine's day totals, per website (none: '', each tenant's own)
INSERT INTO search_daily (tenant_id, website_info_id, engine, day, clicks, impressions, position_sum)
  SELECT tenant_id, COALESCE(website_info_id, ''), engine, day, SUM(clicks), SUM(impressions), 0
    FROM site_traffic WHERE is_deleted = 0 GROUP BY tenant_id, COALESCE(website_info_id, ''), engine, day;
DROP TABLE site_traffic;
`;

/** every website gets its row; a website removed (soft) takes it with it */
const SQLITE_TRIGGERS = `
CREATE TRIGGER search_site_on_website AFTER INSERT ON website_info BEGIN
${siteRows('SELECT NEW.id AS id, NEW.tenant_id AS tenant_id, NEW.create_user AS create_user, NEW.create_time AS create_time', SQLITE_KEY)}
END;
CREATE TRIGGER search_site_on_website_delete AFTER UPDATE OF is_deleted ON website_info WHEN NEW.is_deleted <> OLD.is_deleted BEGIN
  UPDATE search_site SET is_deleted = NEW.is_deleted WHERE id = NEW.id;
END;
CREATE TRIGGER search_site_on_website_remove AFTER DELETE ON website_info BEGIN
  DELETE FROM search_site WHERE id = OLD.id;
END;
${siteRows('SELECT id, tenant_id, create_user, create_time FROM website_info WHERE is_deleted = 0', SQLITE_KEY)}
`;

const PG_TRIGGERS = `
${pgTrigger('search_site_on_website', 'AFTER INSERT ON website_info', siteRows('SELECT NEW.id AS id, NEW.tenant_id AS tenant_id, NEW.create_user AS create_user, NEW.create_time AS create_time', PG_KEY))}
${pgTrigger('search_site_on_website_delete', 'AFTER UPDATE OF is_deleted ON website_info', '  UPDATE search_site SET is_deleted = NEW.is_deleted WHERE id = NEW.id;', 'NEW.is_deleted <> OLD.is_deleted')}
${pgTrigger('search_site_on_website_remove', 'AFTER DELETE ON website_info', '  DELETE FROM search_site WHERE id = OLD.id;')}
${siteRows('SELECT id, tenant_id, create_user, create_time FROM website_info WHERE is_deleted = 0', PG_KEY)}
`;

/** the screen's buttons beyond 修改/查看: (code, name, alias, icon, sort); migration 392 is built from them: never change them */
export const SEARCH_BUTTONS = [
  ['searchEngine_account', '账号设置', 'account', 'setting', 11],
  ['searchEngine_test', '测试连接', 'test', 'api', 12],
  ['searchEngine_sync', '立即同步', 'sync', 'sync', 13],
  ['searchEngine_announce', '全站提交', 'announce', 'send', 14],
  ['searchEngine_import', '导入数据', 'import', 'upload', 15],
] as const;

const MENU = `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
${SEARCH_BUTTONS.map(([code, name, alias, icon, sort]) => `  ('searchEngine', '${code}', '${name}', '${alias}', '${icon}', 2, ${sort})`).join(',\n')};
-- existing databases: the 搜索引擎 screen after 网站管理 under 站点管理 (its extra buttons come with it by the trigger
-- of migration 220), with 修改 and 查看 (a new database gets them from the seeded menu tree)
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT s.id || '392', s.id, 'searchEngine', '搜索引擎', 'menu', '/site/searchEngine', 'search',
         COALESCE((SELECT c.sort FROM blade_menu c WHERE c.code = 'websiteInfo' AND c.category = 1 AND c.is_deleted = 0), 2), 1, 0, 1, 0
    FROM blade_menu s WHERE s.code = 'site' AND s.category = 1 AND s.is_deleted = 0
     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = 'searchEngine' AND x.is_deleted = 0);
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, 'searchEngine_' || b.alias, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
    FROM blade_menu m
    JOIN (SELECT 'edit' AS alias, '修改' AS name, 'edit' AS source, 2 AS action, 2 AS sort
          UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b
   WHERE m.code = 'searchEngine' AND m.category = 1 AND m.is_deleted = 0 AND m.id LIKE '%392'
     AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = 'searchEngine_' || b.alias AND x.is_deleted = 0);
-- granted, with all its buttons, to every role holding 网站管理: the menu first (an administrator role's grant brings
-- the extra buttons by the trigger of migration 220, at once on SQLite), then the buttons it does not hold yet
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT r.role_id || '392' || substr(n.id, -2), r.role_id, n.id
    FROM (SELECT DISTINCT rm.role_id FROM blade_role_menu rm
            JOIN blade_menu g ON g.id = rm.menu_id AND g.code = 'websiteInfo' AND g.category = 1 AND g.is_deleted = 0) r
    JOIN blade_menu n ON n.id LIKE '%392' AND n.code = 'searchEngine' AND n.is_deleted = 0
   WHERE NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = r.role_id AND x.menu_id = n.id);
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT r.role_id || '392' || substr(n.id, -2), r.role_id, n.id
    FROM (SELECT DISTINCT rm.role_id FROM blade_role_menu rm
            JOIN blade_menu g ON g.id = rm.menu_id AND g.code = 'websiteInfo' AND g.category = 1 AND g.is_deleted = 0) r
    JOIN blade_menu n ON n.id LIKE '%392%' AND n.code LIKE 'searchEngine\\_%' ESCAPE '\\' AND n.is_deleted = 0
   WHERE NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = r.role_id AND x.menu_id = n.id);
-- and to the tenant packages holding 网站管理, so tenants created from them later have it too
UPDATE blade_tenant_package
   SET menu_id = menu_id || (SELECT group_concat(',' || n.id, '') FROM blade_menu n
                              WHERE n.id LIKE '%392%' AND (n.code = 'searchEngine' OR n.code LIKE 'searchEngine\\_%' ESCAPE '\\') AND n.is_deleted = 0)
 WHERE is_deleted = 0
   AND EXISTS (SELECT 1 FROM blade_menu g WHERE g.code = 'websiteInfo' AND g.category = 1 AND g.is_deleted = 0
                 AND ',' || blade_tenant_package.menu_id || ',' LIKE '%,' || g.id || ',%')
   AND EXISTS (SELECT 1 FROM blade_menu n WHERE n.code = 'searchEngine' AND n.id LIKE '%392' AND n.is_deleted = 0)
   AND NOT EXISTS (SELECT 1 FROM blade_menu n WHERE n.code = 'searchEngine' AND n.is_deleted = 0
                     AND ',' || blade_tenant_package.menu_id || ',' LIKE '%,' || n.id || ',%');
-- the extra buttons of a 搜索引擎 menu that was there already (none is today: every database gets it here or from
-- the seed, whose trigger brings them), granted to the roles holding the menu
${buttons(SEARCH_BUTTONS.map(([code]) => code))}`;

export const SEARCH_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 391,
    name: 'content: the search-engine loop: accounts, each website\'s connections, announcements and per-URL outcomes, syncs, traffic and its rollups (site_traffic moves to search_daily)',
    sql: `${TABLES}${SQLITE_TRIGGERS}`,
  },
  {
    version: 392,
    name: 'content: the 搜索引擎 screen under 站点管理 with its buttons, granted to the roles and tenant packages holding 网站管理',
    sql: MENU,
  },
], {
  // positions are doubles; a trigger is a PL/pgSQL function there
  391: () =>
    `${postgresVariant(TABLES, [
      ['position REAL NOT NULL', 'position DOUBLE PRECISION NOT NULL'],
      ['position_sum REAL NOT NULL,\n  PRIMARY KEY (website_info_id', 'position_sum DOUBLE PRECISION NOT NULL,\n  PRIMARY KEY (website_info_id'],
      ['position_sum REAL NOT NULL,\n  PRIMARY KEY (tenant_id', 'position_sum DOUBLE PRECISION NOT NULL,\n  PRIMARY KEY (tenant_id'],
    ])}${PG_TRIGGERS}`,
  // a join without ON is a cross join on SQLite only; substr(x, -2) is right(x, 2), group_concat string_agg there
  392: (sqlite) =>
    postgresVariant(sqlite, [
      pgButtonSort('b'),
      ["UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b", "UNION ALL SELECT 'view', '查看', 'eye', 2, 4) b ON true"],
      ['substr(n.id, -2)', 'right(n.id, 2)'],
      ["group_concat(',' || n.id, '')", "string_agg(',' || n.id, '')"],
    ]),
});
