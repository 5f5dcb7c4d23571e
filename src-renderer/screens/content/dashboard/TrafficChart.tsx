// The dashboard's daily chart: clicks and impressions per engine over the chosen
// range, in the theme's colours (antd's tokens: the primary colour for clicks, a
// hue apart from it for impressions, text and lines checked for contrast on the
// card's background). An empty range shows antd's Empty, with what the range is.
import { useMemo } from 'react';
import { Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrafficDay, TrafficEngine } from '../../../../src-shared/search-engines';
import { EChart } from './EChart';
import { chartOption, chartTotals, type ChartColours } from './chart-option';
import { apartFrom, readable, SECOND } from './colours';
import { daysIn, enginesOf, type DayRange } from './range';
import '../../../i18n/areas/search-dashboard';

export function useChartColours(): ChartColours {
  const { token } = theme.useToken();
  return useMemo(() => {
    const bg = token.colorBgContainer;
    return {
      // lines: 3:1 against the card (WCAG non-text contrast); a pale primary colour takes its darker shades
      clicks: readable([token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive, token.colorPrimaryTextActive], bg, 3),
      impressions: readable([apartFrom(token.colorPrimary, SECOND), ...SECOND], bg, 3),
      text: readable([token.colorText, token.colorTextHeading], bg),
      textSecondary: readable([token.colorTextSecondary, token.colorText], bg),
      border: token.colorBorderSecondary,
      tooltipBg: token.colorBgElevated,
      zoomFill: token.colorPrimaryBg,
    };
  }, [token]);
}

export function TrafficChart({ days, range, loading, compact = false }: { days: readonly TrafficDay[]; range: DayRange; loading?: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const colours = useChartColours();
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';
  const engines = useMemo(() => enginesOf(days), [days]);
  const { from, to } = range;
  const option = useMemo(() => {
    const number = new Intl.NumberFormat(locale);
    const measureName = (m: 'clicks' | 'impressions') => t(`searchDashboard.measure.${m}`);
    return chartOption({
      axis: daysIn({ from, to }),
      days,
      engines,
      colours,
      name: (engine: TrafficEngine, m) => t('searchDashboard.seriesName', { engine: t(`searchDashboard.engines.${engine}`), measure: measureName(m) }),
      measureName,
      format: (v) => number.format(v),
      compact,
    });
  }, [days, from, to, engines, colours, t, locale, compact]);

  if (days.length === 0) {
    return (
      <div role="img" aria-label={t('searchDashboard.chartEmptyLabel', { from: range.from, to: range.to })} data-testid="traffic-chart-empty" style={{ opacity: loading ? 0.5 : 1 }}>
        <Empty description={<>{t('searchDashboard.empty')}<br />{t('searchDashboard.emptyHint')}</>} />
      </div>
    );
  }
  const number = new Intl.NumberFormat(locale);
  const totals = chartTotals(days, engines);
  const names = engines.flatMap((e) => (['clicks', 'impressions'] as const).map((m) => t('searchDashboard.seriesName', { engine: t(`searchDashboard.engines.${e}`), measure: t(`searchDashboard.measure.${m}`) })));
  const label = t('searchDashboard.chartLabel', {
    from: range.from,
    to: range.to,
    series: names.length,
    names: names.join(i18n.language === 'zh' ? '、' : ', '),
    clicks: number.format(totals.clicks),
    impressions: number.format(totals.impressions),
  });
  return <EChart option={option} label={label} height={340} testId="traffic-chart" style={{ opacity: loading ? 0.5 : 1 }} />;
}
