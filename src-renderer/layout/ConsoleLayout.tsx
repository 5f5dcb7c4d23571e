import { Suspense, useEffect, useMemo } from 'react';
import { App as AntApp, Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { userRoles, visibleMenu } from '../session/menu';
import { useScreenClass } from '../hooks/useScreenClass';
import { HOME_PATH, normalizePath } from '../router/guard';
import { markReady } from '../router/ready';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { screenFor } from '../screens/registry';
import { NotAvailable } from '../screens/NotAvailable';
import { Welcome } from '../pages/wel/Welcome';
import { Sidebar } from './Sidebar';
import { HeaderBar } from './HeaderBar';
import { TagBar } from './TagBar';
import { pageLabel } from './labels';

/** The main layout: sidebar, header, tag bar and the content of the current page. */
export default function ConsoleLayout() {
  const { t } = useTranslation();
  const path = normalizePath(useLocation().pathname);
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const collapsed = useUi((s) => s.collapsed);
  const setCollapsed = useUi((s) => s.setCollapsed);
  const size = useScreenClass();
  const tree = useMemo(() => visibleMenu(menus, userRoles(user?.role_name)), [menus, user]);
  const label = pageLabel(t, menus, path);

  useEffect(() => {
    if (size < 2) setCollapsed(true);
  }, [size, setCollapsed]);

  useEffect(() => {
    document.title = `${label} - ${t('app.title')}`;
  }, [label, t]);

  useEffect(() => markReady(), []);

  const Screen = screenFor(path);
  return (
    <AntApp style={{ height: '100%' }}>
      <Layout style={{ height: '100%' }}>
        <Sidebar tree={tree} collapsed={collapsed} path={path} />
        <Layout style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <HeaderBar />
          <TagBar path={path} />
          <main className="desk-content">
            <ErrorBoundary key={path}>
              <Suspense fallback={<PageLoading />}>
                {path === HOME_PATH ? <Welcome /> : Screen ? <Screen /> : <NotAvailable name={label} />}
              </Suspense>
            </ErrorBoundary>
          </main>
        </Layout>
      </Layout>
    </AntApp>
  );
}
