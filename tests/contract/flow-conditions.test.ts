// Conditions as Flowable writes them (`${pass}`): a model whose gateway reads the
// process variable by its bare name, deployed and run by the flow engine. Approved,
// the instance ends through the conditional flow; rejected, through the default flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variablesFirst } from '../../src-server/modules/flow/expressions';
import { sql } from '../../src-server/db/data-layer';
import { api, login, startHarness, type Harness } from './helpers';

type Row = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let hr: string;
let hrId: string;

const get = <T = { records: Row[]; total: number }>(path: string, token: string, query: Record<string, string | number> = {}) => api<T>(base, token, 'GET', path, { query });
const post = <T = unknown>(path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) => api<T>(base, token, 'POST', path, opts);

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://www.flowable.org/processdef">
  <process id="FlowableStyle" name="Flowable式条件" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="audit" />
    <userTask id="audit" name="条件审批" flowable:assignee="\${taskUser}" />
    <sequenceFlow id="f2" sourceRef="audit" targetRef="gw" />
    <exclusiveGateway id="gw" default="fReject" />
    <sequenceFlow id="fPass" sourceRef="gw" targetRef="passEnd"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="fReject" sourceRef="gw" targetRef="rejectEnd" />
    <endEvent id="passEnd" />
    <endEvent id="rejectEnd" />
  </process>
</definitions>`;

beforeAll(async () => {
  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  hr = await login(base, { username: 'hr', password: 'hr' });
  hrId = (await h.data().get(sql<{ id: string }>`SELECT id FROM blade_user WHERE account = 'hr' AND tenant_id = '000000'`))!.id;
});
afterAll(async () => {
  await h.stop();
});

describe('Flowable-style conditions', () => {
  it('reads a bare name from the process variables and leaves the engine\'s own roots and literals alone', () => {
    expect(variablesFirst('${pass}')).toBe('${environment.variables.pass}');
    expect(variablesFirst('${leave.days}')).toBe('${environment.variables.leave.days}');
    expect(variablesFirst('${environment.variables.pass}')).toBe('${environment.variables.pass}');
    expect(variablesFirst('${content.output}')).toBe('${content.output}');
    expect(variablesFirst('${true}')).toBe('${true}');
    expect(variablesFirst('${1}')).toBe('${1}');
  });

  it('a model with ${pass} runs: approved through the condition, rejected through the default flow', async () => {
    expect((await post('/blade-flow/model/submit', admin, { json: { name: 'Flowable式条件', modelKey: 'FlowableStyle', xml: XML } })).body.success).toBe(true);
    const model = (await get('/blade-flow/model/list', admin, { modelKey: 'FlowableStyle' })).body.data.records[0];
    expect((await post('/blade-flow/model/deploy', admin, { query: { modelId: String(model.id), category: 'flow_1' } })).body.msg).toBe('部署成功');
    const def = (await get('/blade-flow/work/start-list', admin)).body.data.records.find((r) => r.key === 'FlowableStyle')!;

    const endOf = async (flag: string, comment: string): Promise<string[]> => {
      const started = await post<{ processInstanceId: string }>('/blade-desk/process/leave/start-process', admin, {
        json: { processDefinitionId: String(def.id), taskUser: hrId, startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 18:00:00', reason: comment },
      });
      expect(started.body.msg).toBe('流程启动成功');
      const { processInstanceId } = started.body.data;
      const task = (await get('/blade-flow/work/todo-list', hr)).body.data.records.find((r) => r.processInstanceId === processInstanceId)!;
      expect(task).toMatchObject({ taskName: '条件审批', assignee: hrId });
      expect((await post('/blade-flow/work/complete-task', hr, { json: { taskId: task.taskId, processInstanceId, flag, comment } })).body.success).toBe(true);
      const view = (await get<{ flow: Row[] }>('/blade-flow/process/model-view', admin, { processInstanceId })).body.data;
      return view.flow.filter((f) => f.historyActivityType === 'sequenceFlow' || f.historyActivityType === 'endEvent').map((f) => String(f.historyActivityId));
    };
    expect(await endOf('ok', '同意')).toEqual(['f1', 'f2', 'fPass', 'passEnd']);
    expect(await endOf('', '不同意')).toEqual(['f1', 'f2', 'fReject', 'rejectEnd']);
  });
});
