// What the site dashboard reads from the back end: the spec's site totals and
// Google totals, and the traffic queries of the search-engine loop
// (src-server/modules/content/search/traffic-routes.ts), each through main's
// api:request (the session's token never reaches the renderer); the CSV import
// through main's search:traffic-import (multipart built in main).
import { call } from '../../../platform/bridge';
import type { TrafficFilter, TrafficSort } from '../../../../src-shared/search-engines';
import {
  TRAFFIC_API,
  type TrafficDim,
  type TrafficImportResult,
  type TrafficOrder,
  type TrafficSummary,
  type TrafficTopPage,
} from '../../../../src-shared/search-traffic';

export type { TrafficImportResult, TrafficSummary, TrafficTopPage };
export type TopDim = TrafficDim;

export interface SiteInfo {
  websiteTotal: number;
  groupTotal: number;
  domainTotal: number;
  serverTotal: number;
  templateTotal: number;
  deployedTotal: number;
  sslTotal: number;
}

export interface GoogleTotal {
  clicks: number;
  impressions: number;
}

export interface TopQuery extends TrafficFilter {
  dim: TopDim;
  sort: TrafficSort;
  order: TrafficOrder;
  current: number;
  size: number;
}

/** A website of the tenant, for the website filter and the import's picker. */
export interface WebsiteOption {
  value: string;
  label: string;
}

const get = async <T,>(url: string, params?: Record<string, unknown>): Promise<T> => (await call('api:request', { method: 'get', url, params })).data as T;

/** the filter's query parameters: empty engine / website left out (all) */
const filterParams = (f: TrafficFilter): Record<string, string> => ({
  from: f.from,
  to: f.to,
  ...(f.engine ? { engine: f.engine } : {}),
  ...(f.websiteInfoId ? { websiteInfoId: f.websiteInfoId } : {}),
});

export const readSiteInfo = () => get<SiteInfo>('/website-blade-material/websiteInfo/getSiteInfo');
export const readGoogleTotal = () => get<GoogleTotal>('/seo-blade-deploy/dashboard/google-total');
export const readSummary = (f: TrafficFilter) => get<TrafficSummary>(TRAFFIC_API.summary, filterParams(f));
export const readTop = (q: TopQuery) =>
  get<TrafficTopPage>(TRAFFIC_API.top, { ...filterParams(q), dim: q.dim, sort: q.sort, order: q.order, current: q.current, size: q.size });

export async function readWebsites(): Promise<WebsiteOption[]> {
  const rows = (await get<Record<string, unknown>[] | null>('/website-blade-material/websiteInfo/listGroup')) ?? [];
  return rows.map((r) => ({ value: String(r.id), label: String(r.websiteName ?? r.id) }));
}

/** The file's bytes as base64 (the IPC carries no File). */
export const fileToBase64 = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** Sends Search Console's export (the zip, or its Dates.csv) for a website: main posts it as multipart. */
export async function importTraffic(websiteInfoId: string, file: File): Promise<TrafficImportResult> {
  const reply = await call('search:traffic-import', { websiteInfoId, name: file.name, base64: await fileToBase64(file) });
  const d = (reply.data ?? {}) as Partial<TrafficImportResult>;
  return {
    days: Number(d.days ?? 0),
    rows: Number(d.rows ?? 0),
    skipped: Array.isArray(d.skipped) ? d.skipped : [],
    notImported: Array.isArray(d.notImported) ? d.notImported : [],
    from: String(d.from ?? ''),
    to: String(d.to ?? ''),
  };
}
