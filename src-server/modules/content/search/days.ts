// Calendar days as the traffic tables hold them: `YYYY-MM-DD` text (a month
// `YYYY-MM`), counted in UTC so a day is always 24 hours. "Today" is the server's
// local date (the day the clock's local time falls on), as every other date the
// console shows.
import { formatDateTime } from '../../../util/dates';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** whether `text` is a real calendar day `YYYY-MM-DD` */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === text;
}

const msOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** the server's local date at `ms` */
export const localDay = (ms: number): string => formatDateTime(ms).slice(0, 10);

export const addDays = (day: string, n: number): string => dayOf(msOf(day) + n * DAY_MS);

/** the same day of the month `n` months later (earlier when negative), the month's last day when it has fewer */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** days from `from` to `to`, both included */
export const daysBetween = (from: string, to: string): number => Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1;

/** every day from `from` to `to`, both included */
export function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = msOf(from), end = msOf(to); t <= end; t += DAY_MS) out.push(dayOf(t));
  return out;
}

export const monthOf = (day: string): string => day.slice(0, 7);

/** the first and last day of a month `YYYY-MM` */
export function monthBounds(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/**
 * A range as its whole months and the days at its edges: what the top tables read (a month's rows where the
 * range holds the whole month, the days' rows for the rest).
 */
export function splitRange(from: string, to: string): { months: string[]; edges: [string, string][] } {
  const months: string[] = [];
  let firstWhole = '';
  let lastWhole = '';
  for (let m = monthOf(from); m <= monthOf(to); m = monthOf(addMonths(`${m}-01`, 1))) {
    const { first, last } = monthBounds(m);
    if (first >= from && last <= to) {
      months.push(m);
      firstWhole ||= first;
      lastWhole = last;
    }
  }
  if (months.length === 0) return { months, edges: [[from, to]] };
  const edges: [string, string][] = [];
  if (from < firstWhole) edges.push([from, addDays(firstWhole, -1)]);
  if (lastWhole < to) edges.push([addDays(lastWhole, 1), to]);
  return { months, edges };
}

/** the pieces of [from, to] in each month it touches: [month, first day, last day] */
export function monthPieces(from: string, to: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (let m = monthOf(from); m <= monthOf(to); m = monthOf(addMonths(`${m}-01`, 1))) {
    const { first, last } = monthBounds(m);
    out.push([m, first > from ? first : from, last < to ? last : to]);
  }
  return out;
}
