import { lazy, Suspense, useEffect } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Boot } from './router/Boot';
import { Guard } from './router/Guard';
import { PageLoading } from './components/PageLoading';
import { useUi } from './stores/ui';
import { useSession } from './stores/session';
import LoginPage from './pages/login/LoginPage';
import { antdThemeOf, DEFAULT_COLOUR } from './themes';

// Route-level code splitting: the login page never loads the console. The
// login page itself is in the entry chunk: behind a lazy boundary React 19
// holds the first reveal back by its ~300 ms Suspense throttle.
const LockPage = lazy(() => import('./pages/lock/LockPage'));
const ErrorPage = lazy(() => import('./pages/error/ErrorPage'));
const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout'));

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function App() {
  const language = useUi((s) => s.language);
  const profileColour = useSession((s) => s.info?.profile.colour);
  const picked = useUi((s) => s.colour);
  const themeName = useUi((s) => s.theme);
  const colour = picked ?? (profileColour && HEX_COLOUR.test(profileColour) ? profileColour : DEFAULT_COLOUR);
  useEffect(() => {
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
  }, [language]);

  return (
    <ConfigProvider
      locale={language === 'zh' ? zhCN : enUS}
      button={{ autoInsertSpace: false }}
      theme={antdThemeOf(themeName, colour)}
    >
      <ErrorBoundary>
        <HashRouter>
          <Boot>
            <Guard>
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  <Route path="/login" element={<LoginPage />} />
                  <Route path="/lock" element={<LockPage />} />
                  <Route path="/403" element={<ErrorPage code={403} />} />
                  <Route path="/404" element={<ErrorPage code={404} />} />
                  <Route path="/500" element={<ErrorPage code={500} />} />
                  <Route path="*" element={<ConsoleLayout />} />
                </Routes>
              </Suspense>
            </Guard>
          </Boot>
        </HashRouter>
      </ErrorBoundary>
    </ConfigProvider>
  );
}
