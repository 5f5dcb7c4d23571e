// Website groups: spec content-area.md §3 Website group, §5 Group; §7 the group's SSL list and link list.
import { LinkOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_GROUP } from '../../../src-shared/declarations/sites';
import { createTimeColumn } from './shared';
import { GroupLinksDialog, GroupSslDialog } from './GroupListDialogs';

const G = '/website-blade-material/websiteGroup';

const websiteGroup: ScreenDef = {
  code: 'websiteGroup',
  title: 'content.group.title',
  api: { list: `${G}/page`, detail: `${G}/detail`, save: `${G}/save`, update: `${G}/update`, remove: `${G}/remove` },
  declaration: WEBSITE_GROUP,
  dialogWidth: 600,
  columns: [
    { name: 'name', label: 'content.group.name', search: true, span: 24 },
    {
      name: 'type', label: 'content.group.type', valueType: 'select', numeric: true, search: true, searchOp: 'equal', span: 24, validateTrigger: 'onChange',
      options: [{ value: 0, label: 'content.group.normal' }, { value: 1, label: 'content.group.whiteHat' }],
    },
    { name: 'count', label: 'content.group.count', hideInForm: true, width: 100 },
    createTimeColumn,
  ],
  extraActions: [
    { key: 'sslList', label: 'content.ops.group.sslList', permission: 'websiteGroup_ssl', placement: 'row', render: GroupSslDialog },
    { key: 'linkList', label: 'content.ops.group.linkList', permission: 'websiteGroup_links', placement: 'both', icon: LinkOutlined, needsSelection: true, render: GroupLinksDialog },
  ],
};

export default websiteGroup;
