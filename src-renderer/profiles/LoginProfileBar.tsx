// The login page's profile line (plain React: the login page has no antd): the
// profile this window / page signs in to, a selector to go to another one, the
// link to the profiles manager, and the notice when secrets live in memory only.

import { useEffect, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../src-shared/ipc';
import { call, hostKind, profilePageUrl } from '../platform/bridge';
import { useSession } from '../stores/session';
import { PROFILES_PATH } from '../router/guard';
import { useProfileName } from './ProfileBand';

const row: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, margin: '0 0 16px', fontSize: 13 };

export function LoginProfileBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useSession((s) => s.info?.profile);
  const [profiles, setProfiles] = useState<ProfileView[]>([]);
  const nameOf = useProfileName();

  useEffect(() => {
    let live = true;
    call('profiles:list')
      .then((s) => live && setProfiles(s.profiles))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!profile) return null;
  const choose = async (id: string) => {
    if (id === profile.id) return;
    // Electron: main opens (or focuses) that profile's window; browser mode: this tab goes to it
    const { opened } = await call('profiles:open', { id }).catch(() => ({ opened: false }));
    if (!opened && hostKind() === 'web') window.location.assign(profilePageUrl(id));
  };

  return (
    <div style={row} className="desk-login-profile">
      <label htmlFor="login_profile" style={{ color: 'rgba(0,0,0,0.65)', whiteSpace: 'nowrap' }}>
        {t('profileBand.profile')}
      </label>
      <select
        id="login_profile"
        value={profile.id}
        onChange={(e) => void choose(e.target.value)}
        style={{ flex: 1, minWidth: 0, height: 30, borderRadius: 6, border: '1px solid #d9d9d9', padding: '0 6px', background: '#fff' }}
      >
        {(profiles.length ? profiles : [profile]).map((p) => (
          <option key={p.id} value={p.id}>
            {nameOf(p)} ({p.tenantId})
          </option>
        ))}
      </select>
      <a
        href={`#${PROFILES_PATH}`}
        onClick={(e) => {
          e.preventDefault();
          navigate(PROFILES_PATH);
        }}
        style={{ color: 'var(--desk-primary-text, #268700)', whiteSpace: 'nowrap' }}
      >
        {t('profileBand.manage')}
      </a>
    </div>
  );
}

/** Shown on the login page when neither a keychain nor protected safeStorage is available. */
export function MemoryOnlyNotice() {
  const { t } = useTranslation();
  const memory = useSession((s) => s.info?.secretStorage === 'memory');
  if (!memory) return null;
  return (
    <div
      role="note"
      data-testid="secret-memory-notice"
      style={{ marginTop: 12, padding: '6px 10px', fontSize: 12, lineHeight: 1.5, borderRadius: 6, background: '#fffbe6', border: '1px solid #ffe58f', color: 'rgba(0,0,0,0.75)' }}
    >
      {t('profileBand.memoryOnly')}
    </div>
  );
}
