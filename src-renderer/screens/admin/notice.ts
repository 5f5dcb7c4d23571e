// Notices (/website-blade-desk/notice): list, detail, submit, remove. Main sends
// these calls with the crypto Blade-Auth variant when the profile has an aes key.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { NOTICE } from '../../../src-shared/declarations/admin';

const B = NOTICE.path;

const notice: ScreenDef = {
  code: 'notice',
  title: 'adminNotice.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 100,
  // search: title (like), category (equal, dict notice), release date range
  timeRange: 'releaseTime',
  declaration: NOTICE,
  columns: [
    { name: 'title', label: 'adminNotice.noticeTitle', search: true },
    { name: 'category', label: 'adminNotice.category', valueType: 'select', dict: 'notice', numeric: true, search: true },
    { name: 'releaseTime', label: 'adminNotice.releaseTime', valueType: 'datetime' },
    { name: 'content', label: 'adminNotice.content', valueType: 'textarea', rows: 8, hideInTable: true },
  ],
};

export default notice;
