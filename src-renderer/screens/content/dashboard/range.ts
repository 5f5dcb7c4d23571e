// The site dashboard's date ranges and the change of a measure against the period
// before: pure helpers (no React, no antd), unit-tested in
// tests/unit/renderer/search-dashboard.test.ts.
import dayjs, { type Dayjs } from 'dayjs';
import type { TrafficDay, TrafficEngine, TrafficTotals } from '../../../../src-shared/search-engines';
import { FIRST_SYNC_MONTHS } from '../../../../src-shared/search-engines';

/** Search Console's own choices: the last 7 days, 28 days, 3 months and 16 months (all it keeps), or a custom range. */
export type RangePreset = '7d' | '28d' | '3m' | '16m' | 'custom';
export const RANGE_PRESETS: readonly Exclude<RangePreset, 'custom'>[] = ['7d', '28d', '3m', '16m'];
/** Search Console's default */
export const DEFAULT_PRESET: RangePreset = '28d';

export interface DayRange {
  /** first day, YYYY-MM-DD (inclusive) */
  from: string;
  /** last day, YYYY-MM-DD (inclusive) */
  to: string;
}

const DAY = 'YYYY-MM-DD';

/** The range a preset names, ending on `today` (inclusive). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: Dayjs): DayRange {
  const to = today.startOf('day');
  const from =
    preset === '7d' ? to.subtract(6, 'day')
    : preset === '28d' ? to.subtract(27, 'day')
    : preset === '3m' ? to.subtract(3, 'month').add(1, 'day')
    : to.subtract(FIRST_SYNC_MONTHS, 'month').add(1, 'day');
  return { from: from.format(DAY), to: to.format(DAY) };
}

/**
 * Whether a custom range is one the server takes: both days real, from <= to, and `to` at most 16 months after
 * `from` (the same day of the month 16 months on, the month's last day when it has fewer: the server's rule).
 */
export function rangeAllowed(from: Dayjs, to: Dayjs): boolean {
  return from.isValid() && to.isValid() && !from.isAfter(to, 'day') && !to.isAfter(from.add(FIRST_SYNC_MONTHS, 'month'), 'day');
}

/** The number of days of a range (inclusive). */
export function daysOf(range: DayRange): number {
  return dayjs(range.to).diff(dayjs(range.from), 'day') + 1;
}

/** Every day of a range, ascending (the chart's axis: a day without data stays a gap, not a zero). */
export function daysIn(range: DayRange): string[] {
  const out: string[] = [];
  const last = dayjs(range.to);
  for (let d = dayjs(range.from); !d.isAfter(last, 'day'); d = d.add(1, 'day')) out.push(d.format(DAY));
  return out;
}

export type Measure = keyof TrafficTotals;
export const MEASURES: readonly Measure[] = ['clicks', 'impressions', 'ctr', 'position'];

/**
 * A measure's change against the period before:
 * - clicks, impressions: relative (`ratio`, 0.25 = +25 %);
 * - CTR: in percentage points (`points`, 0.004 = +0.4 pt);
 * - position: the difference of the averages (`diff`; lower is better).
 * `better` says whether the change is good for the site (null when unchanged).
 * null when the period before has no data to compare with.
 */
export interface Delta {
  kind: 'ratio' | 'points' | 'diff';
  value: number;
  better: boolean | null;
}

export function deltaOf(measure: Measure, current: TrafficTotals, previous: TrafficTotals): Delta | null {
  // nothing shown in the period before (no impressions, so no CTR or position either)
  if (previous.impressions === 0 && previous.clicks === 0) return null;
  if (measure === 'clicks' || measure === 'impressions') {
    const before = previous[measure];
    if (before === 0) return null;
    const value = (current[measure] - before) / before;
    return { kind: 'ratio', value, better: value === 0 ? null : value > 0 };
  }
  if (measure === 'ctr') {
    const value = current.ctr - previous.ctr;
    return { kind: 'points', value, better: value === 0 ? null : value > 0 };
  }
  // a position is meaningful only with impressions in both periods
  if (current.impressions === 0 || previous.position === 0) return null;
  const value = current.position - previous.position;
  return { kind: 'diff', value, better: value === 0 ? null : value < 0 };
}

/** CTR (0..1) as a percentage with two decimals at most: 0.0321 -> "3.21%". */
export function percent(ctr: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(ctr);
}

/** An average position to one decimal: 3.04 -> "3.0"; none (0) -> "-". */
export function positionText(position: number, locale: string): string {
  return position > 0 ? new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(position) : '-';
}

/** A delta as the cards show it: "+25%", "-0.4 pt", "+1.2"; `points` is the word for percentage points. */
export function deltaText(delta: Delta, locale: string, points: string): string {
  const sign = delta.value > 0 ? '+' : delta.value < 0 ? '\u2212' : '±';
  const abs = Math.abs(delta.value);
  if (delta.kind === 'ratio') return `${sign}${new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(abs)}`;
  if (delta.kind === 'points') return `${sign}${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(abs * 100)} ${points}`;
  return `${sign}${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(abs)}`;
}

/** The engines that have data in the days, in the fixed order (Google, Bing). */
export function enginesOf(days: readonly TrafficDay[]): TrafficEngine[] {
  const seen = new Set(days.map((d) => d.engine));
  return (['google', 'bing'] as const).filter((e) => seen.has(e));
}

/**
 * One engine's values of a measure on every day of the axis: null where the engine has no row that day
 * (a gap in the line, never a made-up zero).
 */
export function seriesOf(days: readonly TrafficDay[], axis: readonly string[], engine: TrafficEngine, measure: 'clicks' | 'impressions'): (number | null)[] {
  const byDay = new Map<string, number>();
  for (const d of days) if (d.engine === engine) byDay.set(d.day, d[measure]);
  return axis.map((day) => byDay.get(day) ?? null);
}
