// Departments (/website-blade-system/dept): lazy tree list, add child.
import type { ScreenDef } from '../../crud/types';
import { DEPT } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/dept`;

const dept: ScreenDef = {
  code: 'dept',
  title: 'sysDept.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: DEPT,
  dialogWidth: 800,
  labelWidth: 100,
  tree: { lazy: `${B}/lazy-list`, addChild: true },
  timeRange: false,
  columns: [
    { name: 'deptName', label: 'sysDept.deptName', search: true },
    { name: 'fullName', label: 'sysDept.fullName', search: true },
    { name: 'parentId', label: 'sysDept.parentId', valueType: 'treeSelect', treeUrl: `${B}/tree`, displayField: 'parentName', hideInTable: true },
    { name: 'deptCategory', label: 'sysDept.deptCategory', valueType: 'select', dict: 'org_category', numeric: true, default: 1 },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1 },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default dept;
