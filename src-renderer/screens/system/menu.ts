// Menus (/website-blade-system/menu): lazy tree, buttons under their menu.
import type { ScreenDef } from '../../crud/types';
import { MENU } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';
import { menuRecordLabel } from './menuLabel';

const B = `${SYS}/menu`;

const menu: ScreenDef = {
  code: 'menu',
  title: 'sysMenu.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: MENU,
  dialogWidth: 880,
  labelWidth: 100,
  tree: { lazy: `${B}/lazy-list`, addChild: true },
  timeRange: false,
  columns: [
    // the list names the product's menus and buttons in the console's language, as the side menu does; the form edits the stored name
    { name: 'name', label: 'sysMenu.name', search: true, cellText: (row, t) => menuRecordLabel(t, row) },
    { name: 'code', label: 'sysMenu.code', search: true },
    { name: 'alias', label: 'sysMenu.alias', search: true, default: 'menu' },
    { name: 'path', label: 'sysMenu.path' },
    { name: 'parentId', label: 'sysMenu.parentId', valueType: 'treeSelect', treeUrl: `${B}/tree`, displayField: 'parentName', hideInTable: true },
    { name: 'source', label: 'sysMenu.source', width: 110 },
    {
      name: 'category', label: 'sysMenu.category', valueType: 'select', numeric: true, default: 1, width: 90,
      // the two types the server takes (the menu_category dictionary's entries), named in the console's language
      options: [{ value: 1, label: 'sysMenu.categoryMenu' }, { value: 2, label: 'sysMenu.categoryButton' }],
    },
    {
      name: 'action', label: 'sysMenu.action', valueType: 'select', numeric: true, default: 0, width: 100,
      options: [{ value: 0, label: 'sysMenu.actionNone' }, { value: 1, label: 'sysMenu.actionToolbar' }, { value: 2, label: 'sysMenu.actionRow' }, { value: 3, label: 'sysMenu.actionBoth' }],
    },
    { name: 'isOpen', label: 'sysMenu.isOpen', valueType: 'select', numeric: true, default: 1, width: 80, options: [{ value: 1, label: 'crud.no' }, { value: 2, label: 'crud.yes' }] },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1, width: 70 },
    { name: 'component', label: 'sysMenu.component', hideInTable: true },
    { name: 'remark', label: 'sysCommon.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default menu;
