// Template pages (spec content-area.md §3: the page-config record id, name, listPage,
// detailsPage, status 0 off / 1 on): the URL patterns a type-2 category's pages get
// on the rendered site. The patterns are checked as the back end and the site
// renderer check them: the declaration's rules (src-shared/declarations/page-configs.ts,
// over src-shared/page-patterns.ts).
import type { ScreenDef } from '../../crud/types';
import { TEMPLATE_PAGE_CONFIG } from '../../../src-shared/declarations/page-configs';
import { createTimeColumn, ON_OFF } from './shared';

const P = '/blade-material/templatePageConfig';

const templatePageConfig: ScreenDef = {
  code: 'templatePageConfig',
  title: 'content.pageConfig.title',
  api: { list: `${P}/page`, detail: `${P}/detail`, submit: `${P}/submit`, remove: `${P}/remove` },
  declaration: TEMPLATE_PAGE_CONFIG,
  dialogWidth: 640,
  labelWidth: 120,
  columns: [
    { name: 'name', label: 'content.pageConfig.name', search: true, span: 24 },
    { name: 'listPage', label: 'content.pageConfig.listPage', span: 24, extra: 'content.pageConfig.listHint' },
    { name: 'detailsPage', label: 'content.pageConfig.detailsPage', span: 24, extra: 'content.pageConfig.detailsHint' },
    { name: 'status', label: 'content.pageConfig.status', valueType: 'switch', listSwitch: true, numeric: true, options: ON_OFF, default: 1, span: 24 },
    { name: 'cateCount', label: 'content.pageConfig.cateCount', hideInForm: true, width: 110 },
    createTimeColumn,
  ],
};

export default templatePageConfig;
