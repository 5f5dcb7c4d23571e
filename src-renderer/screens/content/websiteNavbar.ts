// Navbars by website group (dictionary navbar_type), status on / off.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, ON_OFF, REMOTE, remoteSelect, wholeIn } from './shared';

const N = '/blade-material/websiteNavbar';

const websiteNavbar: ScreenDef = {
  code: 'websiteNavbar',
  title: 'content.navbar.title',
  api: { list: `${N}/list`, detail: `${N}/detail`, submit: `${N}/submit`, remove: `${N}/remove` },
  columns: [
    { name: 'name', label: 'content.navbar.name', search: true, rules: [{ required: true, message: 'content.navbar.nameRequired' }] },
    remoteSelect('cateId', 'content.navbar.cateId', REMOTE.websiteGroups, {
      search: true, displayField: 'cateName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.navbar.groupRequired' }],
    }),
    {
      name: 'type', label: 'content.navbar.type', valueType: 'select', dict: 'navbar_type', numeric: true, searchOp: 'equal',
      validateTrigger: 'onChange', rules: [{ required: true, message: 'content.navbar.typeRequired' }],
    },
    { name: 'url', label: 'content.navbar.url' },
    { name: 'sort', label: 'content.common.sort', valueType: 'number', default: 0, width: 80, rules: wholeIn({ min: 0, max: 99999 }, 'content.common.sortRange') },
    { name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, numeric: true, options: ON_OFF, default: 0, width: 90 },
    { name: 'descVal', label: 'content.navbar.descVal', valueType: 'textarea', hideInTable: true },
    createTimeColumn,
  ],
};

export default websiteNavbar;
