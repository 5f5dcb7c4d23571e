// What the stock consoles (Saber 4.9, Sword 4.5) are answered by /menu/routes,
// /menu/buttons and /menu/top-menu, against the back end's own menus: only the
// menus they have a page for, and for Sword its own names for what it looks up.
// A caller is a stock console when it asks on the stock dialect's path
// (/api/blade-system/menu/..., rewritten by http/dialects.ts); which one is told by
// the client id of its token (Sword's is `sword`; any other is taken for Saber).
// This console asks on the spec's paths and is answered every menu, as before.
import type { FastifyRequest } from 'fastify';
import type { MenuNode } from '../../src-shared/wire';
import { onStockPath } from '../http/dialects';

export type StockConsole = 'saber' | 'sword';

/** The stock console that sent `request`, or null (this console, or no caller). */
export function stockConsoleOf(request: FastifyRequest): StockConsole | null {
  if (!request.authUser) return null;
  if (!onStockPath(request.originalUrl)) return null;
  return request.authUser.clientId === 'sword' ? 'sword' : 'saber';
}

type PageAlias = 'add' | 'edit' | 'view';

/**
 * Sword 4.5's pages (its config/router.config.js) by the back end's menu path: the
 * pages besides the list a Grid's add/edit/view button opens at `<button path>[/:id]`.
 */
const SWORD_SCREENS: Readonly<Record<string, readonly PageAlias[]>> = {
  '/desk/notice': ['add', 'edit', 'view'],
  '/base/region': [],
  '/authority/role': ['add', 'edit', 'view'],
  '/authority/datascope': [],
  '/system/user': ['add', 'edit', 'view'],
  '/system/dict': ['add', 'edit', 'view'],
  '/system/dept': ['add', 'edit', 'view'],
  '/system/post': ['add', 'edit', 'view'],
  '/system/menu': ['add', 'edit', 'view'],
  '/system/param': ['add', 'edit', 'view'],
  '/system/tenant': ['add', 'edit', 'view'],
  '/system/client': ['add', 'edit', 'view'],
  '/monitor/log/usual': ['view'],
  '/monitor/log/api': ['view'],
  '/monitor/log/error': ['view'],
  '/report/reportlist': [],
  '/tool/code': ['add', 'edit', 'view'],
  '/tool/datasource': ['add', 'edit', 'view'],
};

/**
 * The back end's menu paths Sword shows at a page of its own: its home, the workplace (the only page of
 * its dashboard group that reads no demo data), for 工作台 › 首页, and for 控制台 too (this product's
 * dashboard is not one of Sword's pages; the query keeps the two entries apart in Sword's menu, which is
 * keyed by path); the group opens with them.
 */
const SWORD_PATHS: Readonly<Record<string, string>> = {
  '/wel': '/dashboard',
  '/wel/index': '/dashboard/workplace',
  '/wel/dashboard': '/dashboard/workplace?menu=dashboard',
};

/** The menu paths Saber 4.9 has a view for (its src/views/<path>.vue, found by the menu's path). */
const SABER_VIEWS = new Set([
  '/wel/index', '/wel/dashboard', '/desk/notice', '/base/region', '/authority/role', '/authority/datascope', '/authority/apiscope',
  '/system/user', '/system/dept', '/system/post', '/system/dict', '/system/menu', '/system/topmenu', '/system/param', '/system/tenant',
  '/system/client', '/monitor/log/usual', '/monitor/log/api', '/monitor/log/error', '/report/reportlist', '/tool/code', '/tool/datasource',
]);

const isLink = (path: string): boolean => /^https?:\/\//.test(path);

/** Whether the console has a page for the menu at `path` (a link it opens as one). */
function hasPage(console: StockConsole, path: string): boolean {
  if (isLink(path)) return true;
  return console === 'sword' ? Object.hasOwn(SWORD_PATHS, path) || Object.hasOwn(SWORD_SCREENS, path) : SABER_VIEWS.has(path);
}

/** The forest without the entries the console has no page for, and without the groups left empty. */
function pagesOnly(console: StockConsole, nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (node.children?.length) {
      const children = pagesOnly(console, node.children);
      if (children.length > 0) out.push({ ...node, children });
    } else if (hasPage(console, node.path)) {
      out.push(node);
    }
  }
  return out;
}

/**
 * A Sword entry: at Sword's own path where it has one, labelled by its name. Sword labels an entry by its
 * code (menu.<code> of its locale, else the code itself) and its breadcrumb by the locale's text, else the
 * entry's title: the back end's codes (dictbiz, reportlist...) are no words.
 */
function forSword(node: MenuNode): MenuNode & { title: string } {
  const children = node.children?.map(forSword);
  return { ...node, code: node.name, title: node.name, path: SWORD_PATHS[node.path] ?? node.path, ...(children ? { children } : {}) };
}

/** /menu/routes as a stock console is answered: the menus it has a page for (Sword: as it names and finds them). */
export function routesFor(console: StockConsole, forest: MenuNode[]): MenuNode[] {
  const pages = pagesOnly(console, forest);
  return console === 'sword' ? pages.map(forSword) : pages;
}

/** Buttons a Sword page handles by their code (its own callbacks, or `hasButton` of a page without a Grid). */
const SWORD_PAGE_BUTTONS = new Set(['user_role', 'user_reset', 'data_scope_setting', 'region_add', 'region_delete', 'region_debug']);

/** The menu code a Sword page looks its buttons up under (`getButton(code)`), where it is not the back end's. */
const SWORD_BUTTON_CODES: Readonly<Record<string, string>> = {
  datascope: 'data_scope',
  reportlist: 'report',
};

/** Whether Sword acts on a button of a screen with these `pages`: a page it has, a delete it posts, a code its page knows. */
function swordActsOn(button: MenuNode, pages: readonly PageAlias[]): boolean {
  if (SWORD_PAGE_BUTTONS.has(button.code)) return true;
  if (button.alias === 'delete') return button.path.startsWith('/api/');
  return (pages as readonly string[]).includes(button.alias);
}

/**
 * /menu/buttons as a stock console is answered. Sword: the groups of its screens,
 * each with the buttons it can act on (no add/edit/view without its page, no
 * delete that is not an API, no other button its page does not know), and each
 * group also under the code Sword looks it up by. Saber reads every button's code
 * as a permission: unchanged.
 */
export function buttonsFor(console: StockConsole, groups: MenuNode[]): MenuNode[] {
  if (console === 'saber') return groups;
  const out: MenuNode[] = [];
  for (const group of groups) {
    if (!Object.hasOwn(SWORD_SCREENS, group.path)) continue;
    const pages = SWORD_SCREENS[group.path]!;
    const own = { ...group, children: (group.children ?? []).filter((b) => swordActsOn(b, pages)) };
    out.push(own);
    const code = SWORD_BUTTON_CODES[group.code];
    if (code) out.push({ ...own, code });
  }
  return out;
}
