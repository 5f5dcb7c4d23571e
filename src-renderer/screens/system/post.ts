// Posts (/website-blade-system/post).
import type { ScreenDef } from '../../crud/types';
import { POST } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/post`;

const post: ScreenDef = {
  code: 'post',
  title: 'sysPost.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: POST,
  dialogWidth: 700,
  labelWidth: 100,
  columns: [
    { name: 'category', label: 'sysPost.category', valueType: 'select', dict: 'post_category', numeric: true, search: true },
    { name: 'postCode', label: 'sysPost.postCode', search: true },
    { name: 'postName', label: 'sysPost.postName', search: true },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1 },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default post;
