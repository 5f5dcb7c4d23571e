// Reports (/blade-report/report/rest): list and remove of the stored report files.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';

const B = '/blade-report/report/rest';

const report: ScreenDef = {
  code: 'reportlist',
  title: 'adminReport.title',
  api: { list: `${B}/list`, remove: `${B}/remove` },
  timeRange: false,
  hide: ['add', 'edit'],
  columns: [
    { name: 'name', label: 'adminReport.name', search: true },
    { name: 'createTime', label: 'adminReport.createTime', width: 180 },
    { name: 'updateTime', label: 'adminReport.updateTime', width: 180 },
  ],
};

export default report;
