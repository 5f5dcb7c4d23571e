// The reading-back part's routes and jobs (issue 36 items 3-4): the site
// dashboard's queries (summary, top pages / queries; access 数据看板), the spec's
// dashboard endpoints reading search_daily (google-total, google, import), 立即同步,
// the Search Console CSV import, and the `search-sync` / `search-rollup` jobs with
// the daily schedule.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { ok, ServiceError, status } from '../../../http/reply';
import { pageOf } from '../../../http/paging';
import { readerLanguage } from '../../../http/reasons';
import { messageText, type Message } from '../../../../src-shared/messages';
import { sql } from '../../../db/data-layer';
import { TRAFFIC_ENGINES, type TrafficEngine, type TrafficSort } from '../../../../src-shared/search-engines';
import { TRAFFIC_API, TRAFFIC_MAX_MONTHS, TRAFFIC_TOP_MAX_SIZE, type TrafficDim, type TrafficOrder, type TrafficTopPage } from '../../../../src-shared/search-traffic';
import type { ContentContext } from '../shared/context';
import { bodyOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { addMonths, isDay } from './days';
import { rollupHandler, SEARCH_ROLLUP_JOB } from './rollups';
import { TrafficSync } from './sync';
import { SyncSchedule, syncNow } from './sync-schedule';
import { registerTrafficImport } from './traffic-import';
import { summaryOf, topOf, type TrafficRange } from './traffic-queries';
import { writeDayTotals, type DayTotal } from './traffic-store';

const SORTS: readonly TrafficSort[] = ['clicks', 'impressions', 'ctr', 'position'];

/** The messages of the dashboard's checks (the form shows the same). */
export const TRAFFIC_MSG = {
  range: 'searchTraffic.range',
  from: 'searchTraffic.from',
  to: 'searchTraffic.to',
  order: 'searchTraffic.order',
  long: { key: 'searchTraffic.long', params: { months: TRAFFIC_MAX_MONTHS } } satisfies Message,
  engine: 'searchTraffic.engine',
  dim: 'searchTraffic.dim',
  sort: 'searchTraffic.sort',
  direction: 'searchTraffic.direction',
  website: 'searchTraffic.website',
} as const;

export function registerTrafficRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data } = ctx;
  new TrafficSync(data, ctx.box, ctx.clock, ctx.jobs).register();
  ctx.jobs.handle(SEARCH_ROLLUP_JOB, rollupHandler(data, ctx.jobs, ctx.clock));
  const schedule = new SyncSchedule(data, ctx.clock, ctx.jobs);
  schedule.start();
  api.addHook('onClose', async () => schedule.stop());

  /** a live website of the tenant, or the 400 */
  const website = async (tenantId: string, id: string): Promise<string> => {
    if (!id) return '';
    const row = await data.get(sql`SELECT id FROM website_info WHERE id = ${id} AND tenant_id = ${tenantId} AND is_deleted = 0`);
    if (!row) throw new ServiceError(TRAFFIC_MSG.website);
    return id;
  };

  /** the dashboard's filter, checked */
  const rangeOf = async (request: FastifyRequest): Promise<TrafficRange> => {
    const q = queryOf(request);
    const from = str(q.from).trim();
    const to = str(q.to).trim();
    if (!from || !to) throw new ServiceError(TRAFFIC_MSG.range);
    if (!isDay(from)) throw new ServiceError(TRAFFIC_MSG.from);
    if (!isDay(to)) throw new ServiceError(TRAFFIC_MSG.to);
    if (from > to) throw new ServiceError(TRAFFIC_MSG.order);
    if (to > addMonths(from, TRAFFIC_MAX_MONTHS)) throw new ServiceError(TRAFFIC_MSG.long);
    const engine = str(q.engine).trim();
    if (engine && !TRAFFIC_ENGINES.includes(engine as TrafficEngine)) throw new ServiceError(TRAFFIC_MSG.engine);
    const { tenantId } = scopeOf(request);
    return { tenantId, from, to, engines: engine ? [engine as TrafficEngine] : TRAFFIC_ENGINES, websiteId: await website(tenantId, str(q.websiteInfoId).trim()) };
  };

  api.get(TRAFFIC_API.summary, allow(menu('siteDashboard')), async (request) => ok(await summaryOf(data, await rangeOf(request))));

  api.get(TRAFFIC_API.top, allow(menu('siteDashboard')), async (request) => {
    const q = queryOf(request);
    const dim = str(q.dim).trim();
    if (dim !== 'page' && dim !== 'query') throw new ServiceError(TRAFFIC_MSG.dim);
    const sort = (str(q.sort).trim() || 'clicks') as TrafficSort;
    if (!SORTS.includes(sort)) throw new ServiceError(TRAFFIC_MSG.sort);
    const order = (str(q.order).trim() || 'desc') as TrafficOrder;
    if (order !== 'asc' && order !== 'desc') throw new ServiceError(TRAFFIC_MSG.direction);
    const range = await rangeOf(request);
    const page = pageOf(request, TRAFFIC_TOP_MAX_SIZE);
    const { records, total } = await topOf(data, range, { dim: dim as TrafficDim, sort, order, offset: page.offset, size: page.size });
    return ok({ records, total, current: page.current, size: page.size } satisfies TrafficTopPage);
  });

  // 立即同步: the website's usable engines queued now
  api.post(TRAFFIC_API.sync, allow(menuButton('searchEngine', 'searchEngine_sync')), async (request) => {
    const { tenantId } = scopeOf(request);
    const id = str(queryOf(request).id).trim() || str(bodyOf(request).id).trim();
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    const language = readerLanguage(request);
    const r = await syncNow({ data, jobs: ctx.jobs, box: ctx.box, clock: ctx.clock, tenantId, websiteId: id, language });
    return ok(r, messageText(r.running ? 'searchSync.running' : 'searchSync.started', language));
  });

  registerTrafficImport(api, ctx);

  // ---- the spec's dashboard endpoints (content-area.md § Dashboard), from the engines' day totals
  api.get('/seo-blade-deploy/dashboard/google-total', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    const r = await data.get(sql<{ clicks: number | null; impressions: number | null }>`SELECT SUM(clicks) AS clicks, SUM(impressions) AS impressions
      FROM search_daily_all WHERE tenant_id = ${tenantId} AND engine = 'google'`);
    const sites = await data.get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM website_info WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
    return ok({ clicks: Number(r?.clicks ?? 0), impressions: Number(r?.impressions ?? 0), websiteTotal: Number(sites?.n ?? 0) });
  });
  api.post('/seo-blade-deploy/dashboard/google', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    const b = bodyOf(request);
    const from = str(b.startTime).slice(0, 10) || '0000-00-00';
    const to = str(b.endTime).slice(0, 10) || '9999-99-99';
    const site = str(b.websiteInfoId).trim();
    const rows = site
      ? await data.all(sql<Rec>`SELECT day, clicks, impressions FROM search_daily
          WHERE website_info_id = ${site} AND engine = 'google' AND day >= ${from} AND day <= ${to} AND tenant_id = ${tenantId} ORDER BY day`)
      : await data.all(sql<Rec>`SELECT day, clicks, impressions FROM search_daily_all
          WHERE tenant_id = ${tenantId} AND engine = 'google' AND day >= ${from} AND day <= ${to} ORDER BY day`);
    return ok(rows.map((r) => ({ day: r.day, clicks: Number(r.clicks), impressions: Number(r.impressions) })));
  });
  // rows of day totals ({day, clicks, impressions, websiteInfoId?, engine?}): each replaces that day's row
  api.post('/seo-blade-deploy/dashboard/import', allow(menu('siteDashboard')), async (request) => {
    const { tenantId } = scopeOf(request);
    const rows = bodyOf(request).rows;
    if (!Array.isArray(rows) || rows.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const groups = new Map<string, { websiteId: string; engine: TrafficEngine; days: Map<string, DayTotal> }>();
    for (const raw of rows as Rec[]) {
      const day = str(raw?.day);
      const clicks = Number(raw?.clicks ?? 0);
      const impressions = Number(raw?.impressions ?? 0);
      const engine = (str(raw?.engine) || 'google') as TrafficEngine;
      // a row may give the day's average position; without one its impressions do not weigh on the average
      const position = raw?.position === undefined || raw?.position === null || raw?.position === '' ? 0 : Number(raw.position);
      if (!isDay(day) || !Number.isInteger(clicks) || !Number.isInteger(impressions) || clicks < 0 || impressions < 0 || !TRAFFIC_ENGINES.includes(engine) || !Number.isFinite(position) || position < 0) {
        throw new ServiceError({ key: 'common.badFormat', params: { name: 'rows' } });
      }
      const websiteId = await website(tenantId, str(raw.websiteInfoId).trim());
      const key = `${websiteId}\u0000${engine}`;
      const g = groups.get(key) ?? { websiteId, engine, days: new Map<string, DayTotal>() };
      g.days.set(day, { day, clicks, impressions, positionSum: position * impressions, positionImpressions: position > 0 ? impressions : 0 });
      groups.set(key, g);
    }
    await data.transaction(async (trx) => {
      for (const g of groups.values()) await writeDayTotals(trx, tenantId, g.websiteId, g.engine, [...g.days.values()]);
    });
    return status(true);
  });
}
