import type { TFunction } from 'i18next';
import type { MenuNode } from '../../src-shared/wire';
import { findByPath } from '../session/menu';
import { HOME_PATH } from '../router/guard';

/** A menu item's label: the i18n key menu.<code> when present, else the server's name. */
export function menuLabel(t: TFunction, node: MenuNode): string {
  return t(`menu.${node.code}`, { defaultValue: node.name });
}

/** The label of an opened page (tag bar, document title). */
export function pageLabel(t: TFunction, menus: readonly MenuNode[], path: string): string {
  if (path === HOME_PATH) return t('tags.home');
  const node = findByPath(menus, path);
  return node ? menuLabel(t, node) : path;
}
