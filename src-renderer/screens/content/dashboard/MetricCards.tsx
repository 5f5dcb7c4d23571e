// Clicks, impressions, CTR and average position of the chosen range, each with
// its change against the same number of days just before (green when it is good
// for the site, red when bad: for position, lower is better), colours AA on the
// card. The change is also said in words for screen readers (变好 / 变差).
import type { CSSProperties } from 'react';
import { Card, Col, Row, Statistic, theme } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TrafficTotals } from '../../../../src-shared/search-engines';
import { BAD, GOOD, readable } from './colours';
import { deltaOf, deltaText, MEASURES, percent, positionText, type Measure } from './range';
import '../../../i18n/areas/search-dashboard';

/** read by screen readers, not shown: the arrow's colour says better / worse to the eye only */
const NOWRAP: CSSProperties = { whiteSpace: 'nowrap', display: 'inline-block' };
const SR_ONLY: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0,0,0,0)', whiteSpace: 'nowrap', border: 0 };

export function MetricCards({ totals, previous, days, loading }: { totals: TrafficTotals; previous: TrafficTotals; days: number; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';
  const good = readable(GOOD, token.colorBgContainer);
  const bad = readable(BAD, token.colorBgContainer);
  const muted = readable([token.colorTextSecondary, token.colorText], token.colorBgContainer);
  const value = (m: Measure): string =>
    // no impressions: no CTR (not 0 %), no position
    m === 'ctr' ? (totals.impressions > 0 ? percent(totals.ctr, locale) : '-') : m === 'position' ? positionText(totals.position, locale) : new Intl.NumberFormat(locale).format(totals[m]);

  const card = (m: Measure) => {
    const delta = deltaOf(m, totals, previous);
    const colour = !delta || delta.better === null ? muted : delta.better ? good : bad;
    const up = delta ? delta.value > 0 : false;
    return (
      <Col xs={24} sm={12} lg={6} key={m}>
        <Card data-testid={`traffic-${m}`} style={{ opacity: loading ? 0.6 : 1 }}>
          <Statistic title={t(`searchDashboard.measure.${m}`)} value={value(m)} />
          <div data-testid={`traffic-${m}-delta`} style={{ color: colour, marginTop: 4, fontSize: 13 }}>
            {delta ? (
              <>
                <span style={NOWRAP}>
                  {delta.value !== 0 && (up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />)} {deltaText(delta, locale, t('searchDashboard.points'))}
                </span>{' '}
                <span style={{ ...NOWRAP, color: muted }}>
                  {t('searchDashboard.versusBefore', { days })}
                  <span style={SR_ONLY}>
                    {' '}({t(delta.better === null ? 'searchDashboard.unchanged' : delta.better ? 'searchDashboard.better' : 'searchDashboard.worse')})
                  </span>
                </span>
              </>
            ) : (
              <span style={{ color: muted }}>{t('searchDashboard.noPrevious', { days })}</span>
            )}
          </div>
        </Card>
      </Col>
    );
  };
  return <Row gutter={[16, 16]}>{MEASURES.map(card)}</Row>;
}
