import { forwardRef, memo, useCallback, useLayoutEffect, useMemo, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { App, Dropdown } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { ClearOutlined, CloseCircleOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useStableNavigate } from './navigation';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { isPlatformAdministrator } from '../session/permissions';
import { useTags } from '../stores/tags';
import { isTagClosable } from '../router/tags';
import { HOME_PATH, normalizePath } from '../router/guard';
import { call } from '../platform/bridge';
import { pageLabel } from './labels';
import { usePrimaryColour } from '../stores/colour';
import { primaryTextColour } from '../themes/contrast';

export const CLEAR_CACHE_URL = '/blade-auth/oauth/clear-cache';

interface TabProps {
  tag: string;
  label: string;
  closable: boolean;
  navigate(to: string): void;
  close(tag: string): void;
}

/**
 * One opened page: the tab (role=tab) and, beside it rather than inside it (a button in a tab is an interactive
 * control nested in another), its close button. Its context menu is the tab list's (TagBar), told which tab by
 * data-key.
 */
const Tab = memo(function Tab({ tag, label, closable, navigate, close }: TabProps) {
  return (
    <div className="desk-tab" data-key={tag} role="presentation">
      <div
        role="tab"
        className="desk-tab-label"
        tabIndex={0}
        aria-keyshortcuts={closable ? 'Delete' : undefined}
        onClick={() => navigate(tag)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            navigate(tag);
          } else if (e.key === 'Delete' && closable) {
            e.preventDefault();
            close(tag);
          }
        }}
        onAuxClick={(e) => {
          if (e.button === 1 && closable) close(tag);
        }}
      >
        {label}
      </div>
      {closable && (
        // for the pointer: the tab list holds tabs only, so assistive technology closes a tab with Delete
        // (aria-keyshortcuts) or its context menu
        <button
          type="button"
          className="desk-tab-close"
          aria-hidden="true"
          tabIndex={-1}
          onClick={(e) => {
            e.stopPropagation();
            close(tag);
          }}
        >
          <CloseOutlined aria-hidden />
        </button>
      )}
    </div>
  );
});

interface TabListProps extends HTMLAttributes<HTMLDivElement> {
  close(tag: string): void;
  /** the tab whose context menu opens (read by the menu's actions) */
  menuTarget: RefObject<string>;
}

/**
 * The tab list: its own subscriber to the opened pages and the path, so that opening a page re-renders the list
 * and not the context-menu trigger around it (a popup trigger's render in the click that opens a page). The
 * trigger's props (its ref, onContextMenu) are spread onto the list.
 */
const TabList = memo(
  forwardRef<HTMLDivElement, TabListProps>(function TabList({ close, menuTarget, onContextMenu, ...triggerProps }, ref) {
    const { t } = useTranslation();
    const navigate = useStableNavigate();
    const path = normalizePath(useLocation().pathname);
    const tags = useTags(useShallow((s) => s.tags));
    const menus = useSession((s) => s.menus);
    // each tab is its own memo component: a switch re-renders no tab (it only moves aria-selected), and a tab
    // opened or closed renders that tab alone
    const items = useMemo(
      () =>
        tags.map((tag) => (
          <Tab key={tag} tag={tag} label={pageLabel(t, menus, tag)} closable={isTagClosable(tags, tag)} navigate={navigate} close={close} />
        )),
      [tags, menus, t, navigate, close],
    );

    // the active tab: one attribute (aria-selected, which React does not manage
    // here, so re-renders of a tab keep it), set without re-rendering the tabs
    const listRef = useRef<HTMLDivElement | null>(null);
    useLayoutEffect(() => {
      const list = listRef.current;
      if (!list) return;
      let active: Element | null = null;
      for (const el of list.children) {
        const on = el.getAttribute('data-key') === path;
        // the item carries the state for the style, its tab for assistive technology
        el.setAttribute('data-active', String(on));
        el.querySelector('[role="tab"]')?.setAttribute('aria-selected', String(on));
        if (on) active = el;
      }
      // scrolled into view after the frame that shows the page (scrolling measures the list)
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => {
        timer = setTimeout(() => active?.scrollIntoView({ block: 'nearest', inline: 'nearest' }), 0);
      });
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }, [path, items]);

    // the list for the effect above, and for the menu's trigger (one callback while the trigger's ref is the same)
    const setRefs = useCallback(
      (el: HTMLDivElement | null) => {
        listRef.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      },
      [ref],
    );

    return (
      <div
        {...triggerProps}
        className="desk-tab-list"
        role="tablist"
        ref={setRefs}
        onContextMenu={(e) => {
          menuTarget.current = (e.target as Element).closest('[data-key]')?.getAttribute('data-key') ?? path;
          onContextMenu?.(e);
        }}
      >
        {items}
      </div>
    );
  }),
);

/**
 * Opened pages as tabs; closable while more than one is open; context menu with
 * clear cache / close others / close all.
 *
 * Plain buttons rather than antd Tabs: on every change of the active tab antd
 * Tabs measured the tab list (its scroll position and the ink bar), four
 * forced layouts inside the frame that shows the page. Here a switch changes
 * one attribute on two tabs; the active tab is scrolled into view after that frame.
 * The two menus (antd Dropdowns) get the same props on every render, so a page opened or switched to renders
 * neither of them: only the list inside re-renders.
 */
export const TagBar = memo(function TagBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useStableNavigate();
  const closeTag = useTags((s) => s.close);
  const closeOthers = useTags((s) => s.closeOthers);
  const closeAll = useTags((s) => s.closeAll);
  // clear-cache is the platform administrator's (the server refuses anyone else)
  const platform = useSession((s) => isPlatformAdministrator(s.user));
  // the menus' actions read the current path, and do not change with it
  const pathRef = useRef(path);
  pathRef.current = path;
  // the tab whose context menu is open
  const menuTarget = useRef(path);

  const onAction = useCallback((key: string, target: string) => {
    const path = pathRef.current;
    if (key === 'clearCache') {
      modal.confirm({
        title: t('crud.confirmTitle'),
        content: t('shell.clearCacheConfirm'),
        onOk: async () => {
          try {
            await call('api:request', { method: 'get', url: CLEAR_CACHE_URL });
            void message.success(t('shell.clearCacheDone'));
          } catch (e) {
            void message.error((e as Error).message);
          }
        },
      });
    } else if (key === 'closeOthers') {
      closeOthers(target);
      if (target !== path) navigate(target);
    } else if (key === 'closeAll') {
      closeAll();
      navigate(HOME_PATH);
    }
  }, [t, message, modal, navigate, closeOthers, closeAll]);
  const menuItems = useMemo(
    () => [
      ...(platform ? [{ key: 'clearCache', icon: <ClearOutlined />, label: t('shell.clearCache') }] : []),
      { key: 'closeOthers', icon: <CloseOutlined />, label: t('shell.closeOthers') },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shell.closeAll') },
    ],
    [t, platform],
  );
  const contextMenu = useMemo(() => ({ items: menuItems, onClick: ({ key }: { key: string }) => onAction(key, menuTarget.current) }), [menuItems, onAction]);
  const buttonMenu = useMemo(() => ({ items: menuItems, onClick: ({ key }: { key: string }) => onAction(key, pathRef.current) }), [menuItems, onAction]);
  const primary = usePrimaryColour();
  const close = useCallback(
    (tag: string) => {
      const next = closeTag(tag, pathRef.current);
      if (next) navigate(next);
    },
    [closeTag, navigate],
  );
  const navStyle = useMemo(() => ({ ['--desk-primary' as string]: primary, ['--desk-primary-text' as string]: primaryTextColour(primary) }), [primary]);

  return (
    <nav className="desk-tags" aria-label={t('layout.tags')} style={navStyle}>
      <TagMenus contextMenu={contextMenu} buttonMenu={buttonMenu} label={t('shell.tagMenu')} close={close} menuTarget={menuTarget} />
    </nav>
  );
});

type DropdownMenu = { items: { key: string; icon: ReactNode; label: string }[]; onClick(info: { key: string }): void };

const CONTEXT_MENU: ('contextMenu')[] = ['contextMenu'];
const CLICK: ('click')[] = ['click'];

/** the list with its context menu (one for every tab, told which by data-key), and the button's menu */
const TagMenus = memo(function TagMenus({ contextMenu, buttonMenu, label, close, menuTarget }: { contextMenu: DropdownMenu; buttonMenu: DropdownMenu; label: string; close(tag: string): void; menuTarget: RefObject<string> }) {
  return (
    <>
      <Dropdown trigger={CONTEXT_MENU} menu={contextMenu}>
        <TabList close={close} menuTarget={menuTarget} />
      </Dropdown>
      <Dropdown trigger={CLICK} menu={buttonMenu}>
        <button type="button" className="desk-tags-menu" aria-label={label}>
          <DownOutlined />
        </button>
      </Dropdown>
    </>
  );
});
