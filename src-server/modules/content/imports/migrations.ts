// Import tasks as durable jobs (numbers 385-389, issue 30): the 取消 button of the
// import task screen (importTask_cancel), granted to every role holding the screen.
// Never edit an applied migration: append a new one.
import { withPostgres, type Migration } from '../../../db/migrations';
import { pgButtonSort, postgresVariant } from '../../../db/sql';
import { buttons } from '../deploy/publish-migrations';

export const IMPORT_JOB_MIGRATIONS: Migration[] = withPostgres([
  {
    version: 385,
    name: 'content: a cancel button for import tasks (a task runs as a durable job; 已取消 keeps the rows imported)',
    sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('importTask', 'importTask_cancel', '取消', 'cancel', 'stop', 2, 75);
${buttons(['importTask_cancel'])}`,
  },
], {
  385: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]),
});
