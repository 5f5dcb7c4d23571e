import { Avatar, Button, Dropdown, Layout } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { logout } from '../session/service';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { LOGIN_PATH } from '../router/guard';

export function HeaderBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const collapsed = useUi((s) => s.collapsed);
  const toggle = useUi((s) => s.toggleCollapsed);
  const name = user?.nick_name || user?.user_name || user?.account || '';

  const onLogout = async () => {
    await logout().catch(() => undefined);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <Layout.Header className="desk-header">
      <Button
        type="text"
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={toggle}
        style={{ width: 56, height: 56 }}
      />
      <div className="desk-header-right">
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') }],
            onClick: ({ key }) => {
              if (key === 'logout') void onLogout();
            },
          }}
        >
          <Button type="text" aria-label={`${t('layout.userMenu')} ${name}`} style={{ height: 48 }}>
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            <span>{name}</span>
          </Button>
        </Dropdown>
      </div>
    </Layout.Header>
  );
}
