// The messages of the inputs declared outside the resources (src-shared/declarations/*-inputs.ts: the leave
// form, the flow dialogs, the user and tenant dialogs, the shell's dialogs and pages, the search account, the
// desktop profile). zh is the text the server (or, where no server takes the input, the form) showed before.
import type { MessageFamily } from './text';

export const FORM_INPUT_MESSAGES = {
  'leaveForm.taskUserRequired': { zh: '请选择审批人', en: 'Choose the approver' },
  'leaveForm.startTimeRequired': { zh: '请选择开始时间', en: 'Choose the start time' },
  'leaveForm.startTimeFormat': { zh: '开始时间格式错误', en: 'The start time is not a valid date and time' },
  'leaveForm.endTimeRequired': { zh: '请选择结束时间', en: 'Choose the end time' },
  'leaveForm.endTimeFormat': { zh: '结束时间格式错误', en: 'The end time is not a valid date and time' },
  'leaveForm.endAfterStart': { zh: '结束时间必须晚于开始时间', en: 'The end must be after the start' },
  'leaveForm.reasonRequired': { zh: '请输入请假理由', en: 'Enter the reason' },
  'leaveForm.reasonMax': { zh: '请假理由不能超过500个字符', en: 'The reason may not exceed 500 characters' },
  'leaveForm.commentRequired': { zh: '请输入审批意见', en: 'Enter a comment' },
  'leaveForm.commentMax': { zh: '审批意见不能超过500个字符', en: 'The comment may not exceed 500 characters' },
  'flowForm.categoryRequired': { zh: '请选择流程类型', en: 'Choose the process type' },
  'flowForm.deleteReasonRequired': { zh: '请输入删除原因', en: 'Enter the reason for deleting' },
  'flowForm.deleteReasonMax': { zh: '删除原因不能超过255个字符', en: 'The reason for deleting may not exceed 255 characters' },
} as const satisfies MessageFamily;
