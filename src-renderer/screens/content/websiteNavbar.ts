// Navbars by website group (dictionary navbar_type), status on / off.
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_NAVBAR } from '../../../src-shared/declarations/sites';
import { createTimeColumn, ON_OFF, REMOTE, remoteSelect } from './shared';

const N = '/blade-material/websiteNavbar';

const websiteNavbar: ScreenDef = {
  code: 'websiteNavbar',
  title: 'content.navbar.title',
  api: { list: `${N}/list`, detail: `${N}/detail`, submit: `${N}/submit`, remove: `${N}/remove` },
  declaration: WEBSITE_NAVBAR,
  columns: [
    { name: 'name', label: 'content.navbar.name', search: true },
    remoteSelect('cateId', 'content.navbar.cateId', REMOTE.websiteGroups, {
      search: true, displayField: 'cateName', validateTrigger: 'onChange',
    }),
    {
      name: 'type', label: 'content.navbar.type', valueType: 'select', dict: 'navbar_type', numeric: true, searchOp: 'equal',
      validateTrigger: 'onChange',
    },
    { name: 'url', label: 'content.navbar.url' },
    { name: 'sort', label: 'content.common.sort', valueType: 'number', default: 0, width: 80 },
    { name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, numeric: true, options: ON_OFF, default: 0, width: 90 },
    { name: 'descVal', label: 'content.navbar.descVal', valueType: 'textarea', hideInTable: true },
    createTimeColumn,
  ],
};

export default websiteNavbar;
