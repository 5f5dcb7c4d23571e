// System parameters (blade_param), tenant-scoped.
import { defineResource, screenAccess } from '../crud/resource';

export const paramResource = defineResource({
  name: 'param',
  access: screenAccess('param'),
  basePath: '/website-blade-system/param',
  table: 'blade_param',
  tenantScoped: true,
  softDelete: true,
  // the list's total from row_count (kept by triggers, migration 611), not COUNT(*) of the tenant's parameters per page
  countedRows: true,
  endpoints: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
  columns: [
    {
      name: 'paramName',
      type: 'string',
      rules: [
        { required: true, message: '请输入参数名称' },
        { maxLength: 255, message: '参数名称不能超过255个字符' },
      ],
    },
    {
      name: 'paramKey',
      type: 'string',
      rules: [
        { required: true, message: '请输入参数键名' },
        { maxLength: 255, message: '参数键名不能超过255个字符' },
        { unique: true, message: '参数键名已存在' },
      ],
    },
    {
      name: 'paramValue',
      type: 'string',
      rules: [
        { required: true, message: '请输入参数键值' },
        { maxLength: 2000, message: '参数键值不能超过2000个字符' },
      ],
    },
    { name: 'remark', type: 'string', rules: [{ maxLength: 255, message: '备注不能超过255个字符' }] },
  ],
});
