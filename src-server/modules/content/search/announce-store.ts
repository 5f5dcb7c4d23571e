// What an announcement writes (announcer.ts): its URLs per engine in search_url
// (upserted to `pending`, then each one's outcome with the engine's reason, a hint
// and the HTTP status), and the announcement's own state, counts and message.
// Every write bears a second run of the job (a retry, a takeover): the upsert
// leaves the rows already this announcement's as they are, and only `pending`
// rows are sent, so what was submitted is never sent again.
import { sql, type DataLayer } from '../../../db/data-layer';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { nextId } from '../../../util/ids';
import {
  ANNOUNCE_ENGINES,
  type AnnounceEngine,
  type AnnounceState,
  type UrlCounts,
  type UrlHint,
  type UrlState,
  URL_STATES,
} from '../../../../src-shared/search-engines';
import type { AnnouncedUrl } from './announce-urls';

type Rec = Record<string, unknown>;

/** a URL of an announcement at one engine, to send */
export interface UrlRow {
  id: string;
  url: string;
  announceId: string;
}

/** rows per statement (a few thousand parameters: within both engines' limits) */
const CHUNK = 500;

const chunks = <T>(list: readonly T[], n = CHUNK): T[][] => Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, (i + 1) * n));

export const FINISHED: ReadonlySet<string> = new Set<AnnounceState>(['done', 'partial', 'failed', 'cancelled']);

const ENGINE_NAME: Record<AnnounceEngine, string> = { indexnow: 'IndexNow', baidu: '百度', google: 'Google' };
const STATE_NAME: Record<UrlState, string> = { submitted: '已提交', rejected: '已拒绝', quota: '等待配额', failed: '失败', pending: '待提交' };

/** what a URL's row becomes */
export interface Outcome {
  /** the new state; absent: the state stays (a reason noted on rows left for a retry) */
  state?: UrlState;
  reason?: string | null;
  hint?: UrlHint | null;
  status?: number | null;
  /** the rows were sent (attempts + 1; submitted rows get their submit time) */
  sent?: boolean;
}

export type Counts = Partial<Record<AnnounceEngine, UrlCounts>>;

export class AnnounceStore {
  constructor(
    readonly data: DataLayer,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return formatDateTime(this.clock());
  }

  announcement(id: string): Promise<Rec | undefined> {
    return this.data.get(sql<Rec>`SELECT * FROM search_announce WHERE id = ${id}`);
  }

  /** The announcement's URLs at `engine`, `pending`; a URL already this announcement's is left as it is. */
  async upsert(a: { id: string; tenantId: string; websiteId: string }, engine: AnnounceEngine, urls: readonly AnnouncedUrl[]): Promise<void> {
    for (const part of chunks(urls)) {
      const now = this.now();
      const values = part.map((u) => sql`(${nextId()}, ${a.tenantId}, ${a.websiteId}, ${engine}, ${u.url}, ${u.change}, 'pending', ${a.id}, 0, ${now})`);
      await this.data.run(sql`INSERT INTO search_url (id, tenant_id, website_info_id, engine, url, change_kind, state, announce_id, attempts, update_time)
        VALUES ${sql.join(values)}
        ON CONFLICT (website_info_id, engine, url) DO UPDATE SET state = 'pending', change_kind = excluded.change_kind, announce_id = excluded.announce_id,
          reason = NULL, hint = NULL, http_status = NULL, attempts = 0, update_time = excluded.update_time
        WHERE search_url.announce_id IS NULL OR search_url.announce_id <> excluded.announce_id`);
    }
  }

  /** the announcement's URLs at `engine` still to send */
  async pending(announceId: string, engine: AnnounceEngine): Promise<UrlRow[]> {
    const rows = await this.data.all(sql<{ id: string; url: string }>`SELECT id, url FROM search_url
      WHERE announce_id = ${announceId} AND engine = ${engine} AND state = 'pending' ORDER BY id`);
    return rows.map((r) => ({ id: r.id, url: r.url, announceId }));
  }

  /** a website's URLs waiting for Baidu's quota (of any announcement), oldest first */
  async waitingForQuota(websiteId: string): Promise<UrlRow[]> {
    const rows = await this.data.all(sql<{ id: string; url: string; announce_id: string | null }>`SELECT id, url, announce_id FROM search_url
      WHERE website_info_id = ${websiteId} AND engine = 'baidu' AND state = 'quota' ORDER BY update_time, id`);
    return rows.map((r) => ({ id: r.id, url: r.url, announceId: String(r.announce_id ?? '') }));
  }

  /** writes an outcome to these rows (one transaction) */
  async mark(ids: readonly string[], o: Outcome): Promise<void> {
    if (ids.length === 0) return;
    const now = this.now();
    const hint = o.hint ? JSON.stringify(o.hint) : null;
    const submitted = o.state === 'submitted' ? now : null;
    await this.data.transaction(async (trx) => {
      for (const part of chunks(ids)) {
        await trx.run(sql`UPDATE search_url SET state = COALESCE(CAST(${o.state ?? null} AS TEXT), state), reason = ${o.reason ?? null}, hint = ${hint},
            http_status = ${o.status ?? null}, attempts = attempts + ${o.sent ? 1 : 0}, submit_time = COALESCE(CAST(${submitted} AS TEXT), submit_time),
            update_time = ${now}
          WHERE id IN (${sql.join(part)})`);
      }
    });
  }

  /** Baidu's quota as its last answer left it (for the next batch, and the next announcement of the day) */
  async keepRemain(websiteId: string, remain: number, day: string): Promise<void> {
    await this.data.run(sql`UPDATE search_site SET baidu_remain = ${remain}, baidu_remain_day = ${day} WHERE id = ${websiteId}`);
  }

  /** the announcement's URLs still pending become failed, keeping the last reason (or this one) */
  async failPending(announceId: string, reason: string): Promise<void> {
    await this.data.run(sql`UPDATE search_url SET state = 'failed', reason = COALESCE(reason, ${reason}), update_time = ${this.now()}
      WHERE announce_id = ${announceId} AND state = 'pending'`);
  }

  /** while the job waits for its retry: why */
  async note(announceId: string, message: string): Promise<void> {
    await this.data.run(sql`UPDATE search_announce SET message = ${message} WHERE id = ${announceId}`);
  }

  /** the URLs were written: the job sends from now on (a second run does not write them again) */
  async started(announceId: string): Promise<void> {
    await this.data.run(sql`UPDATE search_announce SET state = 'running' WHERE id = ${announceId} AND state = 'queued'`);
  }

  /** per engine, the announcement's URLs by outcome */
  async counts(announceId: string): Promise<Counts> {
    const rows = await this.data.all(sql<{ engine: string; state: string; n: number }>`SELECT engine, state, COUNT(*) AS n FROM search_url
      WHERE announce_id = ${announceId} GROUP BY engine, state`);
    const out: Counts = {};
    for (const r of rows) {
      const engine = r.engine as AnnounceEngine;
      if (!ANNOUNCE_ENGINES.includes(engine) || !URL_STATES.includes(r.state as UrlState)) continue;
      out[engine] ??= { pending: 0, submitted: 0, rejected: 0, quota: 0, failed: 0 };
      out[engine][r.state as UrlState] = Number(r.n);
    }
    return out;
  }

  /**
   * Ends the announcement from its URLs' outcomes: done (all submitted), partial (some rejected, failed or waiting
   * for quota), failed (none submitted nor waiting for quota, or `failure`: it could not run); the message says per engine how many, and
   * the first reason of what was refused or failed. `state` forces the end state (cancelled).
   */
  async finish(announceId: string, o: { failure?: string; state?: AnnounceState } = {}): Promise<void> {
    const counts = await this.counts(announceId);
    const reasons = new Map(
      (await this.data.all(sql<{ engine: string; reason: string }>`SELECT engine, MIN(reason) AS reason FROM search_url
        WHERE announce_id = ${announceId} AND state IN ('rejected', 'failed') AND reason IS NOT NULL GROUP BY engine`)).map((r) => [r.engine, r.reason]),
    );
    let total = 0;
    let submitted = 0;
    let waiting = 0;
    const parts: string[] = [];
    for (const engine of ANNOUNCE_ENGINES) {
      const c = counts[engine];
      if (!c) continue;
      const shown = URL_STATES.filter((s) => c[s] > 0).map((s) => `${STATE_NAME[s]} ${c[s]}`);
      const why = reasons.get(engine);
      parts.push(`${ENGINE_NAME[engine]}: ${shown.join(', ')}${why ? ` (${why})` : ''}`);
      for (const s of URL_STATES) total += c[s];
      submitted += c.submitted;
      waiting += c.quota;
    }
    // URLs waiting for tomorrow's quota are not a failure: partial until they go out
    const state: AnnounceState = o.state ?? (o.failure ? 'failed' : submitted === total ? 'done' : submitted === 0 && waiting === 0 ? 'failed' : 'partial');
    const message = [o.failure, parts.join('; ')].filter(Boolean).join('; ') || '没有需要提交的网址';
    await this.data.run(sql`UPDATE search_announce SET state = ${state}, counts = ${JSON.stringify(counts)}, message = ${message}, end_time = ${this.now()}
      WHERE id = ${announceId}`);
  }

  /** the announcements these rows belong to that have ended (their counts change after a later send) */
  async endedOf(ids: readonly string[]): Promise<string[]> {
    const found = new Set<string>();
    for (const part of chunks(ids)) {
      const rows = await this.data.all(sql<{ id: string }>`SELECT DISTINCT a.id FROM search_announce a JOIN search_url u ON u.announce_id = a.id
        WHERE u.id IN (${sql.join(part)}) AND a.state IN ('done', 'partial', 'failed')`);
      for (const r of rows) found.add(r.id);
    }
    return [...found];
  }
}
