// Workflow (/blade-flow/*, /blade-desk/process/leave/*): the shipped leave
// process run by bpmn-engine end to end (approver, then HR claims and
// completes), rejection, models and deployments, follow, validation, tenant
// isolation, menu permissions, and running instances surviving a restart.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src-server/app';
import { createUser } from '../../src-server/system/directory';
import { SEED_IDS } from '../../src-server/db/seed';
import { sql } from '../../src-server/db/data-layer';
import { LEAVE_BPMN } from '../../src-server/modules/flow/leave-bpmn';
import { api, login, otherTenantAdmin, SABER, startHarness, tempDir, type Harness } from './helpers';

type Row = Record<string, unknown>;
type Page = { records: Row[]; total: number };

let h: Harness;
let base: string;
let admin: string;
let hr: string;
let other: string;
let hrId: string;

const get = <T = Page>(path: string, token: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => api<T>(base, token, 'GET', path, { query, headers });
const post = <T = unknown>(path: string, token: string, opts: { json?: unknown; form?: Record<string, string>; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  api<T>(base, token, 'POST', path, opts);
/** a console whose language is English: the server's messages in their en text */
const EN = { 'Accept-Language': 'en' };

async function leaveDefinition(token: string): Promise<string> {
  const list = (await get('/blade-flow/work/start-list', token)).body.data.records;
  const leave = list.find((r) => r.key === 'Leave');
  if (!leave) throw new Error('no Leave definition');
  return String(leave.id);
}

async function startLeave(token: string, taskUser: string, reason = '家中有事', headers: Record<string, string> = {}): Promise<{ id: string; processInstanceId: string }> {
  const r = await post<{ id: string; processInstanceId: string }>('/blade-desk/process/leave/start-process', token, {
    json: { processDefinitionId: await leaveDefinition(token), taskUser, startTime: '2026-12-01 09:00:00', endTime: '2026-12-03 18:00:00', reason },
    headers,
  });
  expect(r.body.msg).toBe(headers === EN ? 'The process has started' : '流程启动成功');
  return r.body.data;
}

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  hr = await login(base, { username: 'hr', password: 'hr' });
  hrId = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_user WHERE account = 'hr' AND tenant_id = '000000'`))!.id;
  // the other tenant's admin role holds every flow menu and button (as a tenant administrator would grant them)
  other = await otherTenantAdmin(h, '500007', '庚公司', ['flow']);
});
afterAll(() => h.stop());

describe('the leave process', () => {
  it('ships deployed: start-list holds Leave version 1, active, category flow_1 (请假流程)', async () => {
    const r = await get('/blade-flow/work/start-list', admin);
    expect(r.body.data.records).toEqual([
      expect.objectContaining({ key: 'Leave', name: '请假流程', version: 1, category: 'flow_1', categoryName: '请假流程', suspensionState: 1, tenantId: '000000' }),
    ]);
  });

  it('validates the leave form on the server, in the console\'s language', async () => {
    const def = await leaveDefinition(admin);
    const start = (json: Row, headers: Record<string, string> = {}) =>
      post('/blade-desk/process/leave/start-process', admin, { json: { processDefinitionId: def, taskUser: hrId, startTime: '2026-12-01 09:00', endTime: '2026-12-02 09:00', reason: 'r', ...json }, headers });
    const cases: [Row, string, string][] = [
      [{ processDefinitionId: '' }, '缺少必要的请求参数: processDefinitionId', 'A required request parameter is missing: processDefinitionId'],
      [{ taskUser: '' }, '请选择审批人', 'Choose the approver'],
      [{ startTime: '' }, '请选择开始时间', 'Choose the start time'],
      [{ endTime: '' }, '请选择结束时间', 'Choose the end time'],
      [{ startTime: 'tomorrow' }, '开始时间格式错误', 'The start time is not a valid date and time'],
      [{ endTime: 'never' }, '结束时间格式错误', 'The end time is not a valid date and time'],
      [{ endTime: '2026-11-30 09:00' }, '结束时间必须晚于开始时间', 'The end must be after the start'],
      [{ reason: ' ' }, '请输入请假理由', 'Enter the reason'],
      [{ reason: 'x'.repeat(501) }, '请假理由不能超过500个字符', 'The reason may not exceed 500 characters'],
      [{ taskUser: '42' }, '审批人不存在', 'The approver does not exist'],
      [{ taskUser: SEED_IDS.adminUser }, '审批人不能是申请人自己', 'The approver cannot be the applicant'],
      [{ processDefinitionId: 'Leave:9:9' }, '流程定义不存在', 'The process definition does not exist'],
    ];
    for (const [json, zh, en] of cases) {
      const r = await start(json);
      expect([r.status, r.body.code, r.body.msg]).toEqual([400, 400, zh]);
      const english = await start(json, EN);
      expect([english.status, english.body.code, english.body.msg]).toEqual([400, 400, en]);
    }
    // any language but English is answered the Chinese
    expect((await start({ taskUser: '' }, { 'Accept-Language': 'fr' })).body.msg).toBe('请选择审批人');
    expect(await h.data().get(sql`SELECT count(*) AS n FROM blade_process_leave`)).toEqual({ n: 0 });
  });

  it('runs: approver approves, HR claims and completes, the history and diagram data follow', async () => {
    const { id, processInstanceId } = await startLeave(admin, hrId);
    // the applicant's sent list
    const sent = (await get('/blade-flow/work/send-list', admin)).body.data.records;
    expect(sent[0]).toMatchObject({ processInstanceId, businessTable: 'blade_process_leave', businessId: id, taskName: '审批', processIsFinished: 'unfinished' });
    // the approver's todo list
    const todo = (await get('/blade-flow/work/todo-list', hr)).body.data.records;
    expect(todo).toHaveLength(1);
    expect(todo[0]).toMatchObject({ taskName: '审批', taskDefinitionKey: 'managerAudit', assignee: hrId, processInstanceId, businessId: id, processDefinitionName: '请假流程', status: 'todo' });
    expect((await get('/blade-flow/work/todo-list', admin)).body.data.total).toBe(0);

    let view = (await get<{ xml: string; flow: Row[] }>('/blade-flow/process/model-view', admin, { processInstanceId })).body.data;
    expect(view.xml).toContain('<process id="Leave"');
    expect(view.flow.map((f) => [f.historyActivityId, f.historyActivityType, f.endTime !== ''])).toEqual([
      ['start', 'startEvent', true],
      ['flowStart', 'sequenceFlow', true],
      ['managerAudit', 'userTask', false],
    ]);

    // only the assignee may complete; comment required when not approving
    const taskId = String(todo[0]!.taskId);
    expect((await post('/blade-flow/work/complete-task', admin, { json: { taskId, flag: 'ok' } })).body.msg).toBe('无权办理该任务');
    expect((await post('/blade-flow/work/complete-task', admin, { json: { taskId, flag: 'ok' }, headers: EN })).body.msg).toBe('You may not handle this task');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, flag: '' } })).body.msg).toBe('请输入审批意见');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, flag: '' }, headers: EN })).body.msg).toBe('Enter a comment');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, flag: 'no', comment: 'x'.repeat(501) }, headers: EN })).body.msg).toBe('The comment may not exceed 500 characters');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { flag: 'ok' }, headers: EN })).body.msg).toBe('A required request parameter is missing: taskId');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, flag: 'ok', variables: [] }, headers: EN })).body.msg).toBe('Malformed request parameter: variables');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, processInstanceId: 'x', flag: 'ok' } })).body.msg).toBe('任务不属于该流程实例');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, processInstanceId: 'x', flag: 'ok' }, headers: EN })).body.msg).toBe('The task does not belong to this process instance');
    const done = await post('/blade-flow/work/complete-task', hr, { json: { taskId, processInstanceId, flag: 'ok', comment: '同意' } });
    expect([done.status, done.body.success]).toEqual([200, true]);
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, flag: 'ok' } })).body.msg).toBe('任务不存在或已办结');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId, flag: 'ok' }, headers: EN })).body.msg).toBe('The task does not exist or has been completed');

    // 人事审批 waits for a holder of role hr to claim it
    expect((await get('/blade-flow/work/todo-list', hr)).body.data.total).toBe(0);
    expect((await get('/blade-flow/work/claim-list', admin)).body.data.total).toBe(0);
    const claim = (await get('/blade-flow/work/claim-list', hr)).body.data.records;
    expect(claim).toEqual([expect.objectContaining({ taskName: '人事审批', candidateGroups: 'hr', assignee: '', status: 'claim' })]);
    const hrTask = String(claim[0]!.taskId);
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId: hrTask, flag: 'ok' } })).body.msg).toBe('请先签收任务');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId: hrTask, flag: 'ok' }, headers: EN })).body.msg).toBe('Claim the task first');
    expect((await post('/blade-flow/work/claim-task', admin, { query: { taskId: hrTask } })).body.msg).toBe('无权签收该任务');
    expect((await post('/blade-flow/work/claim-task', admin, { query: { taskId: hrTask }, headers: EN })).body.msg).toBe('You may not claim this task');
    expect((await post('/blade-flow/work/claim-task', hr, { query: { taskId: hrTask } })).body.success).toBe(true);
    expect((await post('/blade-flow/work/claim-task', hr, { query: { taskId: hrTask } })).body.msg).toBe('任务已签收');
    expect((await post('/blade-flow/work/claim-task', hr, { query: { taskId: hrTask }, headers: EN })).body.msg).toBe('You have already claimed this task');
    const claimed = (await get('/blade-flow/work/todo-list', hr)).body.data.records;
    expect(claimed).toEqual([expect.objectContaining({ taskId: hrTask, taskName: '人事审批', assignee: hrId })]);
    expect(claimed[0]!.claimTime).not.toBe('');
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId: hrTask, processInstanceId, flag: 'ok', comment: '准假' } })).body.success).toBe(true);

    // finished: nothing running, both tasks in HR's done list, the end reached
    expect((await get('/blade-flow/follow/list', admin)).body.data.records.map((r) => r.processInstanceId)).not.toContain(processInstanceId);
    const doneList = (await get('/blade-flow/work/done-list', hr)).body.data.records;
    expect(doneList.map((r) => [r.taskName, r.comment, r.isPass, r.processIsFinished])).toEqual([
      ['人事审批', '准假', true, 'finished'],
      ['审批', '同意', true, 'finished'],
    ]);
    view = (await get<{ xml: string; flow: Row[] }>('/blade-flow/process/model-view', hr, { processInstanceId })).body.data;
    expect(view.flow.every((f) => f.endTime !== '')).toBe(true);
    expect(view.flow.map((f) => f.historyActivityId)).toEqual([
      'start', 'flowStart', 'managerAudit', 'flowManager', 'managerGateway', 'flowManagerPass', 'hrAudit', 'flowHr', 'hrGateway', 'flowHrPass', 'end',
    ]);
    const history = (await get<Row[]>('/blade-flow/process/history-flow-list', admin, { processInstanceId })).body.data;
    expect(history.map((r) => [r.historyActivityName, r.assigneeName, r.comment])).toEqual([
      ['开始', '管理员', ''],
      ['审批', '人事', '同意'],
      ['人事审批', '人事', '准假'],
      ['结束', '', ''],
    ]);
    // each step's duration (耗时) in the reader's language
    expect(history.map((r) => r.historyActivityDurationTime)).toEqual(history.map(() => expect.stringMatching(/^(\d+天)?(\d+小时)?(\d+分钟)?\d+秒$/)));
    const historyEn = (await get<Row[]>('/blade-flow/process/history-flow-list', admin, { processInstanceId }, EN)).body.data;
    expect(historyEn.map((r) => r.historyActivityDurationTime)).toEqual(history.map(() => expect.stringMatching(/^(\d+d )?(\d+h )?(\d+min )?\d+s$/)));
    const leave = (await get<Row>('/blade-desk/process/leave/detail', hr, { businessId: id })).body.data;
    expect(leave).toMatchObject({ id, processInstanceId, reason: '家中有事', taskUser: hrId, taskUserName: '人事', startTime: '2026-12-01 09:00:00' });
    expect(leave.flow).toMatchObject({ assigneeName: '人事', processIsFinished: 'finished', businessId: id });
  });

  it('a rejection ends the process at 驳回', async () => {
    const { processInstanceId } = await startLeave(admin, hrId, '旅游');
    const task = (await get('/blade-flow/work/todo-list', hr)).body.data.records.find((r) => r.processInstanceId === processInstanceId)!;
    expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId: task.taskId, processInstanceId, flag: 'reject', comment: '人手不足' } })).body.success).toBe(true);
    const view = (await get<{ flow: Row[] }>('/blade-flow/process/model-view', admin, { processInstanceId })).body.data;
    expect(view.flow.map((f) => f.historyActivityId).slice(-3)).toEqual(['managerGateway', 'flowManagerReject', 'rejectEnd']);
    expect((await get('/blade-flow/work/claim-list', hr)).body.data.total).toBe(0);
    const sent = (await get('/blade-flow/work/send-list', admin)).body.data.records.find((r) => r.processInstanceId === processInstanceId)!;
    expect(sent.processIsFinished).toBe('finished');
    expect((await get('/blade-flow/work/done-list', hr)).body.data.records[0]).toMatchObject({ comment: '人手不足', isPass: false });
  });
});

describe('models and deployments', () => {
  const xml = LEAVE_BPMN.replace('id="Leave" name="请假流程"', 'id="Expense" name="报销流程"').replace('bpmnElement="Leave"', 'bpmnElement="Expense"');

  it('submits, validates, deploys a model and manages its deployment state', async () => {
    const submit = (json: Row) => post('/blade-flow/model/submit', admin, { json });
    expect((await submit({ modelKey: 'Expense', xml })).body.msg).toBe('请输入模型名称');
    expect((await submit({ name: '报销', xml })).body.msg).toBe('请输入模型标识');
    expect((await submit({ name: '报销', modelKey: '1x', xml })).body.msg).toBe('模型标识只能包含字母、数字、下划线和中划线');
    expect((await submit({ name: '报销', modelKey: 'Expense' })).body.msg).toBe('请输入流程XML');
    expect((await submit({ name: '报销', modelKey: 'Expense', xml: '<nope' })).body.msg).toMatch(/^流程文件解析失败/);
    expect((await submit({ name: '报销', modelKey: 'Other', xml })).body.msg).toBe('模型标识须与流程标识一致: Expense');
    expect((await submit({ name: '报销', modelKey: 'Expense', xml, description: '报销审批' })).body.success).toBe(true);
    expect((await submit({ name: '报销2', modelKey: 'Expense', xml })).body.msg).toBe('模型标识已存在');
    const models = (await get('/blade-flow/model/list', admin)).body.data.records;
    expect(models).toEqual([expect.objectContaining({ name: '报销', modelKey: 'Expense', description: '报销审批', version: 1 })]);
    expect(models[0]).not.toHaveProperty('xml');
    const modelId = String(models[0]!.id);
    expect((await get<Row>('/blade-flow/model/detail', admin, { id: modelId })).body.data.xml).toBe(xml);

    expect((await post('/blade-flow/model/submit', admin, { json: { name: '报销', modelKey: 'Expense', xml: '<nope' }, headers: EN })).body.msg).toMatch(/^The process file could not be read: ./);
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId } })).body.msg).toBe('请选择流程类型');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId }, headers: EN })).body.msg).toBe('Choose the process type');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId, category: 'flow_9' } })).body.msg).toBe('流程类型不存在');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId, category: 'flow_9' }, headers: EN })).body.msg).toBe('The process type does not exist');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId: '42', category: 'flow_2' }, headers: EN })).body.msg).toBe('The model does not exist');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId, category: 'flow_2', tenantIds: '999999' }, headers: EN })).body.msg).toBe('No such tenant: 999999');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId, category: 'flow_2', tenantIds: '999999' } })).body.msg).toBe('租户不存在: 999999');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId, category: 'flow_2' } })).body.msg).toBe('部署成功');
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId, category: 'flow_2' }, headers: EN })).body.msg).toBe('Deployed');
    const deployed = (await get('/blade-flow/manager/list', admin, { key: 'Expense' })).body.data.records;
    expect(deployed.map((r) => [r.key, r.version, r.categoryName, r.resourceName])).toEqual([
      ['Expense', 2, '报销流程', 'Expense.bpmn20.xml'],
      ['Expense', 1, '报销流程', 'Expense.bpmn20.xml'],
    ]);
    // only the latest version of each key may be started
    const startList = (await get('/blade-flow/work/start-list', admin, { category: 'flow_2' })).body.data.records;
    expect(startList.map((r) => [r.key, r.version])).toEqual([['Expense', 2]]);

    const latest = String(deployed[0]!.id);
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: latest, state: 'sleep' } })).body.msg).toBe('状态参数错误: active 或 suspend');
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: latest, state: 'sleep' }, headers: EN })).body.msg).toBe('Bad state parameter: active or suspend');
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: '42', state: 'active' }, headers: EN })).body.msg).toBe('The process definition does not exist');
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: latest, state: 'suspend' } })).body.msg).toBe('挂起流程成功');
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: latest, state: 'suspend' }, headers: EN })).body.msg).toBe('The process is suspended');
    expect((await get('/blade-flow/work/start-list', admin, { category: 'flow_2' })).body.data.total).toBe(0);
    const blocked = await post('/blade-desk/process/leave/start-process', admin, {
      json: { processDefinitionId: latest, taskUser: hrId, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'r' },
    });
    expect(blocked.body.msg).toBe('流程已挂起,无法发起');
    const blockedEn = await post('/blade-desk/process/leave/start-process', admin, {
      json: { processDefinitionId: latest, taskUser: hrId, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'r' },
      headers: EN,
    });
    expect(blockedEn.body.msg).toBe('The process is suspended and cannot be started');
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: latest, state: 'active' }, headers: EN })).body.msg).toBe('The process is active');
    expect((await post('/blade-flow/manager/change-state', admin, { query: { processId: latest, state: 'active' } })).body.msg).toBe('激活流程成功');
    expect((await get('/blade-flow/work/start-list', admin, { category: 'flow_2' })).body.data.total).toBe(1);

    expect((await post('/blade-flow/manager/delete-deployment', admin, { query: { deploymentIds: String(deployed[0]!.deploymentId) } })).body.success).toBe(true);
    expect((await get('/blade-flow/manager/list', admin, { key: 'Expense' })).body.data.total).toBe(1);
    expect((await post('/blade-flow/model/remove', admin, { query: { ids: modelId } })).body.success).toBe(true);
    expect((await get('/blade-flow/model/list', admin)).body.data.total).toBe(0);
  });

  it('deploy-upload takes .bpmn / .bpmn20.xml files with a category', async () => {
    const upload = async (name: string, content: string, fields: Record<string, string>, token = admin, headers: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('files', new Blob([content], { type: 'text/xml' }), name);
      const res = await fetch(`${base}/blade-flow/manager/deploy-upload`, { method: 'POST', headers: { Authorization: SABER, 'Blade-Auth': `bearer ${token}`, ...headers }, body: form });
      return { status: res.status, body: (await res.json()) as { msg: string; success: boolean } };
    };
    const travel = LEAVE_BPMN.replace('id="Leave" name="请假流程"', 'id="Travel" name="出差流程"').replace('bpmnElement="Leave"', 'bpmnElement="Travel"');
    expect((await upload('travel.bpmn', travel, {})).body.msg).toBe('请选择流程类型');
    expect((await upload('travel.txt', travel, { category: 'flow_1' })).body.msg).toBe('仅支持上传 bpmn20.xml 或 bpmn 格式的流程文件: travel.txt');
    expect((await upload('travel.bpmn', '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" />', { category: 'flow_1' })).body.msg).toBe('流程文件中没有可执行的流程');
    expect((await upload('travel.txt', travel, { category: 'flow_1' }, admin, EN)).body.msg).toBe('Only bpmn20.xml or bpmn process files can be uploaded: travel.txt');
    expect((await upload('travel.bpmn', '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" />', { category: 'flow_1' }, admin, EN)).body.msg).toBe(
      'The process file holds no executable process',
    );
    expect((await upload('bad.bpmn', travel.replace('id="Travel"', 'id="Travel.v2"'), { category: 'flow_1' })).body.msg).toBe('流程标识只能包含字母、数字、下划线和中划线');
    expect((await upload('bad.bpmn', travel.replace('id="Travel"', 'id="Travel.v2"'), { category: 'flow_1' }, admin, EN)).body.msg).toBe(
      "The process's id may hold only letters, digits, underscores and hyphens",
    );
    const ok = await upload('travel.bpmn20.xml', travel, { category: 'flow_1' });
    expect([ok.status, ok.body.msg]).toEqual([200, '部署成功']);
    expect((await get('/blade-flow/manager/list', admin, { key: 'Travel' })).body.data.records).toEqual([
      expect.objectContaining({ key: 'Travel', name: '出差流程', version: 1, resourceName: 'travel.bpmn20.xml', tenantId: '000000' }),
    ]);
    // the other tenant deploys its own, invisible here; its tenantIds are ignored (only administrators may name tenants)
    expect((await upload('travel.bpmn', travel, { category: 'flow_1', tenantIds: '000000' }, other)).body.success).toBe(true);
    expect((await get('/blade-flow/manager/list', admin, { key: 'Travel' })).body.data.total).toBe(1);
    expect((await get('/blade-flow/manager/list', other)).body.data.records.map((r) => [r.key, r.tenantId])).toEqual([['Travel', '500007']]);
  });
});

describe('follow, isolation and permissions', () => {
  it('lists running instances and deletes one with a reason', async () => {
    const { processInstanceId } = await startLeave(admin, hrId, '看病', EN);
    const running = (await get('/blade-flow/follow/list', admin)).body.data.records;
    expect(running.find((r) => r.processInstanceId === processInstanceId)).toMatchObject({ processDefinitionKey: 'Leave', startUser: '管理员', taskName: '审批', activityId: 'managerAudit' });
    expect((await post('/blade-flow/follow/delete-process-instance', admin, { query: { processInstanceId } })).body.msg).toBe('请输入删除原因');
    expect((await post('/blade-flow/follow/delete-process-instance', admin, { query: { processInstanceId }, headers: EN })).body.msg).toBe('Enter the reason for deleting');
    expect((await post('/blade-flow/follow/delete-process-instance', admin, { query: { processInstanceId, deleteReason: 'x'.repeat(256) }, headers: EN })).body.msg).toBe(
      'The reason for deleting may not exceed 255 characters',
    );
    // another tenant cannot see or delete it
    expect((await get('/blade-flow/follow/list', other)).body.data.total).toBe(0);
    expect((await post('/blade-flow/follow/delete-process-instance', other, { query: { processInstanceId, deleteReason: 'x' } })).body.msg).toBe('流程实例不存在或已结束');
    expect((await get('/blade-flow/process/model-view', other, { processInstanceId })).body.msg).toBe('流程实例不存在');
    expect((await get('/blade-flow/process/history-flow-list', other, { processInstanceId })).body.msg).toBe('流程实例不存在');
    expect((await get('/blade-flow/process/history-flow-list', other, { processInstanceId }, EN)).body.msg).toBe('The process instance does not exist');
    expect((await post('/blade-flow/follow/delete-process-instance', other, { query: { processInstanceId, deleteReason: 'x' }, headers: EN })).body.msg).toBe(
      'The process instance does not exist or has ended',
    );
    const task = (await get('/blade-flow/work/todo-list', hr)).body.data.records.find((r) => r.processInstanceId === processInstanceId)!;
    expect((await post('/blade-flow/work/claim-task', other, { query: { taskId: String(task.taskId) } })).body.msg).toBe('任务不存在或已办结');
    expect((await post('/blade-flow/work/complete-task', other, { json: { taskId: task.taskId, flag: 'ok' } })).body.msg).toBe('任务不存在或已办结');
    const leaveId = String(task.businessId);
    expect((await get<Row | null>('/blade-desk/process/leave/detail', other, { businessId: leaveId })).body.data).toBeNull();
    expect((await get('/blade-flow/work/start-list', other)).body.data.records.map((r) => r.key)).toEqual(['Travel']);
    // the other tenant's leave form offers only its own users, and refuses this tenant's as approver
    expect((await get<Row[]>('/blade-desk/process/leave/approver-list', other)).body.data).toEqual([]);
    const travel = String((await get('/blade-flow/work/start-list', other)).body.data.records[0]!.id);
    const foreign = await post('/blade-desk/process/leave/start-process', other, {
      json: { processDefinitionId: travel, taskUser: hrId, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'r' },
    });
    expect([foreign.status, foreign.body.msg]).toEqual([400, '审批人不存在']);
    // nor can it start this tenant's definitions, even with an approver of its own
    const staff = await createUser(h.data(), { tenantId: '500007', account: 'staff', password: 'staff', roleIds: [] });
    const leaveDef = await leaveDefinition(admin);
    const across = await post('/blade-desk/process/leave/start-process', other, { json: { processDefinitionId: leaveDef, taskUser: staff, startTime: '2026-12-01', endTime: '2026-12-02', reason: 'r' } });
    expect(across.body.msg).toBe('流程定义不存在');

    expect((await post('/blade-flow/follow/delete-process-instance', admin, { query: { processInstanceId, deleteReason: '重复申请' } })).body.success).toBe(true);
    expect((await get('/blade-flow/follow/list', admin)).body.data.records.map((r) => r.processInstanceId)).not.toContain(processInstanceId);
    expect((await get('/blade-flow/work/todo-list', hr)).body.data.records.map((r) => r.processInstanceId)).not.toContain(processInstanceId);
  });

  it('refuses callers without the menu or button (401)', async () => {
    // hr holds the work menus only
    for (const path of ['/blade-flow/model/list', '/blade-flow/manager/list', '/blade-flow/follow/list']) {
      const r = await get(path, hr);
      expect([r.status, r.body.msg]).toEqual([401, '请求未授权']);
    }
    expect((await post('/blade-flow/manager/change-state', hr, { query: { processId: 'x', state: 'active' } })).status).toBe(401);
    // a user of the plain `user` role has no workflow menus at all
    await createUser(h.data(), { tenantId: '000000', account: 'plain', password: 'plain', roleIds: ['1123598816738675202'] });
    const plain = await login(base, { username: 'plain', password: 'plain' });
    expect((await get('/blade-flow/work/todo-list', plain)).status).toBe(401);
    expect((await post('/blade-desk/process/leave/start-process', plain, { json: {} })).status).toBe(401);
  });
});

describe('restart', () => {
  it('a running instance survives a restart of the server on the same data folder', async () => {
    const dataDir = tempDir();
    try {
      let server = await startServer({ dataDir, port: 0 });
      let url = server.url;
      const call = async <T = Page>(method: 'GET' | 'POST', path: string, token: string, opts: Parameters<typeof api>[4] = {}) => (await api<T>(url, token, method, path, opts)).body;
      let a = await login(url);
      let b = await login(url, { username: 'hr', password: 'hr' });
      // the leave form's approver picker
      const approvers = (await call<Row[]>('GET', '/blade-desk/process/leave/approver-list', a)).data;
      expect(approvers.map((u) => u.account)).toEqual(['hr']);
      const hrUser = String(approvers[0]!.id);
      const defId = String((await call('GET', '/blade-flow/work/start-list', a)).data.records[0]!.id);
      const started = await call<{ processInstanceId: string }>('POST', '/blade-desk/process/leave/start-process', a, {
        json: { processDefinitionId: defId, taskUser: hrUser, startTime: '2026-12-01', endTime: '2026-12-02', reason: '重启前' },
      });
      const pid = started.data.processInstanceId;
      let task = (await call('GET', '/blade-flow/work/todo-list', b)).data.records[0]!;
      expect((await call('POST', '/blade-flow/work/complete-task', b, { json: { taskId: task.taskId, flag: 'ok' } })).success).toBe(true);
      await server.close();

      server = await startServer({ dataDir, port: 0 });
      url = server.url;
      a = await login(url);
      b = await login(url, { username: 'hr', password: 'hr' });
      // still seeded once: one Leave definition
      expect((await call('GET', '/blade-flow/manager/list', a)).data.total).toBe(1);
      task = (await call('GET', '/blade-flow/work/claim-list', b)).data.records[0]!;
      expect(task).toMatchObject({ processInstanceId: pid, taskName: '人事审批' });
      await call('POST', '/blade-flow/work/claim-task', b, { query: { taskId: String(task.taskId) } });
      await server.close();

      server = await startServer({ dataDir, port: 0 });
      url = server.url;
      b = await login(url, { username: 'hr', password: 'hr' });
      task = (await call('GET', '/blade-flow/work/todo-list', b)).data.records[0]!;
      expect(task.taskName).toBe('人事审批');
      expect((await call('POST', '/blade-flow/work/complete-task', b, { json: { taskId: task.taskId, flag: 'ok', comment: '同意' } })).success).toBe(true);
      const flow = (await call<{ flow: Row[] }>('GET', '/blade-flow/process/model-view', b, { query: { processInstanceId: pid } })).data.flow;
      expect(flow.at(-1)).toMatchObject({ historyActivityId: 'end', historyActivityType: 'endEvent' });
      expect(flow.every((f) => f.endTime !== '')).toBe(true);
      await server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
