import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call, onEvent } from '../platform/bridge';
import { clearLocalSession, restoreSession } from '../session/service';
import { useSession } from '../stores/session';
import { storedLanguage, useUi } from '../stores/ui';
import { PageLoading } from '../components/PageLoading';
import { Fallback } from '../components/Fallback';
import { reportError } from '../errors/report';
import { LOGIN_PATH } from './guard';

/**
 * Start-up: reads the profile (app:info) and restores the session main may
 * still hold, then lets the routes render. Also turns 'session:expired' into a
 * trip to /login with local state cleared (the login page says why).
 */
export function Boot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const start = useCallback(async () => {
    setState('loading');
    try {
      const info = await call('app:info');
      useSession.getState().setInfo(info);
      if (!storedLanguage()) useUi.getState().setLanguage(info.profile.language, false);
      try {
        await restoreSession();
      } catch (e) {
        // A session that cannot be restored (expired, server gone) means signed out.
        reportError(e, 'restoreSession');
        clearLocalSession();
      }
      setState('ready');
    } catch (e) {
      reportError(e, 'app:info');
      setState('failed');
    }
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(
    () =>
      onEvent('session:expired', () => {
        if (!useSession.getState().user) return;
        clearLocalSession();
        navigate(LOGIN_PATH, { replace: true, state: { expired: true } });
      }),
    [navigate],
  );

  if (state === 'loading') return <PageLoading />;
  if (state === 'failed') return <Fallback title={t('app.bootFailed')} action={t('app.retry')} onAction={() => void start()} />;
  return <>{children}</>;
}
