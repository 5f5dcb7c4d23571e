// Customer-service (contact) groups: WeChat, phone, page chat box.
import type { ScreenDef } from '../../crud/types';
import { CONTACT_INFO } from '../../../src-shared/declarations/material';
import { createTimeColumn } from './shared';

const C = '/website-blade-material/contactInfo';

const contactInfo: ScreenDef = {
  code: 'contactInfo',
  title: 'content.contact.title',
  api: { list: `${C}/page`, detail: `${C}/detail`, submit: `${C}/submit`, remove: `${C}/remove` },
  declaration: CONTACT_INFO,
  columns: [
    { name: 'name', label: 'content.contact.name', search: true, validateTrigger: 'onChange' },
    { name: 'weChat', label: 'content.contact.weChat' },
    { name: 'phone', label: 'content.contact.phone' },
    { name: 'customerServer', label: 'content.contact.customerServer', valueType: 'textarea', hideInTable: true },
    createTimeColumn,
  ],
};

export default contactInfo;
