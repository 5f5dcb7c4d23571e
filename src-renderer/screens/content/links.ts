// Tags / links: on/off status, open in a new window, read-only article count.
import type { ScreenDef } from '../../crud/types';
import { LINKS } from '../../../src-shared/declarations/material';
import { createTimeColumn, ON_OFF, REMOTE, remoteSelect, YES_NO } from './shared';

const L = '/website-blade-article/links';

const links: ScreenDef = {
  code: 'links',
  title: 'content.links.title',
  api: { list: `${L}/page`, detail: `${L}/detail`, submit: `${L}/submit`, remove: `${L}/remove` },
  declaration: LINKS,
  columns: [
    { name: 'name', label: 'content.links.name', search: true },
    { name: 'link', label: 'content.links.link' },
    remoteSelect('websiteInfoId', 'content.links.websiteName', REMOTE.websites, {
      search: true, displayField: 'websiteName', validateTrigger: 'onChange',
    }),
    { name: 'articleCount', label: 'content.links.articleCount', hideInForm: true, width: 90 },
    { name: 'openPage', label: 'content.links.openPage', valueType: 'select', numeric: true, options: YES_NO, default: 0, width: 110 },
    { name: 'status', label: 'content.links.status', valueType: 'switch', listSwitch: true, numeric: true, options: ON_OFF, default: 0, search: true, searchOp: 'equal', width: 90 },
    createTimeColumn,
  ],
};

export default links;
