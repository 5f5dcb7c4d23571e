// When the `search-sync` jobs are queued (docs/search-engines.md § "Reading back"):
// - the daily schedule: on working instances a tick (every second, doing nothing but compare dates) scans once a day,
//   at the start and every 10 minutes (a website switched on meanwhile), and queues one job per website and engine
//   switched on whose key `search-sync:<websiteId>:<engine>:<YYYY-MM-DD>` is new: with several instances on one
//   database the key's unique index lets one job exist per day. A website synced today (立即同步), or with a sync
//   queued or running, is left for tomorrow;
// - 立即同步 (POST /seo-blade-search/site/sync?id=): the website's usable engines queued now, or 正在同步.
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import type { Jobs } from '../../../jobs/jobs';
import type { Clock } from '../../../util/clock';
import { ServiceError } from '../../../http/reply';
import { TRAFFIC_ENGINES, type TrafficEngine } from '../../../../src-shared/search-engines';
import type { SyncStartResult } from '../../../../src-shared/search-traffic';
import type { SecretBox } from '../../../util/secret-box';
import { messageText, type MessageKey, type NestedMessage, type ReplyLanguage } from '../../../../src-shared/messages';
import { accountOf, siteOf } from './connections';
import { localDay } from './days';
import { SEARCH_SYNC_JOB, setSyncState, type SyncPayload } from './sync';

/** the key of a website's scheduled sync at an engine on a day */
export const scheduledKey = (websiteId: string, engine: TrafficEngine, day: string): string => `${SEARCH_SYNC_JOB}:${websiteId}:${engine}:${day}`;

const RESCAN_MS = 600_000;

/** the job a website's sync at an engine has queued or running, if any */
async function activeJob(q: Queries, websiteId: string, engine: TrafficEngine): Promise<string | undefined> {
  const r = await q.get(sql<{ id: string }>`SELECT j.id FROM search_sync s JOIN job j ON j.id = s.job_id
    WHERE s.website_info_id = ${websiteId} AND s.engine = ${engine} AND j.state IN ('queued', 'running')`);
  return r?.id;
}

/** Queues a website's sync at an engine in `trx` (with `key`: at most once), its state queued; answers the job. */
async function queueSync(trx: Queries, jobs: Jobs, now: number, o: { tenantId: string; websiteId: string; engine: TrafficEngine; key?: string }): Promise<{ id: string; created: boolean }> {
  const job = await jobs.queue.enqueue(trx, {
    kind: SEARCH_SYNC_JOB,
    tenantId: o.tenantId,
    key: o.key,
    payload: { websiteId: o.websiteId, engine: o.engine } satisfies SyncPayload,
  });
  if (job.created) await setSyncState(trx, { websiteId: o.websiteId, engine: o.engine, tenantId: o.tenantId, state: 'queued', message: '', now, jobId: job.id });
  return job;
}

export class SyncSchedule {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private scannedDay = '';
  private scannedAt = 0;
  private failing = false;

  constructor(
    private readonly data: DataLayer,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly tickMs = 1000,
  ) {}

  /** ticks on a working instance only */
  start(): void {
    if (!this.jobs.working) return;
    this.timer ??= setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref?.();
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** scans when the day changed or 10 minutes passed since the last scan */
  async tick(): Promise<void> {
    const now = this.clock();
    const day = localDay(now);
    if (this.busy || (day === this.scannedDay && now - this.scannedAt < RESCAN_MS)) return;
    this.busy = true;
    try {
      // a restored copy queues no sync until it is resumed (jobs/pause.ts)
      if (await this.jobs.paused()) return;
      await this.scan(day, now);
      this.scannedDay = day;
      this.scannedAt = now;
      this.failing = false;
    } catch (e) {
      // the database is away: the next tick tries again; said once
      if (this.timer && !this.failing) console.error(`search sync schedule: ${(e as Error).message}`);
      this.failing = true;
    } finally {
      this.busy = false;
    }
  }

  /** queues today's job of every website and engine switched on (with the tenant's key) not synced today */
  async scan(day: string, now: number): Promise<number> {
    const sites = await this.data.all(sql<{ id: string; tenant_id: string; google: number; bing: number }>`SELECT s.id, s.tenant_id,
        CASE WHEN s.google_on = 1 AND a.google_key IS NOT NULL AND a.google_key <> '' THEN 1 ELSE 0 END AS google,
        CASE WHEN s.bing_on = 1 AND a.bing_api_key IS NOT NULL AND a.bing_api_key <> '' THEN 1 ELSE 0 END AS bing
      FROM search_site s
      JOIN website_info w ON w.id = s.id AND w.is_deleted = 0
      JOIN search_account a ON a.tenant_id = s.tenant_id AND a.is_deleted = 0
      WHERE s.is_deleted = 0 AND (s.google_on = 1 OR s.bing_on = 1)`);
    const syncs = new Map(
      (await this.data.all(sql<{ website_info_id: string; engine: string; sync_time: string | null; active: number }>`SELECT s.website_info_id, s.engine, s.sync_time,
          CASE WHEN j.state IN ('queued', 'running') THEN 1 ELSE 0 END AS active
        FROM search_sync s LEFT JOIN job j ON j.id = s.job_id`)).map((r) => [`${r.website_info_id}:${r.engine}`, r]),
    );
    let queued = 0;
    for (const site of sites) {
      for (const engine of TRAFFIC_ENGINES) {
        if (Number(site[engine]) !== 1) continue;
        const last = syncs.get(`${site.id}:${engine}`);
        if (last && (Number(last.active) === 1 || String(last.sync_time ?? '').slice(0, 10) === day)) continue;
        const job = await this.data.transaction((trx) => queueSync(trx, this.jobs, now, { tenantId: site.tenant_id, websiteId: site.id, engine, key: scheduledKey(site.id, engine, day) }));
        if (job.created) queued++;
      }
    }
    return queued;
  }
}

/**
 * 立即同步: queues the website's sync at each usable engine now (an engine already being synced keeps its job).
 * Refused, with each engine's reason, when neither is usable.
 */
export async function syncNow(o: { data: DataLayer; jobs: Jobs; box: SecretBox; clock: Clock; tenantId: string; websiteId: string; language?: ReplyLanguage }): Promise<SyncStartResult> {
  const site = await siteOf(o.data, o.box, o.websiteId);
  if (!site || site.tenantId !== o.tenantId) throw new ServiceError('common.notFound');
  const account = await accountOf(o.data, o.box, o.tenantId);
  const skipped: SyncStartResult['skipped'] = [];
  const usable: TrafficEngine[] = [];
  const google: MessageKey | '' = !account.google
    ? 'searchSync.noGoogleKey'
    : !site.google.on
      ? 'searchSync.googleOff'
      : !site.google.property
        ? 'searchSync.googleNoProperty'
        : '';
  const bing: MessageKey | '' = !account.bingApiKey ? 'searchSync.noBingKey' : !site.bing.on ? 'searchSync.bingOff' : !site.bing.site ? 'searchSync.bingNoSite' : '';
  const why: NestedMessage[] = [];
  for (const [engine, reason] of [['google', google], ['bing', bing]] as const) {
    if (reason) {
      skipped.push({ engine, reason: messageText(reason, o.language ?? 'zh') });
      why.push({ key: 'searchSync.engineReason', params: { engine: engine === 'google' ? 'Google' : 'Bing', reason: { key: reason } } });
    } else usable.push(engine);
  }
  if (usable.length === 0) {
    throw new ServiceError({ key: 'searchSync.cannot', params: { reasons: why.reduce((a, b) => ({ key: 'searchSync.list', params: { a, b } })) } });
  }
  const jobs = await o.data.transaction(async (trx) => {
    // two clicks at once, through two instances: one queues, the other finds its job
    await trx.run(trx.dialect.transactionLock(`${SEARCH_SYNC_JOB}:${o.websiteId}`));
    const out: SyncStartResult['jobs'] = [];
    for (const engine of usable) {
      const running = await activeJob(trx, o.websiteId, engine);
      if (running) out.push({ engine, jobId: running, running: true });
      else out.push({ engine, jobId: (await queueSync(trx, o.jobs, o.clock(), { tenantId: o.tenantId, websiteId: o.websiteId, engine })).id, running: false });
    }
    return out;
  });
  return { jobs, skipped, running: jobs.every((j) => j.running) };
}
