import { useEffect, useState } from 'react';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { loadTopMenu } from '../../session/service';
import { MenuIcon } from '../../layout/icons';

interface TopMenuRow {
  id: string;
  name: string;
  code: string;
  source?: string;
}

export const TOP_MENU_URL = '/website-blade-system/menu/top-menu';

/** Top menus (GET menu/top-menu); choosing one reloads the side menu with routes?topMenuId=. */
export function TopMenu() {
  const { t } = useTranslation();
  const [items, setItems] = useState<TopMenuRow[]>([]);
  const [active, setActive] = useState('');
  useEffect(() => {
    call('api:request', { method: 'get', url: TOP_MENU_URL })
      .then((r) => setItems(Array.isArray(r.data) ? (r.data as TopMenuRow[]) : []))
      .catch(() => setItems([]));
  }, []);
  if (items.length === 0) return null;
  return (
    <Menu
      className="desk-top-menu"
      mode="horizontal"
      tooltip={false}
      aria-label={t('shell.topMenu')}
      selectedKeys={[active || 'all']}
      items={[
        { key: 'all', label: t('shell.allMenus') },
        ...items.map((m) => ({ key: m.id, label: t(`menu.top_${m.code}`, { defaultValue: m.name }), icon: <MenuIcon source={m.source} /> })),
      ]}
      onClick={({ key }) => {
        const id = key === 'all' ? '' : key;
        setActive(id);
        void loadTopMenu(id).catch(() => undefined);
      }}
    />
  );
}
