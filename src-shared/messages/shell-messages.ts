// The shell family's messages (spec shell-and-system.md §5): the caller's own account (个人信息, 修改密码), a guest's
// registration, the phone helper and the error-log upload. zh is the text the server answered before keys existed
// (the spec's, where it names one: registration, the phone helper).
import type { MessageFamily } from './text';

export const SHELL_MESSAGES = {
  'shell.userMissing': { zh: '用户不存在', en: 'The user does not exist' },
  // 修改密码
  'shell.oldPasswordWrong': { zh: '原密码不正确!', en: 'The old password is not correct' },
  // registration
  'shell.tenantIdFirst': { zh: '请先输入租户编号', en: 'Please enter the tenant ID first' },
  'shell.accountFirst': { zh: '请先输入账号名称', en: 'Please enter the account name first' },
  'shell.passwordFirst': { zh: '请先输入密码', en: 'Please enter the password first' },
  'shell.registerClosed': { zh: '当前系统暂未开启注册功能', en: 'Registration is not open on this system' },
  'shell.tenantWrong': { zh: '租户信息错误!', en: 'The tenant information is not correct' },
  // the phone helper, in its order
  'shell.phoneEmpty': { zh: '手机号码不能为空', en: 'Please enter the mobile number' },
  // the error-log upload
  'shell.logListRequired': { zh: '日志列表不能为空', en: 'The log list may not be empty' },
  'shell.logListMax': { zh: '一次最多上传1000条日志', en: 'At most 1000 logs can be uploaded at once' },
  'shell.logMessageRequired': { zh: '日志内容不能为空', en: 'A log entry needs a message' },
} as const satisfies MessageFamily;
