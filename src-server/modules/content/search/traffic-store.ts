// Writing what an engine showed (docs/search-engines.md § "Reading back"): a
// website's days are replaced whole (their search_traffic rows and their
// search_daily totals deleted and written again in the caller's transaction), and
// the tenant's totals of those days (search_daily_all) are summed again from
// search_daily. Everything that writes search_daily comes through here: the sync,
// the CSV import and the dashboard's import of day totals.
import { sql, type Queries } from '../../../db/data-layer';
import type { TrafficEngine } from '../../../../src-shared/search-engines';

/** one row of an engine's traffic: a page and a query of a day (Bing: page '' for its query rows, query '' for its page rows) */
export interface TrafficRow {
  day: string;
  page: string;
  query: string;
  clicks: number;
  impressions: number;
  /** the engine's average position of the row */
  position: number;
}

/** an engine's own totals of a day */
export interface DayTotal {
  day: string;
  clicks: number;
  impressions: number;
  /** position x impressions, summed */
  positionSum: number;
  /** the impressions whose position is known (positionSum's weight): 0 for a day imported without a position */
  positionImpressions: number;
}

/** rows per INSERT: one statement text (prepared once), 9 parameters a row, far below either engine's limit */
const INSERT_BATCH = 500;
/** days per IN list */
const DAY_BATCH = 200;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** whole numbers of clicks and impressions, a finite position (an engine's answer is not trusted blindly) */
const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
const real = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);

/** the lock of one website's traffic of one engine: two writers of its days (a sync and 立即同步's) take turns */
export const trafficLock = (websiteId: string, engine: string): string => `search-traffic:${websiteId}:${engine}`;

/**
 * Replaces `days` of a website's traffic at `engine`, in `trx` (the caller's transaction): each day's rows and its
 * totals are deleted and `rows` / `totals` (of those days only) written; a day without rows or totals is left empty.
 * Then the tenant's totals of those days are summed again.
 */
export async function replaceDays(
  trx: Queries,
  o: { tenantId: string; websiteId: string; engine: TrafficEngine; days: readonly string[]; rows: readonly TrafficRow[]; totals: readonly DayTotal[] },
): Promise<void> {
  if (o.days.length === 0) return;
  await trx.run(trx.dialect.transactionLock(trafficLock(o.websiteId, o.engine)));
  for (const part of chunks(o.days, DAY_BATCH)) {
    await trx.run(sql`DELETE FROM search_traffic WHERE website_info_id = ${o.websiteId} AND engine = ${o.engine} AND day IN (${sql.join(part)})`);
    await trx.run(sql`DELETE FROM search_daily WHERE website_info_id = ${o.websiteId} AND engine = ${o.engine} AND tenant_id = ${o.tenantId} AND day IN (${sql.join(part)})`);
  }
  const wanted = new Set(o.days);
  const rows = o.rows.filter((r) => wanted.has(r.day));
  for (const part of chunks(rows, INSERT_BATCH)) {
    const values = part.map(
      (r) => sql`(${o.tenantId}, ${o.websiteId}, ${o.engine}, ${r.day}, ${r.page}, ${r.query}, ${count(r.clicks)}, ${count(r.impressions)}, ${real(r.position)})`,
    );
    await trx.run(sql`INSERT INTO search_traffic (tenant_id, website_info_id, engine, day, page, query, clicks, impressions, position) VALUES ${sql.join(values)}`);
  }
  await writeTotals(trx, o.tenantId, o.websiteId, o.engine, o.totals.filter((t) => wanted.has(t.day)));
  await refreshTenantDays(trx, o.tenantId, o.engine, o.days);
}

/** writes day totals of a website (each day's row replaced), without touching search_daily_all */
async function writeTotals(trx: Queries, tenantId: string, websiteId: string, engine: TrafficEngine, totals: readonly DayTotal[]): Promise<void> {
  for (const part of chunks(totals, INSERT_BATCH)) {
    const values = part.map(
      (t) => sql`(${tenantId}, ${websiteId}, ${engine}, ${t.day}, ${count(t.clicks)}, ${count(t.impressions)}, ${real(t.positionSum)}, ${Math.min(count(t.positionImpressions), count(t.impressions))})`,
    );
    await trx.run(sql`INSERT INTO search_daily (tenant_id, website_info_id, engine, day, clicks, impressions, position_sum, position_impressions) VALUES ${sql.join(values)}
      ON CONFLICT (website_info_id, engine, day, tenant_id) DO UPDATE SET clicks = excluded.clicks, impressions = excluded.impressions,
        position_sum = excluded.position_sum, position_impressions = excluded.position_impressions`);
  }
}

/**
 * Writes day totals of a website (websiteId '' for none: the dashboard's import of day totals), each replacing that
 * day's row, and sums the tenant's days again. The rows of search_traffic are left alone (an import has none).
 */
export async function writeDayTotals(trx: Queries, tenantId: string, websiteId: string, engine: TrafficEngine, totals: readonly DayTotal[]): Promise<void> {
  if (totals.length === 0) return;
  await trx.run(trx.dialect.transactionLock(trafficLock(websiteId || `tenant:${tenantId}`, engine)));
  await writeTotals(trx, tenantId, websiteId, engine, totals);
  await refreshTenantDays(trx, tenantId, engine, [...new Set(totals.map((t) => t.day))]);
}

/**
 * The tenant's totals of `days` at `engine` (search_daily_all) summed again from search_daily. Under the tenant's lock
 * (held to the end of the caller's transaction): two websites' syncs summing the same day take turns, the second
 * reading what the first wrote.
 */
export async function refreshTenantDays(trx: Queries, tenantId: string, engine: TrafficEngine, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  await trx.run(trx.dialect.transactionLock(`search-daily-all:${tenantId}:${engine}`));
  for (const part of chunks([...new Set(days)], DAY_BATCH)) {
    await trx.run(sql`DELETE FROM search_daily_all WHERE tenant_id = ${tenantId} AND engine = ${engine} AND day IN (${sql.join(part)})`);
    await trx.run(sql`INSERT INTO search_daily_all (tenant_id, engine, day, clicks, impressions, position_sum, position_impressions)
      SELECT tenant_id, engine, day, SUM(clicks), SUM(impressions), SUM(position_sum), SUM(position_impressions) FROM search_daily
       WHERE tenant_id = ${tenantId} AND engine = ${engine} AND day IN (${sql.join(part)})
       GROUP BY tenant_id, engine, day`);
  }
}
