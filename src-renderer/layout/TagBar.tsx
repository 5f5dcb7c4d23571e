import { memo, useCallback, useMemo, useRef } from 'react';
import { App, Dropdown, Tabs } from 'antd';
import { useShallow } from 'zustand/react/shallow';
import { ClearOutlined, CloseCircleOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useStableNavigate } from './navigation';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isTagClosable } from '../router/tags';
import { HOME_PATH } from '../router/guard';
import { call } from '../platform/bridge';
import { pageLabel } from './labels';

export const CLEAR_CACHE_URL = '/blade-auth/oauth/clear-cache';

/** Opened pages as tabs; closable while more than one is open; context menu with clear cache / close others / close all. */
export const TagBar = memo(function TagBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useStableNavigate();
  const tags = useTags(useShallow((s) => s.tags));
  const close = useTags((s) => s.close);
  const closeOthers = useTags((s) => s.closeOthers);
  const closeAll = useTags((s) => s.closeAll);
  const menus = useSession((s) => s.menus);
  // the tab labels (each with its context menu) do not depend on the current
  // path: built once per tag list, so a tab switch re-renders only the tabs
  const pathRef = useRef(path);
  pathRef.current = path;

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
      { key: 'clearCache', icon: <ClearOutlined />, label: t('shell.clearCache') },
      { key: 'closeOthers', icon: <CloseOutlined />, label: t('shell.closeOthers') },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shell.closeAll') },
    ],
    [t],
  );
  const items = useMemo(
    () =>
      tags.map((tag) => ({
        key: tag,
        label: (
          <Dropdown trigger={['contextMenu']} menu={{ items: menuItems, onClick: ({ key }) => onAction(key, tag) }}>
            <span>{pageLabel(t, menus, tag)}</span>
          </Dropdown>
        ),
        closable: isTagClosable(tags, tag),
      })),
    [tags, menus, t, menuItems, onAction],
  );

  return (
    <nav className="desk-tags" aria-label={t('layout.tags')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={path}
        items={items}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          const next = close(key, path);
          if (next) navigate(next);
        }}
        tabBarExtraContent={{
          right: (
            <Dropdown trigger={['click']} menu={{ items: menuItems, onClick: ({ key }) => onAction(key, path) }}>
              <button type="button" className="desk-tags-menu" aria-label={t('shell.tagMenu')}>
                <DownOutlined />
              </button>
            </Dropdown>
          ),
        }}
      />
    </nav>
  );
});
