import type { TFunction } from 'i18next';
import type { MenuNode } from '../../src-shared/wire';
import { findByPath } from '../session/menu';
import { DICT_LAYOUT_PATHS, GUIDE_PATH, HOME_PATH, INFO_PATH, LEAVE_ROUTE, TEST_PATH } from '../router/guard';

/** A menu item's label: the i18n key menu.<code> when present, else the server's name. */
export function menuLabel(t: TFunction, node: MenuNode): string {
  return t(`menu.${node.code}`, { defaultValue: node.name });
}

/** The label of an opened page (tag bar, document title). */
export function pageLabel(t: TFunction, menus: readonly MenuNode[], path: string): string {
  if (path === HOME_PATH) return t('tags.home');
  if (path === INFO_PATH) return t('shell.info.title');
  if (path === TEST_PATH) return t('shell.testPage');
  if (path === GUIDE_PATH) return t('shell.guide');
  if (path === DICT_LAYOUT_PATHS[0]) return t('shell.dictHorizontal');
  if (path === DICT_LAYOUT_PATHS[1]) return t('shell.dictVertical');
  if (LEAVE_ROUTE.test(path)) return t(`tags.leave.${path.split('/')[4]}`);
  if (path.startsWith('/myiframe/')) {
    let url = path;
    try {
      url = decodeURIComponent(path.slice('/myiframe/'.length));
    } catch {
      // keep the raw path
    }
    const framed = findByPath(menus, url);
    return framed ? menuLabel(t, framed) : t('shell.frame');
  }
  const node = findByPath(menus, path);
  return node ? menuLabel(t, node) : path;
}
