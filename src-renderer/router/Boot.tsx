import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call, onEvent, onUnauthorized } from '../platform/bridge';
import { clearLocalSession, restoreSession } from '../session/service';
import { useSession } from '../stores/session';
import { storedLanguage, useUi } from '../stores/ui';
import { PageLoading } from '../components/PageLoading';
import { Fallback } from '../components/Fallback';
import { reportError } from '../errors/report';
import { isLocked } from '../session/lock';
import { LOGIN_PATH, normalizePath, settle } from './guard';
import type { CaptchaReply } from '../../src-shared/wire';

/**
 * Start-up: reads the profile (app:info) and restores the session main may
 * still hold, then lets the routes render. Also turns 'session:expired' into a
 * trip to /login with local state cleared (the login page says why).
 *
 * The first two calls start as soon as this module loads, in parallel, and
 * main.tsx waits for bootstrap() before React's first render (index.html shows
 * a plain loading indicator meanwhile): the first render is then the login
 * page (or the console) itself, not a loading state followed by a second pass.
 */
let early: { info: ReturnType<typeof call<'app:info'>>; session: ReturnType<typeof call<'auth:session'>> } | null = {
  info: call('app:info'),
  session: call('auth:session'),
};
// keep an early failure from surfacing as an unhandled rejection before bootstrap() awaits it
early.info.catch(() => undefined);
early.session.catch(() => undefined);

/** The route a start at this address asks for (the hash's path). */
function startPath(hash: string): string {
  return normalizePath(hash.replace(/^#/, '').split('?')[0] || '/');
}

/** Where a signed-out start at this route ends once the guard's redirects are followed. */
function signedOutLanding(path: string): string {
  return settle({ path, loggedIn: false, locked: isLocked(), isKnown: () => false });
}

/**
 * The login page's first captcha, asked for as soon as the two boot calls show
 * that the login page comes next (no session, the profile signs in with a
 * captcha), instead of after the page's first render: the form then shows
 * with its image. null when no login page is expected or the call failed (the
 * page asks for one itself, and says why if that fails too).
 */
let firstCaptcha: Promise<CaptchaReply | null> | null = Promise.all([early.info, early.session])
  .then(([info, user]) => (!user && info.profile.captchaMode && signedOutLanding(startPath(location.hash)) === LOGIN_PATH ? call('auth:captcha') : null))
  .catch(() => null);

/** The early captcha, once (the login page's first; later ones are its own calls). */
export function takeFirstCaptcha(): Promise<CaptchaReply | null> | null {
  const pending = firstCaptcha;
  firstCaptcha = null;
  return pending;
}

type BootState = 'loading' | 'ready' | 'failed';
let booted: BootState = 'loading';

/** Profile and session; never rejects ('failed' when main cannot be reached). */
export async function bootstrap(): Promise<BootState> {
  const pending = early;
  early = null; // a retry starts afresh
  try {
    const info = await (pending?.info ?? call('app:info'));
    useSession.getState().setInfo(info);
    if (!storedLanguage()) useUi.getState().setLanguage(info.profile.language, false);
    try {
      await restoreSession(pending?.session);
    } catch (e) {
      // A session that cannot be restored (expired, server gone) means signed out.
      reportError(e, 'restoreSession');
      clearLocalSession();
    }
    performance.mark('boot-done');
    booted = 'ready';
  } catch (e) {
    reportError(e, 'app:info');
    booted = 'failed';
  }
  return booted;
}

/**
 * A signed-out start goes straight to where the guard would send it (a start at '/' to /login), before React's
 * first render: the Guard would get there too, but with a render and an effect per redirect. Signed in, the
 * Guard decides (it knows the menu); after a failed boot nothing is decided yet.
 */
export function settleStart(state: BootState): void {
  if (state !== 'ready' || useSession.getState().user) return;
  const path = startPath(location.hash);
  const to = signedOutLanding(path);
  if (to !== path) history.replaceState(history.state, '', `#${to}`);
}

export function Boot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<BootState>(booted);

  const start = useCallback(async () => {
    setState('loading');
    setState(await bootstrap());
  }, []);

  useEffect(() => {
    // rendered without main.tsx having waited (tests, hot reload): start here
    if (booted === 'loading') void start();
  }, [start]);

  useEffect(() => {
    const expire = () => {
      if (!useSession.getState().user) return;
      clearLocalSession();
      navigate(LOGIN_PATH, { replace: true, state: { expired: true } });
    };
    const offExpired = onEvent('session:expired', expire);
    // a 401 that ended the session (the token and its refresh were refused) forces the same local logout;
    // a denial of one call (请求未授权 with a working session) is shown by the caller and changes nothing here
    const offUnauthorized = onUnauthorized(expire);
    return () => {
      offExpired();
      offUnauthorized();
    };
  }, [navigate]);

  if (state === 'loading') return <PageLoading />;
  if (state === 'failed') return <Fallback title={t('app.bootFailed')} action={t('app.retry')} onAction={() => void start()} />;
  return <>{children}</>;
}
