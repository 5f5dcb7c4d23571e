// Hearing back (issue 36 item 3, docs/search-engines.md § "Reading back"): the
// `search-sync` job reads what one engine shows of one website into the traffic
// tables, payload {websiteId, engine}.
//
// - Google: Search Console's searchAnalytics.query for the website's property, in chunks of days (one day first,
//   then as many as about 20,000 rows take, at most 31), each chunk its `date` totals (search_daily) and its
//   date x page x query rows (search_traffic), paged with rowLimit 25,000 / startRow until a page comes back short.
//   A first sync reaches back 16 months, a later one from the last day held minus 3 to today (the server's date).
//   Oldest days first: each chunk is written in one transaction (its days replaced whole, their rollups rebuilt),
//   so a run that fails keeps what it wrote and the next one carries on from the last day held.
// - Bing: GetRankAndTrafficStats (the day totals), GetQueryStats (rows with page '') and GetPageStats (rows with
//   query ''); the days they return are replaced. Bing's day totals carry no position: the day's position is the
//   impression-weighted average of its query rows.
// - 429, 5xx and the network: wait (Retry-After, else 1 s doubling) and try the same call again, a few times in the
//   run; then the job fails and the queue runs it again. 403: the service account lost the property (search_site
//   .google_lost, search_sync state lost), no retry. A refused key: failed with its hint, no retry.
// search_sync keeps each (website, engine)'s state, message, last run's end, the first and last day held, the job.
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import { LEASE_LOST_REASON, MSG_LEASE_LOST } from '../../../jobs/queue';
import { JobError, type JobContext } from '../../../jobs/worker';
import { ReasonError } from '../../../http/reasons';
import { messageText, type Message, type NestedMessage } from '../../../../src-shared/messages';
import { reasonJson } from '../../../../src-shared/messages/stored';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { FIRST_SYNC_MONTHS, GOOGLE_ROW_LIMIT, RESYNC_DAYS, type SyncState, type TrafficEngine, type UrlHint } from '../../../../src-shared/search-engines';
import type { SecretBox } from '../../../util/secret-box';
import { accountOf, siteOf, type AccountConfig, type SiteConfig } from './connections';
import { googleVerdict, searchConsoleFor } from './engines/google';
import { bingDay, bingGet, statsOf } from './engines/bing';
import type { Verdict } from './engines/answer';
import { addDays, addMonths, dayList, localDay, monthBounds } from './days';
import { markDirty, monthsOf, queueRollup, rebuildSiteDays, rebuildSiteMonths } from './rollups';
import { replaceDays, trafficLock, type DayTotal, type TrafficRow } from './traffic-store';
import { SEARCH_SYNC_JOB } from './traffic-jobs';

export { SEARCH_SYNC_JOB };

export interface SyncPayload {
  websiteId: string;
  engine: TrafficEngine;
}

/** a chunk is sized to about this many rows (a page holds 25,000) */
const CHUNK_ROWS = Math.floor(GOOGLE_ROW_LIMIT * 0.8);
const MAX_CHUNK_DAYS = 31;
/** calls tried in one run before the run fails (and the queue tries the job again) */
const CALLS_IN_RUN = 5;
/** the longest wait in a run (a longer Retry-After is cut to it) */
const MAX_WAIT_MS = 300_000;

/** a failure no retry mends: the sync's state and message (a message of the table; its Error message the zh text) */
class SyncStop extends ReasonError {
  constructor(
    readonly state: 'failed' | 'lost',
    reason: Message,
  ) {
    super(reason);
  }
}

/** an engine's refusal after the calls tried in a run: the queue runs the job again */
class CallsTried extends ReasonError {}

/** what the operator can do about a refusal, in the message beside the engine's words */
function hintOf(hint: UrlHint | undefined, account: AccountConfig, site: SiteConfig): Message | undefined {
  switch (hint?.code) {
    case 'serviceAccountNoAccess':
      return { key: 'searchSync.hintNoAccess', params: { email: account.googleClientEmail || account.google?.clientEmail || '', property: site.google.property } };
    case 'serviceAccountInvalid':
      return { key: 'searchSync.hintKeyInvalid' };
    case 'bingKeyInvalid':
      return { key: 'searchSync.hintBingKeyInvalid' };
    case 'bingSiteMissing':
      return { key: 'searchSync.hintBingSiteMissing', params: { site: site.bing.site } };
    default:
      return undefined;
  }
}

/** the engine's words (kept as they came), with what the operator can do about them in front */
const withHint = (reason: string, hint: Message | undefined): Message =>
  hint ? { key: 'searchSync.withHint', params: { hint, reason } } : { key: 'searchSync.said', params: { reason } };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Retry-After of a failed Google call (gaxios keeps the response's headers), in ms */
function retryAfterOf(e: unknown): number | undefined {
  const headers = (e as { response?: { headers?: Headers | Record<string, string> } }).response?.headers;
  const value = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  if (!value) return undefined;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

interface SyncRow {
  first_day: string | null;
  last_day: string | null;
}

/** the outcome of a run, for search_sync's message */
interface RunOutcome {
  from: string;
  to: string;
  days: number;
  rows: number;
}

/**
 * Sets a website's sync state at an engine (the row made when missing), through `q`: its message's zh text in
 * message, its key and params in message_reason (a reader's language reads them: connection-stats.ts).
 */
export async function setSyncState(
  q: Queries,
  o: { websiteId: string; engine: TrafficEngine; tenantId: string; state: SyncState; message: Message | NestedMessage | string; now: number; jobId?: string; ended?: boolean },
): Promise<void> {
  const now = formatDateTime(o.now);
  const end = o.ended ? now : null;
  const text = typeof o.message === 'string' ? o.message : messageText(o.message, 'zh');
  await q.run(sql`INSERT INTO search_sync (website_info_id, engine, tenant_id, state, message, message_reason, sync_time, job_id, update_time)
    VALUES (${o.websiteId}, ${o.engine}, ${o.tenantId}, ${o.state}, ${text}, ${reasonJson(o.message)}, ${end}, ${o.jobId ?? null}, ${now})
    ON CONFLICT (website_info_id, engine) DO UPDATE SET state = excluded.state, message = excluded.message, message_reason = excluded.message_reason,
      sync_time = COALESCE(excluded.sync_time, search_sync.sync_time), job_id = COALESCE(excluded.job_id, search_sync.job_id), update_time = excluded.update_time`);
}

export class TrafficSync {
  constructor(
    private readonly data: DataLayer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
  ) {}

  /** registers the job's handler (it runs where jobs.working) */
  register(): void {
    this.jobs.handle(SEARCH_SYNC_JOB, (job, ctx) => this.run(job, ctx), {
      // given up after its instance died with no attempt left: the state says so
      abandoned: async (job) => {
        await this.data.run(sql`UPDATE search_sync SET state = 'failed', message = ${MSG_LEASE_LOST}, message_reason = ${LEASE_LOST_REASON}, sync_time = ${formatDateTime(this.clock())}
          WHERE job_id = ${job.id} AND state IN ('queued', 'running')`);
      },
    });
  }

  private async run(job: Job, ctx: JobContext): Promise<void> {
    const { websiteId, engine } = job.payload as SyncPayload;
    const tenantId = job.tenantId;
    const state = (s: SyncState, message: Message | NestedMessage | string, ended = false) =>
      setSyncState(this.data, { websiteId, engine, tenantId, state: s, message, now: this.clock(), jobId: job.id, ended });
    await state('running', job.attempts > 1 ? { key: 'searchSync.attempt', params: { n: job.attempts } } : '');
    /** months whose days this run wrote but whose month rows it has not rebuilt yet (their last days to come) */
    const open = new Set<string>();
    try {
      const site = await siteOf(this.data, this.box, websiteId);
      if (!site || site.tenantId !== tenantId) throw new SyncStop('failed', { key: 'searchSync.siteGone' });
      const account = await accountOf(this.data, this.box, tenantId);
      const r = engine === 'google' ? await this.google(site, account, ctx, open) : await this.bing(site, account, ctx, open);
      if (engine === 'google') await this.data.run(sql`UPDATE search_site SET google_lost = NULL, google_lost_reason = NULL WHERE id = ${websiteId} AND google_lost IS NOT NULL`);
      const message: Message =
        r.days > 0 ? { key: 'searchSync.synced', params: { from: r.from, to: r.to, days: r.days, rows: r.rows } } : { key: 'searchSync.syncedEmpty', params: { from: r.from, to: r.to } };
      await state('done', message, true);
      ctx.progress({ ...r });
    } catch (e) {
      // the days written stay: their months' rows are made to match them
      if (open.size > 0) await this.closeMonths(tenantId, websiteId, engine, [...open]).catch((err: unknown) => ctx.progress({ monthsNotRebuilt: [...open], reason: String(err) }));
      if (ctx.signal.aborted) {
        // cancelled, given back (the instance stops: queued again) or taken over (the other instance says)
        const why = String(ctx.signal.reason ?? '');
        if (why === 'cancelled') await state('failed', { key: 'searchSync.cancelled' }, true);
        else if (why === 'shutdown') await state('queued', { key: 'searchSync.shutdown' });
        throw e;
      }
      if (e instanceof SyncStop) {
        if (e.state === 'lost') await this.data.run(sql`UPDATE search_site SET google_lost = ${e.message}, google_lost_reason = ${reasonJson(e.reason)} WHERE id = ${websiteId}`);
        await state(e.state, e.reason, true);
        throw new JobError(e.message);
      }
      const reason = e instanceof CallsTried ? e.reason : (e as Error).message || String(e);
      const again = job.attempts < job.maxAttempts;
      await state(again ? 'queued' : 'failed', again ? { key: 'searchSync.retryLater', params: { reason, n: job.attempts } } : reason, !again);
      throw e;
    }
  }

  /** a call to an engine, tried again after a wait while it answers retry, at most CALLS_IN_RUN times in the run */
  private async retrying<T>(call: () => Promise<T>, verdict: (e: unknown) => Exclude<Verdict, { kind: 'ok' }>, stop: (v: Extract<Verdict, { kind: 'stop' }>) => SyncStop, ctx: JobContext): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (e) {
        ctx.signal.throwIfAborted();
        if (e instanceof SyncStop) throw e;
        const v = verdict(e);
        if (v.kind === 'stop') throw stop(v);
        if (attempt >= CALLS_IN_RUN) throw new CallsTried({ key: 'searchSync.callsTried', params: { reason: v.reason, n: attempt } });
        const wait = Math.min(v.retryAfterMs ?? retryAfterOf(e) ?? 1000 * 2 ** (attempt - 1), MAX_WAIT_MS);
        ctx.progress({ waiting: wait, reason: v.reason, attempt });
        await sleep(wait, ctx.signal);
      }
    }
  }

  private async held(websiteId: string, engine: TrafficEngine): Promise<SyncRow | undefined> {
    return this.data.get(sql<SyncRow>`SELECT first_day, last_day FROM search_sync WHERE website_info_id = ${websiteId} AND engine = ${engine}`);
  }

  /**
   * Writes one chunk of days in one transaction: the days replaced, their rollups rebuilt, the months `closed` (whose
   * days in this run are all written) rebuilt, the tenant-wide periods marked, the days held moved on.
   */
  private async writeChunk(site: SiteConfig, engine: TrafficEngine, days: string[], rows: TrafficRow[], totals: DayTotal[], closed: string[], open: Set<string>): Promise<void> {
    const { tenantId, websiteId } = site;
    const withData = [...new Set([...rows.map((r) => r.day), ...totals.map((t) => t.day)])].sort();
    await this.data.transaction(async (trx) => {
      await replaceDays(trx, { tenantId, websiteId, engine, days, rows, totals });
      await rebuildSiteDays(trx, tenantId, websiteId, engine, days);
      await rebuildSiteMonths(trx, tenantId, websiteId, engine, closed);
      await markDirty(trx, tenantId, engine, [...days, ...closed]);
      if (withData.length > 0) {
        const first = withData[0]!;
        const last = withData[withData.length - 1]!;
        await trx.run(sql`UPDATE search_sync SET first_day = CASE WHEN first_day IS NULL OR first_day > ${first} THEN ${first} ELSE first_day END,
            last_day = CASE WHEN last_day IS NULL OR last_day < ${last} THEN ${last} ELSE last_day END
          WHERE website_info_id = ${websiteId} AND engine = ${engine}`);
      }
      await queueRollup(trx, this.jobs, tenantId, this.clock());
    });
    for (const m of monthsOf(days)) open.add(m);
    for (const m of closed) open.delete(m);
  }

  /** rebuilds the month rows of a run that stopped before their last days (in one transaction) */
  private async closeMonths(tenantId: string, websiteId: string, engine: TrafficEngine, months: string[]): Promise<void> {
    await this.data.transaction(async (trx) => {
      await trx.run(trx.dialect.transactionLock(trafficLock(websiteId, engine)));
      await rebuildSiteMonths(trx, tenantId, websiteId, engine, months);
      await markDirty(trx, tenantId, engine, months);
      await queueRollup(trx, this.jobs, tenantId, this.clock());
    });
  }

  private async google(site: SiteConfig, account: AccountConfig, ctx: JobContext, open: Set<string>): Promise<RunOutcome> {
    const key = account.google;
    if (!key) throw new SyncStop('failed', { key: 'searchSync.stopNoGoogleKey' });
    if (!site.google.on) throw new SyncStop('failed', { key: 'searchSync.stopGoogleOff' });
    const property = site.google.property;
    if (!property) throw new SyncStop('failed', { key: 'searchSync.stopGoogleNoProperty' });
    const verdict = (e: unknown) => googleVerdict(e, property);
    const stop = (v: Extract<Verdict, { kind: 'stop' }>) =>
      new SyncStop(v.hint?.code === 'serviceAccountNoAccess' ? 'lost' : 'failed', withHint(v.reason, hintOf(v.hint, account, site)));
    const today = localDay(this.clock());
    const held = await this.held(site.websiteId, 'google');
    const from = held?.last_day ? addDays(held.last_day, -RESYNC_DAYS) : addMonths(today, -FIRST_SYNC_MONTHS);
    const sc = await this.retrying(() => searchConsoleFor(key, account.googleApiRoot, ctx.signal), verdict, stop, ctx);
    /** every row of a query over [start, end], page after page until a short one */
    const all = async (dimensions: string[], start: string, end: string) => {
      const out: { keys?: string[] | null; clicks?: number | null; impressions?: number | null; position?: number | null }[] = [];
      for (let startRow = 0; ; startRow += GOOGLE_ROW_LIMIT) {
        const res = await this.retrying(
          () =>
            sc.searchanalytics.query(
              { siteUrl: property, requestBody: { startDate: start, endDate: end, dimensions, rowLimit: GOOGLE_ROW_LIMIT, startRow, dataState: 'all' } },
              { retry: false, signal: ctx.signal },
            ),
          verdict,
          stop,
          ctx,
        );
        const page = res.data.rows ?? [];
        for (const row of page) out.push(row);
        ctx.progress({ day: start, to: end, rows: out.length });
        if (page.length < GOOGLE_ROW_LIMIT) return out;
      }
    };
    let span = 1;
    const outcome: RunOutcome = { from, to: today, days: 0, rows: 0 };
    for (let start = from; start <= today; ) {
      const end = addDays(start, span - 1) < today ? addDays(start, span - 1) : today;
      const days = dayList(start, end);
      const totals: DayTotal[] = (await all(['date'], start, end)).map((r) => ({
        day: String(r.keys?.[0] ?? ''),
        clicks: Number(r.clicks ?? 0),
        impressions: Number(r.impressions ?? 0),
        positionSum: Number(r.position ?? 0) * Number(r.impressions ?? 0),
        // Search Console gives every day with impressions its average position
        positionImpressions: r.position ? Number(r.impressions ?? 0) : 0,
      }));
      const rows: TrafficRow[] = (await all(['date', 'page', 'query'], start, end)).map((r) => ({
        day: String(r.keys?.[0] ?? ''),
        page: String(r.keys?.[1] ?? ''),
        query: String(r.keys?.[2] ?? ''),
        clicks: Number(r.clicks ?? 0),
        impressions: Number(r.impressions ?? 0),
        position: Number(r.position ?? 0),
      }));
      const closed = monthsOf(days).filter((m) => monthBounds(m).last <= end || end === today);
      await this.writeChunk(site, 'google', days, rows, totals, closed, open);
      outcome.days += new Set([...totals.map((t) => t.day), ...rows.map((r) => r.day)]).size;
      outcome.rows += rows.length;
      span = Math.max(1, Math.min(MAX_CHUNK_DAYS, Math.floor(CHUNK_ROWS / Math.max(1, rows.length / days.length))));
      start = addDays(end, 1);
    }
    return outcome;
  }

  private async bing(site: SiteConfig, account: AccountConfig, ctx: JobContext, open: Set<string>): Promise<RunOutcome> {
    const apiKey = account.bingApiKey;
    if (!apiKey) throw new SyncStop('failed', { key: 'searchSync.stopNoBingKey' });
    if (!site.bing.on) throw new SyncStop('failed', { key: 'searchSync.stopBingOff' });
    if (!site.bing.site) throw new SyncStop('failed', { key: 'searchSync.stopBingNoSite' });
    const bingAccount = { apiKey, root: account.bingApiRoot };
    const get = (method: string) =>
      this.retrying(
        async () => {
          const r = await bingGet<unknown>(bingAccount, method, { siteUrl: site.bing.site }, ctx.signal);
          if (r.verdict.kind !== 'ok') throw r.verdict;
          return r.d;
        },
        (e) => e as Exclude<Verdict, { kind: 'ok' }>,
        (v) => {
          const hint: UrlHint | undefined = /NotAuthorized/i.test(v.reason) ? { code: 'bingSiteMissing' } : v.hint;
          return new SyncStop('failed', withHint(v.reason, hintOf(hint, account, site)));
        },
        ctx,
      );
    const traffic = await get('GetRankAndTrafficStats');
    const queries = statsOf(await get('GetQueryStats'));
    const pages = statsOf(await get('GetPageStats'));
    const rows: TrafficRow[] = [
      ...queries.map((r) => ({ day: r.day, page: '', query: r.key, clicks: r.clicks, impressions: r.impressions, position: r.position })),
      ...pages.map((r) => ({ day: r.day, page: r.key, query: '', clicks: r.clicks, impressions: r.impressions, position: r.position })),
    ];
    // the day's position: its query rows' average, weighted by their impressions
    const positions = new Map<string, { sum: number; impressions: number }>();
    for (const r of queries) {
      const p = positions.get(r.day) ?? { sum: 0, impressions: 0 };
      p.sum += r.position * r.impressions;
      p.impressions += r.impressions;
      positions.set(r.day, p);
    }
    const totals: DayTotal[] = (Array.isArray(traffic) ? (traffic as { Date?: string; Clicks?: number; Impressions?: number }[]) : [])
      .map((t) => {
        const day = bingDay(t.Date);
        const impressions = Math.max(0, Math.round(Number(t.Impressions ?? 0)));
        const p = positions.get(day);
        const known = Boolean(p && p.impressions > 0);
        // a day without query rows has no position: its impressions do not weigh on the average
        return { day, clicks: Math.max(0, Math.round(Number(t.Clicks ?? 0))), impressions, positionSum: known ? (p!.sum / p!.impressions) * impressions : 0, positionImpressions: known ? impressions : 0 };
      })
      .filter((t) => t.day !== '');
    const days = [...new Set([...totals.map((t) => t.day), ...rows.map((r) => r.day)])].sort();
    for (let i = 0; i < days.length; i += MAX_CHUNK_DAYS) {
      const part = days.slice(i, i + MAX_CHUNK_DAYS);
      const inPart = new Set(part);
      const last = i + MAX_CHUNK_DAYS >= days.length;
      const next = last ? '' : days[i + MAX_CHUNK_DAYS]!;
      const closed = monthsOf(part).filter((m) => last || monthBounds(m).last < next);
      await this.writeChunk(site, 'bing', part, rows.filter((r) => inPart.has(r.day)), totals.filter((t) => inPart.has(t.day)), closed, open);
    }
    return { from: days[0] ?? localDay(this.clock()), to: days[days.length - 1] ?? localDay(this.clock()), days: days.length, rows: rows.length };
  }
}
