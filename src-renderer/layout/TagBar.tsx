import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { App, Dropdown } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { ClearOutlined, CloseCircleOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useStableNavigate } from './navigation';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { isPlatformAdministrator } from '../session/permissions';
import { useTags } from '../stores/tags';
import { isTagClosable } from '../router/tags';
import { HOME_PATH } from '../router/guard';
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

/**
 * Opened pages as tabs; closable while more than one is open; context menu with
 * clear cache / close others / close all.
 *
 * Plain buttons rather than antd Tabs: on every change of the active tab antd
 * Tabs measured the tab list (its scroll position and the ink bar), four
 * forced layouts inside the frame that shows the page. Here a switch changes
 * one attribute on two tabs; the active tab is scrolled into view after that frame.
 */
export const TagBar = memo(function TagBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useStableNavigate();
  const tags = useTags(useShallow((s) => s.tags));
  const closeTag = useTags((s) => s.close);
  const closeOthers = useTags((s) => s.closeOthers);
  const closeAll = useTags((s) => s.closeAll);
  const menus = useSession((s) => s.menus);
  // clear-cache is the platform administrator's (the server refuses anyone else)
  const platform = useSession((s) => isPlatformAdministrator(s.user));
  // the tab labels (each with its context menu) do not depend on the current
  // path: built once per tag list, so a tab switch re-renders only the tabs
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
  const primary = usePrimaryColour();
  const close = useCallback(
    (tag: string) => {
      const next = closeTag(tag, pathRef.current);
      if (next) navigate(next);
    },
    [closeTag, navigate],
  );
  // each tab (label, context menu, close button) is its own memo component: a switch re-renders no tab (it only
  // moves aria-selected), and a tab opened or closed renders that tab alone
  const items = useMemo(
    () =>
      tags.map((tag) => (
        <Tab key={tag} tag={tag} label={pageLabel(t, menus, tag)} closable={isTagClosable(tags, tag)} navigate={navigate} close={close} />
      )),
    [tags, menus, t, navigate, close],
  );

  // the active tab: one attribute (aria-selected, which React does not manage
  // here, so re-renders of a tab keep it), set without re-rendering the tabs
  const listRef = useRef<HTMLDivElement>(null);
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

  return (
    <nav className="desk-tags" aria-label={t('layout.tags')} style={{ ['--desk-primary' as string]: primary, ['--desk-primary-text' as string]: primaryTextColour(primary) }}>
      {/* one context menu for every tab, on the list: a Dropdown in each tab was a popup trigger mounted with each
          page opened, in the click's frame; the tab right-clicked is read from the event (its data-key) */}
      <Dropdown trigger={['contextMenu']} menu={{ items: menuItems, onClick: ({ key }) => onAction(key, menuTarget.current) }}>
        <div
          className="desk-tab-list"
          role="tablist"
          ref={listRef}
          onContextMenu={(e) => {
            menuTarget.current = (e.target as Element).closest('[data-key]')?.getAttribute('data-key') ?? pathRef.current;
          }}
        >
          {items}
        </div>
      </Dropdown>
      <Dropdown trigger={['click']} menu={{ items: menuItems, onClick: ({ key }) => onAction(key, pathRef.current) }}>
        <button type="button" className="desk-tags-menu" aria-label={t('shell.tagMenu')}>
          <DownOutlined />
        </button>
      </Dropdown>
    </nav>
  );
});
