// Queueing an announcement (issue 36 item 2): after a deploy or a rollback records
// success (deploy/site-deployer.ts record(), in the transaction that records it)
// and for 全站提交 (announce-routes.ts). One search_announce row and one durable
// `search-announce` job, written through the caller's transaction, so a deploy
// queues its announcement exactly once whichever instance records it. Nothing is
// queued when the website has no engine switched on, or when the release changed
// nothing an engine would take. The URLs are written by the job (announcer.ts),
// never by the deploy: the diff rides in search_announce.paths (announce-urls.ts).
import { sql, type Queries } from '../../../db/data-layer';
import type { JobQueue } from '../../../jobs/queue';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { nextId } from '../../../util/ids';
import { type AnnounceKind, INDEXNOW_KEY_PATTERN } from '../../../../src-shared/search-engines';
import type { ReleaseDiff } from '../deploy/release-manifest';
import { announceableDiff, diffSize, packDiff, SITEMAP_PATH } from './announce-urls';

/** the job kind: an announcement ({announceId}), or Baidu's URLs waiting for the next day's quota ({websiteId, quotaDay}) */
export const SEARCH_ANNOUNCE_JOB = 'search-announce';

export interface AnnouncePayload {
  announceId?: string;
  websiteId?: string;
  /** the Beijing day (YYYY-MM-DD) a quota follow-up is for */
  quotaDay?: string;
}

/** the engines a website announces to: switched on, and with what each needs (a key; a token) */
export interface EnginesOn {
  indexnow: boolean;
  baidu: boolean;
  google: boolean;
}

export const anyOn = (e: EnginesOn): boolean => e.indexnow || e.baidu || e.google;

/**
 * The engines switched on for a website: IndexNow with a valid key, Baidu with a token (its site defaults to the
 * website's origin), Google (a missing service-account key is the announcement's failure to show, not a reason to
 * stay silent).
 */
export async function enginesOn(q: Queries, websiteId: string): Promise<EnginesOn> {
  const s = await q.get(sql<{ indexnow_on: number; indexnow_key: string | null; baidu_on: number; baidu_token: string | null; google_on: number }>`
    SELECT indexnow_on, indexnow_key, baidu_on, baidu_token, google_on FROM search_site WHERE id = ${websiteId} AND is_deleted = 0`);
  if (!s) return { indexnow: false, baidu: false, google: false };
  return {
    indexnow: Number(s.indexnow_on) === 1 && INDEXNOW_KEY_PATTERN.test(String(s.indexnow_key ?? '').trim()),
    baidu: Number(s.baidu_on) === 1 && Boolean(s.baidu_token),
    google: Number(s.google_on) === 1,
  };
}

/** A diff made ready outside the transaction that queues it (the gzip of a large diff takes a few ms). */
export interface PreparedDiff {
  /** search_announce.paths */
  paths: string;
  /** the URLs announced (pages and sitemaps) */
  urls: number;
  /** of which removed (Baidu is not told of them) */
  removed: number;
  /** sitemap.xml is among them (what Google is given) */
  sitemap: boolean;
}

/** the announceable part of a release's diff, packed; undefined when nothing of it is announced */
export function prepareDiff(diff: ReleaseDiff): PreparedDiff | undefined {
  const a = announceableDiff(diff);
  const urls = diffSize(a);
  if (urls === 0) return undefined;
  return { paths: packDiff(a), urls, removed: a.removed.length, sitemap: a.added.includes(SITEMAP_PATH) || a.changed.includes(SITEMAP_PATH) };
}

export interface AnnouncementInput {
  tenantId: string;
  websiteId: string;
  kind: AnnounceKind;
  /** the website_deploy record (deploy, rollback) */
  deployId?: string;
  release?: string;
  diff: PreparedDiff;
}

/** the rows the engines switched on would get: none means nothing to announce */
function rowsFor(on: EnginesOn, d: PreparedDiff, kind: AnnounceKind): number {
  return (on.indexnow ? d.urls : 0) + (on.baidu ? d.urls - d.removed : 0) + (on.google && (d.sitemap || kind === 'full') ? 1 : 0);
}

/**
 * Writes the announcement and queues its job through `q` (the caller's transaction); undefined when the website
 * has no engine switched on or the engines on would get nothing (Google alone and the sitemap unchanged).
 */
export async function queueAnnouncement(q: Queries, queue: JobQueue, clock: Clock, input: AnnouncementInput): Promise<{ announceId: string; jobId: string } | undefined> {
  const on = await enginesOn(q, input.websiteId);
  if (!anyOn(on) || rowsFor(on, input.diff, input.kind) === 0) return undefined;
  const announceId = nextId();
  const job = await queue.enqueue(q, { kind: SEARCH_ANNOUNCE_JOB, tenantId: input.tenantId, payload: { announceId } satisfies AnnouncePayload, key: `${SEARCH_ANNOUNCE_JOB}:${announceId}` });
  // a Google-only announcement tells Google of the sitemap alone
  const urls = on.indexnow || on.baidu ? input.diff.urls : 1;
  await q.run(sql`INSERT INTO search_announce (id, tenant_id, website_info_id, deploy_id, kind, release_name, urls_total, state, counts, message, job_id, create_time, paths)
    VALUES (${announceId}, ${input.tenantId}, ${input.websiteId}, ${input.deployId ?? null}, ${input.kind}, ${input.release ?? null}, ${urls}, 'queued', NULL, NULL, ${job.id},
      ${formatDateTime(clock())}, ${input.diff.paths})`);
  return { announceId, jobId: job.id };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Beijing time (UTC+8, no summer time): Baidu's quota is per Beijing day */
const BEIJING = 8 * HOUR;

/** the Beijing day (YYYY-MM-DD) of a time */
export const beijingDay = (ms: number): string => new Date(ms + BEIJING).toISOString().slice(0, 10);

/** 00:05 of the Beijing day after `ms`: when Baidu's quota is full again (a few minutes' grace) */
export function nextBeijingMorning(ms: number): number {
  const day = Math.floor((ms + BEIJING) / DAY);
  return (day + 1) * DAY - BEIJING + 5 * 60_000;
}
