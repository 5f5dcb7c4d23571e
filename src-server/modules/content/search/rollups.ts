// The top tables (search_top, docs/search-engines.md § "The tables"): per period
// (a day `YYYY-MM-DD`, a month `YYYY-MM`), engine and dimension, the top 500 pages
// and the top 500 queries with their sums (clicks, impressions, position x
// impressions), ranked by clicks then impressions; per website (scope = its id)
// and for the tenant's websites together (scope '').
//
// - A website's rows are rebuilt from search_traffic by whatever replaced its
//   days (the sync), in the same transaction: the days it wrote, and each month
//   once its days in the run are all written.
// - The tenant-wide rows are rebuilt by the `search-rollup` job from the websites'
//   rows of the same period: the periods a sync changed are marked in
//   search_rollup_dirty, and one job per tenant is queued at a time. A page is one
//   website's, so the tenant's top pages are exact; a query shared by websites is
//   summed over the websites where it is in their top 500 of the period.
import { sql, type Queries, type RawBuilder } from '../../../db/data-layer';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import type { JobContext } from '../../../jobs/worker';
import type { TrafficEngine } from '../../../../src-shared/search-engines';
import { TRAFFIC_TOP_N, type TrafficDim } from '../../../../src-shared/search-traffic';
import { monthBounds, monthOf } from './days';
import { SEARCH_ROLLUP_JOB, SEARCH_SYNC_JOB } from './traffic-jobs';

export { SEARCH_ROLLUP_JOB };

/** a rollup job waits this long after it is queued, so the days a sync writes meanwhile join it */
const ROLLUP_DELAY_MS = 1000;
/**
 * While the tenant's syncs are queued or running, the rollup waits (queued again every ROLLUP_DELAY_MS x 2): each
 * sync marks the same days again, and each rebuild of a tenant-wide day sums every website's rows of it. It waits at
 * most this long after the first mark it holds.
 */
const ROLLUP_MAX_WAIT_MS = 300_000;

interface RollupPayload {
  /** when the first of the marks it rebuilds was made (ms) */
  since: number;
}
const DIMS: readonly TrafficDim[] = ['page', 'query'];
const BATCH = 200;

/** the column a dimension ranks */
const column = (dim: TrafficDim) => sql.id(dim);

/**
 * The ranked rows of `source` (a sub-select with columns period, k, clicks, impressions, position_sum already grouped
 * by period and k) inserted as the top `TRAFFIC_TOP_N` of each period.
 */
function insertTop(tenantId: string, scope: string, engine: string, dim: TrafficDim, source: RawBuilder<unknown>) {
  return sql`INSERT INTO search_top (tenant_id, scope, engine, dim, period, key, clicks, impressions, position_sum)
    SELECT ${tenantId}, ${scope}, ${engine}, ${dim}, period, k, clicks, impressions, position_sum FROM (
      SELECT period, k, clicks, impressions, position_sum,
             ROW_NUMBER() OVER (PARTITION BY period ORDER BY clicks DESC, impressions DESC, k) AS rn
        FROM (${source}) g) r
     WHERE rn <= ${TRAFFIC_TOP_N}`;
}

/** Rebuilds a website's day rows of `days` from its traffic rows (in the caller's transaction). */
export async function rebuildSiteDays(trx: Queries, tenantId: string, websiteId: string, engine: TrafficEngine, days: readonly string[]): Promise<void> {
  for (let i = 0; i < days.length; i += BATCH) {
    const part = days.slice(i, i + BATCH);
    await trx.run(sql`DELETE FROM search_top WHERE tenant_id = ${tenantId} AND scope = ${websiteId} AND engine = ${engine} AND dim IN ('page', 'query')
      AND period IN (${sql.join(part)})`);
    for (const dim of DIMS) {
      await trx.run(
        insertTop(tenantId, websiteId, engine, dim, sql`SELECT day AS period, ${column(dim)} AS k, SUM(clicks) AS clicks, SUM(impressions) AS impressions,
            SUM(position * impressions) AS position_sum
          FROM search_traffic WHERE website_info_id = ${websiteId} AND engine = ${engine} AND day IN (${sql.join(part)}) AND ${column(dim)} <> ''
          GROUP BY day, ${column(dim)}`),
      );
    }
  }
}

/** Rebuilds a website's month rows of `months` (`YYYY-MM`) from its traffic rows (in the caller's transaction). */
export async function rebuildSiteMonths(trx: Queries, tenantId: string, websiteId: string, engine: TrafficEngine, months: readonly string[]): Promise<void> {
  for (const month of months) {
    const { first, last } = monthBounds(month);
    await trx.run(sql`DELETE FROM search_top WHERE tenant_id = ${tenantId} AND scope = ${websiteId} AND engine = ${engine} AND dim IN ('page', 'query') AND period = ${month}`);
    for (const dim of DIMS) {
      await trx.run(
        insertTop(tenantId, websiteId, engine, dim, sql`SELECT ${month} AS period, ${column(dim)} AS k, SUM(clicks) AS clicks, SUM(impressions) AS impressions,
            SUM(position * impressions) AS position_sum
          FROM search_traffic WHERE website_info_id = ${websiteId} AND engine = ${engine} AND day >= ${first} AND day <= ${last} AND ${column(dim)} <> ''
          GROUP BY ${column(dim)}`),
      );
    }
  }
}

/** Marks the tenant-wide rows of these periods (days and months) for the rollup job. */
export async function markDirty(trx: Queries, tenantId: string, engine: TrafficEngine, periods: readonly string[]): Promise<void> {
  const unique = [...new Set(periods)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const values = unique.slice(i, i + BATCH).map((p) => sql`(${tenantId}, ${engine}, ${p})`);
    await trx.run(sql`INSERT INTO search_rollup_dirty (tenant_id, engine, period) VALUES ${sql.join(values)} ON CONFLICT (tenant_id, engine, period) DO NOTHING`);
  }
}

/** the months of `days` */
export const monthsOf = (days: readonly string[]): string[] => [...new Set(days.map(monthOf))].sort();

/**
 * Queues the tenant's rollup job unless one is queued already (coalesced: a job running now does not count, since
 * it may have read the dirty rows before these were marked). In the caller's transaction, under the tenant's lock.
 */
export async function queueRollup(trx: Queries, jobs: Jobs, tenantId: string, now: number, since = now): Promise<void> {
  await trx.run(trx.dialect.transactionLock(`${SEARCH_ROLLUP_JOB}:${tenantId}`));
  const queued = await trx.get(sql`SELECT id FROM job WHERE tenant_id = ${tenantId} AND state = 'queued' AND kind = ${SEARCH_ROLLUP_JOB}`);
  if (queued) return;
  await jobs.queue.enqueue(trx, { kind: SEARCH_ROLLUP_JOB, tenantId, payload: { since } satisfies RollupPayload, runAt: now + ROLLUP_DELAY_MS, maxAttempts: 5 });
}

/**
 * Rebuilds the tenant-wide rows of one period from its websites' rows of it (in the caller's transaction), those of
 * websites removed since included (their traffic was the tenant's). Each website's rows are a seek of the key.
 */
export async function rebuildTenantPeriod(trx: Queries, tenantId: string, engine: TrafficEngine, period: string): Promise<void> {
  await trx.run(sql`DELETE FROM search_top WHERE tenant_id = ${tenantId} AND scope = '' AND engine = ${engine} AND dim IN ('page', 'query') AND period = ${period}`);
  for (const dim of DIMS) {
    await trx.run(
      insertTop(tenantId, '', engine, dim, sql`SELECT period, key AS k, SUM(clicks) AS clicks, SUM(impressions) AS impressions, SUM(position_sum) AS position_sum
        FROM search_top WHERE tenant_id = ${tenantId} AND scope IN (SELECT id FROM website_info WHERE tenant_id = ${tenantId})
          AND engine = ${engine} AND dim = ${dim} AND period = ${period}
        GROUP BY period, key`),
    );
  }
}

/**
 * The `search-rollup` job of a tenant: rebuilds each period marked dirty, the mark removed in the period's own
 * transaction (a sync marking it again meanwhile queues the next job). Run twice, it rebuilds the same rows. While
 * the tenant's syncs are at work it queues itself again instead (at most ROLLUP_MAX_WAIT_MS).
 */
export function rollupHandler(data: Queries, jobs: Jobs, clock: () => number) {
  return async (job: Job, ctx: JobContext): Promise<void> => {
    const tenantId = job.tenantId;
    const now = clock();
    const since = Number((job.payload as Partial<RollupPayload> | null)?.since ?? now);
    const syncing = await data.get(sql`SELECT id FROM job WHERE tenant_id = ${tenantId} AND state IN ('queued', 'running') AND kind = ${SEARCH_SYNC_JOB}`);
    if (syncing && now - since < ROLLUP_MAX_WAIT_MS) {
      await data.transaction((trx) => queueRollup(trx, jobs, tenantId, now + ROLLUP_DELAY_MS, since));
      ctx.progress({ waiting: SEARCH_SYNC_JOB });
      return;
    }
    let done = 0;
    for (;;) {
      ctx.signal.throwIfAborted();
      const dirty = await data.all(sql<{ engine: TrafficEngine; period: string }>`SELECT engine, period FROM search_rollup_dirty WHERE tenant_id = ${tenantId}
        ORDER BY period, engine LIMIT 100`);
      if (dirty.length === 0) break;
      for (const { engine, period } of dirty) {
        ctx.signal.throwIfAborted();
        await data.transaction(async (trx) => {
          await trx.run(trx.dialect.transactionLock(`${SEARCH_ROLLUP_JOB}:${tenantId}:${engine}:${period}`));
          const taken = await trx.run(sql`DELETE FROM search_rollup_dirty WHERE tenant_id = ${tenantId} AND engine = ${engine} AND period = ${period}`);
          if (taken === 1) await rebuildTenantPeriod(trx, tenantId, engine, period);
        });
        done++;
      }
      ctx.progress({ periods: done });
    }
    ctx.progress({ periods: done });
  };
}
