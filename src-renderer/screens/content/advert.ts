// Advert pages: top, side and bottom adverts.
import type { ScreenDef } from '../../crud/types';
import { ADVERT } from '../../../src-shared/declarations/material';
import { createTimeColumn } from './shared';

const A = '/website-blade-material/advert';

const advert: ScreenDef = {
  code: 'advert',
  title: 'content.advert.title',
  api: { list: `${A}/page`, detail: `${A}/detail`, save: `${A}/save`, update: `${A}/update`, remove: `${A}/remove` },
  declaration: ADVERT,
  columns: [
    { name: 'advertName', label: 'content.advert.advertName', search: true, span: 24 },
    { name: 'topAdvert', label: 'content.advert.topAdvert', valueType: 'textarea' },
    { name: 'sideAdvert', label: 'content.advert.sideAdvert', valueType: 'textarea' },
    { name: 'bottomAdvert', label: 'content.advert.bottomAdvert', valueType: 'textarea' },
    createTimeColumn,
  ],
};

export default advert;
