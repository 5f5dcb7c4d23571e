import { lazy, Suspense } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Boot } from './router/Boot';
import { Guard } from './router/Guard';
import { PageLoading } from './components/PageLoading';
import LoginPage from './pages/login/LoginPage';

// Route-level code splitting. The entry chunk holds React, the router, i18n and
// the login page written without antd (no antd token derivation or CSS-in-JS
// before the form is usable). The login page is in the entry chunk: behind a
// lazy boundary React 19 holds the first reveal back by its ~300 ms Suspense
// throttle. Everything antd (ConfigProvider with theme and locale, dayjs, the
// lock and error pages, the console layout and every screen) loads lazily.
const ConsoleRoot = lazy(() => import('./layout/ConsoleRoot'));

// Location changes render at the priority of what caused them (a click on a
// tab: synchronously, in that click's task), not as transitions: a transition
// is rendered later, in 5 ms slices between other tasks, and kept a cached tab
// from showing for tens of milliseconds on a busy machine.

export function App() {
  return (
    <ErrorBoundary>
      <HashRouter useTransitions={false}>
        <Boot>
          <Guard>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route path="*" element={<ConsoleRoot />} />
              </Routes>
            </Suspense>
          </Guard>
        </Boot>
      </HashRouter>
    </ErrorBoundary>
  );
}
