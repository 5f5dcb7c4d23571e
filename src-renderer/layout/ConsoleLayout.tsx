import { lazy, memo, startTransition, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { App as AntApp, Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';
import { useShallow } from 'zustand/react/shallow';
import { useTags } from '../stores/tags';
import { userRoles, visibleMenu } from '../session/menu';
import { persistTabs } from '../session/service';
import { useScreenClass } from '../hooks/useScreenClass';
import { GUIDE_PATH, HOME_PATH, INFO_PATH, TEST_PATH, normalizePath } from '../router/guard';
import { markReady } from '../router/ready';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { screenFor } from '../screens/registry';
import { NotAvailable } from '../screens/NotAvailable';
import { Welcome } from '../pages/wel/Welcome';
import { RegisterDialog } from '../components/shell/RegisterDialog';
import { cssVarsOf } from '../themes';
import { FRAME_PREFIX } from '../pages/frame/frame';
import { Sidebar } from './Sidebar';
import { HeaderBar } from './HeaderBar';
import { TagBar } from './TagBar';
import { BackgroundWorkBanner } from './BackgroundWorkBanner';
import { pageLabel } from './labels';
import { StableNavigateProvider } from './navigation';
import { PagePathContext } from './pagePath';
import { useRecent } from '../stores/recent';
import { ProfileBand } from '../profiles/ProfileBand';
import { usePrefetch } from '../prefetch/usePrefetch';
import { usePreparedPages } from '../prefetch/prepare';
import { afterNextPaint } from '../hooks/afterPaint';
import { IconStyles } from './IconStyles';

const InfoPage = lazy(() => import('../pages/info/InfoPage'));
const TestPage = lazy(() => import('../pages/test/TestPage'));
const FramePage = lazy(() => import('../pages/frame/FramePage'));
const GuidePage = lazy(() => import('../pages/guide/GuidePage'));

function pageFor(path: string): ComponentType | null {
  if (path === HOME_PATH) return Welcome;
  if (path === INFO_PATH) return InfoPage;
  if (path === TEST_PATH) return TestPage;
  if (path === GUIDE_PATH) return GuidePage;
  return screenFor(path);
}

/**
 * `value`, updated only after the next frame has been painted (and as a
 * transition): for work that should not hold back the frame that shows a page.
 */
function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterNextPaint(() => startTransition(() => setShown(value)));
  }, [value, shown]);
  return shown;
}

/** The content of one opened page. Memoised on its path alone: showing or hiding the page does not re-render the screen. */
const PageBody = memo(function PageBody({ path }: { path: string }) {
  const { t } = useTranslation();
  const menus = useSession((s) => s.menus);
  const Screen = pageFor(path);
  const frame = path.startsWith(FRAME_PREFIX);
  return (
    <PagePathContext.Provider value={path}>
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          {frame ? <FramePage path={path} /> : Screen ? <Screen /> : <NotAvailable name={pageLabel(t, menus, path)} />}
        </Suspense>
      </ErrorBoundary>
    </PagePathContext.Provider>
  );
});

/** One opened page. Kept mounted (hidden) while its tab is open, so it keeps its state when revisited. */
const CachedPage = memo(function CachedPage({ path, active }: { path: string; active: boolean }) {
  return (
    <section className="desk-page" hidden={!active} data-path={path} aria-hidden={!active}>
      <PageBody path={path} />
    </section>
  );
});

/**
 * The layout's parts that take no props, memoised here: the layout renders again on every navigation (it reads
 * the location), and they change only with their own state and stores (the profile, the background work, a
 * guest's registration), not with the page shown.
 */
const Band = memo(ProfileBand);
const WorkBanner = memo(BackgroundWorkBanner);
const Registration = memo(RegisterDialog);

/** The main layout: sidebar, header, tag bar and the content of the open pages. */
export default function ConsoleLayout() {
  const { t } = useTranslation();
  const path = normalizePath(useLocation().pathname);
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const sideMenus = useSession((s) => s.sideMenus);
  // shallow: the guard re-opens the current tab on every switch with an equal, new array
  const tags = useTags(useShallow((s) => s.tags));
  const collapsed = useUi((s) => s.collapsed);
  const setCollapsed = useUi((s) => s.setCollapsed);
  const theme = useUi((s) => s.theme);
  const size = useScreenClass();
  const tree = useMemo(() => visibleMenu(sideMenus ?? menus, userRoles(user?.role_name)), [menus, sideMenus, user]);
  const label = pageLabel(t, menus, path);
  // the side menu's selection follows once the frame showing the page has been
  // painted: the whole antd Menu re-renders when its selected key changes
  const menuPath = useAfterPaint(path);

  useEffect(() => {
    if (size < 2) setCollapsed(true);
  }, [size, setCollapsed]);

  useEffect(() => {
    document.title = `${label} - ${t('app.title')}`;
  }, [label, t]);

  useEffect(() => persistTabs(), []);
  useEffect(() => void useRecent.getState().load(), []);
  useEffect(() => markReady(), []);
  const warmup = usePrefetch(tags, sideMenus, menus, HOME_PATH);

  // the open tabs, plus the current page while the guard has not added it yet
  const pages = useMemo(() => (tags.includes(path) ? tags : [...tags, path]), [tags, path]);
  // after them, hidden, the screens prepared for their first open (a side-menu group opened by hand)
  const prepared = usePreparedPages(pages);
  return (
    <AntApp style={{ height: '100%' }}>
      <IconStyles>
      <StableNavigateProvider>
      <Layout className={`desk-shell desk-theme-${theme} desk-size-${size}`} style={{ height: '100%', ...cssVarsOf(theme) }} data-theme={theme} data-size={size}>
        <Sidebar tree={tree} collapsed={collapsed} path={menuPath} onGroupOpened={prepared.groupOpened} />
        <Layout style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Band />
          <HeaderBar size={size} />
          <TagBar path={path} />
          <WorkBanner />
          <main className="desk-content">
            {[...pages, ...prepared.paths].map((p) => (
              <CachedPage key={p} path={p} active={p === path} />
            ))}
            {warmup}
          </main>
        </Layout>
        <Registration />
      </Layout>
      </StableNavigateProvider>
      </IconStyles>
    </AntApp>
  );
}
