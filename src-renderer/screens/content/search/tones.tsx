// The colours of the search engines' states (submitted green, pending and quota
// orange, rejected and failed red, off grey), chosen to pass WCAG AA (4.5:1) on
// the light themes' backgrounds and on the dark theme's, and the hint texts.
import type { ReactNode } from 'react';
import { theme } from 'antd';
import type { TFunction } from 'i18next';
import type { AnnounceState, ConnectionState, SyncState, UrlHint, UrlState } from '../../../../src-shared/search-engines';

export type Tone = 'success' | 'warning' | 'error' | 'muted';

/** on white to #f6ffed: 5.4-5.6 (success), 5.2-5.4 (warning), 5.3-5.6 (error), 6.7-7.0 (muted) */
export const LIGHT: Record<Tone, string> = { success: '#237804', warning: '#ad4e00', error: '#cf1322', muted: '#595959' };
/** on #141414 / #1f1f1f: 8.6-9.6, 8.6-9.7, 6.4-7.2, 6.8-7.6 */
export const DARK: Record<Tone, string> = { success: '#73d13d', warning: '#ffa940', error: '#ff7875', muted: '#a6a6a6' };

/** whether a CSS colour (#rgb, #rrggbb, rgb()) is dark */
export function isDarkColour(colour: string): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  let rgb: number[] | undefined;
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    rgb = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  } else {
    const m = /rgba?\(([^)]+)\)/.exec(colour);
    if (m) rgb = m[1]!.split(',').slice(0, 3).map((v) => Number(v.trim()));
  }
  if (!rgb || rgb.some((v) => !Number.isFinite(v))) return false;
  return (0.2126 * rgb[0]! + 0.7152 * rgb[1]! + 0.0722 * rgb[2]!) / 255 < 0.5;
}

/** the colour of each tone on the current theme's containers */
export function useTones(): Record<Tone, string> {
  const { token } = theme.useToken();
  return isDarkColour(token.colorBgContainer) ? DARK : LIGHT;
}

/** a word in its tone's colour */
export function Toned({ tone, children, title }: { tone: Tone; children: ReactNode; title?: string }) {
  const tones = useTones();
  return (
    <span style={{ color: tones[tone] }} data-tone={tone} title={title}>
      {children}
    </span>
  );
}

export const URL_TONE: Record<UrlState, Tone> = { submitted: 'success', pending: 'warning', quota: 'warning', rejected: 'error', failed: 'error' };
export const ANNOUNCE_TONE: Record<AnnounceState, Tone> = { done: 'success', partial: 'warning', failed: 'error', queued: 'muted', running: 'muted', cancelled: 'muted' };
export const SYNC_TONE: Record<SyncState, Tone> = { done: 'success', failed: 'error', lost: 'error', never: 'muted', queued: 'muted', running: 'muted' };
export const CONNECTION_TONE: Record<ConnectionState, Tone> = { on: 'success', off: 'muted', lost: 'error' };

/** a hint's text, its parameters filled in (a parameter the engine did not give reads as a general word) */
export function hintText(t: TFunction, hint: UrlHint | string | null | undefined): string {
  let h: UrlHint | null | undefined = typeof hint === 'string' ? null : hint;
  if (typeof hint === 'string' && hint) {
    try {
      h = JSON.parse(hint) as UrlHint;
    } catch {
      return hint;
    }
  }
  if (!h?.code) return '';
  return t(`search.hint.${h.code}`, { email: t('search.hint.theAccount'), url: '', host: '', site: '', property: '', ...h.params });
}
