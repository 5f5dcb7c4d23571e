// The site dashboard's queries (docs/search-engines.md § "The dashboard"):
// - the totals and the daily series of a range, from the engines' own day totals (search_daily for one website,
//   search_daily_all for the tenant's websites together): one row per day and engine, whatever the traffic;
// - the top pages and queries of a range, from search_top: the range's whole months from the month rows, the days at
//   its edges from the day rows (or their month's row, when the month has no days with data outside the range: the
//   month so far, for a range ending today), grouped by key, sorted and paged in the database. At most
//   (months + edge days) x 500 rows per engine are read, however many rows search_traffic holds.
import { sql, type Queries, type RawBuilder } from '../../../db/data-layer';
import type { TrafficDay, TrafficEngine, TrafficSort, TrafficTopRow, TrafficTotals } from '../../../../src-shared/search-engines';
import type { TrafficDim, TrafficOrder, TrafficSummary } from '../../../../src-shared/search-traffic';
import { addDays, daysBetween, monthBounds, monthPieces, splitRange } from './days';

/** a range of the dashboard: the tenant's, of some engines, of one website or ('') all */
export interface TrafficRange {
  tenantId: string;
  from: string;
  to: string;
  engines: readonly TrafficEngine[];
  websiteId: string;
}

interface SumRow {
  clicks: number | null;
  impressions: number | null;
  position_sum: number | null;
  /** the impressions whose position is known (day totals); the top tables' rows always carry one: their impressions */
  position_impressions?: number | null;
}

/** totals from sums: CTR and the position weighted by the impressions that have one */
export function totalsOf(r: SumRow): TrafficTotals {
  const clicks = Number(r.clicks ?? 0);
  const impressions = Number(r.impressions ?? 0);
  const positionSum = Number(r.position_sum ?? 0);
  const weight = r.position_impressions === undefined ? impressions : Number(r.position_impressions ?? 0);
  return { clicks, impressions, ctr: impressions > 0 ? clicks / impressions : 0, position: weight > 0 ? positionSum / weight : 0 };
}

/** the day totals of a range: the website's own rows, or the tenant's sums */
function dailyRows(q: Queries, r: TrafficRange, from: string, to: string) {
  if (r.websiteId) {
    return q.all(sql<SumRow & { day: string; engine: TrafficEngine }>`SELECT day, engine, clicks, impressions, position_sum, position_impressions FROM search_daily
      WHERE website_info_id = ${r.websiteId} AND engine IN (${sql.join([...r.engines])}) AND day >= ${from} AND day <= ${to} AND tenant_id = ${r.tenantId}
      ORDER BY day, engine`);
  }
  return q.all(sql<SumRow & { day: string; engine: TrafficEngine }>`SELECT day, engine, clicks, impressions, position_sum, position_impressions FROM search_daily_all
    WHERE tenant_id = ${r.tenantId} AND engine IN (${sql.join([...r.engines])}) AND day >= ${from} AND day <= ${to}
    ORDER BY day, engine`);
}

const add = (rows: SumRow[]): SumRow =>
  rows.reduce<{ clicks: number; impressions: number; position_sum: number; position_impressions: number }>(
    (s, r) => ({
      clicks: s.clicks + Number(r.clicks ?? 0),
      impressions: s.impressions + Number(r.impressions ?? 0),
      position_sum: s.position_sum + Number(r.position_sum ?? 0),
      position_impressions: s.position_impressions + Number(r.position_impressions ?? 0),
    }),
    { clicks: 0, impressions: 0, position_sum: 0, position_impressions: 0 },
  );

/** The range's totals, those of the same number of days just before it, and its days (per day and engine). */
export async function summaryOf(q: Queries, r: TrafficRange): Promise<TrafficSummary> {
  const n = daysBetween(r.from, r.to);
  const previousTo = addDays(r.from, -1);
  const previousFrom = addDays(r.from, -n);
  const [rows, before] = [await dailyRows(q, r, r.from, r.to), await dailyRows(q, r, previousFrom, previousTo)];
  const days: TrafficDay[] = rows
    .filter((d) => Number(d.clicks) > 0 || Number(d.impressions) > 0)
    .map((d) => ({ day: d.day, engine: d.engine, ...totalsOf(d) }));
  return { from: r.from, to: r.to, totals: totalsOf(add(rows)), previous: totalsOf(add(before)), previousFrom, previousTo, days };
}

/** what a top table is sorted by */
function sortExpr(sort: TrafficSort): RawBuilder<unknown> {
  switch (sort) {
    case 'impressions':
      return sql`SUM(impressions)`;
    case 'ctr':
      return sql`COALESCE(SUM(clicks) * 1.0 / NULLIF(SUM(impressions), 0), 0)`;
    case 'position':
      return sql`COALESCE(SUM(position_sum) * 1.0 / NULLIF(SUM(impressions), 0), 0)`;
    default:
      return sql`SUM(clicks)`;
  }
}

/**
 * The periods of search_top a range reads: its whole months, and per month it holds in part, that month's row when
 * the month has no day rows outside the range (the days after today, before the first day synced: the month's row
 * then sums exactly the range's days), else the range's days of it.
 */
async function periodsOf(q: Queries, r: TrafficRange, dim: TrafficDim): Promise<{ months: string[]; days: [string, string][] }> {
  const { months, edges } = splitRange(r.from, r.to);
  const days: [string, string][] = [];
  for (const [from, to] of edges) {
    for (const [month, a, b] of monthPieces(from, to)) {
      const { first, last } = monthBounds(month);
      // two seeks (an OR of the two ranges would make SQLite read the scope's every period)
      const has = async (x: string, y: string) =>
        first <= y && x <= last && x <= y
          ? Boolean(await q.get(sql`SELECT 1 AS found FROM search_top WHERE ${scopeOf(r, dim)} AND period >= ${x} AND period <= ${y} AND LENGTH(period) = 10 LIMIT 1`))
          : false;
      const outside = a > first ? await has(first, addDays(a, -1)) : false;
      if (outside || (b < last && (await has(addDays(b, 1), last)))) days.push([a, b]);
      else months.push(month);
    }
  }
  return { months, days };
}

/** the rows of a range's scope: the tenant's, the website's (or the tenant-wide ones), of the engines, of a dimension */
const scopeOf = (r: TrafficRange, dim: TrafficDim) =>
  sql`tenant_id = ${r.tenantId} AND scope = ${r.websiteId} AND engine IN (${sql.join([...r.engines])}) AND dim = ${dim}`;

/** the search_top rows of these periods */
function topRows(r: TrafficRange, dim: TrafficDim, periods: { months: string[]; days: [string, string][] }): RawBuilder<unknown> {
  const base = scopeOf(r, dim);
  const parts: RawBuilder<unknown>[] = [];
  if (periods.months.length > 0) {
    parts.push(sql`SELECT key, clicks, impressions, position_sum FROM search_top WHERE ${base} AND period IN (${sql.join(periods.months)})`);
  }
  for (const [a, b] of periods.days) {
    // a month's row (`YYYY-MM`) may sort between two days of the range: only the days' rows
    parts.push(sql`SELECT key, clicks, impressions, position_sum FROM search_top WHERE ${base} AND period >= ${a} AND period <= ${b} AND LENGTH(period) = 10`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** A page of the range's top pages or queries, grouped by key, sorted (then by clicks, then by key), and their count. */
export async function topOf(
  q: Queries,
  r: TrafficRange,
  o: { dim: TrafficDim; sort: TrafficSort; order: TrafficOrder; offset: number; size: number },
): Promise<{ records: TrafficTopRow[]; total: number }> {
  const dir = o.order === 'asc' ? sql`ASC` : sql`DESC`;
  const periods = await periodsOf(q, r, o.dim);
  const rows = await q.all(sql<SumRow & { key: string; total: number }>`SELECT key, SUM(clicks) AS clicks, SUM(impressions) AS impressions,
      SUM(position_sum) AS position_sum, COUNT(*) OVER () AS total
    FROM (${topRows(r, o.dim, periods)}) t
    GROUP BY key
    ORDER BY ${sortExpr(o.sort)} ${dir}, SUM(clicks) DESC, key
    LIMIT ${o.size} OFFSET ${o.offset}`);
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && o.offset > 0) {
    total = Number((await q.get(sql<{ n: number }>`SELECT COUNT(DISTINCT key) AS n FROM (${topRows(r, o.dim, periods)}) t`))?.n ?? 0);
  }
  return { records: rows.map((row) => ({ key: row.key, ...totalsOf(row) })), total };
}
