// What the 搜索引擎 screen and the website list show of each website's search
// engines, read for one page of websites at a time: one grouped query per table
// (search_url, search_announce, search_sync, search_daily, search_site), never a
// query per row. The announcer and the sync write those tables; this only reads.
import { sql, type Queries } from '../../../db/data-layer';
import {
  ANNOUNCE_ENGINES,
  TRAFFIC_ENGINES,
  URL_STATES,
  type AnnounceEngine,
  type AnnounceKind,
  type AnnounceState,
  type SearchSiteStats,
  type SiteSearchSummary,
  type ConnectionState,
  type SyncState,
  type TrafficEngine,
  type UrlCounts,
  type UrlState,
} from '../../../../src-shared/search-engines';
import type { ReplyLanguage } from '../../../../src-shared/messages';
import { reasonText } from '../../../../src-shared/messages/stored';

/** the days "the last 7 days" covers: today and the 6 before (UTC days, as the engines' days are dates) */
export const CLICK_DAYS = 7;

/** the first day of the last `days` days ending on the day of `now` (YYYY-MM-DD) */
export function firstDayOf(now: number, days = CLICK_DAYS): string {
  return new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

const noCounts = (): UrlCounts => Object.fromEntries(URL_STATES.map((s) => [s, 0])) as UrlCounts;

/** clicks of the last 7 days per website (every engine) */
export async function recentClicks(q: Queries, ids: readonly string[], now: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ids.length === 0) return out;
  const rows = await q.all(sql<{ id: string; clicks: number | string | null }>`SELECT website_info_id AS id, SUM(clicks) AS clicks FROM search_daily
      WHERE website_info_id IN (${sql.join([...ids])}) AND day >= ${firstDayOf(now)} GROUP BY website_info_id`);
  for (const r of rows) out.set(r.id, Number(r.clicks ?? 0));
  return out;
}

/** Each website's counts, last announcement (its message in `language`), last syncs and 7-day clicks (websites without any: zeros, null). */
export async function siteStats(q: Queries, ids: readonly string[], now: number, language: ReplyLanguage = 'zh'): Promise<Map<string, SearchSiteStats>> {
  const out = new Map<string, SearchSiteStats>();
  if (ids.length === 0) return out;
  const list = sql.join([...ids]);
  for (const id of ids) {
    out.set(id, {
      websiteInfoId: id,
      urls: Object.fromEntries(ANNOUNCE_ENGINES.map((e) => [e, noCounts()])) as Record<AnnounceEngine, UrlCounts>,
      lastAnnounce: null,
      lastSync: {},
      clicks7d: 0,
    });
  }
  const counts = await q.all(sql<{ id: string; engine: string; state: string; n: number | string }>`SELECT website_info_id AS id, engine, state, COUNT(*) AS n
      FROM search_url WHERE website_info_id IN (${list}) GROUP BY website_info_id, engine, state`);
  for (const c of counts) {
    const urls = out.get(c.id)?.urls[c.engine as AnnounceEngine];
    if (urls && (URL_STATES as readonly string[]).includes(c.state)) urls[c.state as UrlState] = Number(c.n);
  }
  // the latest announcement of each website (its index: website, time)
  const announces = await q.all(sql<Record<string, unknown>>`SELECT a.id, a.website_info_id, a.kind, a.state, a.urls_total, a.message, a.message_reason, a.create_time, a.end_time
      FROM search_announce a
     WHERE a.website_info_id IN (${list})
       AND a.create_time = (SELECT MAX(b.create_time) FROM search_announce b WHERE b.website_info_id = a.website_info_id)
     ORDER BY a.id`);
  for (const a of announces) {
    const stats = out.get(String(a.website_info_id));
    if (!stats) continue;
    // two of the same second: the later id
    stats.lastAnnounce = {
      id: String(a.id),
      kind: String(a.kind) as AnnounceKind,
      state: String(a.state) as AnnounceState,
      urls: Number(a.urls_total ?? 0),
      message: reasonText(a.message, a.message_reason, language),
      time: String(a.end_time || a.create_time || ''),
    };
  }
  const syncs = await q.all(sql<Record<string, unknown>>`SELECT website_info_id, engine, state, message, message_reason, sync_time, update_time, last_day
      FROM search_sync WHERE website_info_id IN (${list})`);
  for (const s of syncs) {
    const stats = out.get(String(s.website_info_id));
    if (!stats || !(TRAFFIC_ENGINES as readonly string[]).includes(String(s.engine))) continue;
    stats.lastSync[String(s.engine) as TrafficEngine] = {
      state: String(s.state) as SyncState,
      message: reasonText(s.message, s.message_reason, language),
      time: String(s.sync_time || s.update_time || ''),
      lastDay: String(s.last_day ?? ''),
    };
  }
  for (const [id, clicks] of await recentClicks(q, ids, now)) {
    const stats = out.get(id);
    if (stats) stats.clicks7d = clicks;
  }
  return out;
}

/** The website list's summary of each website's connections (one query for the switches, one for the clicks). */
export async function searchSummaries(q: Queries, ids: readonly string[], now: number, language: ReplyLanguage = 'zh'): Promise<Map<string, SiteSearchSummary>> {
  const out = new Map<string, SiteSearchSummary>();
  if (ids.length === 0) return out;
  const rows = await q.all(sql<Record<string, unknown>>`SELECT id, indexnow_on, baidu_on, google_on, google_lost, google_lost_reason, bing_on FROM search_site WHERE id IN (${sql.join([...ids])})`);
  const clicks = await recentClicks(q, ids, now);
  const on = (v: unknown): ConnectionState => (Number(v) === 1 ? 'on' : 'off');
  for (const r of rows) {
    const lost = typeof r.google_lost === 'string' && r.google_lost ? reasonText(r.google_lost, r.google_lost_reason, language) : '';
    out.set(String(r.id), {
      clicks7d: clicks.get(String(r.id)) ?? 0,
      engines: { indexnow: on(r.indexnow_on), baidu: on(r.baidu_on), google: Number(r.google_on) === 1 && lost ? 'lost' : on(r.google_on), bing: on(r.bing_on) },
      googleLost: lost,
    });
  }
  return out;
}
