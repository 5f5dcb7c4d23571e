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
import { messageText, type Message, type MessageKey, type NestedMessage } from '../../../../src-shared/messages';
import { reasonJson, storedReason } from '../../../../src-shared/messages/stored';

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

/** each engine's name, and each state's count (已提交 3), as messages */
export const ENGINE_NAME: Record<AnnounceEngine, MessageKey> = { indexnow: 'searchAnnounce.engineIndexnow', baidu: 'searchAnnounce.engineBaidu', google: 'searchAnnounce.engineGoogle' };
const STATE_COUNT: Record<UrlState, MessageKey> = {
  submitted: 'searchAnnounce.stateSubmitted',
  rejected: 'searchAnnounce.stateRejected',
  quota: 'searchAnnounce.stateQuota',
  failed: 'searchAnnounce.stateFailed',
  pending: 'searchAnnounce.statePending',
};

/** a reason recorded: a message of the table (kept with its key) or an engine's own words */
export type Reason = Message | NestedMessage | string;

/** zh text and key (null: only text) of a reason, as the columns keep them */
const columns = (reason: Reason | null | undefined): { text: string | null; json: string | null } =>
  reason === null || reason === undefined ? { text: null, json: null } : { text: typeof reason === 'string' ? reason : messageText(reason, 'zh'), json: reasonJson(reason) };

/** a list as one message, its items joined by `key`'s separator (as the server joined them before keys) */
export function joined(list: readonly Reason[], key: 'searchAnnounce.comma' | 'searchAnnounce.semicolon'): Reason | undefined {
  if (list.length === 0) return undefined;
  return list.reduce((a, b) => ({ key, params: { a, b } }));
}

/** what a URL's row becomes */
export interface Outcome {
  /** the new state; absent: the state stays (a reason noted on rows left for a retry) */
  state?: UrlState;
  reason?: Reason | null;
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
    const reason = columns(o.reason);
    await this.data.transaction(async (trx) => {
      for (const part of chunks(ids)) {
        await trx.run(sql`UPDATE search_url SET state = COALESCE(CAST(${o.state ?? null} AS TEXT), state), reason = ${reason.text}, reason_message = ${reason.json}, hint = ${hint},
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
  async failPending(announceId: string, reason: Reason): Promise<void> {
    const r = columns(reason);
    await this.data.run(sql`UPDATE search_url SET state = 'failed', reason_message = CASE WHEN reason IS NULL THEN ${r.json} ELSE reason_message END,
        reason = COALESCE(reason, ${r.text}), update_time = ${this.now()}
      WHERE announce_id = ${announceId} AND state = 'pending'`);
  }

  /** while the job waits for its retry: why */
  async note(announceId: string, message: Reason): Promise<void> {
    const m = columns(message);
    await this.data.run(sql`UPDATE search_announce SET message = ${m.text}, message_reason = ${m.json} WHERE id = ${announceId}`);
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
  async finish(announceId: string, o: { failure?: Reason; state?: AnnounceState } = {}): Promise<void> {
    const counts = await this.counts(announceId);
    const reasons = new Map<string, Reason>();
    for (const r of await this.data.all(sql<{ engine: string; reason: string }>`SELECT engine, MIN(reason) AS reason FROM search_url
        WHERE announce_id = ${announceId} AND state IN ('rejected', 'failed') AND reason IS NOT NULL GROUP BY engine`)) {
      // the first reason with its key, when it was recorded with one
      const keyed = await this.data.get(sql<{ reason_message: string | null }>`SELECT reason_message FROM search_url
        WHERE announce_id = ${announceId} AND engine = ${r.engine} AND reason = ${r.reason} AND reason_message IS NOT NULL LIMIT 1`);
      reasons.set(r.engine, storedReason(keyed?.reason_message) ?? r.reason);
    }
    let total = 0;
    let submitted = 0;
    let waiting = 0;
    const parts: Reason[] = [];
    for (const engine of ANNOUNCE_ENGINES) {
      const c = counts[engine];
      if (!c) continue;
      const shown = URL_STATES.filter((s) => c[s] > 0).map((s): Reason => ({ key: STATE_COUNT[s], params: { n: c[s] } }));
      const why = reasons.get(engine);
      const name: Reason = { key: ENGINE_NAME[engine] };
      const countsOf = joined(shown, 'searchAnnounce.comma') ?? '';
      parts.push(why ? { key: 'searchAnnounce.countsWhy', params: { engine: name, counts: countsOf, why } } : { key: 'searchAnnounce.counts', params: { engine: name, counts: countsOf } });
      for (const s of URL_STATES) total += c[s];
      submitted += c.submitted;
      waiting += c.quota;
    }
    // URLs waiting for tomorrow's quota are not a failure: partial until they go out
    const state: AnnounceState = o.state ?? (o.failure ? 'failed' : submitted === total ? 'done' : submitted === 0 && waiting === 0 ? 'failed' : 'partial');
    const message = columns(joined([...(o.failure ? [o.failure] : []), ...parts], 'searchAnnounce.semicolon') ?? { key: 'searchAnnounce.nothingToSend' });
    await this.data.run(sql`UPDATE search_announce SET state = ${state}, counts = ${JSON.stringify(counts)}, message = ${message.text},
        message_reason = ${message.json}, end_time = ${this.now()}
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
