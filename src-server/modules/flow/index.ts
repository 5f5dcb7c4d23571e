// Server module: workflow. Deployed BPMN runs on bpmn-engine (runtime.ts) with
// its state in the database (deps.data); models, deployments, work lists,
// follow, diagram data (routes.ts) and the leave business (leave.ts).
// Migrations are numbered 500-599.
//
// The shipped leave process (leave-bpmn.ts): 审批 by the approver the applicant
// chose, then 人事审批 claimed by a holder of role `hr`; a rejection at either
// step ends the process at 驳回 (BladeX's LeaveProcess loops back to the
// applicant's 调整申请 instead; this product ends it, the applicant starts anew).
import { sql, type DataLayer } from '../../db/data-layer';
import { createRole, createUser, findRoleByAlias } from '../../system/directory';
import { getSetting, setSetting } from '../../system/settings';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import type { ServerModule } from '../types';
import { registerLeaveRoutes } from './leave';
import { LEAVE_BPMN } from './leave-bpmn';
import { FLOW_BUTTONS_MIGRATION, FLOW_MIGRATION } from './migrations';
import { registerFlowRoutes } from './routes';
import { FlowRuntime } from './runtime';
import { deploy } from './service';

const ADMIN_TENANT = '000000';
/** role `hr` (candidate group of 人事审批) and its demo user hr / hr, like BladeX's seed */
export const HR_ROLE_ID = '1123598816738675501';
export const HR_USER_ID = '1123598821738675501';
const HR_GRANTS = ['workbench', 'wel', 'flow', 'workTodo', 'workTodo_view', 'workTodo_handle', 'workClaim', 'workClaim_view', 'workClaim_claim',
  'workStart', 'workStart_view', 'workStart_start', 'workSend', 'workSend_view', 'workDone', 'workDone_view'];

/** First start: the leave process deployed in the admin tenant, role hr and user hr. Runs once per data folder. */
export async function seedFlow(data: DataLayer, now: string): Promise<void> {
  if (await getSetting(data, 'flow.seeded')) return;
  if (!(await data.get(sql`SELECT 1 AS found FROM blade_tenant WHERE tenant_id = ${ADMIN_TENANT} AND is_deleted = 0`))) return;
  await deploy(data, { tenantId: ADMIN_TENANT, xml: LEAVE_BPMN, category: 'flow_1', resourceName: 'LeaveProcess.bpmn20.xml', now });
  await data.transaction(async (trx) => {
    if (!(await findRoleByAlias(trx, ADMIN_TENANT, 'hr'))) await createRole(trx, { id: HR_ROLE_ID, tenantId: ADMIN_TENANT, roleName: '人事', roleAlias: 'hr', sort: 3 });
    const role = await findRoleByAlias(trx, ADMIN_TENANT, 'hr');
    const dept = await trx.get(sql<{ id: string }>`SELECT id FROM blade_dept WHERE tenant_id = ${ADMIN_TENANT} AND is_deleted = 0 ORDER BY id LIMIT 1`);
    if (role && !(await trx.get(sql`SELECT 1 AS found FROM blade_user WHERE tenant_id = ${ADMIN_TENANT} AND account = 'hr' AND is_deleted = 0`))) {
      await createUser(trx, { id: HR_USER_ID, tenantId: ADMIN_TENANT, account: 'hr', password: 'hr', name: '人事', realName: '人事', roleIds: [role.id], deptIds: dept ? [dept.id] : [] });
      for (const code of HR_GRANTS)
        await trx.run(sql`INSERT INTO blade_role_menu (id, role_id, menu_id)
          SELECT CAST(${nextId()} AS TEXT), CAST(${role.id} AS TEXT), id FROM blade_menu WHERE code = ${code} AND is_deleted = 0 ON CONFLICT DO NOTHING`);
    }
    await setSetting(trx, 'flow.seeded', '1');
  });
}

export const flowModule: ServerModule = {
  name: 'flow',
  migrations: [FLOW_MIGRATION, FLOW_BUTTONS_MIGRATION],
  async routes(api, deps) {
    await seedFlow(deps.data, formatDateTime(deps.clock()));
    const runtime = new FlowRuntime(deps.data, deps.clock);
    registerFlowRoutes(api, deps, runtime);
    registerLeaveRoutes(api, deps.data, deps.clock, runtime);
  },
};
