// The flow area's messages (spec shell-and-system.md, 流程管理): process models, deployments, the runtime's
// tasks and instances, the sample leave process. zh is the text the server
// answered before keys existed.
import type { MessageFamily } from './text';

export const FLOW_MESSAGES = {
  'flow.modelNameRequired': { zh: '请输入模型名称', en: 'Please enter the model name' },
  'flow.modelNameMax': { zh: '模型名称不能超过100个字符', en: 'The model name may not exceed 100 characters' },
  'flow.modelKeyRequired': { zh: '请输入模型标识', en: 'Please enter the model key' },
  'flow.modelKeyFormat': { zh: '模型标识只能包含字母、数字、下划线和中划线', en: 'The model key may hold only letters, digits, underscores and hyphens' },
  'flow.xmlRequired': { zh: '请输入流程XML', en: 'Please enter the process XML' },
  'flow.modelKeyMismatch': { zh: '模型标识须与流程标识一致: {{key}}', en: "The model key must be the process's id: {{key}}" },
  'flow.modelKeyTaken': { zh: '模型标识已存在', en: 'This model key already exists' },
  'flow.modelGone': { zh: '数据不存在或已被删除', en: 'The model does not exist or has been deleted' },
  // the runtime: tasks and instances
  'flow.taskDone': { zh: '任务不存在或已办结', en: 'The task does not exist or has been completed' },
  'flow.instanceGone': { zh: '流程实例不存在或已结束', en: 'The process instance does not exist or has ended' },
  'flow.busy': { zh: '流程实例正在被他人办理，请稍后重试', en: 'Someone else is working on this process instance; please try again shortly' },
  'flow.startFailed': { zh: '流程启动失败: {{detail}}', en: 'The process could not be started: {{detail}}' },
  'flow.taskClaimedByYou': { zh: '任务已签收', en: 'You have already claimed this task' },
  'flow.taskClaimedByOther': { zh: '任务已被他人签收', en: 'Someone else has already claimed this task' },
  'flow.claimNotAllowed': { zh: '无权签收该任务', en: 'You may not claim this task' },
  'flow.taskOtherInstance': { zh: '任务不属于该流程实例', en: 'The task does not belong to this process instance' },
  'flow.taskNotYours': { zh: '无权办理该任务', en: 'You may not handle this task' },
  'flow.claimFirst': { zh: '请先签收任务', en: 'Claim the task first' },
  'flow.instanceMissing': { zh: '流程实例不存在', en: 'The process instance does not exist' },
  // models, deployments and definitions
  'flow.modelMissing': { zh: '模型不存在', en: 'The model does not exist' },
  'flow.deployed': { zh: '部署成功', en: 'Deployed' },
  'flow.stateParam': { zh: '状态参数错误: active 或 suspend', en: 'Bad state parameter: active or suspend' },
  'flow.definitionMissing': { zh: '流程定义不存在', en: 'The process definition does not exist' },
  'flow.activated': { zh: '激活流程成功', en: 'The process is active' },
  'flow.suspended': { zh: '挂起流程成功', en: 'The process is suspended' },
  'flow.deployFileRequired': { zh: '请选择要部署的流程文件', en: 'Please choose the process file to deploy' },
  'flow.deployFileMax': { zh: '流程文件不能超过2MB', en: 'A process file may not exceed 2 MB' },
  'flow.deployFileType': { zh: '仅支持上传 bpmn20.xml 或 bpmn 格式的流程文件: {{name}}', en: 'Only bpmn20.xml or bpmn process files can be uploaded: {{name}}' },
  'flow.tenantMissing': { zh: '租户不存在: {{tenantId}}', en: 'No such tenant: {{tenantId}}' },
  'flow.categoryMissing': { zh: '流程类型不存在', en: 'The process type does not exist' },
  'flow.fileParseFailed': { zh: '流程文件解析失败: {{detail}}', en: 'The process file could not be read: {{detail}}' },
  'flow.fileNoProcess': { zh: '流程文件中没有可执行的流程', en: 'The process file holds no executable process' },
  'flow.processKeyFormat': { zh: '流程标识只能包含字母、数字、下划线和中划线', en: "The process's id may hold only letters, digits, underscores and hyphens" },
  // a step's duration in the history (耗时): its parts, joined as they come
  'flow.durationDays': { zh: '{{n}}天', en: '{{n}}d ' },
  'flow.durationHours': { zh: '{{n}}小时', en: '{{n}}h ' },
  'flow.durationMinutes': { zh: '{{n}}分钟', en: '{{n}}min ' },
  'flow.durationSeconds': { zh: '{{n}}秒', en: '{{n}}s' },
  // 请假流程 (the sample leave process)
  'flow.approverMissing': { zh: '审批人不存在', en: 'The approver does not exist' },
  'flow.approverSelf': { zh: '审批人不能是申请人自己', en: 'The approver cannot be the applicant' },
  'flow.definitionSuspended': { zh: '流程已挂起,无法发起', en: 'The process is suspended and cannot be started' },
  'flow.leaveStarted': { zh: '流程启动成功', en: 'The process has started' },
} as const satisfies MessageFamily;
