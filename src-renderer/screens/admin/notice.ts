// Notices (/website-blade-desk/notice): list, detail, submit, remove. Main sends
// these calls with the crypto Blade-Auth variant when the profile has an aes key.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';

const B = '/website-blade-desk/notice';

const notice: ScreenDef = {
  code: 'notice',
  title: 'adminNotice.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 100,
  // search: title (like), category (equal, dict notice), release date range
  timeRange: 'releaseTime',
  columns: [
    { name: 'title', label: 'adminNotice.noticeTitle', search: true, rules: [{ required: true, message: 'adminNotice.titleRequired' }, { max: 255, message: 'crud.maxLength' }] },
    { name: 'category', label: 'adminNotice.category', valueType: 'select', dict: 'notice', numeric: true, search: true, rules: [{ required: true, message: 'adminNotice.categoryRequired' }] },
    { name: 'releaseTime', label: 'adminNotice.releaseTime', valueType: 'datetime', rules: [{ required: true, message: 'adminNotice.releaseTimeRequired' }] },
    { name: 'content', label: 'adminNotice.content', valueType: 'textarea', rows: 8, hideInTable: true },
  ],
};

export default notice;
