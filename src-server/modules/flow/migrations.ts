// Workflow tables (migrations 500-599): models, deployed process definitions,
// process instances with the engine's state, tasks, activity history and the
// leave business table; then the extra buttons of the flow screens.
import { withPostgres } from '../../db/migrations';
import { AUDIT, pgButtonSort, postgresVariant } from '../../db/sql';

export const FLOW_MIGRATION = {
  version: 500,
  name: 'flow: models, definitions, instances, tasks, history, leave',
  sql: `
CREATE TABLE flow_model (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  model_key TEXT NOT NULL,
  description TEXT,
  xml TEXT NOT NULL,
  model_type INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  created TEXT NOT NULL,
  created_by TEXT,
  last_updated TEXT NOT NULL,
  last_updated_by TEXT,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_flow_model_tenant ON flow_model(tenant_id, last_updated);

CREATE TABLE flow_definition (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  process_key TEXT NOT NULL,
  name TEXT NOT NULL,
  version INTEGER NOT NULL,
  category TEXT NOT NULL,
  deployment_id TEXT NOT NULL,
  resource_name TEXT NOT NULL,
  xml TEXT NOT NULL,
  suspension_state INTEGER NOT NULL DEFAULT 1,
  deployment_time TEXT NOT NULL,
  is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ix_flow_definition_tenant ON flow_definition(tenant_id, process_key, version);

CREATE TABLE flow_instance (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  definition_id TEXT NOT NULL,
  business_key TEXT,
  start_user_id TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT,
  -- running, finished, deleted
  status TEXT NOT NULL,
  delete_reason TEXT,
  variables TEXT NOT NULL,
  state TEXT
);
CREATE INDEX ix_flow_instance_tenant ON flow_instance(tenant_id, status, start_time);

CREATE TABLE flow_task (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  instance_id TEXT NOT NULL,
  definition_id TEXT NOT NULL,
  task_def_key TEXT NOT NULL,
  name TEXT NOT NULL,
  assignee TEXT,
  candidate_groups TEXT,
  candidate_users TEXT,
  create_time TEXT NOT NULL,
  claim_time TEXT,
  end_time TEXT,
  comment TEXT,
  pass INTEGER
);
CREATE INDEX ix_flow_task_instance ON flow_task(instance_id);
CREATE INDEX ix_flow_task_assignee ON flow_task(tenant_id, assignee, end_time);

CREATE TABLE flow_activity (
  id TEXT PRIMARY KEY,
  instance_id TEXT NOT NULL,
  activity_id TEXT NOT NULL,
  activity_name TEXT,
  activity_type TEXT NOT NULL,
  task_id TEXT,
  seq INTEGER NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT
);
CREATE INDEX ix_flow_activity_instance ON flow_activity(instance_id, seq);

CREATE TABLE blade_process_leave (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  process_definition_id TEXT NOT NULL,
  process_instance_id TEXT,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  reason TEXT NOT NULL,
  task_user TEXT NOT NULL,
  apply_time TEXT,${AUDIT}
);
`,
};

/** The flow screens' own buttons, through system migration 201's table and triggers (fresh databases get them with the seeded menu). */
export const FLOW_BUTTONS_MIGRATION = withPostgres([{
  version: 501,
  name: 'flow: deploy, upload, state, claim, handle and start buttons',
  sql: `
INSERT INTO system_extra_button (menu_code, code, name, alias, source, action, sort) VALUES
  ('flowModel', 'flowModel_deploy', '部署', 'deploy', 'cloud-upload', 2, 5),
  ('flowDeploy', 'flowDeploy_upload', '上传部署', 'upload', 'upload', 1, 5),
  ('flowDeploy', 'flowDeploy_state', '变更状态', 'state', 'swap', 2, 6),
  ('workStart', 'workStart_start', '发起', 'start', 'send', 2, 5),
  ('workClaim', 'workClaim_claim', '签收', 'claim', 'audit', 2, 5),
  ('workTodo', 'workTodo_handle', '办理', 'handle', 'carry-out', 2, 5);

INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted)
  SELECT m.id || printf('%02d', b.sort), m.id, b.code, b.name, b.alias, m.path || '/' || b.alias, b.source, b.sort, 2, b.action, 1, 0
  FROM system_extra_button b JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  WHERE b.menu_code IN ('flowModel', 'flowDeploy', 'workStart', 'workClaim', 'workTodo')
    AND NOT EXISTS (SELECT 1 FROM blade_menu x WHERE x.code = b.code AND x.is_deleted = 0);
-- existing databases: granted to every role holding the menu itself
INSERT INTO blade_role_menu (id, role_id, menu_id)
  SELECT DISTINCT rm.id || printf('%02d', b.sort), rm.role_id, nb.id
  FROM system_extra_button b
  JOIN blade_menu m ON m.code = b.menu_code AND m.category = 1 AND m.is_deleted = 0
  JOIN blade_role_menu rm ON rm.menu_id = m.id
  JOIN blade_menu nb ON nb.parent_id = m.id AND nb.code = b.code AND nb.is_deleted = 0
  WHERE b.menu_code IN ('flowModel', 'flowDeploy', 'workStart', 'workClaim', 'workTodo')
    AND NOT EXISTS (SELECT 1 FROM blade_role_menu x WHERE x.role_id = rm.role_id AND x.menu_id = nb.id);
`,
}], { 501: (sqlite) => postgresVariant(sqlite, [pgButtonSort('b')]) })[0];
