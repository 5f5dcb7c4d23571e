// Top menus (/website-blade-system/topmenu): menu setting through grant-top-tree.
import { SettingOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { TOP_MENU } from '../../../src-shared/declarations/system';
import '../../i18n/areas/system';
import { SYS } from './api';
import { TopMenuGrantDialog } from './components/TopMenuGrantDialog';

const B = `${SYS}/topmenu`;

const topmenu: ScreenDef = {
  code: 'topmenu',
  title: 'sysTopmenu.title',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  declaration: TOP_MENU,
  dialogWidth: 700,
  labelWidth: 100,
  columns: [
    { name: 'name', label: 'sysTopmenu.name', search: true },
    { name: 'code', label: 'sysTopmenu.code', search: true },
    { name: 'source', label: 'sysTopmenu.source' },
    { name: 'path', label: 'sysTopmenu.path' },
    { name: 'sort', label: 'sysCommon.sort', valueType: 'number', default: 1 },
  ],
  extraActions: [{ key: 'setting', label: 'sysTopmenu.setting', permission: 'topmenu_setting', placement: 'both', icon: SettingOutlined, needsSelection: true, render: TopMenuGrantDialog }],
};

export default topmenu;
