// Notices (/website-blade-desk/notice): list (the screen's search: title like,
// category_equal, releaseTime_datege/_datelt; also the bell's dropdown),
// detail, submit and remove are declared here. The spec marks these calls as
// sent with the encrypted token variant (crypto Blade-Auth), which the guard accepts.
import { declaredResource, defineResource, screenAccess } from '../../crud/resource';
import { NOTICE as NOTICE_DECL } from '../../../src-shared/declarations/admin';

export const NOTICE = NOTICE_DECL.path;

export const noticeResource = defineResource({
  ...declaredResource(NOTICE_DECL),
  access: screenAccess('notice', { readBy: 'user' }),
  table: 'blade_notice',
  tenantScoped: true,
  softDelete: true,
  endpoints: ['list', 'detail', 'submit', 'save', 'update', 'remove'],
  defaultSort: [{ column: 'release_time', asc: false }],
});
