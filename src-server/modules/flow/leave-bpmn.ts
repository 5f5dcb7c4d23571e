// The leave process that ships deployed: the applicant names an approver
// (variable taskUser, the approver's user id), who approves first (审批); then
// a holder of the `hr` role claims and completes 人事审批. Either rejection ends
// the process at 驳回 (BladeX loops back to 调整申请 instead; see flow/index.ts).
// Conditions are bpmn-engine expressions on the process variables; the layout
// (BPMNDiagram) lets bpmn-js draw it.
export const LEAVE_KEY = 'Leave';

export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn"
  id="LeaveDefinitions" targetNamespace="http://www.flowable.org/processdef">
  <process id="Leave" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser" />
    <sequenceFlow id="flowStart" sourceRef="start" targetRef="managerAudit" />
    <userTask id="managerAudit" name="审批" flowable:assignee="\${taskUser}" />
    <sequenceFlow id="flowManager" sourceRef="managerAudit" targetRef="managerGateway" />
    <exclusiveGateway id="managerGateway" name="审批结果" default="flowManagerReject" />
    <sequenceFlow id="flowManagerPass" name="同意" sourceRef="managerGateway" targetRef="hrAudit">
      <conditionExpression xsi:type="tFormalExpression">\${environment.variables.pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowManagerReject" name="驳回" sourceRef="managerGateway" targetRef="rejectEnd" />
    <userTask id="hrAudit" name="人事审批" flowable:candidateGroups="hr" />
    <sequenceFlow id="flowHr" sourceRef="hrAudit" targetRef="hrGateway" />
    <exclusiveGateway id="hrGateway" name="人事审批结果" default="flowHrReject" />
    <sequenceFlow id="flowHrPass" name="同意" sourceRef="hrGateway" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression">\${environment.variables.pass}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="flowHrReject" name="驳回" sourceRef="hrGateway" targetRef="rejectEnd" />
    <endEvent id="end" name="结束" />
    <endEvent id="rejectEnd" name="驳回" />
  </process>
  <bpmndi:BPMNDiagram id="LeaveDiagram">
    <bpmndi:BPMNPlane id="LeavePlane" bpmnElement="Leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="52" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerAudit_di" bpmnElement="managerAudit"><dc:Bounds x="140" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerGateway_di" bpmnElement="managerGateway" isMarkerVisible="true"><dc:Bounds x="295" y="95" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="290" y="70" width="60" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrAudit_di" bpmnElement="hrAudit"><dc:Bounds x="400" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrGateway_di" bpmnElement="hrGateway" isMarkerVisible="true"><dc:Bounds x="555" y="95" width="50" height="50" /><bpmndi:BPMNLabel><dc:Bounds x="545" y="70" width="70" height="14" /></bpmndi:BPMNLabel></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="662" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="rejectEnd_di" bpmnElement="rejectEnd"><dc:Bounds x="432" y="232" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flowStart_di" bpmnElement="flowStart"><di:waypoint x="88" y="120" /><di:waypoint x="140" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManager_di" bpmnElement="flowManager"><di:waypoint x="240" y="120" /><di:waypoint x="295" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManagerPass_di" bpmnElement="flowManagerPass"><di:waypoint x="345" y="120" /><di:waypoint x="400" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowManagerReject_di" bpmnElement="flowManagerReject"><di:waypoint x="320" y="145" /><di:waypoint x="320" y="250" /><di:waypoint x="432" y="250" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowHr_di" bpmnElement="flowHr"><di:waypoint x="500" y="120" /><di:waypoint x="555" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowHrPass_di" bpmnElement="flowHrPass"><di:waypoint x="605" y="120" /><di:waypoint x="662" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowHrReject_di" bpmnElement="flowHrReject"><di:waypoint x="580" y="145" /><di:waypoint x="580" y="250" /><di:waypoint x="468" y="250" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
