// The leave business (/blade-desk/process/leave): a leave request row in
// blade_process_leave, started as an instance of the chosen definition with
// business key `blade_process_leave:<id>`; plus the approver picker of its form.
import type { FastifyInstance } from 'fastify';
import { sql, type DataLayer, type RawBuilder } from '../../db/data-layer';
import type { Clock } from '../../util/clock';
import { formatDateTime, normalizeDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { ok, ServiceError } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { messageText } from '../../../src-shared/messages';
import { judgeInput } from '../../crud/declared-input';
import { LEAVE_START } from '../../../src-shared/declarations/flow-inputs';
import { callerOf, firstDeptOf } from '../../http/auth-user';
import { allow, menu, menuButton } from '../../http/access-policy';
import { body, paramOf, requireParam } from '../system/common';
import { formatRow } from '../../system/rows';
import type { FlowRuntime } from './runtime';
import { categoryName, LEAVE_TABLE, userNames, WORK_MENUS, type Rec } from './service';

export const LEAVE = '/blade-desk/process/leave';

/** Whole days covered by a leave (a started day counts), at least 1. */
export function leaveDays(start: string, end: string): number {
  const ms = Date.parse(end.replace(' ', 'T')) - Date.parse(start.replace(' ', 'T'));
  return Math.max(1, Math.ceil(ms / 86_400_000));
}

export function registerLeaveRoutes(api: FastifyInstance, data: DataLayer, clock: Clock, runtime: FlowRuntime): void {
  const leaveTable = sql.id(LEAVE_TABLE);
  api.post(`${LEAVE}/start-process`, allow(menuButton('workStart', 'workStart_start')), async (request) => {
    const user = callerOf(request);
    const b = body(request);
    const str = (k: string) => (typeof b[k] === 'string' || typeof b[k] === 'number' ? String(b[k]).trim() : '');
    const definitionId = str('processDefinitionId');
    if (!definitionId) throw new ServiceError({ key: 'common.missingParam', params: { name: 'processDefinitionId' } });
    const taskUser = str('taskUser').replace(/^taskUser_/, '');
    const reason = str('reason');
    // the form's declaration (src-shared/declarations/flow-inputs.ts): approver, times, their order, reason
    judgeInput(LEAVE_START, { taskUser, startTime: str('startTime'), endTime: str('endTime'), reason });
    const startTime = normalizeDateTime(str('startTime'))!;
    const endTime = normalizeDateTime(str('endTime'))!;
    const approver = await data.get(sql`SELECT id FROM blade_user WHERE id = ${taskUser} AND tenant_id = ${user.tenantId} AND is_deleted = 0`);
    if (!approver) throw new ServiceError('flow.approverMissing');
    if (taskUser === user.userId) throw new ServiceError('flow.approverSelf');
    const def = await data.get(
      sql<{ id: string; xml: string; suspension_state: number }>`SELECT id, xml, suspension_state FROM flow_definition WHERE id = ${definitionId} AND tenant_id = ${user.tenantId} AND is_deleted = 0`,
    );
    if (!def) throw new ServiceError('flow.definitionMissing');
    if (def.suspension_state !== 1) throw new ServiceError('flow.definitionSuspended');

    const id = nextId();
    const now = formatDateTime(clock());
    await data.run(
      sql`INSERT INTO ${leaveTable} (id, tenant_id, process_definition_id, start_time, end_time, reason, task_user, apply_time,
         create_user, create_dept, create_time, update_user, update_time)
       VALUES (${id}, ${user.tenantId}, ${def.id}, ${startTime}, ${endTime}, ${reason}, ${taskUser}, ${now}, ${user.userId}, ${firstDeptOf(user)}, ${now}, ${user.userId}, ${now})`,
    );
    let instanceId: string;
    try {
      instanceId = await runtime.start({
        tenantId: user.tenantId,
        definitionId: def.id,
        xml: def.xml,
        userId: user.userId,
        businessKey: `${LEAVE_TABLE}:${id}`,
        variables: { taskUser, applyUser: user.userId, createUser: user.userId, days: leaveDays(startTime, endTime) },
      });
    } catch (err) {
      await data.run(sql`DELETE FROM ${leaveTable} WHERE id = ${id}`);
      throw err;
    }
    await data.run(sql`UPDATE ${leaveTable} SET process_instance_id = ${instanceId} WHERE id = ${id}`);
    return ok({ id, processInstanceId: instanceId }, messageText('flow.leaveStarted', readerLanguage(request)));
  });

  api.get(`${LEAVE}/detail`, allow(menu('flowFollow', ...WORK_MENUS)), async (request) => {
    const user = callerOf(request);
    const businessId = requireParam(request, 'businessId');
    const row = await data.get(sql<Rec>`SELECT * FROM ${leaveTable} WHERE id = ${businessId} AND tenant_id = ${user.tenantId} AND is_deleted = 0`);
    if (!row) return ok(null);
    const inst = await data.get(
      sql<Rec>`SELECT i.id, i.status, i.start_user_id, d.id AS definition_id, d.name, d.process_key, d.category
        FROM flow_instance i JOIN flow_definition d ON d.id = i.definition_id WHERE i.id = ${row.process_instance_id as string | null}`,
    );
    const names = await userNames(data, [row.task_user as string, row.create_user as string]);
    const leave = formatRow(row);
    leave.taskUserName = names.get(String(row.task_user)) ?? '';
    leave.createUserName = names.get(String(row.create_user)) ?? '';
    leave.flow = {
      assignee: row.task_user,
      assigneeName: names.get(String(row.task_user)) ?? '',
      processInstanceId: row.process_instance_id ?? '',
      processDefinitionId: inst?.definition_id ?? row.process_definition_id,
      processDefinitionName: inst?.name ?? '',
      processDefinitionKey: inst?.process_key ?? '',
      category: inst?.category ?? '',
      categoryName: inst ? await categoryName(data, String(inst.category)) : '',
      processIsFinished: inst?.status === 'running' ? 'unfinished' : 'finished',
      businessTable: LEAVE_TABLE,
      businessId: row.id,
    };
    return ok(leave);
  });

  // the approver picker of the leave form: the caller's tenant's users
  api.get(`${LEAVE}/approver-list`, allow(menu('workStart')), async (request) => {
    const user = callerOf(request);
    const where: RawBuilder<unknown>[] = [sql`tenant_id = ${user.tenantId}`, sql`is_deleted = 0`];
    const name = paramOf(request, 'name')?.trim();
    if (name) where.push(sql`(${data.dialect.contains(sql.ref('real_name'), name)} OR ${data.dialect.contains(sql.ref('account'), name)})`);
    const rows = await data.all(sql<Rec>`SELECT id, account, real_name FROM blade_user WHERE ${sql.join(where, sql` AND `)} ORDER BY account LIMIT 200`);
    return ok(rows.filter((r) => r.id !== user.userId).map((r) => ({ id: r.id, account: r.account, realName: r.real_name ?? r.account })));
  });
}
