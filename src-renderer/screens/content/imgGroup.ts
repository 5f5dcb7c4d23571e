// Image groups (dialog width 600).
import type { ScreenDef } from '../../crud/types';
import { IMG_GROUP } from '../../../src-shared/declarations/material';
import { createTimeColumn } from './shared';

const G = '/website-blade-material/imgGroup';

const imgGroup: ScreenDef = {
  code: 'imgGroup',
  title: 'content.imgGroup.title',
  api: { list: `${G}/page`, detail: `${G}/detail`, submit: `${G}/submit`, remove: `${G}/remove` },
  declaration: IMG_GROUP,
  dialogWidth: 600,
  columns: [
    { name: 'name', label: 'content.imgGroup.name', search: true, span: 24 },
    { name: 'imageCount', label: 'content.imgGroup.imageCount', hideInForm: true, width: 100 },
    createTimeColumn,
  ],
};

export default imgGroup;
