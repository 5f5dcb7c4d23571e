// The tenant screen's 内容额度 button (content quotas of a tenant). Never edit an
// applied migration: append a new one.
import { withPostgres, type Migration } from '../../../db/migrations';
import { pgButtonSort, postgresVariant } from '../../../db/sql';

export const QUOTA_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 331,
    name: 'content: the tenant screen\'s 内容额度 button (content quotas of a tenant)',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('tenant', 'tenant_content_quota', '内容额度', 'content-quota', 'file-text', 2, 8);

INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
  FROM system_extra_button b JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  WHERE b.code = 'tenant_content_quota'
    AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
-- existing databases: granted to every role holding the tenant menu
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT DISTINCT rm.id || printf('%02d', b.sort), rm.role_id, nb.id
  FROM system_extra_button b
  JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  JOIN blade_role_menu rm ON rm.menu_id = m.id
  JOIN blade_menu nb ON nb.parent_id = m.id AND nb.code = b.code AND nb.is_deleted = 0
  WHERE b.code = 'tenant_content_quota'
    AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = rm.role_id AND x.menu_id = nb.id);
`,
  },
], {
  331: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]),
});
