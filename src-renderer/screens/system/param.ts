// System parameters (blade_param): spec shell-and-system.md §3, §5.
import type { ScreenDef } from '../../crud/types';

const param: ScreenDef = {
  code: 'param',
  title: 'param.title',
  api: {
    list: '/website-blade-system/param/list',
    detail: '/website-blade-system/param/detail',
    submit: '/website-blade-system/param/submit',
    remove: '/website-blade-system/param/remove',
  },
  rowKey: 'id',
  dialogWidth: 880,
  labelWidth: 110,
  columns: [
    { name: 'paramName', label: 'param.paramName', search: true, rules: [{ required: true, message: 'param.paramNameRequired' }] },
    { name: 'paramKey', label: 'param.paramKey', search: true, rules: [{ required: true, message: 'param.paramKeyRequired' }] },
    { name: 'paramValue', label: 'param.paramValue', valueType: 'textarea', rules: [{ required: true, message: 'param.paramValueRequired' }] },
    { name: 'remark', label: 'param.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default param;
