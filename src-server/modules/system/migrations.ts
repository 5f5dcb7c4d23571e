// System-administration tables (migrations 200-299). The core tables (users, roles,
// depts, menus, tenants, clients, top menus) are created by the core migrations.
import { upTo, withPostgres, type Migration } from '../../db/migrations';
import { AUDIT, pgButtonSort, pgTrigger, pgZeroPad, postgresVariant } from '../../db/sql';

export const SYSTEM_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 200,
    name: 'system: posts, tenant packages, scopes, regions, user platforms, indexes',
    sql: `
CREATE TABLE blade_post (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  category INTEGER,
  post_code TEXT NOT NULL,
  post_name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 1,
  remark TEXT,${AUDIT}
);
CREATE INDEX ix_blade_post_tenant ON blade_post(tenant_id, is_deleted);

CREATE TABLE blade_tenant_package (
  id TEXT PRIMARY KEY,
  package_name TEXT NOT NULL,
  menu_id TEXT NOT NULL DEFAULT '',
  remark TEXT,${AUDIT}
);

CREATE TABLE blade_scope_data (
  id TEXT PRIMARY KEY,
  menu_id TEXT NOT NULL,
  resource_code TEXT NOT NULL,
  scope_name TEXT NOT NULL,
  scope_field TEXT,
  scope_class TEXT,
  scope_column TEXT,
  scope_type INTEGER NOT NULL DEFAULT 1,
  scope_value TEXT,
  remark TEXT,${AUDIT}
);

CREATE TABLE blade_scope_api (
  id TEXT PRIMARY KEY,
  menu_id TEXT NOT NULL,
  resource_code TEXT NOT NULL,
  scope_name TEXT NOT NULL,
  scope_path TEXT,
  scope_type INTEGER NOT NULL DEFAULT 1,
  remark TEXT,${AUDIT}
);

CREATE TABLE blade_role_scope (
  id TEXT PRIMARY KEY,
  scope_category INTEGER NOT NULL,
  scope_id TEXT NOT NULL,
  role_id TEXT NOT NULL
);
CREATE UNIQUE INDEX ux_blade_role_scope ON blade_role_scope(role_id, scope_category, scope_id);

CREATE TABLE blade_region (
  code TEXT PRIMARY KEY,
  parent_code TEXT NOT NULL DEFAULT '00',
  ancestors TEXT NOT NULL DEFAULT '00',
  name TEXT NOT NULL,
  province_code TEXT,
  province_name TEXT,
  city_code TEXT,
  city_name TEXT,
  district_code TEXT,
  district_name TEXT,
  town_code TEXT,
  town_name TEXT,
  village_code TEXT,
  village_name TEXT,
  region_level INTEGER NOT NULL DEFAULT 1,
  sort INTEGER NOT NULL DEFAULT 1,
  remark TEXT
);
CREATE INDEX ix_blade_region_parent ON blade_region(parent_code);
INSERT INTO blade_region (code, parent_code, ancestors, name, province_code, province_name, region_level, sort) VALUES
  ('11', '00', '00', '北京市', '11', '北京市', 1, 1),
  ('31', '00', '00', '上海市', '31', '上海市', 1, 2),
  ('44', '00', '00', '广东省', '44', '广东省', 1, 3);
INSERT INTO blade_region (code, parent_code, ancestors, name, province_code, province_name, city_code, city_name, region_level, sort) VALUES
  ('1101', '11', '00,11', '市辖区', '11', '北京市', '1101', '市辖区', 2, 1),
  ('3101', '31', '00,31', '市辖区', '31', '上海市', '3101', '市辖区', 2, 1),
  ('4401', '44', '00,44', '广州市', '44', '广东省', '4401', '广州市', 2, 1),
  ('4403', '44', '00,44', '深圳市', '44', '广东省', '4403', '深圳市', 2, 2);
INSERT INTO blade_region (code, parent_code, ancestors, name, province_code, province_name, city_code, city_name, district_code, district_name, region_level, sort) VALUES
  ('110101', '1101', '00,11,1101', '东城区', '11', '北京市', '1101', '市辖区', '110101', '东城区', 3, 1),
  ('110102', '1101', '00,11,1101', '西城区', '11', '北京市', '1101', '市辖区', '110102', '西城区', 3, 2),
  ('440305', '4403', '00,44,4403', '南山区', '44', '广东省', '4403', '深圳市', '440305', '南山区', 3, 1);

CREATE TABLE blade_user_platform (
  user_id TEXT PRIMARY KEY,
  user_type INTEGER NOT NULL DEFAULT 1,
  user_ext TEXT
);

CREATE INDEX ix_blade_user_tenant ON blade_user(tenant_id, is_deleted, create_time);
CREATE INDEX ix_blade_dept_tenant ON blade_dept(tenant_id, parent_id);
CREATE INDEX ix_blade_role_tenant ON blade_role(tenant_id, parent_id);
CREATE INDEX ix_blade_role_menu_role ON blade_role_menu(role_id);
CREATE INDEX ix_blade_top_menu_setting ON blade_top_menu_setting(top_menu_id);
`,
  },
  {
    version: 201,
    name: 'system: own button codes for the extra actions (role, reset, unlock, platform, audit, grant settings)',
    sql: `
CREATE TABLE system_extra_button (
  menu_code TEXT NOT NULL,
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  alias TEXT NOT NULL,
  source TEXT NOT NULL,
  action INTEGER NOT NULL,
  sort INTEGER NOT NULL
);
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('user', 'user_role', '角色配置', 'role', 'user-add', 2, 5),
  ('user', 'user_reset', '密码重置', 'reset-password', 'reload', 2, 6),
  ('user', 'user_unlock', '账号解封', 'unlock', 'unlock', 2, 7),
  ('user', 'user_platform', '平台配置', 'platform', 'setting', 2, 8),
  ('user', 'user_audit', '账号审核', 'audit', 'audit', 2, 9),
  ('role', 'role_setting', '权限设置', 'setting', 'setting', 2, 5),
  ('topmenu', 'topmenu_setting', '菜单配置', 'setting', 'setting', 2, 5),
  ('tenant', 'tenant_setting', '授权配置', 'setting', 'setting', 2, 5),
  ('tenant', 'tenant_package_setting', '产品包配置', 'package-setting', 'gift', 2, 6),
  ('tenant', 'tenant_datasource', '数据源配置', 'datasource', 'database', 2, 7);

-- existing databases: the buttons under their menus, granted to every role holding the menu's <code>_edit
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
  FROM system_extra_button b JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  WHERE NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT DISTINCT rm.id || printf('%02d', b.sort), rm.role_id, nb.id
  FROM system_extra_button b
  JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  JOIN blade_menu ed ON ed.parent_id = m.id AND ed.code = b.menu_code || '_edit' AND ed.is_deleted = 0
  JOIN blade_role_menu rm ON rm.menu_id = ed.id
  JOIN blade_menu nb ON nb.parent_id = m.id AND nb.code = b.code AND nb.is_deleted = 0;

-- fresh databases (the seed runs after the migrations): a seeded menu brings its buttons,
-- and the administrator role granted the menu is granted them too
CREATE TRIGGER system_extra_buttons_on_menu AFTER INSERT ON blade_menu
  WHEN NEW.category = 1 AND NEW.code IN (SELECT menu_code FROM system_extra_button)
BEGIN
  INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
    SELECT NEW.id || printf('%02d', b.sort), NEW.id, b.code, b.name, b.alias, NEW.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
    FROM system_extra_button b
    WHERE b.menu_code = NEW.code AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
END;
CREATE TRIGGER system_extra_buttons_on_grant AFTER INSERT ON blade_role_menu
  WHEN (SELECT role_alias FROM blade_role WHERE id = NEW.role_id) = 'administrator'
   AND EXISTS (SELECT 1 FROM blade_menu m WHERE m.id = NEW.menu_id AND m.category = 1 AND m.code IN (SELECT menu_code FROM system_extra_button))
BEGIN
  INSERT INTO blade_role_menu (id, role_id, menu_id)
    SELECT NEW.id || printf('%02d', nb.sort), NEW.role_id, nb.id
    FROM blade_menu nb
    WHERE nb.parent_id = NEW.menu_id AND nb.category = 2 AND nb.is_deleted = 0
      AND nb.code IN (SELECT code FROM system_extra_button)
      AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = NEW.role_id AND x.menu_id = nb.id);
END;
`,
  },
  {
    version: 230,
    name: 'system: the button codes the stock consoles use (data and API scope settings, region debug)',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('datascope', 'data_scope_setting', '权限配置', 'setting', 'setting', 2, 5),
  ('apiscope', 'api_scope_setting', '权限配置', 'setting', 'setting', 2, 5),
  ('region', 'region_debug', '调试', 'debug', 'bug', 1, 5);

-- existing databases, as migration 201 did for its buttons
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
  FROM system_extra_button b JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  WHERE b.code IN ('data_scope_setting', 'api_scope_setting', 'region_debug')
    AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT DISTINCT rm.id || printf('%02d', b.sort), rm.role_id, nb.id
  FROM system_extra_button b
  JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  JOIN blade_menu ed ON ed.parent_id = m.id AND ed.code = b.menu_code || '_edit' AND ed.is_deleted = 0
  JOIN blade_role_menu rm ON rm.menu_id = ed.id
  JOIN blade_menu nb ON nb.parent_id = m.id AND nb.code = b.code AND nb.is_deleted = 0
  WHERE b.code IN ('data_scope_setting', 'api_scope_setting', 'region_debug');
`,
  },
  {
    version: 231,
    name: 'system: the region menu at the stock consoles\' path /base/region',
    sql: `
UPDATE blade_menu SET path = '/base/region' WHERE code = 'region' AND category = 1 AND path = '/system/region';
UPDATE blade_menu SET path = '/base/region' || substr(path, length('/system/region') + 1)
  WHERE category = 2 AND path LIKE '/system/region/%'
    AND parent_id IN (SELECT id FROM blade_menu WHERE code = 'region' AND category = 1);
`,
  },
  {
    version: 232,
    name: 'system: delete buttons at stock SpringBlade\'s API paths (Sword posts ids= to a delete button\'s path)',
    sql: `
-- only rows still holding the path the seed gave them; a path an operator changed stays
WITH stock(code, old_path, new_path) AS (VALUES
  ('notice_delete', '/desk/notice/delete', '/api/blade-desk/notice/remove'),
  ('user_delete', '/system/user/delete', '/api/blade-user/remove'),
  ('dept_delete', '/system/dept/delete', '/api/blade-system/dept/remove'),
  ('post_delete', '/system/post/delete', '/api/blade-system/post/remove'),
  ('dict_delete', '/system/dict/delete', '/api/blade-system/dict/remove'),
  ('dictbiz_delete', '/system/dictbiz/delete', '/api/blade-system/dict-biz/remove'),
  ('menu_delete', '/system/menu/delete', '/api/blade-system/menu/remove'),
  ('topmenu_delete', '/system/topmenu/delete', '/api/blade-system/topmenu/remove'),
  ('param_delete', '/system/param/delete', '/api/blade-system/param/remove'),
  ('tenant_delete', '/system/tenant/delete', '/api/blade-system/tenant/remove'),
  ('client_delete', '/system/client/delete', '/api/blade-system/client/remove'),
  ('role_delete', '/authority/role/delete', '/api/blade-system/role/remove'),
  ('sms_delete', '/resource/sms/delete', '/api/blade-resource/sms/remove'),
  ('oss_delete', '/resource/oss/delete', '/api/blade-resource/oss/remove'),
  ('attach_delete', '/resource/attach/delete', '/api/blade-resource/attach/remove'),
  ('code_delete', '/tool/code/delete', '/api/blade-develop/code/remove'),
  ('datasource_delete', '/tool/datasource/delete', '/api/blade-develop/datasource/remove'),
  ('flowModel_delete', '/flow/model/delete', '/api/blade-flow/model/remove')
)
UPDATE blade_menu SET path = (SELECT new_path FROM stock WHERE stock.code = blade_menu.code)
  WHERE category = 2
    AND EXISTS (SELECT 1 FROM stock WHERE stock.code = blade_menu.code AND stock.old_path = blade_menu.path);
`,
  },
  {
    version: 235,
    name: 'system: the report list\'s delete at the report API on the toolbar (Sword finds it under its code report)',
    sql: `
-- only a row still holding the seed's path, and the bar only where it is still the seed's; what an operator changed stays
UPDATE blade_menu SET action = 1
  WHERE category = 2 AND code = 'reportlist_delete' AND path = '/report/reportlist/delete' AND action = 3;
UPDATE blade_menu SET path = '/api/blade-report/report/rest/remove'
  WHERE category = 2 AND code = 'reportlist_delete' AND path = '/report/reportlist/delete';
`,
  },
  {
    version: 236,
    name: 'system: the administrator tenant gets a post when it never had one (both stock user forms require one)',
    sql: `
-- the seed's post (seed.ts SEED_IDS.post), only in an install whose tenant 000000 has no post row at all, deleted ones
-- included (one whose posts were deleted on purpose stays as it is); the seeded administrator holds it when it holds none
INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, remark, create_time, update_time, status, is_deleted)
  SELECT '1123598817738675201', '000000', 1, 'ceo', '首席执行官', 1, '公司的最高管理岗位', t.create_time, t.create_time, 1, 0
  FROM blade_tenant t
  WHERE t.tenant_id = '000000'
    AND NOT EXISTS (SELECT 1 FROM blade_post p WHERE p.tenant_id = '000000')
    AND NOT EXISTS (SELECT 1 FROM blade_post p WHERE p.id = '1123598817738675201');
UPDATE blade_user SET post_id = '1123598817738675201'
  WHERE id = '1123598821738675201' AND (post_id IS NULL OR post_id = '')
    AND EXISTS (SELECT 1 FROM blade_post p WHERE p.id = '1123598817738675201' AND p.is_deleted = 0);
`,
  },
], {
  // PL/pgSQL triggers (a trigger's WHEN may not hold a subquery there: those conditions move into the function)
  201: (sqlite) => `${postgresVariant(upTo(sqlite, '-- fresh databases'), [pgButtonSort('b')])}-- fresh databases (the seed runs after the migrations): a seeded menu brings its buttons,
-- and the administrator role granted the menu is granted them too
${pgTrigger(
  'system_extra_buttons_on_menu',
  'AFTER INSERT ON blade_menu',
  `  INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
    SELECT NEW.id || ${pgZeroPad('b.sort', 2)}, NEW.id, b.code, b.name, b.alias, NEW.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
    FROM system_extra_button b
    WHERE b.menu_code = NEW.code AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);`,
  'NEW.category = 1',
)}${pgTrigger(
  'system_extra_buttons_on_grant',
  'AFTER INSERT ON blade_role_menu',
  `  IF (SELECT role_alias FROM blade_role WHERE id = NEW.role_id) = 'administrator'
     AND EXISTS (SELECT 1 FROM blade_menu m WHERE m.id = NEW.menu_id AND m.category = 1 AND m.code IN (SELECT menu_code FROM system_extra_button)) THEN
    INSERT INTO blade_role_menu (id, role_id, menu_id)
      SELECT NEW.id || ${pgZeroPad('nb.sort', 2)}, NEW.role_id, nb.id
      FROM blade_menu nb
      WHERE nb.parent_id = NEW.menu_id AND nb.category = 2 AND nb.is_deleted = 0
        AND nb.code IN (SELECT code FROM system_extra_button)
        AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = NEW.role_id AND x.menu_id = nb.id);
  END IF;`,
)}`,
  230: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]),
});
