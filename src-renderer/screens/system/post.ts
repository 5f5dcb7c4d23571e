// Posts (/website-blade-system/post).
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/post`;

const post: ScreenDef = {
  code: 'post',
  title: 'sysPost.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 700,
  labelWidth: 100,
  columns: [
    { name: 'category', label: 'sysPost.category', valueType: 'select', dict: 'post_category', numeric: true, search: true, rules: [{ required: true, message: 'sysPost.categoryRequired' }] },
    { name: 'postCode', label: 'sysPost.postCode', search: true, rules: [{ required: true, message: 'sysPost.postCodeRequired' }, { max: 12, message: 'crud.maxLength' }] },
    { name: 'postName', label: 'sysPost.postName', search: true, rules: [{ required: true, message: 'sysPost.postNameRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1, min: 0, max: 99999, precision: 0, rules: [{ required: true, message: 'sysCommon.sortRequired' }] },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default post;
