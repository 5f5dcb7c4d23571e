// System parameters (blade_param): spec shell-and-system.md §3, §5.
import type { ScreenDef } from '../../crud/types';
import { PARAM } from '../../../src-shared/declarations/system';

const param: ScreenDef = {
  code: 'param',
  title: 'param.title',
  api: {
    list: '/website-blade-system/param/list',
    detail: '/website-blade-system/param/detail',
    submit: '/website-blade-system/param/submit',
    remove: '/website-blade-system/param/remove',
  },
  declaration: PARAM,
  rowKey: 'id',
  dialogWidth: 880,
  labelWidth: 110,
  columns: [
    { name: 'paramName', label: 'param.paramName', search: true },
    { name: 'paramKey', label: 'param.paramKey', search: true },
    { name: 'paramValue', label: 'param.paramValue', valueType: 'textarea' },
    { name: 'remark', label: 'param.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default param;
