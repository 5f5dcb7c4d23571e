// Publishing to servers (numbers 340-349): a server is an SSH/SFTP server or a
// local folder (server_type), with the folder sites go to (deploy_path), its
// pinned host key and the last probe; a deploy record names its server, release,
// what it sent and how long it took; the website keeps its last deploy message.
// Buttons: 测试连接 on servers, 回滚 on websites. Never edit an applied migration.
import { withPostgres, type Migration } from '../../../db/migrations';
import { pgButtonSort, postgresVariant } from '../../../db/sql';

/** SQL adding the listed system_extra_button codes to their menus, granted to every role holding the menu */
export const buttons = (codes: string[]) => `
INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
  FROM system_extra_button b JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  WHERE b.code IN (${codes.map((c) => `'${c}'`).join(', ')})
    AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
-- existing databases: granted to every role holding the menu itself
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT DISTINCT rm.id || printf('%02d', b.sort), rm.role_id, nb.id
  FROM system_extra_button b
  JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  JOIN blade_role_menu rm ON rm.menu_id = m.id
  JOIN blade_menu nb ON nb.parent_id = m.id AND nb.code = b.code AND nb.is_deleted = 0
  WHERE b.code IN (${codes.map((c) => `'${c}'`).join(', ')})
    AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = rm.role_id AND x.menu_id = nb.id);
`;

export const PUBLISH_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 340,
    name: 'content: servers as SFTP targets or local folders, deploy records with releases, test-connection and rollback buttons',
    sql: `
ALTER TABLE server_info ADD COLUMN server_type TEXT NOT NULL DEFAULT 'sftp';
ALTER TABLE server_info ADD COLUMN deploy_path TEXT;
ALTER TABLE server_info ADD COLUMN host_key TEXT;
ALTER TABLE server_info ADD COLUMN check_time TEXT;
ALTER TABLE server_info ADD COLUMN check_message TEXT;
-- servers recorded before publishing existed were rendered into the data folder: they stay local folders
UPDATE server_info SET server_type = 'local';

ALTER TABLE website_deploy ADD COLUMN server_id TEXT;
ALTER TABLE website_deploy ADD COLUMN kind TEXT NOT NULL DEFAULT 'deploy';
ALTER TABLE website_deploy ADD COLUMN release_name TEXT;
ALTER TABLE website_deploy ADD COLUMN previous_release TEXT;
ALTER TABLE website_deploy ADD COLUMN files_total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE website_deploy ADD COLUMN files_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE website_deploy ADD COLUMN bytes_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE website_deploy ADD COLUMN duration_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE website_deploy ADD COLUMN site_url TEXT;
CREATE INDEX ix_website_deploy_site ON website_deploy(website_info_id, create_time);

ALTER TABLE website_info ADD COLUMN deploy_message TEXT;
ALTER TABLE website_info ADD COLUMN deploy_time TEXT;

INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('serverInfo', 'serverInfo_test', '测试连接', 'test-connection', 'api', 2, 8),
  ('websiteInfo', 'websiteInfo_rollback', '回滚', 'rollback', 'rollback', 2, 9);
${buttons(['serverInfo_test', 'websiteInfo_rollback'])}`,
  },
], {
  // bytes sent and a deploy's duration in ms may pass 2^31
  340: (sqlite) =>
    postgresVariant(sqlite, [
      ['bytes_sent INTEGER', 'bytes_sent BIGINT'],
      ['duration_ms INTEGER', 'duration_ms BIGINT'],
      pgButtonSort('b'),
    ]),
});
