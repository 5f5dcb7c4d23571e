// Regions (/website-blade-system/region): lazy tree by parentCode, keyed by code.
import type { ScreenDef } from '../../crud/types';
import { REGION } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';

const B = `${SYS}/region`;

const region: ScreenDef = {
  code: 'region',
  title: 'sysRegion.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: REGION,
  dialogWidth: 700,
  labelWidth: 100,
  tree: { lazy: `${B}/lazy-list`, parentParam: 'parentCode', parentField: 'parentCode', addChild: true },
  timeRange: false,
  columns: [
    { name: 'code', label: 'sysRegion.code', search: true, readonlyOnEdit: true },
    { name: 'name', label: 'sysRegion.name', search: true },
    { name: 'parentCode', label: 'sysRegion.parentCode', readonlyOnEdit: true },
    { name: 'regionLevel', label: 'sysRegion.regionLevel', valueType: 'select', dict: 'region', numeric: true, default: 1 },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1 },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default region;
