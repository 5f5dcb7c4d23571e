// Workflow endpoints (/blade-flow/...): work lists and task actions, models,
// deployments, running instances (follow) and the diagram data.
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/data-layer';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { ok, ServiceError, status } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { judgeInput } from '../../crud/declared-input';
import { FLOW_DELETE_INSTANCE, LEAVE_HANDLE } from '../../../src-shared/declarations/flow-inputs';
import { callerOf } from '../../http/auth-user';
import { allow, menu, menuButton } from '../../http/access-policy';
import { requireButton } from '../../http/access-check';
import type { ModuleDeps } from '../types';
import { body, idList, paramOf, requireParam } from '../system/common';
import { FLOW_MSG, type FlowRuntime, type Variables } from './runtime';
import {
  categoryName, checkCategory, deploy, duration, FLOW_MENUS, groupsOf, page, paging, parseProcess, splitBusinessKey, userNames, type Rec,
} from './service';
import { and, countOf, done, instancePage, listHas, listTasks, modelRow, processRows, type Sql, targetTenants, taskFilters } from './route-queries';
import { firstBroken } from '../../../src-shared/declarations/declare';
import { FLOW_MODEL } from '../../../src-shared/declarations/flow';

export const WORK = '/blade-flow/work';
export const MODEL = FLOW_MODEL.path;
export const MANAGER = '/blade-flow/manager';
export const FOLLOW = '/blade-flow/follow';
export const PROCESS = '/blade-flow/process';

export function registerFlowRoutes(api: FastifyInstance, deps: ModuleDeps, runtime: FlowRuntime): void {
  const { data, clock } = deps;
  const now = () => formatDateTime(clock());

  // ---- work lists and task actions
  api.get(`${WORK}/start-list`, allow(menu('workStart')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where: Sql[] = [sql`d.tenant_id = ${user.tenantId}`, sql`d.is_deleted = 0`, sql`d.suspension_state = 1`,
      sql`d.version = (SELECT max(x.version) FROM flow_definition x WHERE x.tenant_id = d.tenant_id AND x.process_key = d.process_key AND x.is_deleted = 0)`];
    const category = paramOf(request, 'category')?.trim();
    if (category) where.push(sql`d.category = ${category.startsWith('flow_') ? category : `flow_${category}`}`);
    const from = sql`FROM flow_definition d WHERE ${and(where)}`;
    const total = await countOf(data, from);
    const rows = await data.all(sql<Rec>`SELECT d.* ${from} ORDER BY d.deployment_time DESC, d.id LIMIT ${p.size} OFFSET ${p.offset}`);
    return ok(page(await processRows(data, rows), total, p));
  });

  api.get(`${WORK}/claim-list`, allow(menu('workClaim')), async (request) => {
    const user = callerOf(request);
    const groups = groupsOf(user);
    const claimable = [...groups.map((g) => listHas('t.candidate_groups', g)), listHas('t.candidate_users', user.userId)];
    return listTasks(data, request, [sql`t.tenant_id = ${user.tenantId}`, sql`t.end_time IS NULL`, sql`t.assignee IS NULL`, sql`(${sql.join(claimable, sql` OR `)})`],
      'claim', sql`t.create_time DESC, t.id DESC`);
  });

  api.get(`${WORK}/todo-list`, allow(menu('workTodo')), async (request) => {
    const user = callerOf(request);
    return listTasks(data, request, [sql`t.tenant_id = ${user.tenantId}`, sql`t.end_time IS NULL`, sql`t.assignee = ${user.userId}`], 'todo', sql`t.create_time DESC, t.id DESC`);
  });

  api.get(`${WORK}/done-list`, allow(menu('workDone')), async (request) => {
    const user = callerOf(request);
    return listTasks(data, request, [sql`t.tenant_id = ${user.tenantId}`, sql`t.end_time IS NOT NULL`, sql`t.assignee = ${user.userId}`, sql`t.pass IS NOT NULL`],
      'done', sql`t.end_time DESC, t.id DESC`, 't.end_time');
  });

  api.get(`${WORK}/send-list`, allow(menu('workSend')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where: Sql[] = [sql`i.tenant_id = ${user.tenantId}`, sql`i.start_user_id = ${user.userId}`, sql`i.status <> 'deleted'`];
    taskFilters(data, request, where, 'i.start_time');
    const { total, rows, names } = await instancePage(data, where, sql`d.version`, p);
    const records: Rec[] = [];
    for (const r of rows) {
      const open = await data.all(sql<Rec>`SELECT id, name, task_def_key, assignee FROM flow_task WHERE instance_id = ${r.id as string} AND end_time IS NULL`);
      records.push({
        processInstanceId: r.id,
        historyProcessInstanceId: r.id,
        executionId: r.id,
        processDefinitionId: r.definition_id,
        processDefinitionKey: r.process_key,
        processDefinitionName: r.definition_name,
        processDefinitionVersion: r.version,
        category: r.category,
        categoryName: await categoryName(data, String(r.category)),
        createTime: r.start_time,
        endTime: r.end_time ?? '',
        startUserId: r.start_user_id,
        startUser: names.get(String(r.start_user_id)) ?? '',
        taskId: open[0]?.id ?? '',
        taskName: open.map((t) => t.name).join(','),
        taskDefinitionKey: open[0]?.task_def_key ?? '',
        processIsFinished: r.status === 'running' ? 'unfinished' : 'finished',
        status: 'send',
        ...splitBusinessKey(r.business_key),
      });
    }
    return ok(page(records, total, p));
  });

  api.post(`${WORK}/claim-task`, allow(menuButton('workClaim', 'workClaim_claim')), async (request) => {
    const user = callerOf(request);
    const taskId = requireParam(request, 'taskId');
    const task = await data.get(sql<Rec>`SELECT * FROM flow_task WHERE id = ${taskId} AND tenant_id = ${user.tenantId} AND end_time IS NULL`);
    if (!task) throw new ServiceError(FLOW_MSG.taskDone);
    const claimed = (assignee: unknown) => new ServiceError(assignee === user.userId ? 'flow.taskClaimedByYou' : 'flow.taskClaimedByOther');
    if (task.assignee) throw claimed(task.assignee);
    const groups = groupsOf(user);
    const inGroup = String(task.candidate_groups ?? '').split(',').some((g) => groups.includes(g.trim()));
    const inUsers = String(task.candidate_users ?? '').split(',').some((u) => u.trim() === user.userId);
    if (!inGroup && !inUsers) throw new ServiceError('flow.claimNotAllowed');
    // claimed only while still open and unclaimed: of two claims at once (any instances), one changes the row
    if ((await data.run(sql`UPDATE flow_task SET assignee = ${user.userId}, claim_time = ${now()} WHERE id = ${taskId} AND assignee IS NULL AND end_time IS NULL`)) === 0) {
      const after = await data.get(sql<Rec>`SELECT assignee FROM flow_task WHERE id = ${taskId} AND end_time IS NULL`);
      throw after ? claimed(after.assignee) : new ServiceError(FLOW_MSG.taskDone);
    }
    return status(true);
  });

  api.post(`${WORK}/complete-task`, allow(menuButton('workTodo', 'workTodo_handle')), async (request) => {
    const user = callerOf(request);
    const b = body(request);
    const taskId = typeof b.taskId === 'string' || typeof b.taskId === 'number' ? String(b.taskId).trim() : '';
    if (!taskId) throw new ServiceError({ key: 'common.missingParam', params: { name: 'taskId' } });
    const flag = typeof b.flag === 'string' ? b.flag : '';
    const comment = typeof b.comment === 'string' ? b.comment.trim() : '';
    judgeInput(LEAVE_HANDLE, { flag, comment });
    const variables = b.variables === undefined || b.variables === null ? {} : b.variables;
    if (typeof variables !== 'object' || Array.isArray(variables)) throw new ServiceError({ key: 'common.badFormat', params: { name: 'variables' } });
    const task = await data.get(sql<Rec>`SELECT * FROM flow_task WHERE id = ${taskId} AND tenant_id = ${user.tenantId} AND end_time IS NULL`);
    if (!task) throw new ServiceError(FLOW_MSG.taskDone);
    if (b.processInstanceId && String(b.processInstanceId) !== task.instance_id) throw new ServiceError('flow.taskOtherInstance');
    if (task.assignee !== user.userId) throw new ServiceError(task.assignee ? 'flow.taskNotYours' : 'flow.claimFirst');
    const pass = flag === 'ok' || comment === '同意';
    await runtime.complete(taskId, variables as Variables, comment || '同意', pass);
    return status(true);
  });

  // ---- models
  api.get(`${MODEL}/list`, allow(menu('flowModel')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where: Sql[] = [sql`tenant_id = ${user.tenantId}`, sql`is_deleted = 0`];
    for (const [param, column] of [['name', 'name'], ['modelKey', 'model_key']] as const) {
      const v = paramOf(request, param)?.trim();
      if (v) where.push(data.dialect.contains(sql.ref(column), v));
    }
    const from = sql`FROM flow_model WHERE ${and(where)}`;
    const total = await countOf(data, from);
    const rows = await data.all(sql<Rec>`SELECT * ${from} ORDER BY last_updated DESC, id DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return ok(page(rows.map((r) => modelRow(r, false)), total, p));
  });
  api.get(`${MODEL}/detail`, allow(menu('flowModel')), async (request) => {
    const user = callerOf(request);
    const row = await data.get(sql<Rec>`SELECT * FROM flow_model WHERE id = ${paramOf(request, 'id') ?? ''} AND tenant_id = ${user.tenantId} AND is_deleted = 0`);
    return ok(row ? modelRow(row, true) : null);
  });
  api.post(`${MODEL}/submit`, allow(menuButton('flowModel', 'flowModel_add', 'flowModel_edit')), async (request) => {
    const b = body(request);
    const id = b.id ? String(b.id) : '';
    await requireButton(deps.data, request, id ? 'flowModel_edit' : 'flowModel_add');
    const user = callerOf(request);
    const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
    const name = str('name');
    const modelKey = str('modelKey');
    const xml = typeof b.xml === 'string' ? b.xml : '';
    // the declaration's rules (src-shared/declarations/flow.ts), in its order
    const values: Record<string, string> = { name, modelKey, description: str('description'), xml };
    for (const [field, decl] of Object.entries(FLOW_MODEL.fields)) {
      const broken = firstBroken(decl, values[field]);
      if (broken) throw new ServiceError(broken.message);
    }
    const parsed = await parseProcess(xml);
    if (parsed.key !== modelKey) throw new ServiceError({ key: 'flow.modelKeyMismatch', params: { key: parsed.key } });
    const t = now();
    // the key is checked unique and written under its lock: two saves of one key at once (any instances) see each other
    await data.transaction(async (trx) => {
      await trx.run(trx.dialect.transactionLock(`flow_model.model_key:${user.tenantId}:${modelKey}`));
      const dup = await trx.get(sql`SELECT id FROM flow_model WHERE tenant_id = ${user.tenantId} AND model_key = ${modelKey} AND is_deleted = 0 AND id <> ${id}`);
      if (dup) throw new ServiceError('flow.modelKeyTaken');
      if (id) {
        const changed = await trx.run(
          sql`UPDATE flow_model SET name = ${name}, model_key = ${modelKey}, description = ${str('description')}, xml = ${xml}, version = version + 1,
            last_updated = ${t}, last_updated_by = ${user.userId} WHERE id = ${id} AND tenant_id = ${user.tenantId} AND is_deleted = 0`,
        );
        if (changed === 0) throw new ServiceError('flow.modelGone');
      } else {
        await trx.run(
          sql`INSERT INTO flow_model (id, tenant_id, name, model_key, description, xml, created, created_by, last_updated, last_updated_by)
            VALUES (${nextId()}, ${user.tenantId}, ${name}, ${modelKey}, ${str('description')}, ${xml}, ${t}, ${user.userId}, ${t}, ${user.userId})`,
        );
      }
    });
    return status(true);
  });
  api.post(`${MODEL}/remove`, allow(menuButton('flowModel', 'flowModel_delete')), async (request) => {
    const user = callerOf(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    await data.run(sql`UPDATE flow_model SET is_deleted = 1 WHERE tenant_id = ${user.tenantId} AND id IN (${sql.join(ids)})`);
    return status(true);
  });
  api.post(`${MODEL}/deploy`, allow(menuButton('flowModel', 'flowModel_deploy')), async (request) => {
    const user = callerOf(request);
    const modelId = requireParam(request, 'modelId');
    const category = await checkCategory(data, paramOf(request, 'category'));
    const model = await data.get(sql<Rec>`SELECT * FROM flow_model WHERE id = ${modelId} AND tenant_id = ${user.tenantId} AND is_deleted = 0`);
    if (!model) throw new ServiceError('flow.modelMissing');
    const tenants = await targetTenants(data, user, paramOf(request, 'tenantIds'));
    const deploymentId = nextId();
    for (const tenantId of tenants)
      await deploy(data, { tenantId, xml: String(model.xml), category, resourceName: `${String(model.model_key)}.bpmn20.xml`, now: now(), deploymentId });
    return done(request, 'flow.deployed');
  });

  // ---- deployments
  api.get(`${MANAGER}/list`, allow(menu('flowDeploy')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where: Sql[] = [sql`tenant_id = ${user.tenantId}`, sql`is_deleted = 0`];
    const category = paramOf(request, 'category')?.trim();
    if (category) where.push(sql`category = ${category.startsWith('flow_') ? category : `flow_${category}`}`);
    for (const [param, column] of [['key', 'process_key'], ['name', 'name']] as const) {
      const v = paramOf(request, param)?.trim();
      if (v) where.push(data.dialect.contains(sql.ref(column), v));
    }
    const from = sql`FROM flow_definition WHERE ${and(where)}`;
    const total = await countOf(data, from);
    const rows = await data.all(sql<Rec>`SELECT * ${from} ORDER BY deployment_time DESC, process_key, version DESC LIMIT ${p.size} OFFSET ${p.offset}`);
    return ok(page(await processRows(data, rows), total, p));
  });
  api.post(`${MANAGER}/change-state`, allow(menuButton('flowDeploy', 'flowDeploy_state')), async (request) => {
    const user = callerOf(request);
    const state = requireParam(request, 'state');
    const processId = requireParam(request, 'processId');
    if (state !== 'active' && state !== 'suspend' && state !== 'suspended') throw new ServiceError('flow.stateParam');
    const changed = await data.run(
      sql`UPDATE flow_definition SET suspension_state = ${state === 'active' ? 1 : 2} WHERE id = ${processId} AND tenant_id = ${user.tenantId} AND is_deleted = 0`,
    );
    if (changed === 0) throw new ServiceError('flow.definitionMissing');
    return done(request, state === 'active' ? 'flow.activated' : 'flow.suspended');
  });
  api.post(`${MANAGER}/deploy-upload`, allow(menuButton('flowDeploy', 'flowDeploy_upload')), async (request) => {
    const user = callerOf(request);
    if (!request.isMultipart()) throw new ServiceError('flow.deployFileRequired');
    const files: { name: string; xml: string }[] = [];
    const fields: Record<string, string> = {};
    for await (const part of request.parts({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch(() => {
          throw new ServiceError('flow.deployFileMax');
        });
        if (part.file.truncated) throw new ServiceError('flow.deployFileMax');
        files.push({ name: part.filename || 'process.bpmn', xml: bytes.toString('utf8') });
      } else fields[part.fieldname] = String(part.value);
    }
    const category = await checkCategory(data, fields.category);
    if (files.length === 0) throw new ServiceError('flow.deployFileRequired');
    for (const f of files)
      if (!/\.(bpmn20\.xml|bpmn)$/i.test(f.name)) throw new ServiceError({ key: 'flow.deployFileType', params: { name: f.name } });
    const tenants = await targetTenants(data, user, fields.tenantIds);
    for (const f of files) await parseProcess(f.xml);
    const deploymentId = nextId();
    for (const tenantId of tenants) for (const f of files) await deploy(data, { tenantId, xml: f.xml, category, resourceName: f.name, now: now(), deploymentId });
    return done(request, 'flow.deployed');
  });
  api.post(`${MANAGER}/delete-deployment`, allow(menuButton('flowDeploy', 'flowDeploy_delete')), async (request) => {
    const user = callerOf(request);
    const ids = idList(paramOf(request, 'deploymentIds'));
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const defs = await data.all(
      sql<{ id: string }>`SELECT id FROM flow_definition WHERE tenant_id = ${user.tenantId} AND is_deleted = 0 AND deployment_id IN (${sql.join(ids)})`,
    );
    for (const d of defs) {
      const running = await data.all(sql<{ id: string }>`SELECT id FROM flow_instance WHERE definition_id = ${d.id} AND status = 'running'`);
      for (const i of running) await runtime.remove(i.id, '部署已删除');
      await data.run(sql`UPDATE flow_definition SET is_deleted = 1 WHERE id = ${d.id}`);
    }
    return status(true);
  });

  // ---- follow: running instances
  api.get(`${FOLLOW}/list`, allow(menu('flowFollow')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where: Sql[] = [sql`i.tenant_id = ${user.tenantId}`, sql`i.status = 'running'`];
    const pid = paramOf(request, 'processInstanceId')?.trim();
    if (pid) where.push(sql`i.id = ${pid}`);
    const key = paramOf(request, 'processDefinitionKey')?.trim();
    if (key) where.push(data.dialect.contains(sql.ref('d.process_key'), key));
    const { total, rows, names } = await instancePage(data, where, sql`d.suspension_state`, p);
    const records: Rec[] = [];
    for (const r of rows) {
      const task = await data.get(sql<Rec>`SELECT id, task_def_key, name FROM flow_task WHERE instance_id = ${r.id as string} AND end_time IS NULL ORDER BY create_time`);
      records.push({
        id: r.id,
        name: r.definition_name,
        startUserId: r.start_user_id,
        startUser: names.get(String(r.start_user_id)) ?? '',
        startTime: r.start_time,
        taskDefinitionId: task?.id ?? '',
        taskDefinitionKey: task?.task_def_key ?? '',
        taskName: task?.name ?? '',
        category: r.category,
        categoryName: await categoryName(data, String(r.category)),
        processInstanceId: r.id,
        processDefinitionId: r.definition_id,
        processDefinitionKey: r.process_key,
        activityId: task?.task_def_key ?? '',
        suspensionState: r.suspension_state,
        executionId: r.id,
        ...splitBusinessKey(r.business_key),
      });
    }
    return ok(page(records, total, p));
  });
  api.post(`${FOLLOW}/delete-process-instance`, allow(menuButton('flowFollow', 'flowFollow_delete')), async (request) => {
    const user = callerOf(request);
    const id = requireParam(request, 'processInstanceId');
    const reason = paramOf(request, 'deleteReason')?.trim() ?? '';
    judgeInput(FLOW_DELETE_INSTANCE, { deleteReason: reason });
    const row = await data.get(sql`SELECT id FROM flow_instance WHERE id = ${id} AND tenant_id = ${user.tenantId} AND status = 'running'`);
    if (!row || !(await runtime.remove(id, reason))) throw new ServiceError(FLOW_MSG.instanceGone);
    return status(true);
  });

  // ---- diagram data and history
  api.get(`${PROCESS}/model-view`, allow(menu(...FLOW_MENUS)), async (request) => {
    const user = callerOf(request);
    const instanceId = paramOf(request, 'processInstanceId')?.trim();
    const definitionId = paramOf(request, 'processDefinitionId')?.trim();
    if (instanceId) {
      const inst = await data.get(sql<{ definition_id: string }>`SELECT definition_id FROM flow_instance WHERE id = ${instanceId} AND tenant_id = ${user.tenantId}`);
      if (!inst) throw new ServiceError('flow.instanceMissing');
      const def = (await data.get(sql<{ xml: string }>`SELECT xml FROM flow_definition WHERE id = ${inst.definition_id}`))!;
      const activities = await data.all(sql<Rec>`SELECT activity_id, activity_type, end_time FROM flow_activity WHERE instance_id = ${instanceId} ORDER BY seq`);
      const flow = activities.map((a) => ({
        historyActivityId: a.activity_id,
        historyActivityType: a.activity_type,
        endTime: a.end_time ?? '',
      }));
      return ok({ xml: def.xml, flow });
    }
    if (definitionId) {
      const def = await data.get(sql<{ xml: string }>`SELECT xml FROM flow_definition WHERE id = ${definitionId} AND tenant_id = ${user.tenantId}`);
      if (!def) throw new ServiceError('flow.definitionMissing');
      return ok({ xml: def.xml, flow: [] });
    }
    throw new ServiceError({ key: 'common.missingParam', params: { name: 'processInstanceId' } });
  });
  api.get(`${PROCESS}/history-flow-list`, allow(menu(...FLOW_MENUS)), async (request) => {
    const user = callerOf(request);
    const instanceId = requireParam(request, 'processInstanceId');
    const inst = await data.get(sql<{ start_user_id: string }>`SELECT start_user_id FROM flow_instance WHERE id = ${instanceId} AND tenant_id = ${user.tenantId}`);
    if (!inst) throw new ServiceError('flow.instanceMissing');
    const rows = await data.all(
      sql<Rec>`SELECT a.*, t.assignee, t.comment, t.pass FROM flow_activity a LEFT JOIN flow_task t ON t.id = a.task_id
         WHERE a.instance_id = ${instanceId} AND a.activity_type IN ('startEvent', 'userTask', 'endEvent') ORDER BY a.seq`,
    );
    const names = await userNames(data, [inst.start_user_id, ...rows.map((r) => r.assignee as string)]);
    const language = readerLanguage(request);
    return ok(
      rows.map((r) => {
        const assignee = r.activity_type === 'startEvent' ? inst.start_user_id : (r.assignee as string | null);
        return {
          historyActivityId: r.activity_id,
          historyActivityName: r.activity_name ?? r.activity_id,
          historyActivityType: r.activity_type,
          taskId: r.task_id ?? '',
          createTime: r.start_time,
          endTime: r.end_time ?? '',
          historyActivityDurationTime: duration(r.start_time, r.end_time, language),
          assignee: assignee ?? '',
          assigneeName: assignee ? (names.get(assignee) ?? '') : '',
          comment: r.comment ?? '',
          isPass: r.pass === null || r.pass === undefined ? '' : r.pass === 1,
        };
      }),
    );
  });
}
