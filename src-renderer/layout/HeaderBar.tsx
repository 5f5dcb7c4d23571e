import { memo, useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, ColorPicker, Dropdown, Layout, Tooltip } from 'antd';
import {
  CloudDownloadOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  FullscreenExitOutlined,
  HistoryOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useStableNavigate } from './navigation';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { logout } from '../session/service';
import { call } from '../platform/bridge';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { GUIDE_PATH, LOGIN_PATH, PROFILES_PATH } from '../router/guard';
import { DEFAULT_COLOUR } from '../themes';
import { TopMenu } from '../components/shell/TopMenu';
import { CommandPalette, MenuSearchOverlay, TopSearch } from '../components/shell/MenuSearch';
import { LockButton } from '../components/shell/LockDialog';
import { ThemeButton } from '../components/shell/ThemeDialog';
import { LogsButton } from '../components/shell/LogsDialog';
import { NoticeDropdown } from '../components/shell/NoticeDropdown';
import { SwitchDialog } from '../components/shell/SwitchDialog';
import { UpdateDialog } from '../components/update/UpdateDialog';
import { UpdatePrompt } from '../components/update/UpdatePrompt';
import { RestoreDialog, type RestoreHandle } from '../components/shell/RestoreDialog';
import { backupFailureText } from '../components/shell/backupFailure';
import type { ScreenClass } from '../hooks/screenClass';

const PRESETS = ['#2EA300', '#1677FF', '#409EFF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#722ED1', '#EB2F96', '#000000'];

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => setFull((f) => !f));
  };
  return [full, toggle];
}

/** The top bar. Memoised: it does not depend on the current path, so a tab switch does not re-render it. */
export const HeaderBar = memo(function HeaderBar({ size }: { size: ScreenClass }) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const user = useSession((s) => s.user);
  const switchMode = useSession((s) => !!s.info?.profile.switchMode);
  const local = useSession((s) => !!s.info?.profile.builtin);
  const { message } = App.useApp();
  const profileColour = useSession((s) => s.info?.profile.colour);
  const collapsed = useUi((s) => s.collapsed);
  const toggle = useUi((s) => s.toggleCollapsed);
  const colour = useUi((s) => s.colour) ?? profileColour ?? DEFAULT_COLOUR;
  const setColour = useUi((s) => s.setColour);
  const [full, toggleFull] = useFullscreen();
  const [switching, setSwitching] = useState(false);
  const [updating, setUpdating] = useState(false);
  const restore = useRef<RestoreHandle>(null);
  const name = user?.nick_name || user?.user_name || user?.account || '';

  // 备份: the Local workspace's embedded back end into one file (main picks the file and writes it)
  const onBackup = async () => {
    const hide = message.loading(t('shell.backupRunning'), 0);
    try {
      const r = await call('local:backup');
      if (r.path) void message.success(t('shell.backupDone', { ...r }), 8);
    } catch (e) {
      // refused (a restore runs, the file exists...) or failed: the reason in the operator's language
      void message.error(t('shell.backupFailed', { reason: backupFailureText(e, t) }), 8);
    } finally {
      hide();
    }
  };

  const onLogout = async () => {
    await logout().catch(() => undefined);
    navigate(LOGIN_PATH, { replace: true });
  };

  const tip = (title: string, node: React.ReactNode) => <Tooltip title={title}>{node}</Tooltip>;

  return (
    <Layout.Header className="desk-header">
      <div className="desk-header-left">
        <Button
          type="text"
          className="desk-header-btn"
          aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
          style={{ width: 56, height: 56 }}
        />
        {size >= 2 && <TopMenu />}
      </div>
      <div className="desk-header-right">
        {size >= 3 && <TopSearch />}
        {tip(t('shell.menuSearch'), <MenuSearchOverlay />)}
        <CommandPalette />
        {size >= 1 && (
          <ColorPicker
            size="small"
            value={colour}
            presets={[{ label: t('shell.colour'), colors: PRESETS }]}
            disabledAlpha
            onChangeComplete={(c) => setColour(c.toHexString().toUpperCase())}
          >
            <Button type="text" className="desk-header-btn" aria-label={t('shell.colour')}>
              <span className="desk-colour-dot" style={{ background: colour }} />
            </Button>
          </ColorPicker>
        )}
        {tip(t('shell.lock'), <LockButton />)}
        {tip(t('shell.guide'), <Button type="text" className="desk-header-btn" icon={<QuestionCircleOutlined />} aria-label={t('shell.guide')} onClick={() => navigate(GUIDE_PATH)} />)}
        {tip(t('shell.theme'), <ThemeButton />)}
        {size >= 1 &&
          tip(
            full ? t('shell.exitFullscreen') : t('shell.fullscreen'),
            <Button
              type="text"
              className="desk-header-btn"
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={full ? t('shell.exitFullscreen') : t('shell.fullscreen')}
              aria-pressed={full}
              onClick={toggleFull}
            />,
          )}
        <NoticeDropdown />
        <LogsButton />
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'info', icon: <UserOutlined />, label: t('shell.userInfo') },
              ...(switchMode ? [{ key: 'switch', icon: <SwapOutlined />, label: t('shell.switchIdentity') }] : []),
              { key: 'profiles', icon: <ClusterOutlined />, label: t('profileBand.manage') },
              ...(local
                ? [
                  { key: 'backup', icon: <DatabaseOutlined />, label: t('shell.backup') },
                  { key: 'restore', icon: <HistoryOutlined />, label: t('shell.restore') },
                ]
                : []),
              { key: 'updates', icon: <CloudDownloadOutlined />, label: t('update.settings') },
              { type: 'divider' as const },
              { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void onLogout();
              else if (key === 'info') navigate('/info/index');
              else if (key === 'switch') setSwitching(true);
              else if (key === 'profiles') navigate(PROFILES_PATH);
              else if (key === 'updates') setUpdating(true);
              else if (key === 'backup') void onBackup();
              else if (key === 'restore') restore.current?.start();
            },
          }}
        >
          <Button type="text" className="desk-header-btn" aria-label={`${t('layout.userMenu')} ${name}`} style={{ height: 48 }}>
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            {size >= 1 && <span>{name}</span>}
          </Button>
        </Dropdown>
      </div>
      {switchMode && <SwitchDialog open={switching} onClose={() => setSwitching(false)} />}
      <UpdateDialog open={updating} onClose={() => setUpdating(false)} />
      {local && <RestoreDialog ref={restore} />}
      <UpdatePrompt />
    </Layout.Header>
  );
});
