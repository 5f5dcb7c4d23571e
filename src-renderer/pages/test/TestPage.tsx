import { useState } from 'react';
import { Button, Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CronInput } from '../../components/cron/CronInput';
import { FlowDiagram, FlowDialog } from '../../components/flow/FlowViewer';
import type { FlowHistory } from '../../components/flow/bpmn';

/** A sample leave process: start, apply, approve (gateway), end. */
export const SAMPLE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI">
  <process id="leave" name="请假流程">
    <startEvent id="start" name="开始"></startEvent>
    <userTask id="apply" name="提交申请"></userTask>
    <userTask id="approve" name="主管审批"></userTask>
    <exclusiveGateway id="gw" name="是否同意"></exclusiveGateway>
    <endEvent id="end" name="结束"></endEvent>
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply"></sequenceFlow>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="approve"></sequenceFlow>
    <sequenceFlow id="f3" sourceRef="approve" targetRef="gw"></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="gw" targetRef="end"></sequenceFlow>
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="leave">
    <bpmndi:BPMNShape id="s1" bpmnElement="start"><omgdc:Bounds x="40" y="85" width="30" height="30"></omgdc:Bounds></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s2" bpmnElement="apply"><omgdc:Bounds x="120" y="70" width="110" height="60"></omgdc:Bounds></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s3" bpmnElement="approve"><omgdc:Bounds x="280" y="70" width="110" height="60"></omgdc:Bounds></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s4" bpmnElement="gw"><omgdc:Bounds x="440" y="80" width="40" height="40"></omgdc:Bounds></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s5" bpmnElement="end"><omgdc:Bounds x="530" y="86" width="28" height="28"></omgdc:Bounds></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><omgdi:waypoint x="70" y="100"></omgdi:waypoint><omgdi:waypoint x="120" y="100"></omgdi:waypoint></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><omgdi:waypoint x="230" y="100"></omgdi:waypoint><omgdi:waypoint x="280" y="100"></omgdi:waypoint></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><omgdi:waypoint x="390" y="100"></omgdi:waypoint><omgdi:waypoint x="440" y="100"></omgdi:waypoint></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="e4" bpmnElement="f4"><omgdi:waypoint x="480" y="100"></omgdi:waypoint><omgdi:waypoint x="530" y="100"></omgdi:waypoint></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

export const SAMPLE_FLOW: FlowHistory[] = [
  { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-01-01 09:00:00' },
  { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2026-01-01 09:00:00' },
  { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '2026-01-01 09:05:00' },
  { historyActivityId: 'f2', historyActivityType: 'sequenceFlow', endTime: '2026-01-01 09:05:00' },
  { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: null },
];

/** /test/index: the mock menu entry of the spec, showing the reusable components. */
export default function TestPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title={t('shell.cron.title')}>
        <Form name="cron-demo" layout="vertical" style={{ maxWidth: 520 }}>
          <Form.Item label="cron" name="cron" initialValue="0 0 2 * * ?">
            <CronInput />
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('shell.flow.title')} extra={<Button onClick={() => setOpen(true)}>{t('crud.view')}</Button>}>
        <FlowDiagram xml={SAMPLE_BPMN} flow={SAMPLE_FLOW} />
        <FlowDialog open={open} onClose={() => setOpen(false)} xml={SAMPLE_BPMN} flow={SAMPLE_FLOW} />
      </Card>
    </Space>
  );
}
