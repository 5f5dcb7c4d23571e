// Dictionaries (system /dict and business /dict-biz) in two layouts: the
// horizontal one edits parents and children; the vertical one lists the same
// tree but adding, editing and deleting children is forbidden.
import type { ScreenDef } from '../../crud/types';
import type { Row } from '../../../src-shared/wire';
import '../../i18n/areas/admin';
import { DICT, DICT_BIZ } from '../../../src-shared/declarations/admin';

const isChild = (row: Row): boolean => row.parentId !== undefined && row.parentId !== null && String(row.parentId) !== '0' && String(row.parentId) !== '';
const childValues = (v: Record<string, unknown>): boolean => v.parentId !== undefined && v.parentId !== null && String(v.parentId) !== '' && String(v.parentId) !== '0';

export function dictScreen(kind: 'dict' | 'dict-biz', layout: 'horizontal' | 'vertical'): ScreenDef {
  const declaration = kind === 'dict' ? DICT : DICT_BIZ;
  const B = declaration.path;
  const vertical = layout === 'vertical';
  return {
    code: kind === 'dict' ? 'dict' : 'dictbiz',
    title: kind === 'dict' ? 'adminDict.title' : 'adminDict.bizTitle',
    api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
    dialogWidth: 800,
    labelWidth: 100,
    timeRange: false,
    declaration,
    tree: { lazy: `${B}/child-list`, addChild: !vertical },
    rowLocked: vertical ? isChild : undefined,
    columns: [
      {
        name: 'code',
        label: 'adminDict.code',
        search: true,
        visibleWhen: (v) => !childValues(v),
      },
      { name: 'dictValue', label: 'adminDict.dictValue', search: true },
      {
        name: 'parentId',
        label: 'adminDict.parentId',
        valueType: 'treeSelect',
        treeUrl: `${B}/tree`,
        treeParams: { code: 'DICT' },
        hideInTable: true,
        hideInForm: vertical,
      },
      {
        name: 'dictKey',
        label: 'adminDict.dictKey',
        visibleWhen: (v) => childValues(v),
      },
      // no min / max / precision: out of range or 2.5 gets the range message rather than being clamped
      { name: 'sort', label: 'adminDict.sort', valueType: 'number', default: 1 },
      {
        name: 'isSealed',
        label: 'adminDict.isSealed',
        valueType: 'select',
        numeric: true,
        default: 0,
        options: [
          { value: 0, label: 'crud.no' },
          { value: 1, label: 'crud.yes' },
        ],
      },
      { name: 'remark', label: 'adminDict.remark', valueType: 'textarea', hideInTable: true },
    ],
  };
}
