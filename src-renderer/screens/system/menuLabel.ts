// A menu or button record (menu screen rows, grant tree nodes) named in the console's language, as the side menu
// names the menus (layout/labels.ts menuLabel): what the product seeded is translated, what users typed is not.
import type { TFunction } from 'i18next';
import '../../i18n/areas/system';

/** the buttons every screen is seeded with (src-server/db/seed-menus.ts BUTTONS), by alias */
const STANDARD_BUTTONS = new Set(['add', 'edit', 'delete', 'view']);

/** a menu row or grant tree node: its code, stored name (`name` in a row, `title` in a tree), category and alias */
export type MenuRecord = Readonly<Record<string, unknown>>;

/**
 * The label of a menu or button: menu.<code> when the console has one (the product's menus and their own buttons,
 * as in the side menu); a standard button (新增 / 修改 / 删除 / 查看, by its alias) in the console's words while
 * it keeps the name it was seeded with; anything else, a name someone typed, as stored.
 */
export function menuRecordLabel(t: TFunction, record: MenuRecord): string {
  const name = String(record.name ?? record.title ?? '');
  const code = String(record.code ?? '');
  if (!code) return name;
  const own = t(`menu.${code}`, { defaultValue: name });
  if (own !== name) return own;
  const alias = String(record.alias ?? '');
  if (Number(record.category) === 2 && STANDARD_BUTTONS.has(alias)) {
    const key = `sysMenu.button.${alias}`;
    if (name === t(key, { lng: 'zh' })) return t(key);
  }
  return name;
}
