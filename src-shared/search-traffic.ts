// The traffic read back from the search engines (issue 36, items 3-4): the site
// dashboard's answers, 立即同步's answer and the Search Console CSV import's. The
// back end (src-server/modules/content/search/traffic-*.ts, sync.ts) answers
// these; the dashboard screens (src-renderer/screens/content/dashboard) read them.
import type { SyncState, TrafficDay, TrafficEngine, TrafficTopRow, TrafficTotals } from './search-engines';

/** The dashboard's routes (under the API base). */
export const TRAFFIC_API = {
  /** GET ?from&to&engine&websiteInfoId -> TrafficSummary */
  summary: '/seo-blade-search/dashboard/summary',
  /** GET ?dim&from&to&engine&websiteInfoId&sort&order&current&size -> TrafficTopPage */
  top: '/seo-blade-search/dashboard/top',
  /** POST multipart `file` (Search Console's export: the zip, or Dates.csv) + field `websiteInfoId` -> TrafficImportResult */
  import: '/seo-blade-search/traffic/import',
  /** POST ?id=<websiteInfoId> -> SyncStartResult (立即同步) */
  sync: '/seo-blade-search/site/sync',
} as const;

/** A dashboard range is at most this many months long (Search Console keeps 16). */
export const TRAFFIC_MAX_MONTHS = 16;
/** The top tables' largest page. */
export const TRAFFIC_TOP_MAX_SIZE = 100;
/** How many pages and queries a period keeps (search_top). */
export const TRAFFIC_TOP_N = 500;

export type TrafficDim = 'page' | 'query';
export type TrafficOrder = 'asc' | 'desc';

/** GET dashboard/summary: totals of the range and of the same number of days just before it, and the days. */
export interface TrafficSummary {
  from: string;
  to: string;
  totals: TrafficTotals;
  /** the same number of days just before `from` (previousFrom..previousTo) */
  previous: TrafficTotals;
  previousFrom: string;
  previousTo: string;
  /** one per day and engine that has data, ascending by day then engine */
  days: TrafficDay[];
}

/** GET dashboard/top: a page of the top pages or queries of the range, grouped by key and sorted. */
export interface TrafficTopPage {
  records: TrafficTopRow[];
  /** how many keys the range has in its top tables */
  total: number;
  current: number;
  size: number;
}

/** What 立即同步 did per traffic engine. */
export interface SyncStartResult {
  /** the jobs queued now, or already queued / running (then `running` is true) */
  jobs: { engine: TrafficEngine; jobId: string; running: boolean }[];
  /** engines not synced, with the reason (no key, switched off, no property) */
  skipped: { engine: TrafficEngine; reason: string }[];
  /** every usable engine was already being synced: the answer's msg is 正在同步 */
  running: boolean;
}

/** The CSV import's answer. */
export interface TrafficImportResult {
  /** days written to the website's daily totals (engine google), each replacing that day */
  days: number;
  /** data rows read from the dates table */
  rows: number;
  /** rows not imported, with their line in their file (1 = the header) and why */
  skipped: { line: number; reason: string; file?: string }[];
  /** tables of the export that were not imported, and why (Queries.csv / Pages.csv carry no dates) */
  notImported: { file: string; reason: string }[];
  /** the first and last day imported ('' when none) */
  from: string;
  to: string;
}

/** A website's last sync per engine, as search_sync keeps it. */
export interface SyncStatus {
  engine: TrafficEngine;
  state: SyncState;
  message: string;
  /** when the last run ended */
  syncTime: string;
  firstDay: string;
  lastDay: string;
  jobId: string;
}
