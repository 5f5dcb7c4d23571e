// The site dashboard's pure helpers: date-range presets, the change against the
// period before, the formats, the chart's option, the colours' contrast, and
// its messages (zh and en complete).
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import i18next from 'i18next';
import type { TrafficDay } from '../../../src-shared/search-engines';
import {
  daysIn, daysOf, deltaOf, deltaText, enginesOf, percent, positionText, presetRange, rangeAllowed, seriesOf,
} from '../../../src-renderer/screens/content/dashboard/range';
import { chartOption, chartTotals, type ChartColours } from '../../../src-renderer/screens/content/dashboard/chart-option';
import { apartFrom, BAD, contrast, GOOD, parseColour, readable, SECOND } from '../../../src-renderer/screens/content/dashboard/colours';
import { en as enMessages, zh as zhMessages } from '../../../src-renderer/i18n/areas/search-dashboard.messages';
import zhCore from '../../../src-renderer/i18n/zh';

const totals = (clicks: number, impressions: number, position = 0) => ({ clicks, impressions, ctr: impressions ? clicks / impressions : 0, position });
const day = (d: string, engine: 'google' | 'bing', clicks: number, impressions: number): TrafficDay => ({ day: d, engine, ...totals(clicks, impressions, 5) });

describe('range presets', () => {
  const today = dayjs('2025-03-31T15:20:00');
  it('end on today and count Search Console\'s days', () => {
    expect(presetRange('7d', today)).toEqual({ from: '2025-03-25', to: '2025-03-31' });
    expect(presetRange('28d', today)).toEqual({ from: '2025-03-04', to: '2025-03-31' });
    expect(presetRange('3m', today)).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(presetRange('16m', today)).toEqual({ from: '2023-12-01', to: '2025-03-31' });
    expect(daysOf(presetRange('7d', today))).toBe(7);
    expect(daysOf(presetRange('28d', today))).toBe(28);
  });
  it('a month end: 3 months back from 31 May starts on 1 March', () => {
    expect(presetRange('3m', dayjs('2025-05-31'))).toEqual({ from: '2025-03-01', to: '2025-05-31' });
  });
  it('every preset is a range the server takes (at most 16 months); a longer custom one is not', () => {
    for (const p of ['7d', '28d', '3m', '16m'] as const) {
      const r = presetRange(p, today);
      expect(rangeAllowed(dayjs(r.from), dayjs(r.to)), p).toBe(true);
    }
    expect(rangeAllowed(dayjs('2023-11-30'), dayjs('2025-03-31'))).toBe(false);
    expect(rangeAllowed(dayjs('2023-11-30'), dayjs('2025-03-30'))).toBe(true); // 16 months to the day
    expect(rangeAllowed(dayjs('2023-10-31'), dayjs('2025-02-28'))).toBe(true); // the 31st: the month's last day
    expect(rangeAllowed(dayjs('2023-10-31'), dayjs('2025-03-01'))).toBe(false);
    expect(rangeAllowed(dayjs('2025-03-02'), dayjs('2025-03-01'))).toBe(false);
    expect(rangeAllowed(dayjs('2025-03-01'), dayjs('2025-03-01'))).toBe(true);
  });
  it('the chart\'s axis holds every day of the range, across a month end', () => {
    expect(daysIn({ from: '2024-02-27', to: '2024-03-02' })).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  });
});

describe('the change against the period before', () => {
  it('clicks and impressions: relative; better when up', () => {
    expect(deltaOf('clicks', totals(150, 1000), totals(100, 1000))).toEqual({ kind: 'ratio', value: 0.5, better: true });
    expect(deltaOf('impressions', totals(150, 750), totals(100, 1000))).toEqual({ kind: 'ratio', value: -0.25, better: false });
    expect(deltaOf('clicks', totals(100, 900), totals(100, 1000))).toEqual({ kind: 'ratio', value: 0, better: null });
  });
  it('CTR in percentage points; position as a difference, lower is better', () => {
    const ctr = deltaOf('ctr', totals(30, 1000), totals(20, 1000))!;
    expect(ctr.kind).toBe('points');
    expect(ctr.value).toBeCloseTo(0.01, 10);
    expect(ctr.better).toBe(true);
    expect(deltaOf('position', totals(1, 10, 3.5), totals(1, 10, 5))).toEqual({ kind: 'diff', value: -1.5, better: true });
    expect(deltaOf('position', totals(1, 10, 7), totals(1, 10, 5))).toEqual({ kind: 'diff', value: 2, better: false });
  });
  it('nothing to compare with: no delta (never a made-up +100%)', () => {
    expect(deltaOf('clicks', totals(10, 100), totals(0, 0))).toBeNull();
    expect(deltaOf('clicks', totals(10, 100), totals(0, 50))).toBeNull(); // no clicks before: no ratio
    expect(deltaOf('position', totals(0, 0), totals(1, 10, 4))).toBeNull(); // no impressions now: no position
  });
  it('is written with its sign and unit', () => {
    expect(deltaText({ kind: 'ratio', value: 0.254, better: true }, 'en', 'pt')).toBe('+25.4%');
    expect(deltaText({ kind: 'ratio', value: -0.5, better: false }, 'en', 'pt')).toBe('\u221250%');
    expect(deltaText({ kind: 'points', value: 0.004, better: true }, 'en', 'pt')).toBe('+0.4 pt');
    expect(deltaText({ kind: 'diff', value: -1.25, better: true }, 'en', 'pt')).toBe('\u22121.3');
    expect(deltaText({ kind: 'diff', value: 0, better: null }, 'en', 'pt')).toBe('±0.0');
  });
});

describe('formats', () => {
  it('CTR as a percentage, position to one decimal', () => {
    expect(percent(0.0321, 'en')).toBe('3.21%');
    expect(percent(0.5, 'zh-CN')).toBe('50%');
    expect(positionText(3.04, 'en')).toBe('3.0');
    expect(positionText(12.96, 'en')).toBe('13.0');
    expect(positionText(0, 'en')).toBe('-');
  });
});

describe('the chart', () => {
  const colours: ChartColours = { clicks: '#2ea300', impressions: '#722ed1', text: '#000', textSecondary: '#555', border: '#eee', tooltipBg: '#fff', zoomFill: '#efe' };
  const axis = daysIn({ from: '2025-03-01', to: '2025-03-04' });
  const days = [day('2025-03-01', 'google', 10, 100), day('2025-03-03', 'google', 30, 300), day('2025-03-02', 'bing', 4, 40)];
  const option = (engines = enginesOf(days)) =>
    chartOption({ axis, days, engines, colours, name: (e, m) => `${e} ${m}`, measureName: (m) => m, format: String });

  it('draws clicks and impressions per engine with data, on two axes, gaps where a day has none', () => {
    expect(enginesOf(days)).toEqual(['google', 'bing']);
    const series = option().series as { name: string; yAxisIndex: number; data: (number | null)[]; lineStyle: { type: string } }[];
    expect(series.map((s) => s.name)).toEqual(['google clicks', 'google impressions', 'bing clicks', 'bing impressions']);
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 1, 0, 1]);
    expect(series[0].data).toEqual([10, null, 30, null]);
    expect(series[3].data).toEqual([null, 40, null, null]);
    expect(series.map((s) => s.lineStyle.type)).toEqual(['solid', 'solid', 'dashed', 'dashed']);
    expect(seriesOf(days, axis, 'google', 'impressions')).toEqual([100, null, 300, null]);
  });
  it('has tooltip, legend, two value axes and dataZoom (slider and inside)', () => {
    const o = option();
    expect(o.tooltip).toMatchObject({ trigger: 'axis' });
    expect(o.legend).toBeTruthy();
    expect((o.yAxis as unknown[]).length).toBe(2);
    expect((o.dataZoom as { type: string }[]).map((z) => z.type).sort()).toEqual(['inside', 'slider']);
    expect((o.xAxis as { data: string[] }).data).toEqual(axis);
  });
  it('one engine: two lines; its totals are the summary\'s words', () => {
    expect((option(['bing']).series as unknown[]).length).toBe(2);
    expect(chartTotals(days, ['google'])).toEqual({ clicks: 40, impressions: 400 });
    expect(chartTotals(days, ['google', 'bing'])).toEqual({ clicks: 44, impressions: 440 });
  });
});

describe('colours', () => {
  it('reads hex and rgba, and measures WCAG contrast', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255, 1]);
    expect(parseColour('rgba(0, 0, 0, 0.88)')).toEqual([0, 0, 0, 0.88]);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // antd's secondary text on white: 0.65 black, AA
    expect(contrast('rgba(0,0,0,0.65)', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrast('rgba(0,0,0,0.45)', '#ffffff')).toBeLessThan(4.5);
  });
  it('the good / bad colours chosen pass AA on light and dark cards', () => {
    for (const bg of ['#ffffff', '#141414', '#1f1f1f']) {
      expect(contrast(readable(GOOD, bg), bg), `good on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(readable(BAD, bg), bg), `bad on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    // a pale candidate is passed over for a darker one
    expect(readable(['#b7eb8f', '#237804'], '#ffffff')).toBe('#237804');
  });
  it('impressions get a hue apart from the primary colour', () => {
    expect(apartFrom('#2EA300', SECOND)).toBe('#722ed1'); // green primary: purple
    expect(apartFrom('#722ed1', SECOND)).not.toBe('#722ed1');
    expect(apartFrom('#888888', SECOND)).toBe(SECOND[0]); // grey: the first
  });
});

describe('messages', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const get = (o: object, key: string): unknown => key.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)?.[k], o);
  const [zh, en] = [zhMessages, enMessages];
  it('en has exactly the keys of zh, none empty, and none shadows a core key', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const k of keys(en)) expect(String(get(en, k)).trim(), k).not.toBe('');
    const core = new Set(keys(zhCore));
    expect(keys(zh).filter((k) => core.has(k))).toEqual([]);
  });
  it('a count takes its plural form: 1 line, 3 lines in English; one form in Chinese', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, zh: { translation: zh } } });
    const skipped = (count: number, lng: 'en' | 'zh') => i18n.t('searchDashboard.import.skipped', { count, lng });
    expect([skipped(1, 'en'), skipped(3, 'en'), skipped(1, 'zh'), skipped(3, 'zh')]).toEqual(['1 line skipped', '3 lines skipped', '跳过 1 行', '跳过 3 行']);
  });
  it('the same interpolations in both languages', () => {
    const params = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const k of keys(zh)) expect(params(get(en, k)), k).toEqual(params(get(zh, k)));
  });
});
