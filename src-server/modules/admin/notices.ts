// Notices (/website-blade-desk/notice): list (the screen's search: title like,
// category_equal, releaseTime_datege/_datelt; also the bell's dropdown),
// detail, submit and remove are declared here. The spec marks these calls as
// sent with the encrypted token variant (crypto Blade-Auth), which the guard accepts.
import { defineResource, screenAccess } from '../../crud/resource';

export const NOTICE = '/website-blade-desk/notice';

export const noticeResource = defineResource({
  name: 'notice',
  access: screenAccess('notice', { readBy: 'user' }),
  basePath: NOTICE,
  table: 'blade_notice',
  tenantScoped: true,
  softDelete: true,
  endpoints: ['list', 'detail', 'submit', 'save', 'update', 'remove'],
  defaultSort: [{ column: 'release_time', asc: false }],
  columns: [
    { name: 'title', type: 'string', rules: [{ required: true, message: '请输入通知标题' }, { maxLength: 255, message: '通知标题不能超过255个字符' }] },
    { name: 'category', type: 'int', rules: [{ required: true, message: '请选择通知类型' }, { enum: [1, 2, 3, 4, 5, 6], message: '请选择通知类型' }] },
    { name: 'releaseTime', type: 'datetime', rules: [{ required: true, message: '请选择通知日期' }] },
    { name: 'content', type: 'string', rules: [{ maxLength: 20000, message: '通知内容不能超过20000个字符' }] },
  ],
});
