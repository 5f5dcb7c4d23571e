// The daily chart's ECharts option, built from the summary's days: per engine, a
// clicks line on the left axis and an impressions line on the right one (one
// colour per measure, one line style per engine: Google solid, Bing dashed),
// every day of the range on the axis (a day without data is a gap), tooltip,
// legend and dataZoom (a slider and the wheel / drag inside). Pure, so a unit
// test reads what the chart is told to draw.
import type { TrafficDay, TrafficEngine } from '../../../../src-shared/search-engines';
import type { ChartOption, LineSeriesOption } from './echarts';
import { seriesOf } from './range';

export interface ChartColours {
  clicks: string;
  impressions: string;
  /** axis labels, legend (AA on the background) */
  text: string;
  /** secondary text: axis labels (AA on the background) */
  textSecondary: string;
  /** axis and split lines */
  border: string;
  /** the tooltip's background */
  tooltipBg: string;
  /** the slider's filler */
  zoomFill: string;
}

export interface ChartInput {
  axis: readonly string[];
  days: readonly TrafficDay[];
  engines: readonly TrafficEngine[];
  colours: ChartColours;
  /** a series' name (engine and measure) in the UI's language */
  name(engine: TrafficEngine, measure: 'clicks' | 'impressions'): string;
  /** a measure's name (the axis' name) in the UI's language */
  measureName(measure: 'clicks' | 'impressions'): string;
  /** numbers in the UI's language */
  format(value: number): string;
  /** a narrow screen: the legend scrolls on one line instead of wrapping over the plot */
  compact?: boolean;
}

const MEASURES = ['clicks', 'impressions'] as const;

export function chartOption({ axis, days, engines, colours, name, measureName, format, compact = false }: ChartInput): ChartOption {
  const series: LineSeriesOption[] = engines.flatMap((engine) =>
    MEASURES.map((measure): LineSeriesOption => ({
      type: 'line',
      name: name(engine, measure),
      yAxisIndex: measure === 'clicks' ? 0 : 1,
      data: seriesOf(days, axis, engine, measure),
      // a lone day between gaps still shows as a dot
      showSymbol: axis.length <= 62,
      symbolSize: 5,
      connectNulls: false,
      color: colours[measure],
      lineStyle: { width: 2, type: engine === 'google' ? 'solid' : 'dashed' },
      emphasis: { focus: 'series' },
    })),
  );
  const axisLabel = { color: colours.textSecondary };
  const valueAxis = (measure: 'clicks' | 'impressions') => ({
    type: 'value' as const,
    name: measureName(measure),
    nameTextStyle: { color: colours.textSecondary },
    axisLabel: { ...axisLabel, formatter: (v: number) => format(v) },
    axisLine: { show: true, lineStyle: { color: colours[measure] } },
    splitLine: { show: measure === 'clicks', lineStyle: { color: colours.border } },
    minInterval: 1,
  });
  return {
    animation: false,
    color: [colours.clicks, colours.impressions],
    textStyle: { color: colours.text },
    grid: { left: 8, right: 8, top: 56, bottom: 72, containLabel: true },
    legend: {
      top: 0,
      type: compact ? 'scroll' : 'plain',
      textStyle: { color: colours.text },
      itemWidth: 28,
      pageTextStyle: { color: colours.textSecondary },
      pageIconColor: colours.text,
      pageIconInactiveColor: colours.border,
    },
    tooltip: {
      trigger: 'axis',
      backgroundColor: colours.tooltipBg,
      borderColor: colours.border,
      textStyle: { color: colours.text },
      valueFormatter: (v) => (typeof v === 'number' ? format(v) : '-'),
    },
    xAxis: { type: 'category', data: [...axis], boundaryGap: false, axisLabel, axisLine: { lineStyle: { color: colours.border } } },
    yAxis: [valueAxis('clicks'), valueAxis('impressions')],
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      {
        type: 'slider',
        xAxisIndex: 0,
        bottom: 12,
        height: 24,
        textStyle: { color: colours.textSecondary },
        borderColor: colours.border,
        fillerColor: colours.zoomFill,
        backgroundColor: 'transparent',
        dataBackground: { lineStyle: { color: colours.border }, areaStyle: { color: colours.border } },
        selectedDataBackground: { lineStyle: { color: colours.clicks }, areaStyle: { color: colours.zoomFill } },
        handleStyle: { color: colours.tooltipBg, borderColor: colours.textSecondary },
        moveHandleStyle: { color: colours.border },
        emphasis: { handleStyle: { borderColor: colours.clicks }, moveHandleStyle: { color: colours.clicks } },
      },
    ],
    series,
  };
}

/** The totals the chart's summary names: clicks and impressions of every day it draws. */
export function chartTotals(days: readonly TrafficDay[], engines: readonly TrafficEngine[]): { clicks: number; impressions: number } {
  let clicks = 0;
  let impressions = 0;
  for (const d of days) {
    if (!engines.includes(d.engine)) continue;
    clicks += d.clicks;
    impressions += d.impressions;
  }
  return { clicks, impressions };
}
