import { memo, useMemo, useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useStableNavigate } from './navigation';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../src-shared/wire';
import { ancestorKeys, flattenMenu, isRoutePath, menuKey, openKeysAfter, uniqueOpenKeys } from '../session/menu';
import { MenuIcon } from './icons';
import { framePathOf, isExternalUrl } from '../pages/frame/frame';
import { useUi } from '../stores/ui';
import { PALETTES } from '../themes';
import { menuLabel } from './labels';

type Item = Required<MenuProps>['items'][number];

/**
 * No open / close animation: used when the open groups follow a tab switch
 * (the height animation of the groups closing and opening restyles and lays
 * out the side menu on every frame for a quarter of a second); a click on a
 * group still animates.
 */
const NO_MOTION: MenuProps['motion'] = { motionName: '', motionAppear: false, motionEnter: false, motionLeave: false };

/**
 * A press on an item or a group's title of the open side menu does not move the focus there. rc-menu makes the
 * focused item the menu's active one, which renders the whole menu again (about 460 components, 25 ms at 4x CPU
 * slowdown), and with the pointer that render fell inside the click that opens a screen (issue 38 item 21). The
 * pointer leaves the active item alone in this mode (electron.vite.config.ts, inlineMenusActiveByKeyboardOnly);
 * the keyboard still moves the focus and the active item through the menu.
 */
const keepFocusOnPress: MenuProps['onMouseDown'] = (e) => {
  if (e.button === 0 && (e.target as Element).closest('.ant-menu-item, .ant-menu-submenu-title')) e.preventDefault();
};

interface Props {
  tree: MenuNode[];
  collapsed: boolean;
  path: string;
  /** a group the operator has just opened by hand (its screens are prepared: prefetch/prepare.ts); stable */
  onGroupOpened?(group: MenuNode): void;
}

/** Collapsible, unique-opened sidebar built from the server's menu tree. */
export const Sidebar = memo(function Sidebar({ tree, collapsed, path, onGroupOpened }: Props) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const menuTheme = PALETTES[useUi((s) => s.theme)].menu;
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(tree, path));
  // open the current page's ancestors when the path changes, and keep the open groups when only the tree does
  // (session/menu.ts openKeysAfter), during render (not in an effect, which would render the whole menu a second time)
  const [openedFor, setOpenedFor] = useState({ tree, path });
  const [animate, setAnimate] = useState(false);
  if (openedFor.tree !== tree || openedFor.path !== path) {
    const pathChanged = openedFor.path !== path;
    setOpenedFor({ tree, path });
    setOpenKeys((prev) => {
      const next = openKeysAfter(tree, path, prev, pathChanged);
      return prev.length === next.length && prev.every((k, i) => k === next[i]) ? prev : next;
    });
    setAnimate(false);
  }
  const selectedKeys = useMemo(() => [path], [path]);

  const items = useMemo(() => {
    const build = (nodes: MenuNode[]): Item[] =>
      nodes.map((n) => ({
        key: menuKey(n),
        icon: <MenuIcon source={n.source} />,
        label: menuLabel(t, n),
        children: n.children && n.children.length > 0 ? build(n.children) : undefined,
      }));
    return build(tree);
  }, [tree, t]);

  return (
    <Layout.Sider className="desk-sider" collapsible collapsed={collapsed} trigger={null} width={220} style={{ overflow: 'auto' }}>
      <div className="desk-logo">
        <span className="desk-logo-mark">SEO</span>
        {!collapsed && <span className="desk-logo-text">{t('app.title')}</span>}
      </div>
      {tree.length === 0 ? (
        !collapsed && <div className="desk-menu-empty">{t('layout.emptyMenu')}</div>
      ) : (
        <Menu
          theme={menuTheme}
          mode="inline"
          // a tooltip per item (a trigger component each) only where one can show, collapsed; and no selection
          // kept by rc-menu beside selectedKeys, whose update on every click re-rendered the whole menu
          tooltip={collapsed ? undefined : false}
          selectable={false}
          aria-label={t('layout.sidebar')}
          items={items}
          selectedKeys={selectedKeys}
          {...(collapsed ? {} : { openKeys })}
          motion={animate ? undefined : NO_MOTION}
          onMouseDown={collapsed ? undefined : keepFocusOnPress}
          onOpenChange={(keys) => {
            setAnimate(true);
            setOpenKeys(uniqueOpenKeys(tree, openKeys, keys));
            const opened = keys.find((k) => !openKeys.includes(k));
            const group = opened === undefined ? undefined : flattenMenu(tree).find((n) => menuKey(n) === opened);
            if (group) onGroupOpened?.(group);
          }}
          onClick={({ key }) => {
            if (isRoutePath(key)) navigate(key);
            else if (isExternalUrl(key)) navigate(framePathOf(key));
          }}
        />
      )}
    </Layout.Sider>
  );
});
