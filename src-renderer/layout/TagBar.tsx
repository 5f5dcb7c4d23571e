import { App, Dropdown, Tabs } from 'antd';
import { ClearOutlined, CloseCircleOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isTagClosable } from '../router/tags';
import { HOME_PATH } from '../router/guard';
import { call } from '../platform/bridge';
import { pageLabel } from './labels';

export const CLEAR_CACHE_URL = '/blade-auth/oauth/clear-cache';

/** Opened pages as tabs; closable while more than one is open; context menu with clear cache / close others / close all. */
export function TagBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const tags = useTags((s) => s.tags);
  const close = useTags((s) => s.close);
  const closeOthers = useTags((s) => s.closeOthers);
  const closeAll = useTags((s) => s.closeAll);
  const menus = useSession((s) => s.menus);

  const onAction = (key: string, target: string) => {
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
  };
  const menuItems = [
    { key: 'clearCache', icon: <ClearOutlined />, label: t('shell.clearCache') },
    { key: 'closeOthers', icon: <CloseOutlined />, label: t('shell.closeOthers') },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shell.closeAll') },
  ];

  return (
    <nav className="desk-tags" aria-label={t('layout.tags')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={path}
        items={tags.map((tag) => ({
          key: tag,
          label: (
            <Dropdown trigger={['contextMenu']} menu={{ items: menuItems, onClick: ({ key }) => onAction(key, tag) }}>
              <span>{pageLabel(t, menus, tag)}</span>
            </Dropdown>
          ),
          closable: isTagClosable(tags, tag),
        }))}
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
}
