// Site dashboard: site totals (websiteInfo/getSiteInfo) and search-engine
// traffic totals (dashboard/google-total) with the daily series of the last 30
// days (dashboard/google) drawn as a bar chart (plain SVG, no chart library).
import { useEffect, useRef, useState } from 'react';
import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { call } from '../../platform/bridge';
import { useFreshness } from '../../crud/freshness';
import '../../i18n/areas/content';

interface SiteInfo {
  websiteTotal: number;
  groupTotal: number;
  domainTotal: number;
  serverTotal: number;
  templateTotal: number;
  deployedTotal: number;
  sslTotal: number;
}
interface Day {
  day: string;
  clicks: number;
  impressions: number;
}

const get = async <T,>(url: string): Promise<T> => (await call('api:request', { method: 'get', url })).data as T;

export function TrafficChart({ days, label }: { days: Day[]; label: string }) {
  if (days.length === 0) return <Empty />;
  const W = 760;
  const H = 220;
  const pad = 28;
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const bw = (W - pad * 2) / days.length;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width="100%" height={H}>
      <line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} stroke="#d9d9d9" />
      {days.map((d, i) => {
        const h = ((H - pad * 2) * d.clicks) / max;
        return (
          <g key={d.day}>
            <rect x={pad + i * bw + 2} y={H - pad - h} width={Math.max(1, bw - 4)} height={h} fill="#1677ff">
              <title>{`${d.day}: ${d.clicks}`}</title>
            </rect>
            {(i === 0 || i === days.length - 1 || i % 7 === 0) && (
              <text x={pad + i * bw + bw / 2} y={H - 8} fontSize="10" textAnchor="middle" fill="#8c8c8c">
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
      <text x={pad} y={14} fontSize="11" fill="#8c8c8c">
        {max}
      </text>
    </svg>
  );
}

export default function SiteDashboard() {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  const [total, setTotal] = useState<{ clicks: number; impressions: number } | null>(null);
  const [days, setDays] = useState<Day[]>([]);
  const [error, setError] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const [version, setVersion] = useState(0);
  // totals change with any write and with deploys running on the server: read them again each time the tab is shown
  useFreshness(box, { everyShow: true, touches: () => true, refresh: () => setVersion((v) => v + 1) });

  useEffect(() => {
    const end = dayjs();
    Promise.all([
      get<SiteInfo>('/website-blade-material/websiteInfo/getSiteInfo'),
      get<{ clicks: number; impressions: number }>('/seo-blade-deploy/dashboard/google-total'),
      call('api:request', {
        method: 'post',
        url: '/seo-blade-deploy/dashboard/google',
        data: { startTime: end.subtract(29, 'day').format('YYYY-MM-DD'), endTime: end.format('YYYY-MM-DD') },
      }).then((r) => r.data as Day[]),
    ])
      .then(([i, tot, series]) => {
        setInfo(i);
        setTotal(tot);
        setDays(series);
        setError('');
      })
      .catch((e: unknown) => setError((e as Error).message));
  }, [version]);

  return <div ref={box}>{error ? <Card role="alert">{error}</Card> : !info || !total ? <Spin /> : <Totals info={info} total={total} days={days} />}</div>;
}

function Totals({ info, total, days }: { info: SiteInfo; total: { clicks: number; impressions: number }; days: Day[] }) {
  const { t } = useTranslation();
  const stat = (key: keyof SiteInfo) => (
    <Col xs={12} md={6} key={key}>
      <Card>
        <Statistic title={t(`content.dashboard.${key}`)} value={info[key]} />
      </Card>
    </Col>
  );
  return (
    <div>
      <Row gutter={[16, 16]}>{(['websiteTotal', 'deployedTotal', 'groupTotal', 'domainTotal', 'serverTotal', 'templateTotal', 'sslTotal'] as const).map(stat)}</Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('content.dashboard.clicks')} value={total.clicks} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('content.dashboard.impressions')} value={total.impressions} />
          </Card>
        </Col>
      </Row>
      <Card title={t('content.dashboard.trafficTitle')} style={{ marginTop: 16 }}>
        <TrafficChart days={days} label={t('content.dashboard.trafficTitle')} />
      </Card>
    </div>
  );
}
