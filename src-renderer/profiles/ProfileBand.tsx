// The colour band of a window / page: the profile's name and tenant on the
// profile's colour, so side-by-side windows on different back ends or tenants
// cannot be confused. Plain React (the login page has no antd).

import { useCallback, type CSSProperties } from 'react';
import type { Profile } from '../../src-shared/ipc';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#FFFFFF' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#FFFFFF';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#FFFFFF' : '#000000';
}

/** The built-in profile's default name, as main stores it. */
export const LOCAL_DEFAULT_NAME = 'Local workspace';

/** A profile's name for display: the built-in profile's default name in the UI language. */
export function useProfileName(): (p: Pick<Profile, 'name' | 'builtin'>) => string {
  const { t } = useTranslation();
  return useCallback((p) => (p.builtin && p.name === LOCAL_DEFAULT_NAME ? t('profileBand.localName') : p.name), [t]);
}

export function ProfileBand() {
  const { t } = useTranslation();
  const nameOf = useProfileName();
  const profile = useSession((s) => s.info?.profile);
  const tenant = useSession((s) => s.user?.tenant_id) || profile?.tenantId || '';
  if (!profile) return null;
  const style: CSSProperties = {
    background: profile.colour,
    color: textOn(profile.colour),
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    height: 24,
    padding: '0 12px',
    fontSize: 12,
    lineHeight: '24px',
    flex: 'none',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  };
  return (
    <div className="desk-profile-band" role="status" aria-label={t('profileBand.label')} data-testid="profile-band" style={style}>
      <strong>{nameOf(profile)}</strong>
      <span>
        {t('profileBand.tenant')}: {tenant}
      </span>
      {!profile.builtin && <span style={{ opacity: 0.85, overflow: 'hidden', textOverflow: 'ellipsis' }}>{profile.baseUrl}</span>}
    </div>
  );
}
