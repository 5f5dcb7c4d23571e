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
  'accountForm.accountNumberRequired': { zh: '请输入账号额度', en: 'Please enter the account quota' },
  'accountForm.websiteNumberRequired': { zh: '请输入网站额度', en: 'Please enter the website quota' },
  'accountForm.articleNumberRequired': { zh: '请输入文章额度', en: 'Please enter the article quota' },
  'accountForm.quotaRange': { zh: '额度必须是不小于-1的整数', en: 'A quota must be a whole number, -1 (unlimited) or more' },
  'accountForm.phoneLength': { zh: '手机号码长度不是11位', en: 'The mobile number must have 11 digits' },
  'accountForm.phoneFormat': { zh: '手机号码格式不正确', en: 'The mobile number is not valid' },
  'accountForm.oldPasswordRequired': { zh: '请输入原密码', en: 'Please enter the old password' },
  'accountForm.confirmRequired': { zh: '请输入确认密码', en: 'Please confirm the password' },
  'shellForm.deptRequired': { zh: '请选择部门', en: 'Please choose a department' },
  'shellForm.roleRequired': { zh: '请选择角色', en: 'Please choose a role' },
  'shellForm.lockRequired': { zh: '锁屏密码不能为空', en: 'The lock password cannot be empty' },
  'desktopForm.feedInvalid': { zh: '更新地址必须是 http(s) 地址', en: 'The update feed must be an http(s) URL' },
} as const satisfies MessageFamily;
