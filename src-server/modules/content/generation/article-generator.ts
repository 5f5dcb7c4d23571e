// AI article generation jobs: for a generate-article task, every keyword of its
// keyword file times every prompt row is one item; each item calls the enabled
// AI model setting's OpenAI-compatible endpoint (POST its chat completions URL: src-shared/ai-endpoint.ts)
// and stores the produced article in the article table (unpublished; on the
// task's website group / website / column when it names them, else unassigned),
// failed items in gpt_article with their reason. Template parameters fill their
// {paramKey} placeholders in the prompts; the tenant's article quota is kept. Items run with a concurrency
// limit per task (SEO_AI_CONCURRENCY), and every request attempt holds a slot of the model's limits that all
// instances keep together (并发上限, 每分钟请求上限: ai-limiter.ts, no transaction open while it runs);
// transient errors (network, 429, 5xx) are retried with backoff, counts
// are kept on the task.
// A run is a durable job (src-server/jobs, kind `generation-task`), queued in the
// transaction that marks the task 执行中 and keeps the job's id (job_id): any
// working instance runs it; a killed instance's run is taken over after its lease
// and goes on skipping the items done (an article is unique per task and item,
// ux_article_gpt_item, so two overlapping runs never write one item twice); a
// database outage fails the run and the job retries it with backoff; a cancel
// (任务取消, any instance) aborts the in-flight AI requests at once and the task
// keeps 已取消 with its counts. A finished task is 已完成 only when every item succeeded (部分失败,
// 失败: task-status.ts). An error no other keyword can escape (the endpoint
// unreachable, the key refused: the URL and HTTP status, never the key) is the
// task's reason (error_msg) and fails the remaining items at once with it.
// API keys are never logged.
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { waitUnlessAborted } from '../../../util/wait';
import { nextId } from '../../../util/ids';
import type { SecretBox } from '../../../util/secret-box';
import { articlesLeft } from '../quota/quota';
import { uploadedFile } from '../shared/uploads';
import { readAll, storeFailure } from '../../../files/file-store';
import type { FileStores } from '../../../files/file-stores';
import { finalStatus, isFinished, TASK } from '../shared/task-status';
import { AiModelLimiter, type LimiterOptions } from './ai-limiter';
import { targetsOf } from './targets';
import { chatCompletionsUrl } from '../../../../src-shared/ai-endpoint';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import type { JobContext } from '../../../jobs/worker';
import { ReasonError, reasonOf } from '../../../http/reasons';
import { messageText, type Message, type NestedMessage, type ReplyLanguage } from '../../../../src-shared/messages';
import { reasonJson, reasonText, storedReason } from '../../../../src-shared/messages/stored';
import { httpReason, networkReason } from './ai-reasons';

/** a task's or a keyword's reason: a message of the table (recorded with its key), else a text (a store's words) */
type Why = Message | NestedMessage | string;
const zhOf = (why: Why): string => (typeof why === 'string' ? why : messageText(why, 'zh'));
const QUOTA: Message = { key: 'genReason.quota' };

type Rec = Record<string, unknown>;

export const STATUS = TASK;

/** the job kind of one run of a generate-article task */
export const GENERATION_JOB = 'generation-task';

/** runs of a job (first claim, retries after a database outage, takeovers after an instance died) before it fails */
const JOB_ATTEMPTS = 10;

interface RunPayload {
  taskId: string;
}

/** Messages of starting and cancelling a task. */
export const RUN_MSG = {
  running: 'generation.taskRunning',
  notCancellable: 'generation.notCancellable',
} as const;

export interface GeneratorOptions {
  concurrency?: number;
  retries?: number;
  backoffMs?: number;
  /** the shared per-model limiter's options (ai-limiter.ts) */
  limits?: LimiterOptions;
}

/** The shared limiter could not be asked (the database away): the run fails and its job retries it, no item fails for it. */
class LimiterUnavailable extends Error {}

export class TransientError extends Error {}

/** An AI call failure that no other item of the task escapes (unreachable endpoint, refused key, wrong URL). */
export class FatalAiError extends ReasonError {}

/** The keyword lines of a keyword file (trimmed, blank lines dropped). */
export function keywordLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
}

export class ArticleGenerator {
  private readonly concurrency: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  /** every request to a provider holds one of its model's slots, shared by all instances */
  private readonly limiter: AiModelLimiter;

  constructor(
    private readonly data: DataLayer,
    private readonly files: FileStores,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly jobs: Jobs,
    opts: GeneratorOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? Number(process.env.SEO_AI_CONCURRENCY ?? 8);
    this.retries = opts.retries ?? 3;
    this.backoffMs = opts.backoffMs ?? 300;
    this.limiter = new AiModelLimiter(data, clock, opts.limits);
    jobs.handle(GENERATION_JOB, (job, ctx) => this.runJob(job, ctx), {
      // its last attempt's instance died: no run of it goes on, the task says so (the articles written stay)
      abandoned: (job) => this.giveUp(job, job.error ?? '', job.errorReason),
    });
  }

  /**
   * Starts a run of the task through `trx` (the caller's transaction, which has checked the task): refused with
   * 任务正在执行中 while a job of the task is queued or running (on any instance); a finished or cancelled task
   * starts afresh (its failures forgotten, the articles of the previous run kept, detached from the item ledger).
   * The task becomes 执行中 with the new job's id, in the same transaction as the enqueue.
   */
  async start(trx: Queries, taskId: string): Promise<string> {
    // the task row is the lock two starts of one task take turns on (PostgreSQL; SQLite has one writer)
    const task = await trx.get(sql<{ tenant_id: string; status: number; job_id: string | null }>`SELECT tenant_id, status, job_id FROM gpt_produce_article
      WHERE id = ${taskId} ${trx.dialect.forUpdate()}`);
    if (!task) throw new Error(`generation task ${taskId} not found`);
    if (task.job_id && (await trx.get(sql`SELECT 1 AS busy FROM job WHERE id = ${task.job_id} AND state IN ('queued', 'running')`))) {
      throw new TaskBusy();
    }
    const status = Number(task.status);
    if (isFinished(status) || status === STATUS.cancelled) {
      await trx.run(sql`DELETE FROM gpt_article WHERE task_id = ${taskId}`);
      await trx.run(sql`UPDATE article SET gpt_item_index = NULL WHERE gpt_task_id = ${taskId}`);
      await trx.run(sql`UPDATE gpt_produce_article SET success_count = 0, fail_count = 0, error_msg = NULL, error_reason = NULL WHERE id = ${taskId}`);
    }
    const job = await this.jobs.queue.enqueue(trx, {
      kind: GENERATION_JOB,
      tenantId: String(task.tenant_id),
      payload: { taskId } satisfies RunPayload,
      maxAttempts: JOB_ATTEMPTS,
    });
    await trx.run(sql`UPDATE gpt_produce_article SET status = ${STATUS.running}, job_id = ${job.id} WHERE id = ${taskId}`);
    return job.id;
  }

  /**
   * Cancels a 待执行 or 执行中 task through `trx`: its job is cancelled (a queued one at once; a running one stops on
   * whichever instance runs it, its in-flight requests aborted) and the task is 已取消 now, its counts kept.
   * False when the task is neither.
   */
  async cancel(trx: Queries, taskId: string): Promise<boolean> {
    const task = await trx.get(sql<{ status: number; job_id: string | null }>`SELECT status, job_id FROM gpt_produce_article
      WHERE id = ${taskId} ${trx.dialect.forUpdate()}`);
    if (!task || (Number(task.status) !== STATUS.queued && Number(task.status) !== STATUS.running)) return false;
    if (task.job_id) await this.jobs.queue.cancel(task.job_id, trx);
    await trx.run(sql`UPDATE gpt_produce_article SET status = ${STATUS.cancelled}, update_time = ${formatDateTime(this.clock())} WHERE id = ${taskId}`);
    return true;
  }

  /** One run of a task (the job's handler): a run superseded by a newer one, or of a task no longer 执行中, does nothing. */
  private async runJob(job: Job, ctx: JobContext): Promise<void> {
    const { taskId } = job.payload as RunPayload;
    const mine = await this.data.get(sql`SELECT 1 AS mine FROM gpt_produce_article WHERE id = ${taskId} AND job_id = ${job.id} AND status = ${STATUS.running} AND is_deleted = 0`);
    if (!mine) return;
    try {
      await this.run(taskId, job.id, ctx);
    } catch (e) {
      // the last attempt failed (the database away all along): no retry follows, so the task says why instead of
      // staying 执行中 (if the database answers this write; else the job view shows the reason)
      if (!ctx.signal.aborted && job.attempts >= job.maxAttempts) await this.giveUp(job, { key: 'genReason.interrupted', params: { detail: (e as Error).message.slice(0, 480) } }).catch(() => undefined);
      throw e;
    }
  }

  /** A run that will not go on: its task, still 执行中 under this job, is 失败 with the reason (its counts kept). */
  private async giveUp(job: Job, reason: Why, recorded: string | null = null): Promise<void> {
    const { taskId } = job.payload as RunPayload;
    await this.data.run(sql`UPDATE gpt_produce_article SET status = ${STATUS.failed}, error_msg = ${zhOf(reason).slice(0, 500)}, error_reason = ${recorded ?? reasonJson(reason)}, update_time = ${formatDateTime(this.clock())}
      WHERE id = ${taskId} AND job_id = ${job.id} AND status = ${STATUS.running}`);
  }

  private async run(taskId: string, jobId: string, ctx: JobContext): Promise<void> {
    const data = this.data;
    const task = await data.get(sql<Rec>`SELECT * FROM gpt_produce_article WHERE id = ${taskId}`);
    if (!task) return;
    const tenantId = String(task.tenant_id);
    const { signal } = ctx;
    // only this run's task, still 执行中, finishes (a cancelled task keeps 已取消; a newer run has its own job)
    const finish = (status: number, reason: Why | null) =>
      data.run(sql`UPDATE gpt_produce_article SET status = ${status}, error_msg = ${reason === null ? null : zhOf(reason)}, error_reason = ${reasonJson(reason)}, update_time = ${formatDateTime(this.clock())}
        WHERE id = ${taskId} AND job_id = ${jobId} AND status = ${STATUS.running}`);
    await data.run(sql`UPDATE gpt_produce_article SET error_msg = NULL, error_reason = NULL WHERE id = ${taskId}`);
    const model = await data.get(sql<Rec>`SELECT * FROM ai_model WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1 ORDER BY update_time DESC LIMIT 1`);
    // the keyword file, from the store that holds it (the tenant's 对象存储 or the data folder)
    const found = model ? await uploadedFile({ data, files: this.files }, String(task.file_link ?? '')) : null;
    let text: string | null = null;
    if (found) {
      try {
        const file = await found.store.get(found.key);
        text = file ? (await readAll(file.body)).toString('utf8') : null;
      } catch (err) {
        await data.run(sql`UPDATE gpt_produce_article SET fail_count = total WHERE id = ${taskId}`);
        await finish(STATUS.failed, storeFailure(found.store, '读取失败', err).message);
        return;
      }
    }
    if (!model || text === null) {
      await data.run(sql`UPDATE gpt_produce_article SET fail_count = total WHERE id = ${taskId}`);
      await finish(STATUS.failed, { key: model ? 'genReason.noFile' : 'genReason.noModel' });
      return;
    }
    const keywords = keywordLines(text);
    let prompts: { input: string }[] = [];
    try {
      prompts = JSON.parse(String(task.prompts)) as { input: string }[];
    } catch {
      prompts = [];
    }
    const total = keywords.length * prompts.length;
    await data.run(sql`UPDATE gpt_produce_article SET total = ${total} WHERE id = ${taskId}`);
    const before = (await data.get(sql<{ ok: number; failed: number }>`SELECT success_count AS ok, fail_count AS failed FROM gpt_produce_article WHERE id = ${taskId}`))!;
    const progress = { done: Number(before.ok) + Number(before.failed), total, failed: Number(before.failed) };
    ctx.progress({ ...progress });
    if (total === 0) {
      await finish(STATUS.failed, { key: keywords.length ? 'genReason.noPrompts' : 'genReason.noKeywords' });
      return;
    }
    const done = new Set([
      ...(await data.all(sql<{ item_index: number }>`SELECT item_index FROM gpt_article WHERE task_id = ${taskId}`)).map((r) => r.item_index),
      ...(await data.all(sql<{ item_index: number }>`SELECT gpt_item_index AS item_index FROM article WHERE gpt_task_id = ${taskId} AND gpt_item_index IS NOT NULL`)).map((r) => r.item_index),
    ]);
    let apiKey = '';
    try {
      apiKey = this.box.open(String(model.api_key));
    } catch {
      apiKey = '';
    }
    const maxTokens = Math.min(Number(task.max_tokens) || 4096, Number(model.max_tokens) > 0 ? Number(model.max_tokens) : 4096);
    const endpoint = chatCompletionsUrl(String(model.url ?? ''));
    const params = await templateParams(data, tenantId);
    const target = await targetsOf(data, task);
    let next = 0;
    // the reason every remaining item fails with, once an error no keyword escapes was met
    let fatal: Why | null = null;
    const user = task.create_user as string | null;
    const dept = task.create_dept as string | null;
    // an item is counted in the transaction that writes it: a run killed or cut off from the database between the
    // two never leaves an item written and uncounted (the run that goes on skips it)
    const count = (trx: Queries, ok: boolean) =>
      trx.run(ok
        ? sql`UPDATE gpt_produce_article SET success_count = success_count + 1 WHERE id = ${taskId}`
        : sql`UPDATE gpt_produce_article SET fail_count = fail_count + 1 WHERE id = ${taskId}`);
    const counted = (ok: boolean) => {
      progress.done++;
      if (!ok) progress.failed++;
      ctx.progress({ ...progress });
    };
    // a database error in one worker stops the others: the run fails and its job retries it
    const halt = new AbortController();
    const stop = AbortSignal.any([signal, halt.signal]);
    // an item already in the ledger (a resumed task) is not counted twice
    const fail = async (i: number, keyword: string, error: Why) => {
      const now = formatDateTime(this.clock());
      const added = await data.transaction(async (trx) => {
        const n = await trx.run(sql`INSERT INTO gpt_article (id, tenant_id, task_id, item_index, keyword, title, content, error, error_reason,
            create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
          VALUES (${nextId()}, ${tenantId}, ${taskId}, ${i}, ${keyword}, ${keyword}, NULL, ${zhOf(error).slice(0, 500)}, ${reasonJson(error)}, ${user}, ${dept}, ${now}, ${user}, ${now}, 0, 0)
          ON CONFLICT DO NOTHING`);
        if (n) await count(trx, false);
        return n > 0;
      });
      if (added) counted(false);
    };
    const worker = async () => {
      while (!stop.aborted) {
        const i = next++;
        if (i >= total) return;
        if (done.has(i)) continue;
        const keyword = keywords[Math.floor(i / prompts.length)];
        const prompt = fillPrompt(prompts[i % prompts.length].input, keyword, params);
        if (fatal !== null) {
          await fail(i, keyword, fatal);
          continue;
        }
        if ((await articlesLeft(data, tenantId)) < 1) {
          await fail(i, keyword, QUOTA);
          continue;
        }
        let content = '';
        try {
          content = await this.complete(String(model.id), endpoint, apiKey, { model: model.model, temperature: Number(model.temperature), max_tokens: maxTokens, prompt }, stop);
        } catch (e) {
          if (stop.aborted) return;
          if (e instanceof LimiterUnavailable) throw e;
          if (e instanceof FatalAiError) fatal ??= e.reason;
          await fail(i, keyword, reasonOf(e));
          continue;
        }
        if (stop.aborted) return;
        const now = formatDateTime(this.clock());
        const title = titleOf(content, keyword);
        const html = toHtml(content, title);
        const site = target.sites.length ? target.sites[i % target.sites.length] : '';
        const cate = target.cates.length ? target.cates[i % target.cates.length] : '';
        // the quota is checked again at the moment of writing, its row locked until the insert commits (other
        // workers, forms and imports of any instance may have taken the last places meanwhile)
        const wrote = await data.transaction(async (trx) => {
          if ((await articlesLeft(trx, tenantId, { lock: true })) < 1) return 'quota' as const;
          const added = await trx.run(sql`INSERT INTO article (id, tenant_id, website_info_id, website_group_id, parent_id, title, keyword, content, desc_val, save_status,
              gpt_task_id, gpt_item_index, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
            VALUES (${nextId()}, ${tenantId}, ${site}, ${target.group}, ${cate}, ${title}, ${keyword.slice(0, 50)}, ${html}, ${plainOf(html, title).slice(0, 300)}, 'AI生成',
              ${taskId}, ${i}, ${user}, ${dept}, ${now}, ${user}, ${now}, 0, 0)
            ON CONFLICT DO NOTHING`);
          // nothing added: another run of the task (the instance taken over, still finishing) wrote the item
          if (added === 0) return 'exists' as const;
          await count(trx, true);
          return 'written' as const;
        });
        if (wrote === 'written') counted(true);
        else if (wrote === 'quota') await fail(i, keyword, QUOTA);
      }
    };
    const ends = await Promise.allSettled(Array.from({ length: Math.max(1, this.concurrency) }, () =>
      worker().catch((e: unknown) => {
        halt.abort();
        throw e;
      })));
    const broken = ends.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (broken) throw broken.reason;
    // cancelled (the task is 已取消 already), lease lost (another instance goes on) or shutting down (given back)
    if (signal.aborted) return;
    const counts = (await data.get(sql<{ ok: number; failed: number }>`SELECT success_count AS ok, fail_count AS failed FROM gpt_produce_article WHERE id = ${taskId}`))!;
    const status = finalStatus(counts.ok, counts.failed);
    // the task's reason: the error that stopped every keyword, else (nothing succeeded) the most frequent item error
    const common = async (): Promise<Why | null> => {
      const top = await data.get(sql<{ error: string; error_reason: string | null }>`SELECT error, MAX(error_reason) AS error_reason FROM gpt_article
          WHERE task_id = ${taskId} AND error IS NOT NULL GROUP BY error ORDER BY COUNT(*) DESC, MIN(item_index) LIMIT 1`);
      return top ? (storedReason(top.error_reason) ?? top.error) : null;
    };
    await finish(status, fatal ?? (status === STATUS.failed ? await common() : null));
  }

  /** One request to the provider (with its retries), each attempt holding a slot of the model's shared limits. */
  private async complete(
    modelId: string,
    endpoint: string,
    apiKey: string,
    o: { model: unknown; temperature: number; max_tokens: number; prompt: string },
    signal: AbortSignal,
  ): Promise<string> {
    let lastError: Message | null = null;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await waitUnlessAborted(this.backoffMs * 2 ** (attempt - 1), signal);
      signal.throwIfAborted();
      let slot;
      try {
        slot = await this.limiter.acquire(modelId, signal);
      } catch (e) {
        signal.throwIfAborted();
        throw new LimiterUnavailable((e as Error).message);
      }
      // the slot is held until the answer is read: the provider works on the request until then
      let res: Response;
      let text: string;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ model: o.model, temperature: o.temperature, max_tokens: o.max_tokens, messages: [{ role: 'user', content: o.prompt }] }),
          // a cancel aborts the request at once
          signal: AbortSignal.any([signal, AbortSignal.timeout(120_000)]),
        });
        text = await res.text();
      } catch (e) {
        signal.throwIfAborted();
        lastError = networkReason(endpoint, e);
        continue;
      } finally {
        await slot.release();
      }
      if (res.status === 429 || res.status >= 500) {
        lastError = httpReason(endpoint, res.status, text, apiKey);
        continue;
      }
      if (!res.ok) {
        const reason = httpReason(endpoint, res.status, text, apiKey);
        // the key refused or the URL wrong: the same for every keyword
        throw res.status === 401 || res.status === 403 || res.status === 404 ? new FatalAiError(reason) : new ReasonError(reason);
      }
      const body = parseJson(text) as { choices?: { message?: { content?: string } }[] } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new ReasonError({ key: 'genReason.empty', params: { endpoint } });
      return content;
    }
    // after the retries: an endpoint that cannot be reached stops the task; a 5xx or 429 fails this item only
    if (lastError?.key === 'genReason.unreachable') throw new FatalAiError(lastError);
    throw new ReasonError(lastError ?? { key: 'genReason.error', params: { endpoint } });
  }
}

/** A start refused because a run of the task is queued or running. */
export class TaskBusy extends Error {
  constructor() {
    super(messageText(RUN_MSG.running, 'zh'));
  }
}


/** the JSON in `text`, or null when it is none */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The tenant's template parameters (gptGenerateTemplateParm): key -> value. */
export async function templateParams(q: Queries, tenantId: string): Promise<Map<string, string>> {
  const rows = await q.all(sql<{ param_key: string; param_value: string }>`SELECT param_key, param_value FROM gpt_generate_template_parm WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
  return new Map(rows.map((r) => [r.param_key, r.param_value]));
}

/** A prompt row with {keyword} and the template parameters' {paramKey} placeholders filled; unknown placeholders stay. */
export function fillPrompt(input: string, keyword: string, params: Map<string, string>): string {
  return input.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, key: string) => (key === 'keyword' ? keyword : (params.get(key) ?? whole)));
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cleanLine = (s: string): string => s.replace(/^[#*\s]+|[*\s]+$/g, '').replace(/^(标题|title)\s*[:：]\s*/i, '');

/** The generated text as the article's rich text: one paragraph per line, the title line left out, HTML escaped. */
export function toHtml(content: string, title: string): string {
  const lines = content.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
  if (lines.length > 1 && cleanLine(lines[0]) === title) lines.shift();
  return lines.map((l) => `<p>${escapeHtml(l.replace(/^#+\s*/, ''))}</p>`).join('');
}

/** The article's description: its text without tags. */
function plainOf(html: string, title: string): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  return text || title;
}

/** The article title: the first non-empty line without markdown marks, at most 50 characters; else the keyword. */
export function titleOf(content: string, keyword: string): string {
  const line = content.split(/\r?\n/).map((s) => s.replace(/^[#*\s]+|[*\s]+$/g, '').replace(/^(标题|title)\s*[:：]\s*/i, '')).find(Boolean);
  return (line || keyword).slice(0, 50);
}

/** At most this many keywords with their reason are answered per task (the item ledger holds them all). */
export const FAILURES_SHOWN = 200;

export interface KeywordFailure {
  keyword: string;
  error: string;
}

/** The failed keywords of these tasks with their reason (one entry per keyword and reason, in file order), by task id. */
export async function keywordFailures(q: Queries, taskIds: readonly string[], language: ReplyLanguage = 'zh'): Promise<Map<string, KeywordFailure[]>> {
  const out = new Map<string, KeywordFailure[]>();
  if (taskIds.length === 0) return out;
  const rows = await q.all(sql<{ task_id: string; keyword: string | null; error: string; error_reason: string | null }>`SELECT task_id, keyword, error, error_reason FROM (
         SELECT task_id, keyword, error, MAX(error_reason) AS error_reason, MIN(item_index) AS first_item,
                ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY MIN(item_index)) AS n
           FROM gpt_article WHERE task_id IN (${sql.join([...taskIds])}) AND is_deleted = 0 AND error IS NOT NULL
          GROUP BY task_id, keyword, error) AS f
        WHERE n <= ${FAILURES_SHOWN} ORDER BY task_id, first_item`);
  for (const r of rows) {
    const list = out.get(r.task_id) ?? [];
    list.push({ keyword: r.keyword ?? '', error: reasonText(r.error, r.error_reason, language) });
    out.set(r.task_id, list);
  }
  return out;
}
