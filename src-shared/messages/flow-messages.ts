// The flow area's messages (spec shell-and-system.md, 流程管理): process models. zh is the text the server
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
} as const satisfies MessageFamily;
