// Deploy-task runs and the screens' action buttons (numbers 370-379). A task
// keeps its last run's outcome: success / partial / failed, when, how many
// articles it published, and per site the deploy's status and reason (JSON).
// Buttons: SSL列表 and 链接列表 on website groups, 更新栏目 and 批量部署 on
// websites. Never edit an applied migration: append a new one.
import { withPostgres, type Migration } from '../../../db/migrations';
import { pgButtonSort, postgresVariant } from '../../../db/sql';
import { buttons } from './publish-migrations';

export const TASK_RUN_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 372,
    name: 'content: a deploy task keeps its last run\'s outcome with the reason per site',
    sql: `
ALTER TABLE deploy_tasks ADD COLUMN last_run_state TEXT;
ALTER TABLE deploy_tasks ADD COLUMN last_run_time TEXT;
ALTER TABLE deploy_tasks ADD COLUMN last_run_published INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deploy_tasks ADD COLUMN last_run_sites TEXT;
`,
  },
  {
    version: 373,
    name: 'content: buttons for a website group\'s SSL and link lists, a website\'s column update and batch deploy',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('websiteGroup', 'websiteGroup_ssl', 'SSL列表', 'ssl-list', 'safety', 2, 71),
  ('websiteGroup', 'websiteGroup_links', '链接列表', 'link-list', 'link', 2, 72),
  ('websiteInfo', 'websiteInfo_updateColumn', '更新栏目', 'update-column', 'sync', 2, 73),
  ('websiteInfo', 'websiteInfo_batchDeploy', '批量部署', 'batch-site-tasks', 'cloud-upload', 2, 74);
${buttons(['websiteGroup_ssl', 'websiteGroup_links', 'websiteInfo_updateColumn', 'websiteInfo_batchDeploy'])}`,
  },
], {
  373: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]),
});
