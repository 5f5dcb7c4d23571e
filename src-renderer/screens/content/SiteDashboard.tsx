// 数据看板 (/site/dashboard): the spec's site totals (websiteInfo/getSiteInfo) and
// Google totals (dashboard/google-total), then the search traffic the
// search-engine loop reads back (issue 36): a date range, an engine and a website
// filter; clicks, impressions, CTR and average position with the change against
// the period before; the daily chart (ECharts); top pages and top queries; and
// 导入数据 (Search Console's CSV export) for those with the searchEngine_import
// button. Everything is read again each time the tab is shown (syncs and imports
// change it on the server by themselves) and after an import.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Row, Spin, Statistic } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useFreshness } from '../../crud/freshness';
import { useCan } from '../../stores/session';
import { useScreenClass } from '../../hooks/useScreenClass';
import type { TrafficFilter, TrafficTotals } from '../../../src-shared/search-engines';
import { readGoogleTotal, readSiteInfo, readSummary, readWebsites, type GoogleTotal, type SiteInfo, type TrafficSummary, type WebsiteOption } from './dashboard/api';
import { DEFAULT_PRESET, daysOf, presetRange } from './dashboard/range';
import { MetricCards } from './dashboard/MetricCards';
import { TrafficChart } from './dashboard/TrafficChart';
import { TrafficFilters, type TrafficFilterState } from './dashboard/TrafficFilters';
import { TopTable } from './dashboard/TopTable';
import { TrafficImportDialog } from './dashboard/TrafficImportDialog';
import '../../i18n/areas/content';
import '../../i18n/areas/search-dashboard';

const SITE_TOTALS = ['websiteTotal', 'deployedTotal', 'groupTotal', 'domainTotal', 'serverTotal', 'templateTotal', 'sslTotal'] as const;
const NONE: TrafficTotals = { clicks: 0, impressions: 0, ctr: 0, position: 0 };

export default function SiteDashboard() {
  const box = useRef<HTMLDivElement>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // totals and traffic change with any write, with deploys, syncs and imports on the server: read again each time the tab is shown
  useFreshness(box, { everyShow: true, touches: () => true, refresh: reload });
  return (
    <div ref={box} data-testid="site-dashboard">
      <SiteTotals version={version} />
      <Traffic version={version} reload={reload} />
    </div>
  );
}

function SiteTotals({ version }: { version: number }) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<SiteInfo | null>(null);
  const [google, setGoogle] = useState<GoogleTotal | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    Promise.all([readSiteInfo(), readGoogleTotal()])
      .then(([i, g]) => {
        setInfo(i);
        setGoogle(g);
        setError('');
      })
      .catch((e: unknown) => setError((e as Error).message));
  }, [version]);
  if (error) return <Card role="alert">{error}</Card>;
  if (!info || !google) return <Spin />;
  const card = (title: string, value: number) => (
    <Col xs={12} md={6} xl={4} key={title}>
      <Card size="small">
        <Statistic title={title} value={value} />
      </Card>
    </Col>
  );
  return (
    <section aria-label={t('searchDashboard.siteTotals')}>
      <Row gutter={[16, 16]}>
        {SITE_TOTALS.map((key) => card(t(`content.dashboard.${key}`), info[key]))}
        {card(t('content.dashboard.clicks'), google.clicks)}
        {card(t('content.dashboard.impressions'), google.impressions)}
      </Row>
    </section>
  );
}

function Traffic({ version, reload }: { version: number; reload(): void }) {
  const { t } = useTranslation();
  const can = useCan();
  // phones (screen-size class 0): one filter a line, the legend scrolls
  const narrow = useScreenClass() === 0;
  const [state, setState] = useState<TrafficFilterState>(() => ({ preset: DEFAULT_PRESET, range: presetRange('28d', dayjs()), engine: '', website: '' }));
  const [summary, setSummary] = useState<TrafficSummary | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [websites, setWebsites] = useState<WebsiteOption[]>([]);
  const [importing, setImporting] = useState(false);
  const asked = useRef(0);

  // a preset follows the calendar: shown again on another day, "last 28 days" ends on that day
  const range = state.preset === 'custom' ? state.range : presetRange(state.preset, dayjs());
  const filter: TrafficFilter = useMemo(
    () => ({ from: range.from, to: range.to, engine: state.engine, websiteInfoId: state.website }),
    [range.from, range.to, state.engine, state.website],
  );

  useEffect(() => {
    const ask = ++asked.current;
    setLoading(true);
    readSummary(filter)
      .then((s) => {
        if (ask !== asked.current) return;
        setSummary(s);
        setError('');
      })
      .catch((e: unknown) => ask === asked.current && setError((e as Error).message))
      .finally(() => ask === asked.current && setLoading(false));
  }, [filter, version]);
  useEffect(() => {
    readWebsites().then(setWebsites, () => setWebsites([]));
  }, [version]);
  // a website filtered on that was removed meanwhile: back to all
  useEffect(() => {
    if (state.website && websites.length > 0 && !websites.some((w) => w.value === state.website)) setState((s) => ({ ...s, website: '' }));
  }, [websites, state.website]);

  const days = daysOf(range);
  return (
    <Card
      title={t('searchDashboard.traffic')}
      style={{ marginTop: 16 }}
      extra={
        can('searchEngine_import') && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('searchDashboard.import.button')}
          </Button>
        )
      }
    >
      <TrafficFilters value={{ ...state, range }} websites={websites} onChange={setState} narrow={narrow} />
      {error && <Alert type="error" showIcon role="alert" title={t('searchDashboard.loadFailed', { msg: error })} style={{ marginTop: 16 }} />}
      <div style={{ marginTop: 16 }}>
        <MetricCards totals={summary?.totals ?? NONE} previous={summary?.previous ?? NONE} days={days} loading={loading} />
      </div>
      <Card size="small" title={t('searchDashboard.chartTitle')} style={{ marginTop: 16 }}>
        {summary ? <TrafficChart days={summary.days} range={range} loading={loading} compact={narrow} /> : <Spin />}
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xxl={12}>
          <Card size="small" title={t('searchDashboard.topPages')}>
            <TopTable dim="page" filter={filter} version={version} />
          </Card>
        </Col>
        <Col xs={24} xxl={12}>
          <Card size="small" title={t('searchDashboard.topQueries')}>
            <TopTable dim="query" filter={filter} version={version} />
          </Card>
        </Col>
      </Row>
      {importing && (
        <TrafficImportDialog
          websites={websites}
          website={state.website}
          onClose={() => setImporting(false)}
          onImported={reload}
        />
      )}
    </Card>
  );
}
