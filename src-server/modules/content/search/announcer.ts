// The `search-announce` job (issue 36 item 2, docs/search-engines.md § Announcing):
// an announcement's URLs (the release's changed pages and sitemaps, announce-urls.ts)
// written to search_url as `pending` per engine switched on, then sent, each URL
// keeping its outcome:
// - IndexNow: POSTs of at most 10,000 URLs with the site's key and where its key file
//   is served; 200/202 submitted, 400/422 rejected, 401/403 failed with the hint
//   (where the key file was looked for) for every URL left;
// - Baidu 普通收录 (not removed URLs): batches within the day's quota, the first at
//   most 2,000, the next at most the `remain` of the answer before; a request past the
//   quota (`over quota`) is tried again with half as many, down to one URL; what does
//   not fit waits (`quota`) for a follow-up job at the next Beijing day's 00:05 (one
//   per website and day); not_same_site / not_valid rejected with that reason; a
//   token refused or a site not verified failed with the hint;
// - Google: the sitemap submitted through Search Console when it changed (or on
//   全站提交), the outcome kept on the sitemap's URL.
// 429, 5xx and the network are tried again in the job with backoff (Retry-After
// honoured up to a minute), then through the queue (the job throws) for what is
// still `pending` only, so a retry or a takeover never sends a URL again that was
// submitted; after the last attempt what is left is `failed` with its last reason.
// The announcement ends done, partial or failed with per-engine counts.
import { setTimeout as sleep } from 'node:timers/promises';
import { BAIDU_BATCH, INDEXNOW_BATCH, type AnnounceEngine, type UrlHint } from '../../../../src-shared/search-engines';
import type { DataLayer } from '../../../db/data-layer';
import type { Jobs } from '../../../jobs/jobs';
import type { Job, JobQueue } from '../../../jobs/queue';
import { reasonOf } from '../../../http/reasons';
import { messageText, type MessageKey } from '../../../../src-shared/messages';
import { JobError, type JobContext } from '../../../jobs/worker';
import type { Clock } from '../../../util/clock';
import type { SecretBox } from '../../../util/secret-box';
import { beijingDay, enginesOn, nextBeijingMorning, SEARCH_ANNOUNCE_JOB, type AnnouncePayload, type EnginesOn } from './announce-queue';
import { AnnounceStore, ENGINE_NAME, FINISHED, joined, type Outcome, type Reason, type UrlRow } from './announce-store';
import { SITEMAP_PATH, unpackDiff, urlOf, urlsOf } from './announce-urls';
import { accountOf, siteOf, type AccountConfig, type SiteConfig } from './connections';
import type { Verdict } from './engines/answer';
import { pushBaidu } from './engines/baidu';
import { googleVerdict, searchConsoleFor } from './engines/google';
import { keyLocationOf, submitIndexNow } from './engines/indexnow';

export interface AnnouncerOptions {
  /** calls of one batch in the job (the first and its retries); default 3 */
  tries?: number;
  /** the first retry's wait when the engine gave no Retry-After (doubled per retry); default 1 s */
  backoffMs?: number;
  /** a wait longer than this is left to the queue's retry; default 60 s */
  maxWaitMs?: number;
}

/** what sending one engine's URLs left for a retry: why, and the rows not sent */
interface Left {
  retry?: Reason;
  rows?: UrlRow[];
}

/** why an engine switched off since the deploy was not told */
const SWITCHED_OFF: Record<AnnounceEngine, MessageKey> = { indexnow: 'searchAnnounce.indexnowOff', baidu: 'searchAnnounce.baiduOff', google: 'searchAnnounce.googleOff' };

/** the queue's own reason: the instance running the job lost its lease on its last attempt */
const LEASE_LOST: Reason = { key: 'job.leaseLost' };

/** the job throws it to be run again (the URLs left pending) */
class RetryLater extends Error {}

/** the hint of an answer to retry */
const retryHint = (status: number): UrlHint | null => (status === 429 ? { code: 'tooManyRequests' } : status === 0 ? { code: 'network' } : null);

/** a job's progress: URLs with an outcome of all the announcement's */
class Progress {
  private done = 0;
  constructor(
    private readonly ctx: JobContext,
    private readonly total: number,
  ) {}

  add(engine: AnnounceEngine, n: number): void {
    this.done += n;
    this.ctx.progress({ phase: engine, done: Math.min(this.done, this.total), total: this.total });
  }
}

export class Announcer {
  readonly store: AnnounceStore;
  private readonly tries: number;
  private readonly backoffMs: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly data: DataLayer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly queue: JobQueue,
    o: AnnouncerOptions = {},
  ) {
    this.store = new AnnounceStore(data, clock);
    this.tries = o.tries ?? 3;
    this.backoffMs = o.backoffMs ?? 1000;
    this.maxWaitMs = o.maxWaitMs ?? 60_000;
  }

  /** registers the job's handler (it runs on working instances only) */
  register(jobs: Jobs): void {
    jobs.handle(SEARCH_ANNOUNCE_JOB, (job, ctx) => this.run(job, ctx), { abandoned: (job) => this.abandoned(job) });
  }

  run(job: Job, ctx: JobContext): Promise<void> {
    const p = (job.payload ?? {}) as AnnouncePayload;
    if (p.announceId) return this.announce(job, ctx, p.announceId);
    if (p.websiteId) return this.quotaFollowUp(job, ctx, p.websiteId);
    throw new JobError({ key: 'searchAnnounce.noParams' });
  }

  /**
   * A job given up (its instance died on its last attempt): what it left pending fails with that reason; a quota
   * follow-up's waiting URLs too (no job would take them up any more).
   */
  private async abandoned(job: Job): Promise<void> {
    const p = (job.payload ?? {}) as AnnouncePayload;
    if (p.announceId) {
      await this.store.failPending(p.announceId, LEASE_LOST);
      await this.store.finish(p.announceId, { failure: LEASE_LOST });
      return;
    }
    if (!p.websiteId) return;
    const rows = await this.store.waitingForQuota(p.websiteId);
    await this.store.mark(ids(rows), { state: 'failed', reason: LEASE_LOST });
    for (const id of await this.store.endedOf(ids(rows))) await this.store.finish(id);
  }

  private async announce(job: Job, ctx: JobContext, id: string): Promise<void> {
    const a = await this.store.announcement(id);
    if (!a) throw new JobError({ key: 'searchAnnounce.gone' });
    if (FINISHED.has(String(a.state))) return;
    const last = job.attempts >= job.maxAttempts;
    try {
      const site = await siteOf(this.data, this.box, String(a.website_info_id));
      if (!site || !site.origin) {
        await this.store.finish(id, { failure: { key: site ? 'searchAnnounce.noDomain' : 'searchAnnounce.siteGone' } });
        return;
      }
      // switched off since the deploy: that engine is not told
      const on = await enginesOn(this.data, site.websiteId);
      if (a.state === 'queued') await this.writeUrls(id, a, site, on);
      const account = await accountOf(this.data, this.box, site.tenantId);
      const rows = new Map<AnnounceEngine, UrlRow[]>();
      for (const engine of ['indexnow', 'baidu', 'google'] as const) rows.set(engine, await this.store.pending(id, engine));
      const progress = new Progress(ctx, [...rows.values()].reduce((n, r) => n + r.length, 0));
      const left: Reason[] = [];
      for (const [engine, list] of rows) {
        if (list.length === 0) continue;
        const r = !on[engine]
          ? await this.switchedOff(engine, list)
          : engine === 'indexnow'
            ? await this.sendIndexNow(site, account, list, ctx.signal, progress)
            : engine === 'baidu'
              ? await this.sendBaidu(site, account, list, ctx.signal, (n) => progress.add('baidu', n))
              : await this.sendGoogle(site, account, list, ctx.signal, progress);
        if (r.retry) left.push(r.retry);
      }
      if (left.length && !last) {
        const reasons = joined(left, 'searchAnnounce.semicolon')!;
        await this.store.note(id, { key: 'searchAnnounce.waitRetry', params: { reasons } });
        throw new RetryLater(typeof reasons === 'string' ? reasons : messageText(reasons, 'zh'));
      }
      // (nothing is left pending once every engine had its turn; what a retry would have sent fails with its reason)
      const lastReason = joined(left, 'searchAnnounce.semicolon');
      await this.store.failPending(id, lastReason ?? { key: 'searchAnnounce.notSent' });
      await this.store.finish(id);
      // the retries ran out: the job says so too (its error is the last reason)
      if (lastReason) throw new JobError(lastReason);
    } catch (e) {
      if (e instanceof JobError) throw e;
      if (ctx.signal.aborted) {
        if (ctx.signal.reason === 'cancelled') {
          await this.store.failPending(id, { key: 'searchAnnounce.cancelled' });
          await this.store.finish(id, { state: 'cancelled' });
        }
        throw e;
      }
      if (!last) throw e;
      const reason: Reason = e instanceof JobError && e.keyed ? e.keyed : reasonOf(e);
      await this.store.failPending(id, reason);
      await this.store.finish(id, { failure: reason });
      throw new JobError(reason);
    }
  }

  /** the announcement's URLs, pending at each engine switched on; then it is running (a second run sends only) */
  private async writeUrls(id: string, a: Record<string, unknown>, site: SiteConfig, on: EnginesOn): Promise<void> {
    const urls = urlsOf(site.origin, unpackDiff(a.paths));
    const who = { id, tenantId: site.tenantId, websiteId: site.websiteId };
    if (on.indexnow) await this.store.upsert(who, 'indexnow', urls);
    // Baidu takes no removed URLs (dead links go through its own 死链提交)
    if (on.baidu) await this.store.upsert(who, 'baidu', urls.filter((u) => u.change !== 'removed'));
    const sitemap = urlOf(site.origin, SITEMAP_PATH);
    const changed = urls.find((u) => u.url === sitemap && u.change !== 'removed');
    if (on.google && (changed || a.kind === 'full')) await this.store.upsert(who, 'google', [{ url: sitemap, change: changed?.change ?? 'changed' }]);
    await this.store.started(id);
  }

  private async switchedOff(engine: AnnounceEngine, rows: UrlRow[]): Promise<Left> {
    await this.store.mark(ids(rows), { state: 'failed', reason: { key: SWITCHED_OFF[engine] } });
    return {};
  }

  /** one batch's call, tried again in the job on a retryable answer (Retry-After, else backoff) */
  private async withRetries<T extends { verdict: Verdict }>(send: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const out = await send();
      const v = out.verdict;
      if (v.kind !== 'retry' || attempt >= this.tries) return out;
      const wait = v.retryAfterMs ?? this.backoffMs * 2 ** (attempt - 1);
      if (wait > this.maxWaitMs) return out;
      await sleep(wait, undefined, { signal });
    }
  }

  /** rows left for a retry: the reason noted, the state kept */
  private async leave(rows: UrlRow[], v: Extract<Verdict, { kind: 'retry' }>, engine: AnnounceEngine): Promise<Left> {
    await this.store.mark(ids(rows), { reason: v.reason, status: v.status || null, hint: retryHint(v.status) });
    return { retry: { key: 'searchAnnounce.engineSaid', params: { engine: { key: ENGINE_NAME[engine] }, reason: v.reason } }, rows };
  }

  private async sendIndexNow(site: SiteConfig, account: AccountConfig, rows: UrlRow[], signal: AbortSignal, progress: Progress): Promise<Left> {
    const ix = { host: site.host, key: site.indexnow.key, keyLocation: keyLocationOf(site.origin, site.indexnow.key) };
    for (let i = 0; i < rows.length; i += INDEXNOW_BATCH) {
      const batch = rows.slice(i, i + INDEXNOW_BATCH);
      const out = await this.withRetries(() => submitIndexNow(account.indexnowEndpoint, ix, batch.map((r) => r.url), signal), signal);
      const v = out.verdict;
      if (v.kind === 'retry') return this.leave(rows.slice(i), v, 'indexnow');
      if (v.kind === 'ok') {
        await this.store.mark(ids(batch), { state: 'submitted', status: out.reply.status, sent: true });
        progress.add('indexnow', batch.length);
        continue;
      }
      // the key refused (its file not found, or not holding it): every batch would be, so every URL left fails with it
      const whole = v.status === 401 || v.status === 403;
      const hit = whole ? rows.slice(i) : batch;
      await this.store.mark(ids(hit), { state: out.urlState, reason: v.reason, hint: v.hint ?? null, status: v.status, sent: true });
      progress.add('indexnow', hit.length);
      if (whole) break;
    }
    return {};
  }

  /**
   * Sends `rows` to Baidu within the day's quota; what does not fit waits (`quota`) for the follow-up job of the next
   * Beijing day. Shared by an announcement and that follow-up.
   */
  private async sendBaidu(site: SiteConfig, account: AccountConfig, rows: UrlRow[], signal: AbortSignal, progress: (n: number) => void): Promise<Left> {
    const target = { site: site.baidu.site, token: site.baidu.token };
    const today = beijingDay(this.clock());
    // the quota as today's last answer left it (another announcement's, or this one's)
    let remain = site.baidu.remainDay === today ? site.baidu.remain : null;
    let cap = BAIDU_BATCH;
    let i = 0;
    while (i < rows.length) {
      if (remain !== null && remain <= 0) {
        const rest = rows.slice(i);
        await this.store.mark(ids(rest), { state: 'quota', reason: { key: 'searchAnnounce.quota' }, hint: { code: 'quotaExhausted' }, status: null });
        await this.queueQuotaFollowUp(site);
        progress(rest.length);
        return {};
      }
      const batch = rows.slice(i, i + Math.min(cap, remain ?? cap));
      const out = await this.withRetries(() => pushBaidu(account.baiduEndpoint, target, batch.map((r) => r.url), signal), signal);
      const v = out.verdict;
      if (v.kind === 'retry') return this.leave(rows.slice(i), v, 'baidu');
      if (v.kind === 'stop' && out.overQuota) {
        // past what the day still takes: half as many, down to one URL; refused with one, the day's quota is used up
        if (batch.length > 1) cap = Math.max(1, Math.floor(batch.length / 2));
        else remain = 0;
        if (remain === 0) await this.store.keepRemain(site.websiteId, 0, today);
        continue;
      }
      if (v.kind === 'stop') {
        // a token refused, the site not verified: every batch would be
        const rest = rows.slice(i);
        await this.store.mark(ids(rest), { state: 'failed', reason: v.reason, hint: v.hint ?? null, status: v.status, sent: true });
        progress(rest.length);
        return {};
      }
      const taken = batch.filter((r) => !out.refused.has(r.url));
      await this.store.mark(ids(taken), { state: 'submitted', status: out.reply.status, sent: true });
      for (const why of ['not_same_site', 'not_valid']) {
        const refused = batch.filter((r) => out.refused.get(r.url) === why);
        const hint: UrlHint | null = why === 'not_same_site' ? { code: 'siteNotVerified', params: { site: site.baidu.site } } : null;
        await this.store.mark(ids(refused), { state: 'rejected', reason: why, hint, status: out.reply.status, sent: true });
      }
      remain = out.remain ?? (remain === null ? null : Math.max(0, remain - out.success));
      if (out.remain !== undefined) await this.store.keepRemain(site.websiteId, out.remain, today);
      cap = BAIDU_BATCH;
      i += batch.length;
      progress(batch.length);
    }
    return {};
  }

  /** one job per website and Beijing day takes up the URLs waiting for Baidu's quota (its key: queued once) */
  private async queueQuotaFollowUp(site: SiteConfig): Promise<void> {
    const runAt = nextBeijingMorning(this.clock());
    const day = beijingDay(runAt);
    await this.queue.enqueue(this.data, {
      kind: SEARCH_ANNOUNCE_JOB,
      tenantId: site.tenantId,
      payload: { websiteId: site.websiteId, quotaDay: day } satisfies AnnouncePayload,
      key: `${SEARCH_ANNOUNCE_JOB}:baidu-quota:${site.websiteId}:${day}`,
      runAt,
    });
  }

  private async sendGoogle(site: SiteConfig, account: AccountConfig, rows: UrlRow[], signal: AbortSignal, progress: Progress): Promise<Left> {
    const google = account.google;
    if (!google) {
      await this.store.mark(ids(rows), { state: 'failed', reason: { key: 'searchAnnounce.noGoogleKey' }, hint: { code: 'serviceAccountInvalid' } });
      progress.add('google', rows.length);
      return {};
    }
    const property = site.google.property;
    for (const [i, row] of rows.entries()) {
      const out = await this.withRetries(async (): Promise<{ verdict: Verdict; status: number }> => {
        try {
          const sc = await searchConsoleFor(google, account.googleApiRoot, signal);
          const res = await sc.sitemaps.submit({ siteUrl: property, feedpath: row.url }, { signal });
          return { verdict: { kind: 'ok' }, status: res.status };
        } catch (e) {
          signal.throwIfAborted();
          const verdict = googleVerdict(e, property);
          return { verdict, status: verdict.status };
        }
      }, signal);
      const v = out.verdict;
      if (v.kind === 'retry') return this.leave(rows.slice(i), v, 'google');
      const o: Outcome = v.kind === 'ok' ? { state: 'submitted', status: out.status, sent: true } : { state: 'failed', reason: v.reason, hint: v.hint ?? null, status: v.status || null, sent: true };
      await this.store.mark([row.id], o);
      progress.add('google', 1);
    }
    return {};
  }

  /**
   * The follow-up of a day whose Baidu quota ran out: the website's URLs waiting for it go out within the new day's
   * quota (what still does not fit waits for the next one), and the announcements they belong to count again.
   */
  private async quotaFollowUp(job: Job, ctx: JobContext, websiteId: string): Promise<void> {
    const rows = await this.store.waitingForQuota(websiteId);
    if (rows.length === 0) return;
    const site = await siteOf(this.data, this.box, websiteId);
    const on = site ? await enginesOn(this.data, websiteId) : undefined;
    let left: Left = {};
    if (!site || !on?.baidu) {
      await this.store.mark(ids(rows), { state: 'failed', reason: { key: site ? 'searchAnnounce.baiduQuotaOff' : 'searchAnnounce.siteGone' } });
    } else {
      const account = await accountOf(this.data, this.box, site.tenantId);
      let done = 0;
      left = await this.sendBaidu(site, account, rows, ctx.signal, (n) => ctx.progress({ phase: 'baidu', done: (done += n), total: rows.length }));
    }
    if (left.retry && job.attempts < job.maxAttempts) throw new RetryLater(typeof left.retry === 'string' ? left.retry : messageText(left.retry, 'zh'));
    if (left.rows) await this.store.mark(ids(left.rows), { state: 'failed' });
    for (const id of await this.store.endedOf(ids(rows))) await this.store.finish(id);
  }
}

const ids = (rows: readonly UrlRow[]): string[] => rows.map((r) => r.id);
