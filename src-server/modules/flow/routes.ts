// Workflow endpoints (/blade-flow/...): work lists and task actions, models,
// deployments, running instances (follow) and the diagram data.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../util/clock';
import { formatDateTime, normalizeDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf } from '../../http/auth-user';
import { allow, menu, menuButton } from '../../http/access-policy';
import { requireButton } from '../../http/access-check';
import { body, idList, isAdministrator, likeParam, paramOf, placeholders, requireParam } from '../system/common';
import type { FlowRuntime, Variables } from './runtime';
import {
  categoryName, checkCategory, deploy, duration, FLOW_MENUS, groupsOf, page, paging, parseProcess, processRow, splitBusinessKey, userNames, type Rec,
} from './service';

export const WORK = '/blade-flow/work';
export const MODEL = '/blade-flow/model';
export const MANAGER = '/blade-flow/manager';
export const FOLLOW = '/blade-flow/follow';
export const PROCESS = '/blade-flow/process';

const TASK_SELECT = `SELECT t.*, i.business_key, i.start_user_id, i.start_time AS instance_start, i.status AS instance_status,
  d.process_key, d.name AS definition_name, d.version, d.category
  FROM flow_task t JOIN flow_instance i ON i.id = t.instance_id JOIN flow_definition d ON d.id = t.definition_id`;

/** The filters of the work lists: category, processDefinitionName, beginDate / endDate on the task's creation. */
function taskFilters(request: FastifyRequest, where: string[], args: unknown[], timeColumn = 't.create_time'): void {
  const category = paramOf(request, 'category')?.trim();
  if (category) {
    where.push('d.category = ?');
    args.push(category.startsWith('flow_') ? category : `flow_${category}`);
  }
  const name = paramOf(request, 'processDefinitionName')?.trim();
  if (name) {
    where.push("d.name LIKE ? ESCAPE '\\'");
    args.push(likeParam(name));
  }
  const begin = normalizeDateTime(paramOf(request, 'beginDate') ?? '');
  if (begin) {
    where.push(`${timeColumn} >= ?`);
    args.push(begin);
  }
  const end = normalizeDateTime(paramOf(request, 'endDate') ?? '');
  if (end) {
    where.push(`${timeColumn} <= ?`);
    args.push(end.endsWith('00:00:00') ? end.replace('00:00:00', '23:59:59') : end);
  }
}

function bladeFlow(db: Db, rows: Rec[], status: string): Rec[] {
  const names = userNames(db, rows.flatMap((r) => [r.assignee as string, r.start_user_id as string]));
  return rows.map((r) => ({
    taskId: r.id,
    taskName: r.name,
    taskDefinitionKey: r.task_def_key,
    assignee: r.assignee ?? '',
    assigneeName: names.get(String(r.assignee)) ?? '',
    candidateGroups: r.candidate_groups ?? '',
    category: r.category,
    categoryName: categoryName(db, String(r.category)),
    createTime: r.create_time,
    claimTime: r.claim_time ?? '',
    endTime: r.end_time ?? '',
    historyTaskEndTime: r.end_time ?? '',
    executionId: r.instance_id,
    processInstanceId: r.instance_id,
    processDefinitionId: r.definition_id,
    processDefinitionKey: r.process_key,
    processDefinitionName: r.definition_name,
    processDefinitionVersion: r.version,
    processIsFinished: r.instance_status === 'running' ? 'unfinished' : 'finished',
    startUserId: r.start_user_id,
    startUser: names.get(String(r.start_user_id)) ?? '',
    comment: r.comment ?? '',
    isPass: r.pass === null || r.pass === undefined ? '' : r.pass === 1,
    status,
    ...splitBusinessKey(r.business_key),
  }));
}

function listTasks(db: Db, request: FastifyRequest, baseWhere: string[], baseArgs: unknown[], status: string, order: string, timeColumn?: string) {
  const p = paging(request);
  const where = [...baseWhere];
  const args = [...baseArgs];
  taskFilters(request, where, args, timeColumn);
  const sql = `${TASK_SELECT} WHERE ${where.join(' AND ')}`;
  const total = (db.prepare(`SELECT count(*) AS n FROM (${sql})`).get(...args) as { n: number }).n;
  const rows = db.prepare(`${sql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as Rec[];
  return ok(page(bladeFlow(db, rows, status), total, p));
}

export function registerFlowRoutes(api: FastifyInstance, db: Db, clock: Clock, runtime: FlowRuntime): void {
  const now = () => formatDateTime(clock());

  // ---- work lists and task actions
  api.get(`${WORK}/start-list`, allow(menu('workStart')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where = ['d.tenant_id = ?', 'd.is_deleted = 0', 'd.suspension_state = 1',
      'd.version = (SELECT max(x.version) FROM flow_definition x WHERE x.tenant_id = d.tenant_id AND x.process_key = d.process_key AND x.is_deleted = 0)'];
    const args: unknown[] = [user.tenantId];
    const category = paramOf(request, 'category')?.trim();
    if (category) {
      where.push('d.category = ?');
      args.push(category.startsWith('flow_') ? category : `flow_${category}`);
    }
    const sql = `FROM flow_definition d WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT count(*) AS n ${sql}`).get(...args) as { n: number }).n;
    const rows = db.prepare(`SELECT d.* ${sql} ORDER BY d.deployment_time DESC, d.id LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as Rec[];
    return ok(page(rows.map((r) => processRow(db, r)), total, p));
  });

  api.get(`${WORK}/claim-list`, allow(menu('workClaim')), async (request) => {
    const user = callerOf(request);
    const groups = groupsOf(user);
    const inGroups = groups.map(() => "instr(',' || ifnull(t.candidate_groups, '') || ',', ',' || ? || ',') > 0");
    const claimable = [...inGroups, "instr(',' || ifnull(t.candidate_users, '') || ',', ',' || ? || ',') > 0"];
    return listTasks(db, request, ['t.tenant_id = ?', 't.end_time IS NULL', 't.assignee IS NULL', `(${claimable.join(' OR ')})`], [user.tenantId, ...groups, user.userId], 'claim', 't.create_time DESC, t.id DESC');
  });

  api.get(`${WORK}/todo-list`, allow(menu('workTodo')), async (request) => {
    const user = callerOf(request);
    return listTasks(db, request, ['t.tenant_id = ?', 't.end_time IS NULL', 't.assignee = ?'], [user.tenantId, user.userId], 'todo', 't.create_time DESC, t.id DESC');
  });

  api.get(`${WORK}/done-list`, allow(menu('workDone')), async (request) => {
    const user = callerOf(request);
    return listTasks(db, request, ['t.tenant_id = ?', 't.end_time IS NOT NULL', 't.assignee = ?', 't.pass IS NOT NULL'], [user.tenantId, user.userId], 'done', 't.end_time DESC, t.id DESC', 't.end_time');
  });

  api.get(`${WORK}/send-list`, allow(menu('workSend')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where = ['i.tenant_id = ?', 'i.start_user_id = ?', "i.status <> 'deleted'"];
    const args: unknown[] = [user.tenantId, user.userId];
    taskFilters(request, where, args, 'i.start_time');
    const sql = `FROM flow_instance i JOIN flow_definition d ON d.id = i.definition_id WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT count(*) AS n ${sql}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`SELECT i.*, d.process_key, d.name AS definition_name, d.version, d.category ${sql} ORDER BY i.start_time DESC, i.id DESC LIMIT ? OFFSET ?`)
      .all(...args, p.size, p.offset) as Rec[];
    const names = userNames(db, rows.map((r) => r.start_user_id as string));
    const records = rows.map((r) => {
      const open = db.prepare('SELECT id, name, task_def_key, assignee FROM flow_task WHERE instance_id = ? AND end_time IS NULL').all(r.id) as Rec[];
      return {
        processInstanceId: r.id,
        historyProcessInstanceId: r.id,
        executionId: r.id,
        processDefinitionId: r.definition_id,
        processDefinitionKey: r.process_key,
        processDefinitionName: r.definition_name,
        processDefinitionVersion: r.version,
        category: r.category,
        categoryName: categoryName(db, String(r.category)),
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
      };
    });
    return ok(page(records, total, p));
  });

  api.post(`${WORK}/claim-task`, allow(menuButton('workClaim', 'workClaim_claim')), async (request) => {
    const user = callerOf(request);
    const taskId = requireParam(request, 'taskId');
    const task = db.prepare('SELECT * FROM flow_task WHERE id = ? AND tenant_id = ? AND end_time IS NULL').get(taskId, user.tenantId) as Rec | undefined;
    if (!task) throw new ServiceError('任务不存在或已办结');
    if (task.assignee) throw new ServiceError(task.assignee === user.userId ? '任务已签收' : '任务已被他人签收');
    const groups = groupsOf(user);
    const inGroup = String(task.candidate_groups ?? '').split(',').some((g) => groups.includes(g.trim()));
    const inUsers = String(task.candidate_users ?? '').split(',').some((u) => u.trim() === user.userId);
    if (!inGroup && !inUsers) throw new ServiceError('无权签收该任务');
    db.prepare('UPDATE flow_task SET assignee = ?, claim_time = ? WHERE id = ? AND assignee IS NULL').run(user.userId, now(), taskId);
    return status(true);
  });

  api.post(`${WORK}/complete-task`, allow(menuButton('workTodo', 'workTodo_handle')), async (request) => {
    const user = callerOf(request);
    const b = body(request);
    const taskId = typeof b.taskId === 'string' || typeof b.taskId === 'number' ? String(b.taskId).trim() : '';
    if (!taskId) throw new ServiceError('缺少必要的请求参数: taskId');
    const flag = typeof b.flag === 'string' ? b.flag : '';
    const comment = typeof b.comment === 'string' ? b.comment.trim() : '';
    if (flag !== 'ok' && !comment) throw new ServiceError('请输入审批意见');
    if (comment.length > 500) throw new ServiceError('审批意见不能超过500个字符');
    const variables = b.variables === undefined || b.variables === null ? {} : b.variables;
    if (typeof variables !== 'object' || Array.isArray(variables)) throw new ServiceError('请求参数格式错误: variables');
    const task = db.prepare('SELECT * FROM flow_task WHERE id = ? AND tenant_id = ? AND end_time IS NULL').get(taskId, user.tenantId) as Rec | undefined;
    if (!task) throw new ServiceError('任务不存在或已办结');
    if (b.processInstanceId && String(b.processInstanceId) !== task.instance_id) throw new ServiceError('任务不属于该流程实例');
    if (task.assignee !== user.userId) throw new ServiceError(task.assignee ? '无权办理该任务' : '请先签收任务');
    const pass = flag === 'ok' || comment === '同意';
    await runtime.complete(taskId, variables as Variables, comment || '同意', pass);
    return status(true);
  });

  // ---- models
  api.get(`${MODEL}/list`, allow(menu('flowModel')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where = ['tenant_id = ?', 'is_deleted = 0'];
    const args: unknown[] = [user.tenantId];
    for (const [param, column] of [['name', 'name'], ['modelKey', 'model_key']] as const) {
      const v = paramOf(request, param)?.trim();
      if (v) {
        where.push(`${column} LIKE ? ESCAPE '\\'`);
        args.push(likeParam(v));
      }
    }
    const sql = `FROM flow_model WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT count(*) AS n ${sql}`).get(...args) as { n: number }).n;
    const rows = db.prepare(`SELECT * ${sql} ORDER BY last_updated DESC, id DESC LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as Rec[];
    return ok(page(rows.map((r) => modelRow(r, false)), total, p));
  });
  api.get(`${MODEL}/detail`, allow(menu('flowModel')), async (request) => {
    const user = callerOf(request);
    const row = db.prepare('SELECT * FROM flow_model WHERE id = ? AND tenant_id = ? AND is_deleted = 0').get(paramOf(request, 'id') ?? '', user.tenantId) as Rec | undefined;
    return ok(row ? modelRow(row, true) : null);
  });
  api.post(`${MODEL}/submit`, allow(menuButton('flowModel', 'flowModel_add', 'flowModel_edit')), async (request) => {
    const b = body(request);
    const id = b.id ? String(b.id) : '';
    requireButton(db, request, id ? 'flowModel_edit' : 'flowModel_add');
    const user = callerOf(request);
    const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string).trim() : '');
    const name = str('name');
    const modelKey = str('modelKey');
    const xml = typeof b.xml === 'string' ? b.xml : '';
    if (!name) throw new ServiceError('请输入模型名称');
    if (name.length > 100) throw new ServiceError('模型名称不能超过100个字符');
    if (!modelKey) throw new ServiceError('请输入模型标识');
    if (!/^[A-Za-z_][\w-]*$/.test(modelKey)) throw new ServiceError('模型标识只能包含字母、数字、下划线和中划线');
    if (!xml.trim()) throw new ServiceError('请输入流程XML');
    const parsed = await parseProcess(xml);
    if (parsed.key !== modelKey) throw new ServiceError(`模型标识须与流程标识一致: ${parsed.key}`);
    const dup = db.prepare('SELECT id FROM flow_model WHERE tenant_id = ? AND model_key = ? AND is_deleted = 0 AND id <> ?').get(user.tenantId, modelKey, id);
    if (dup) throw new ServiceError('模型标识已存在');
    const t = now();
    if (id) {
      const r = db
        .prepare('UPDATE flow_model SET name = ?, model_key = ?, description = ?, xml = ?, version = version + 1, last_updated = ?, last_updated_by = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0')
        .run(name, modelKey, str('description'), xml, t, user.userId, id, user.tenantId);
      if (r.changes === 0) throw new ServiceError('数据不存在或已被删除');
    } else {
      db.prepare(
        'INSERT INTO flow_model (id, tenant_id, name, model_key, description, xml, created, created_by, last_updated, last_updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(nextId(), user.tenantId, name, modelKey, str('description'), xml, t, user.userId, t, user.userId);
    }
    return status(true);
  });
  api.post(`${MODEL}/remove`, allow(menuButton('flowModel', 'flowModel_delete')), async (request) => {
    const user = callerOf(request);
    const ids = idList(paramOf(request, 'ids'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    db.prepare(`UPDATE flow_model SET is_deleted = 1 WHERE tenant_id = ? AND id IN (${placeholders(ids.length)})`).run(user.tenantId, ...ids);
    return status(true);
  });
  api.post(`${MODEL}/deploy`, allow(menuButton('flowModel', 'flowModel_deploy')), async (request) => {
    const user = callerOf(request);
    const modelId = requireParam(request, 'modelId');
    const category = checkCategory(db, paramOf(request, 'category'));
    const model = db.prepare('SELECT * FROM flow_model WHERE id = ? AND tenant_id = ? AND is_deleted = 0').get(modelId, user.tenantId) as Rec | undefined;
    if (!model) throw new ServiceError('模型不存在');
    const tenants = targetTenants(db, user, paramOf(request, 'tenantIds'));
    const deploymentId = nextId();
    for (const tenantId of tenants)
      await deploy(db, { tenantId, xml: String(model.xml), category, resourceName: `${String(model.model_key)}.bpmn20.xml`, now: now(), deploymentId });
    return done('部署成功');
  });

  // ---- deployments
  api.get(`${MANAGER}/list`, allow(menu('flowDeploy')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where = ['tenant_id = ?', 'is_deleted = 0'];
    const args: unknown[] = [user.tenantId];
    const category = paramOf(request, 'category')?.trim();
    if (category) {
      where.push('category = ?');
      args.push(category.startsWith('flow_') ? category : `flow_${category}`);
    }
    for (const [param, column] of [['key', 'process_key'], ['name', 'name']] as const) {
      const v = paramOf(request, param)?.trim();
      if (v) {
        where.push(`${column} LIKE ? ESCAPE '\\'`);
        args.push(likeParam(v));
      }
    }
    const sql = `FROM flow_definition WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT count(*) AS n ${sql}`).get(...args) as { n: number }).n;
    const rows = db.prepare(`SELECT * ${sql} ORDER BY deployment_time DESC, process_key, version DESC LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as Rec[];
    return ok(page(rows.map((r) => processRow(db, r)), total, p));
  });
  api.post(`${MANAGER}/change-state`, allow(menuButton('flowDeploy', 'flowDeploy_state')), async (request) => {
    const user = callerOf(request);
    const state = requireParam(request, 'state');
    const processId = requireParam(request, 'processId');
    if (state !== 'active' && state !== 'suspend' && state !== 'suspended') throw new ServiceError('状态参数错误: active 或 suspend');
    const r = db.prepare('UPDATE flow_definition SET suspension_state = ? WHERE id = ? AND tenant_id = ? AND is_deleted = 0').run(state === 'active' ? 1 : 2, processId, user.tenantId);
    if (r.changes === 0) throw new ServiceError('流程定义不存在');
    return done(state === 'active' ? '激活流程成功' : '挂起流程成功');
  });
  api.post(`${MANAGER}/deploy-upload`, allow(menuButton('flowDeploy', 'flowDeploy_upload')), async (request) => {
    const user = callerOf(request);
    if (!request.isMultipart()) throw new ServiceError('请选择要部署的流程文件');
    const files: { name: string; xml: string }[] = [];
    const fields: Record<string, string> = {};
    for await (const part of request.parts({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch(() => {
          throw new ServiceError('流程文件不能超过2MB');
        });
        if (part.file.truncated) throw new ServiceError('流程文件不能超过2MB');
        files.push({ name: part.filename || 'process.bpmn', xml: bytes.toString('utf8') });
      } else fields[part.fieldname] = String(part.value);
    }
    const category = checkCategory(db, fields.category);
    if (files.length === 0) throw new ServiceError('请选择要部署的流程文件');
    for (const f of files)
      if (!/\.(bpmn20\.xml|bpmn)$/i.test(f.name)) throw new ServiceError(`仅支持上传 bpmn20.xml 或 bpmn 格式的流程文件: ${f.name}`);
    const tenants = targetTenants(db, user, fields.tenantIds);
    for (const f of files) await parseProcess(f.xml);
    const deploymentId = nextId();
    for (const tenantId of tenants) for (const f of files) await deploy(db, { tenantId, xml: f.xml, category, resourceName: f.name, now: now(), deploymentId });
    return done('部署成功');
  });
  api.post(`${MANAGER}/delete-deployment`, allow(menuButton('flowDeploy', 'flowDeploy_delete')), async (request) => {
    const user = callerOf(request);
    const ids = idList(paramOf(request, 'deploymentIds'));
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const defs = db
      .prepare(`SELECT id FROM flow_definition WHERE tenant_id = ? AND is_deleted = 0 AND deployment_id IN (${placeholders(ids.length)})`)
      .all(user.tenantId, ...ids) as { id: string }[];
    for (const d of defs) {
      const running = db.prepare("SELECT id FROM flow_instance WHERE definition_id = ? AND status = 'running'").all(d.id) as { id: string }[];
      for (const i of running) await runtime.remove(i.id, '部署已删除');
      db.prepare('UPDATE flow_definition SET is_deleted = 1 WHERE id = ?').run(d.id);
    }
    return status(true);
  });

  // ---- follow: running instances
  api.get(`${FOLLOW}/list`, allow(menu('flowFollow')), async (request) => {
    const user = callerOf(request);
    const p = paging(request);
    const where = ['i.tenant_id = ?', "i.status = 'running'"];
    const args: unknown[] = [user.tenantId];
    const pid = paramOf(request, 'processInstanceId')?.trim();
    if (pid) {
      where.push('i.id = ?');
      args.push(pid);
    }
    const key = paramOf(request, 'processDefinitionKey')?.trim();
    if (key) {
      where.push("d.process_key LIKE ? ESCAPE '\\'");
      args.push(likeParam(key));
    }
    const sql = `FROM flow_instance i JOIN flow_definition d ON d.id = i.definition_id WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT count(*) AS n ${sql}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`SELECT i.*, d.process_key, d.name AS definition_name, d.category, d.suspension_state ${sql} ORDER BY i.start_time DESC, i.id DESC LIMIT ? OFFSET ?`)
      .all(...args, p.size, p.offset) as Rec[];
    const names = userNames(db, rows.map((r) => r.start_user_id as string));
    const records = rows.map((r) => {
      const task = db.prepare('SELECT id, task_def_key, name FROM flow_task WHERE instance_id = ? AND end_time IS NULL ORDER BY create_time').get(r.id) as Rec | undefined;
      return {
        id: r.id,
        name: r.definition_name,
        startUserId: r.start_user_id,
        startUser: names.get(String(r.start_user_id)) ?? '',
        startTime: r.start_time,
        taskDefinitionId: task?.id ?? '',
        taskDefinitionKey: task?.task_def_key ?? '',
        taskName: task?.name ?? '',
        category: r.category,
        categoryName: categoryName(db, String(r.category)),
        processInstanceId: r.id,
        processDefinitionId: r.definition_id,
        processDefinitionKey: r.process_key,
        activityId: task?.task_def_key ?? '',
        suspensionState: r.suspension_state,
        executionId: r.id,
        ...splitBusinessKey(r.business_key),
      };
    });
    return ok(page(records, total, p));
  });
  api.post(`${FOLLOW}/delete-process-instance`, allow(menuButton('flowFollow', 'flowFollow_delete')), async (request) => {
    const user = callerOf(request);
    const id = requireParam(request, 'processInstanceId');
    const reason = paramOf(request, 'deleteReason')?.trim() ?? '';
    if (!reason) throw new ServiceError('请输入删除原因');
    if (reason.length > 255) throw new ServiceError('删除原因不能超过255个字符');
    const row = db.prepare("SELECT id FROM flow_instance WHERE id = ? AND tenant_id = ? AND status = 'running'").get(id, user.tenantId);
    if (!row) throw new ServiceError('流程实例不存在或已结束');
    await runtime.remove(id, reason);
    return status(true);
  });

  // ---- diagram data and history
  api.get(`${PROCESS}/model-view`, allow(menu(...FLOW_MENUS)), async (request) => {
    const user = callerOf(request);
    const instanceId = paramOf(request, 'processInstanceId')?.trim();
    const definitionId = paramOf(request, 'processDefinitionId')?.trim();
    if (instanceId) {
      const inst = db.prepare('SELECT definition_id FROM flow_instance WHERE id = ? AND tenant_id = ?').get(instanceId, user.tenantId) as { definition_id: string } | undefined;
      if (!inst) throw new ServiceError('流程实例不存在');
      const def = db.prepare('SELECT xml FROM flow_definition WHERE id = ?').get(inst.definition_id) as { xml: string };
      const flow = (db.prepare('SELECT activity_id, activity_type, end_time FROM flow_activity WHERE instance_id = ? ORDER BY seq').all(instanceId) as Rec[]).map((a) => ({
        historyActivityId: a.activity_id,
        historyActivityType: a.activity_type,
        endTime: a.end_time ?? '',
      }));
      return ok({ xml: def.xml, flow });
    }
    if (definitionId) {
      const def = db.prepare('SELECT xml FROM flow_definition WHERE id = ? AND tenant_id = ?').get(definitionId, user.tenantId) as { xml: string } | undefined;
      if (!def) throw new ServiceError('流程定义不存在');
      return ok({ xml: def.xml, flow: [] });
    }
    throw new ServiceError('缺少必要的请求参数: processInstanceId');
  });
  api.get(`${PROCESS}/history-flow-list`, allow(menu(...FLOW_MENUS)), async (request) => {
    const user = callerOf(request);
    const instanceId = requireParam(request, 'processInstanceId');
    const inst = db.prepare('SELECT start_user_id FROM flow_instance WHERE id = ? AND tenant_id = ?').get(instanceId, user.tenantId) as { start_user_id: string } | undefined;
    if (!inst) throw new ServiceError('流程实例不存在');
    const rows = db
      .prepare(
        `SELECT a.*, t.assignee, t.comment, t.pass FROM flow_activity a LEFT JOIN flow_task t ON t.id = a.task_id
         WHERE a.instance_id = ? AND a.activity_type IN ('startEvent', 'userTask', 'endEvent') ORDER BY a.seq`,
      )
      .all(instanceId) as Rec[];
    const names = userNames(db, [inst.start_user_id, ...rows.map((r) => r.assignee as string)]);
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
          historyActivityDurationTime: duration(r.start_time, r.end_time),
          assignee: assignee ?? '',
          assigneeName: assignee ? (names.get(assignee) ?? '') : '',
          comment: r.comment ?? '',
          isPass: r.pass === null || r.pass === undefined ? '' : r.pass === 1,
        };
      }),
    );
  });
}

/** success without data, with its own message */
function done(msg: string) {
  return { code: 200, success: true, data: null, msg };
}

function modelRow(r: Rec, withXml: boolean): Rec {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    modelKey: r.model_key,
    description: r.description ?? '',
    created: r.created,
    createdBy: r.created_by ?? '',
    lastUpdated: r.last_updated,
    lastUpdatedBy: r.last_updated_by ?? '',
    version: r.version,
    modelType: r.model_type,
    ...(withXml ? { xml: r.xml, modelEditorJson: r.xml } : {}),
  };
}

/** Tenants a deployment goes to: the caller's own; administrators may name others (comma list). */
function targetTenants(db: Db, user: { tenantId: string } & Parameters<typeof isAdministrator>[0], raw: string | undefined): string[] {
  const asked = idList(raw);
  if (asked.length === 0 || !isAdministrator(user)) return [user.tenantId];
  for (const t of asked) if (!db.prepare('SELECT 1 FROM blade_tenant WHERE tenant_id = ? AND is_deleted = 0').get(t)) throw new ServiceError(`租户不存在: ${t}`);
  return asked;
}
