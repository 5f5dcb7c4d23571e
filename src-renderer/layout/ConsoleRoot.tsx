// Everything antd, loaded lazily after the login page: the antd locale and
// theme (ConfigProvider), dayjs's locale, the lock and error pages and the
// console layout. The entry chunk (login page) stays free of antd.
import { lazy, Suspense, useEffect } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Route, Routes } from 'react-router-dom';
import { useUi } from '../stores/ui';
import { usePrimaryColour } from '../stores/colour';
import { PageLoading } from '../components/PageLoading';
import { antdThemeOf } from '../themes';
import { useReducedMotion } from '../themes/reducedMotion';
import ConsoleLayout from './ConsoleLayout';

const LockPage = lazy(() => import('../pages/lock/LockPage'));
const ErrorPage = lazy(() => import('../pages/error/ErrorPage'));
const ProfilesPage = lazy(() => import('../profiles/ProfilesPage'));

export default function ConsoleRoot() {
  const language = useUi((s) => s.language);
  const themeName = useUi((s) => s.theme);
  const colour = usePrimaryColour();
  const motion = !useReducedMotion();
  useEffect(() => {
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
  }, [language]);

  return (
    <ConfigProvider locale={language === 'zh' ? zhCN : enUS} button={{ autoInsertSpace: false }} theme={antdThemeOf(themeName, colour, motion)}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/lock" element={<LockPage />} />
          <Route path="/profiles" element={<ProfilesPage />} />
          <Route path="/403" element={<ErrorPage code={403} />} />
          <Route path="/404" element={<ErrorPage code={404} />} />
          <Route path="/500" element={<ErrorPage code={500} />} />
          <Route path="*" element={<ConsoleLayout />} />
        </Routes>
      </Suspense>
    </ConfigProvider>
  );
}
