// The list cells of the 搜索引擎 screen (each website's connections, its URLs'
// outcomes, the last announcement, the last sync, the 7-day clicks) and of the
// website list (网站管理: the connections' states and the 7-day clicks), each with
// the text its column's width is measured from (ColumnDef.cell / cellText).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Row } from '../../../../src-shared/wire';
import {
  ANNOUNCE_ENGINES,
  URL_STATES,
  type ConnectionKind,
  type SearchSiteStats,
  type SiteSearchSummary,
  type TrafficEngine,
  type UrlCounts,
} from '../../../../src-shared/search-engines';
import { ANNOUNCE_TONE, CONNECTION_TONE, SYNC_TONE, Toned, useTones } from './tones';
import '../../../i18n/areas/search';

const statsOf = (row: Row): SearchSiteStats | null => (row.stats && typeof row.stats === 'object' ? (row.stats as SearchSiteStats) : null);
const on = (row: Row, kind: ConnectionKind): boolean => Number(row[`${kind}On`]) === 1;
/** a time as the list shows it: MM-DD HH:mm */
const short = (time: string): string => time.slice(5, 16);
/** the longest line of a cell (what its column's width is measured from) */
const longest = (...lines: string[]): string => lines.reduce((a, b) => (b.length > a.length ? b : a), '');

const LINE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** a cell of a few lines, each cut with an ellipsis where the column ends */
function Lines({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string | number>) {
  return (
    <div style={{ lineHeight: 1.45 }} {...data}>
      {children}
    </div>
  );
}
function Line({ children, title, secondary }: { children: ReactNode; title?: string; secondary?: boolean }) {
  const tones = useTones();
  return (
    <div style={secondary ? { ...LINE, color: tones.muted, fontSize: 12 } : LINE} title={title}>
      {children}
    </div>
  );
}

/** the website's name, its host beneath */
export function WebsiteCell({ row }: { row: Row }) {
  return (
    <Lines data-website={String(row.id)}>
      <Line title={String(row.websiteName ?? '')}>{String(row.websiteName ?? '')}</Line>
      {row.host ? <Line secondary>{String(row.host)}</Line> : null}
    </Lines>
  );
}

export const websiteText = (row: Row): string => longest(String(row.websiteName ?? ''), String(row.host ?? ''));

/** what a connection uses that the list shows: the key (its start), the property (the default when empty), a site set by hand */
function connectionDetail(t: TFunction, row: Row, kind: ConnectionKind): { text: string; full: string } {
  switch (kind) {
    case 'indexnow': {
      const key = String(row.indexnowKey ?? '');
      return { text: key.length > 10 ? `${key.slice(0, 8)}…` : key, full: key };
    }
    case 'google': {
      const text = row.googleProperty ? String(row.googleProperty) : row.googlePropertyDefault ? t('search.site.defaultValue', { value: String(row.googlePropertyDefault) }) : '';
      return { text, full: text };
    }
    case 'baidu':
    case 'bing': {
      const site = String(row[`${kind}Site`] ?? '');
      return { text: site, full: site };
    }
  }
}

function connectionState(row: Row, kind: ConnectionKind): 'on' | 'off' | 'lost' {
  if (!on(row, kind)) return 'off';
  return kind === 'google' && row.googleLost ? 'lost' : 'on';
}

/** the cell of one engine's connection: on / off (Google: the property lost, in red), what it uses beneath */
export function connectionCell(kind: ConnectionKind) {
  function ConnectionCell({ row }: { row: Row }) {
    const { t } = useTranslation();
    const state = connectionState(row, kind);
    const detail = connectionDetail(t, row, kind);
    return (
      <Lines data-connection={kind} data-state={state}>
        <Line>
          <Toned tone={CONNECTION_TONE[state]} title={state === 'lost' ? String(row.googleLost) : undefined}>
            {t(`search.connection.${state}`)}
          </Toned>
        </Line>
        {detail.text && (
          <Line secondary title={detail.full}>
            {detail.text}
          </Line>
        )}
      </Lines>
    );
  }
  return ConnectionCell;
}

export const connectionText = (kind: ConnectionKind) => (row: Row, t: TFunction): string =>
  longest(t(`search.connection.${connectionState(row, kind)}`), connectionDetail(t, row, kind).text);

/** every engine's counts summed: announced (all), accepted (submitted), waiting (pending, quota), refused (rejected, failed) */
export function urlTotals(stats: SearchSiteStats | null): { total: number; accepted: number; pending: number; failed: number } {
  const sum: UrlCounts = Object.fromEntries(URL_STATES.map((s) => [s, 0])) as UrlCounts;
  for (const e of ANNOUNCE_ENGINES) for (const s of URL_STATES) sum[s] += stats?.urls[e]?.[s] ?? 0;
  const total = URL_STATES.reduce((n, s) => n + sum[s], 0);
  return { total, accepted: sum.submitted, pending: sum.pending + sum.quota, failed: sum.rejected + sum.failed };
}

/** the engines' counts, one line each (the cell's title) */
function perEngine(t: TFunction, stats: SearchSiteStats | null): string {
  if (!stats) return '';
  return ANNOUNCE_ENGINES.map((e) => `${t(`search.engine.${e}`)}: ${URL_STATES.map((s) => `${t(`search.state.${s}`)} ${stats.urls[e]?.[s] ?? 0}`).join(', ')}`).join('\n');
}

/** announced, accepted, waiting (and refused, in red) over every engine */
function CountsLine({ stats }: { stats: SearchSiteStats | null }) {
  const { t } = useTranslation();
  const n = urlTotals(stats);
  return (
    <Line secondary title={perEngine(t, stats)}>
      <span data-urls={`${n.total}/${n.accepted}/${n.pending}/${n.failed}`}>{`${t('search.site.urlAccepted', n)} · ${t('search.site.urlWaiting', n)}`}</span>
      {n.failed > 0 && (
        <>
          {' · '}
          <Toned tone="error">{t('search.site.urlFailed', { n: n.failed })}</Toned>
        </>
      )}
    </Line>
  );
}

const countsText = (t: TFunction, stats: SearchSiteStats | null): string => {
  const n = urlTotals(stats);
  return `${t('search.site.urlAccepted', n)} · ${t('search.site.urlWaiting', n)}${n.failed ? ` · ${t('search.site.urlFailed', { n: n.failed })}` : ''}`;
};

/** the last announcement: its state and time, its message, and the URLs' outcomes beneath (its kind and URLs in the title) */
export function AnnounceCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const stats = statsOf(row);
  const last = stats?.lastAnnounce;
  return (
    <Lines data-announce-state={last?.state ?? 'none'}>
      {last ? (
        <Line title={`${t(`search.announceKind.${last.kind}`)} · ${t('search.site.announceUrls', { n: last.urls })}`}>
          <Toned tone={ANNOUNCE_TONE[last.state] ?? 'muted'}>{t(`search.announceState.${last.state}`)}</Toned>
          {` ${short(last.time)}`}
        </Line>
      ) : (
        <Line>
          <Toned tone="muted">{t('search.site.never')}</Toned>
        </Line>
      )}
      {last?.message && (
        <Line secondary title={last.message}>
          {last.message}
        </Line>
      )}
      <CountsLine stats={stats} />
    </Lines>
  );
}

export const announceText = (row: Row, t: TFunction): string => {
  const stats = statsOf(row);
  const last = stats?.lastAnnounce;
  const first = last ? `${t(`search.announceState.${last.state}`)} ${short(last.time)}` : t('search.site.never');
  return longest(first, last?.message ?? '', countsText(t, stats));
};

const syncEngines = (row: Row): TrafficEngine[] => {
  const s = statsOf(row)?.lastSync ?? {};
  return (['google', 'bing'] as const).filter((e) => s[e]);
};

/** each engine's last sync (state in colour, time); a property the service account lost: Google in red and the reason beneath */
export function LastSyncCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const syncs = statsOf(row)?.lastSync ?? {};
  const engines = syncEngines(row);
  const lost = row.googleLost ? String(row.googleLost) : '';
  if (engines.length === 0 && !lost) return <Toned tone="muted">{t('search.syncState.never')}</Toned>;
  return (
    <Lines data-sync={engines.map((e) => `${e}:${syncs[e]!.state}`).join(',')}>
      {engines.map((e) => {
        const s = syncs[e]!;
        return (
          <Line key={e} title={s.message || undefined}>
            <Toned tone={SYNC_TONE[s.state] ?? 'muted'}>{t(`search.syncState.${s.state}`)}</Toned>
            {` ${t(`search.engine.${e}`)}${s.time ? ` ${short(s.time)}` : ''}`}
          </Line>
        );
      })}
      {lost && !engines.includes('google') && (
        <Line>
          <Toned tone="error">{t('search.connection.lost')}</Toned>
          {` ${t('search.engine.google')}`}
        </Line>
      )}
      {lost && (
        <Line title={lost}>
          <Toned tone="error">{lost}</Toned>
        </Line>
      )}
    </Lines>
  );
}

export const lastSyncText = (row: Row, t: TFunction): string => {
  const syncs = statsOf(row)?.lastSync ?? {};
  const lines = syncEngines(row).map((e) => `${t(`search.syncState.${syncs[e]!.state}`)} ${t(`search.engine.${e}`)} ${short(syncs[e]!.time)}`);
  if (row.googleLost) lines.push(`${t('search.connection.lost')} ${t('search.engine.google')}`, String(row.googleLost));
  return lines.length ? longest(...lines) : t('search.syncState.never');
};

export function ClicksCell({ row }: { row: Row }) {
  const clicks = statsOf(row)?.clicks7d ?? (row.search as SiteSearchSummary | null)?.clicks7d ?? 0;
  return <span data-clicks={clicks}>{clicks.toLocaleString()}</span>;
}

export const clicksText = (row: Row): string => String(statsOf(row)?.clicks7d ?? (row.search as SiteSearchSummary | null)?.clicks7d ?? 0);

const KINDS: readonly ConnectionKind[] = ['indexnow', 'baidu', 'google', 'bing'];

/** the website list's cell: each engine's name in its state's colour (on green, off grey and struck through, Google's property lost red), two a line */
export function EnginesCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const summary = row.search as SiteSearchSummary | null | undefined;
  if (!summary) return null;
  const engine = (k: ConnectionKind) => {
    const state = summary.engines[k];
    const name = t(`search.engine.${k}`);
    const title = `${name}: ${t(`search.connection.${state}`)}${state === 'lost' && summary.googleLost ? ` (${summary.googleLost})` : ''}`;
    return (
      <Toned key={k} tone={CONNECTION_TONE[state]} title={title}>
        {state === 'on' ? name : state === 'lost' ? `${name}!` : <s>{name}</s>}
      </Toned>
    );
  };
  return (
    <Lines data-engines={KINDS.map((k) => `${k}:${summary.engines[k]}`).join(',')}>
      {[KINDS.slice(0, 2), KINDS.slice(2)].map((pair) => (
        <Line key={pair[0]}>
          {engine(pair[0]!)} {engine(pair[1]!)}
        </Line>
      ))}
    </Lines>
  );
}

export const enginesText = (_row: Row, t: TFunction): string => longest(`${t('search.engine.indexnow')} ${t('search.engine.baidu')}`, `${t('search.engine.google')} ${t('search.engine.bing')}`);
