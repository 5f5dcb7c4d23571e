import { useCallback, useEffect, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { login } from '../../session/service';
import { useSession } from '../../stores/session';
import { usePrimaryColour } from '../../stores/colour';
import { primaryTextColour } from '../../themes/contrast';
import { LanguageButtons } from '../../components/LanguageButtons';
import { useToast } from '../../components/Toast';
import { HOME_PATH } from '../../router/guard';
import { markReady } from '../../router/ready';
import { takeFirstCaptcha } from '../../router/Boot';
import { DEFAULT_TENANT_ID } from '../../../src-shared/wire';
import type { LocalRestoreResult } from '../../../src-shared/ipc';
import { ENGINE_LABELS } from '../../../src-shared/engines';
import type { TFunction } from 'i18next';
import { LoginIcon, type LoginIconName } from './icons';
import { ProfileBand } from '../../profiles/ProfileBand';
import { LoginProfileBar, MemoryOnlyNotice } from '../../profiles/LoginProfileBar';

// The login page is the entry chunk's only page and uses no antd: plain React
// and CSS (styles.css, .desk-login*), so the form is usable before any antd
// code has been downloaded, evaluated or has generated its styles.

type Field = 'tenantId' | 'username' | 'password' | 'captchaCode';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** Loads the console's code while the user types (it is needed right after signing in). */
let prefetched = false;
function prefetchConsole(): void {
  if (prefetched) return;
  prefetched = true;
  void import('../../layout/ConsoleRoot').catch(() => undefined);
}

/** What 恢复 brought back, in the page's language ('' when the page was not reached by a restore). */
function restoredText(r: LocalRestoreResult | undefined, t: TFunction): string {
  if (!r || typeof r !== 'object' || typeof r.keptAt !== 'string') return '';
  return t('shell.restoreDone', { ...r, engine: ENGINE_LABELS[r.engine] ?? r.engine, takenAt: new Date(r.takenAt).toLocaleString() });
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const [toast, toastHolder] = useToast();
  const navigate = useNavigate();
  // why we are here: the session expired, or a page that signed out left a message (registration)
  const arrival = useLocation().state as { expired?: boolean; notice?: string; restored?: LocalRestoreResult } | null;
  const expired = arrival?.expired === true;
  const notice = typeof arrival?.notice === 'string' ? arrival.notice : '';
  // 恢复 of the Local workspace signed out here: what was restored stays in view until the next sign-in
  const restored = restoredText(arrival?.restored, t);
  const profile = useSession((s) => s.info?.profile);
  const colour = usePrimaryColour();
  const captchaMode = profile?.captchaMode ?? false;
  const [values, setValues] = useState<Values>(() => ({
    tenantId: profile?.tenantId || DEFAULT_TENANT_ID,
    username: '',
    password: '',
    captchaCode: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [captcha, setCaptcha] = useState<{ key: string; image: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  // the rules of each field, in the form's order (the spec's messages)
  const check = useCallback(
    (field: Field, value: string): string | undefined => {
      switch (field) {
        case 'tenantId':
          return value.trim() ? undefined : t('login.tenantRequired');
        case 'username':
          return value.trim() ? undefined : t('login.usernameRequired');
        case 'password':
          return value ? undefined : t('login.passwordRequired');
        case 'captchaCode':
          return !captchaMode || value.trim() ? undefined : t('login.captchaRequired');
      }
    },
    [t, captchaMode],
  );

  const refreshCaptcha = useCallback(async () => {
    if (!captchaMode) return;
    try {
      setCaptcha(await call('auth:captcha'));
    } catch (e) {
      toast('error', (e as Error).message);
    }
  }, [captchaMode, toast]);

  useEffect(() => {
    // the first image was asked for with the boot calls (router/Boot.tsx)
    const early = takeFirstCaptcha();
    if (!early) {
      void refreshCaptcha();
      return;
    }
    let live = true;
    void early.then((reply) => {
      if (!live) return;
      if (reply && captchaMode) setCaptcha(reply);
      else void refreshCaptcha();
    });
    return () => {
      live = false;
    };
  }, [refreshCaptcha, captchaMode]);

  useEffect(() => {
    document.title = t('login.title');
  }, [t, i18n.language]);

  useEffect(() => markReady(), []);

  useEffect(() => {
    if (expired) toast('warning', t('app.sessionExpired'));
  }, [expired, toast, t]);

  useEffect(() => {
    if (notice) toast('success', notice);
  }, [notice, toast]);

  // shown messages follow the language
  useEffect(() => {
    setErrors((shown) => {
      const next: Errors = {};
      for (const f of Object.keys(shown) as Field[]) if (shown[f]) next[f] = check(f, values[f]);
      return next;
    });
    // only on a language change (check and values are read as of that render)
  }, [i18n.language]);

  // like a form library: a field is checked on every change, all fields on submit
  const change = (field: Field, value: string) => {
    prefetchConsole();
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const fields: Field[] = captchaMode ? ['tenantId', 'username', 'password', 'captchaCode'] : ['tenantId', 'username', 'password'];
    const found: Errors = {};
    for (const f of fields) found[f] = check(f, values[f]);
    setErrors(found);
    if (fields.some((f) => found[f])) return;
    busy.current = true;
    setLoading(true);
    prefetchConsole();
    try {
      await login({
        tenantId: values.tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        ...(captchaMode ? { captchaKey: captcha?.key ?? '', captchaCode: values.captchaCode.trim() } : {}),
      });
      navigate(HOME_PATH, { replace: true });
    } catch (e) {
      toast('error', (e as Error).message);
      setValues((v) => ({ ...v, captchaCode: '' }));
      void refreshCaptcha();
      busy.current = false;
      setLoading(false);
    }
  };

  const input = (field: Field, icon: LoginIconName, props: { type?: string; autoComplete: string }, extra?: ReactNode) => (
    <span className={`desk-field${errors[field] ? ' desk-field-error' : ''}`}>
        <LoginIcon name={icon} />
        <input
          id={`login_${field}`}
          name={field}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          value={values[field]}
          aria-required
          aria-invalid={!!errors[field]}
          aria-describedby={errors[field] ? `login_${field}_help` : undefined}
          onChange={(e) => change(field, e.target.value)}
        />
      {extra}
    </span>
  );

  const item = (field: Field, label: string, control: ReactNode) => (
    <div className="desk-form-item">
      <label htmlFor={`login_${field}`}>{label}</label>
      {control}
      <div className="desk-form-help" id={`login_${field}_help`} role={errors[field] ? 'alert' : undefined}>
        {errors[field] ?? ''}
      </div>
    </div>
  );

  return (
    <div className="desk-login" style={{ '--desk-primary': colour, '--desk-primary-text': primaryTextColour(colour) } as CSSProperties}>
      {toastHolder}
      <div style={{ position: 'absolute', top: 0, left: 0, right: 0 }}>
        <ProfileBand />
      </div>
      <div className="desk-login-lang" style={{ top: 40 }}>
        <LanguageButtons />
      </div>
      <main className="desk-login-panel">
        <h1>{t('app.title')}</h1>
        <p>{t('login.heading')}</p>
        <LoginProfileBar />
        {restored && (
          <div
            role="status"
            data-testid="restore-done"
            style={{ margin: '0 0 12px', padding: '8px 12px', fontSize: 13, lineHeight: 1.6, borderRadius: 6, background: '#f6ffed', border: '1px solid #b7eb8f', color: 'rgba(0,0,0,0.85)', overflowWrap: 'anywhere' }}
          >
            {restored}
          </div>
        )}
        <form name="login" noValidate onSubmit={(e) => void submit(e)}>
          {item('tenantId', t('login.tenantId'), input('tenantId', 'team', { autoComplete: 'off' }))}
          {item('username', t('login.username'), input('username', 'user', { autoComplete: 'username' }))}
          {item('password', t('login.password'), <PasswordInput render={(type, toggle) => input('password', 'lock', { type, autoComplete: 'current-password' }, toggle)} />)}
          {captchaMode &&
            item(
              'captchaCode',
              t('login.captcha'),
              <div className="desk-captcha-row">
                {input('captchaCode', 'safety', { autoComplete: 'off' })}
                <button type="button" className="desk-captcha" title={t('login.refreshCaptcha')} onClick={() => void refreshCaptcha()}>
                  {captcha && <img data-testid="captcha-image" src={captcha.image} alt={t('login.captchaImage')} />}
                </button>
              </div>,
            )}
          <button type="submit" className={`desk-btn desk-btn-primary desk-btn-block${loading ? ' desk-btn-loading' : ''}`} aria-busy={loading}>
            {loading && <span className="desk-btn-spinner" aria-hidden />}
            {t('login.submit')}
          </button>
        </form>
        <MemoryOnlyNotice />
      </main>
    </div>
  );
}

/**
 * The password field's show/hide eye. Kept out of the accessibility tree (as
 * antd's is an icon, not a button): its name would otherwise also match the
 * password field's label.
 */
function PasswordInput({ render }: { render(type: string, toggle: ReactNode): ReactNode }) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <span
      className={`desk-field-suffix${visible ? ' desk-field-suffix-on' : ''}`}
      aria-hidden
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => setVisible((v) => !v)}
    >
      <LoginIcon name="eye" />
    </span>
  );
  return <>{render(visible ? 'text' : 'password', toggle)}</>;
}
