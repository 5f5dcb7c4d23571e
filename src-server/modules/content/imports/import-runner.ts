// Import tasks (spec content-area.md §3 "Import task", "Task error log"): keyword,
// article, website and template imports run in the background as an import_task
// (status 0 queued, 1 running, then 2 已完成 when every line was imported, 4 部分失败
// when some were not, 3 失败 when none was or the task could not run, its reason in
// error_msg; total / success / failed rows).
// The source is a file of lines read as a stream from its store (the tenant's
// 对象存储 or the data folder: an uploaded file's store is recorded with it, a
// JSON body import's lines are stored as imports/<task id>.txt and the store
// named in the task's options), so any instance can run or continue the task;
// every bad line goes to
// task_error_log (line, message, raw data) and is skipped, good lines are kept.
// Lines are written in batches, each batch one transaction together with the
// task's counters and the number of lines done, so a task picked up again
// continues after the last committed batch.
//
// A task runs as a durable job (src-server/jobs, kind `import-task`, issue 30),
// queued in the transaction that creates the task (import_task.job_id): any
// working instance claims it; when that instance dies, another one takes the job
// over once its lease runs out and goes on after the last committed batch. Each
// batch's transaction ends by locking the job's row and checking the lease is
// still this run's (fenced(): owner, attempt, not cancelled): a run that lost its
// lease, or whose task was cancelled, commits nothing more, so no line is imported
// twice and nothing is written after a cancel. Cancelling (cancel()) marks the task
// 已取消 at once, keeping the rows already imported, and cancels its job.
//
// Formats: `lines` (one keyword a line), `json` (one JSON object a line: an
// article, website or template as its form sends it), `text` (articles as
// `title|keyword|content` lines, website group, website and column from the task).
import type { Readable } from 'node:stream';
import { sql, type DataLayer, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import type { Scope } from '../../../crud/repository';
import type { Resource } from '../../../crud/resource';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { waitUnlessAborted } from '../../../util/wait';
import { nextId } from '../../../util/ids';
import { MANAGED_KEYWORD_MAX } from '../shared/messages';
import { uploadedFile } from '../shared/uploads';
import { storeFailure, type FileStore } from '../../../files/file-store';
import type { FileStores } from '../../../files/file-stores';
import { finalStatus, isFinished, TASK } from '../shared/task-status';
import type { Jobs } from '../../../jobs/jobs';
import type { Job } from '../../../jobs/queue';
import type { JobContext } from '../../../jobs/worker';
import { JobError } from '../../../jobs/worker';
import type { ImportFormat, ImportKind } from './import-kinds';
import { lineArrays, lineBatches } from './import-lines';
import { rowImporter, type LineError } from './import-rows';
import { messageText } from '../../../../src-shared/messages';
import { reasonJson } from '../../../../src-shared/messages/stored';

/** a line's or a task's reason as recorded: the zh text (error_msg), the key and params (error_reason) */
const zhOf = (why: LineError): string => (typeof why === 'string' ? why : messageText(why, 'zh'));
const TOO_LONG = reasonJson({ key: 'keyword.managedMax' });
const DUPLICATE = reasonJson({ key: 'importReason.duplicate' });
const DUPLICATE_TEXT = messageText('importReason.duplicate', 'zh');

type Rec = Record<string, unknown>;

/** where a task's lines are read from */
interface Source {
  store: FileStore;
  key: string;
}

/** what an import task keeps in its options */
interface TaskOptions {
  format: ImportFormat;
  defaults: Rec;
  /** the store of a JSON body import's lines (imports/<id>.txt); absent for tasks made before: the data folder */
  store?: string;
}

export const IMPORT_STATUS = TASK;
export const IMPORTS_DIR = 'imports';

/** the job kind that runs one import task */
export const IMPORT_JOB = 'import-task';
interface ImportPayload {
  taskId: string;
}
/** runs of an import job (the first, retries after a database outage, takeovers after an instance died) */
const IMPORT_ATTEMPTS = 5;

/** the run of a job that commits a batch: its job, the instance holding its lease and which claim of it this is */
interface Fence {
  jobId: string;
  owner: string;
  attempt: number;
}

/** a batch refused: its task was removed while it ran (the job fails with its removal's reason, nothing more is written) */
class TaskRemoved extends Error {}

/** a batch refused: the run lost its lease (taken over, or its task cancelled) */
class LeaseLost extends Error {
  constructor() {
    super('import: the job is no longer this run\'s');
  }
}

export interface ImportStart {
  kind: ImportKind;
  format: ImportFormat;
  taskName: string;
  /** an uploaded file's link (/api/blade-resource/oss/endpoint/file/<name>) */
  fileLink?: string;
  /** or the lines themselves (a JSON body import) */
  lines?: string[];
  /** field values every imported row gets unless it has its own (article text imports: group, website, column) */
  defaults?: Rec;
}

const BATCH: Record<Exclude<ImportKind, 'keyword'>, number> = { article: 200, website: 200, template: 200 };

/** A batch's or chunk's lines added to the task's counters, with the number of lines done. */
const progressOf = (id: string, p: { total: number; good: number; bad: number; done: number; now: string }) =>
  sql`UPDATE import_task SET total_rows = total_rows + ${p.total}, success_rows = success_rows + ${p.good}, failed_rows = failed_rows + ${p.bad},
        done_lines = ${p.done}, update_time = ${p.now} WHERE id = ${id} AND is_deleted = 0`;

export class ImportRunner {
  constructor(
    private readonly data: DataLayer,
    private readonly files: FileStores,
    private readonly clock: Clock,
    private readonly resources: Map<string, Resource>,
    private readonly jobs: Jobs,
  ) {
    jobs.handle(IMPORT_JOB, (job, ctx) => this.runJob(job, ctx), {
      // its last attempt's instance died: no run of it goes on, the task says so (the rows of its committed batches stay)
      abandoned: async (job) => {
        const { taskId } = job.payload as ImportPayload;
        await this.data.run(sql`UPDATE import_task SET status = ${TASK.failed}, error_msg = ${job.error}, error_reason = ${job.errorReason}, update_time = ${formatDateTime(this.clock())}
          WHERE id = ${taskId} AND job_id = ${job.id} AND status IN (${TASK.queued}, ${TASK.running})`);
      },
    });
  }

  /**
   * Creates the task and queues its job in one transaction (the task keeps the job's id); returns the task's row as
   * the list shows it. A working instance claims the job.
   */
  async start(scope: Scope, o: ImportStart): Promise<Rec> {
    const id = nextId();
    let fileLink = o.fileLink ?? '';
    const options: TaskOptions = { format: o.format, defaults: o.defaults ?? {} };
    if (o.lines) {
      if (o.lines.every((l) => !l.trim())) throw new ServiceError('common.selectAtLeastOne');
      const text = Buffer.from(o.lines.join('\n'));
      const store = await this.files.forTenant(scope.tenantId);
      fileLink = `${IMPORTS_DIR}/${id}.txt`;
      try {
        await store.put(fileLink, text, { size: text.length, contentType: 'text/plain; charset=utf-8' });
      } catch (err) {
        throw storeFailure(store, '上传失败', err);
      }
      options.store = store.id;
    } else {
      const found = await uploadedFile({ data: this.data, files: this.files }, fileLink);
      if (!found || found.row?.tenant_id !== scope.tenantId) throw new ServiceError('importReason.file');
      if (!(await this.exists(found))) throw new ServiceError('importReason.file');
      if (!found.name.endsWith('.txt')) throw new ServiceError('upload.txtOnly');
    }
    const now = formatDateTime(this.clock());
    await this.data.transaction(async (trx) => {
      const job = await this.jobs.queue.enqueue(trx, {
        kind: IMPORT_JOB, tenantId: scope.tenantId, key: `${IMPORT_JOB}:${id}`, payload: { taskId: id } satisfies ImportPayload, maxAttempts: IMPORT_ATTEMPTS,
      });
      await trx.run(sql`INSERT INTO import_task (id, tenant_id, task_name, task_type, total_rows, success_rows, failed_rows, file_link, options, done_lines, job_id,
             create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
           VALUES (${id}, ${scope.tenantId}, ${o.taskName.slice(0, 50)}, ${o.kind}, 0, 0, 0, ${fileLink}, ${JSON.stringify(options)}, 0, ${job.id},
             ${scope.userId}, ${scope.deptId}, ${now}, ${scope.userId}, ${now}, 0, 0)`);
    });
    return this.row(id);
  }

  async row(id: string): Promise<Rec> {
    const r = (await this.data.get(sql<Rec>`SELECT * FROM import_task WHERE id = ${id}`))!;
    return {
      id: r.id, taskName: r.task_name, taskType: r.task_type, status: r.status,
      totalRows: r.total_rows, successRows: r.success_rows, failedRows: r.failed_rows, errorMsg: r.error_msg ?? '',
    };
  }

  /**
   * Cancels a queued or running task of the caller's tenant: 已取消 at once, the rows imported so far kept, and its
   * job cancelled (a running one stops at its next batch on whichever instance runs it; the batch in flight is
   * refused by its fence, so nothing is written after the cancel). The task's row first, then the job's: the order
   * a batch locks them in.
   */
  async cancel(scope: Scope, id: string): Promise<Rec> {
    await this.data.transaction(async (trx) => {
      const task = await trx.get(sql<{ status: number; job_id: string | null }>`SELECT status, job_id FROM import_task
        WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND is_deleted = 0`);
      if (!task) throw new ServiceError('common.notFound');
      const n = await trx.run(sql`UPDATE import_task SET status = ${TASK.cancelled}, update_user = ${scope.userId}, update_time = ${formatDateTime(this.clock())}
        WHERE id = ${id} AND status IN (${TASK.queued}, ${TASK.running})`);
      if (n !== 1) throw new ServiceError('importTask.ended');
      if (task.job_id) await this.jobs.queue.cancel(task.job_id, trx);
    });
    return this.row(id);
  }

  /**
   * Resolves when the task has finished (for callers that want to wait, e.g. tests and the benchmark), whichever
   * instance runs it: its status is final (or 已取消), or its job ended without finishing it (failed for good).
   */
  async finished(id: string, pollMs = 100): Promise<void> {
    for (;;) {
      const r = await this.data.get(sql<{ status: number; state: string | null }>`SELECT t.status, j.state FROM import_task t
        LEFT JOIN job j ON j.id = t.job_id WHERE t.id = ${id}`);
      if (!r || isFinished(Number(r.status)) || Number(r.status) === TASK.cancelled) return;
      if (r.state === 'failed' || r.state === 'cancelled') return;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * The job of one task. A failure that a retry would not mend (the file gone, an unknown kind) fails the task with
   * its reason; another (the database away) keeps its reason in error_msg and the job is retried, going on after the
   * last committed batch; the last attempt's failure fails the task. Once ctx.signal fired (cancelled, lease lost,
   * the instance stopping) the run stops between batches and writes nothing more: the worker settles the job.
   */
  private async runJob(job: Job, ctx: JobContext): Promise<void> {
    const { taskId } = job.payload as ImportPayload;
    const fence: Fence = { jobId: job.id, owner: job.leaseOwner ?? '', attempt: job.attempts };
    try {
      await this.run(taskId, fence, ctx);
    } catch (e) {
      if (e instanceof LeaseLost) {
        // the heartbeat learns why (cancelled, or taken over) within its interval and fires the signal
        await waitUnlessAborted(60_000, ctx.signal);
        if (!ctx.signal.aborted) throw e;
        return;
      }
      if (ctx.signal.aborted) return;
      if (e instanceof TaskRemoved) throw new JobError({ key: 'importReason.removed' });
      const last = e instanceof ServiceError || job.attempts >= job.maxAttempts;
      const why: LineError = e instanceof ServiceError ? (e.keyed ?? e.message) : { key: 'importReason.failed', params: { detail: (e as Error).message.slice(0, 494) } };
      const msg = zhOf(why);
      const reason = reasonJson(why);
      const now = formatDateTime(this.clock());
      await this.data
        .run(last
          ? sql`UPDATE import_task SET status = ${TASK.failed}, error_msg = ${msg}, error_reason = ${reason}, update_time = ${now} WHERE id = ${taskId} AND status IN (${TASK.queued}, ${TASK.running})`
          : sql`UPDATE import_task SET error_msg = ${msg}, error_reason = ${reason}, update_time = ${now} WHERE id = ${taskId} AND status IN (${TASK.queued}, ${TASK.running})`)
        .catch(() => undefined); // the database away: the job's own reason says it
      if (e instanceof ServiceError) throw new JobError(why);
      throw e;
    }
  }

  /**
   * Ends a batch's transaction: the job's row locked (PostgreSQL: FOR UPDATE; SQLite serialises its writers) and
   * still this run's: running, leased to this instance at this attempt (a takeover, even by this same instance after
   * its lease ran out, counts a new attempt) and not cancelled. Under the lock, a takeover's claim or a cancel waits
   * for this commit (and the run that takes over reads done_lines after it), or committed before and this batch is
   * rolled back: a batch is committed by the run that holds the job, once. The lock is taken last, after the task's
   * row (the order cancel() takes them in), so it is held only for the commit and heartbeats are not held up.
   */
  private async fenced(trx: Queries, f: Fence): Promise<void> {
    const held = await trx.get(sql<{ held: number }>`SELECT 1 AS held FROM job WHERE id = ${f.jobId} AND lease_owner = ${f.owner}
      AND attempts = ${f.attempt} AND state = 'running' AND cancel_requested = 0 ${trx.dialect.forUpdate()}`);
    if (!held) throw new LeaseLost();
  }

  /** where a task's lines are: a JSON body import's own file, or an upload (null: gone, or not a source) */
  private async sourceOf(link: string, options: TaskOptions): Promise<Source | null> {
    if (link.startsWith(`${IMPORTS_DIR}/`)) {
      if (!/^imports\/\d+\.txt$/.test(link)) return null;
      return { store: await this.files.byId(options.store), key: link };
    }
    const found = await uploadedFile({ data: this.data, files: this.files }, link);
    return found && { store: found.store, key: found.key };
  }

  /** whether the source's file is there */
  private async exists(source: Source): Promise<boolean> {
    try {
      return (await source.store.head(source.key)) !== null;
    } catch (err) {
      throw storeFailure(source.store, '读取失败', err);
    }
  }

  /** the source's bytes as a stream, or null when the file is not there */
  private async open(source: Source): Promise<Readable | null> {
    try {
      return (await source.store.get(source.key))?.body ?? null;
    } catch (err) {
      throw storeFailure(source.store, '读取失败', err);
    }
  }

  private async run(id: string, fence: Fence, ctx: JobContext): Promise<void> {
    const task = await this.data.get(sql<Rec>`SELECT * FROM import_task WHERE id = ${id}`);
    // removed, or cancelled before its job was claimed
    if (!task || Number(task.is_deleted) !== 0 || isFinished(Number(task.status)) || Number(task.status) === TASK.cancelled) return;
    let options: TaskOptions = { format: 'lines', defaults: {} };
    try {
      options = JSON.parse(String(task.options ?? '{}')) as TaskOptions;
    } catch {
      /* the defaults */
    }
    const source = await this.sourceOf(String(task.file_link ?? ''), options);
    if (!source || !(await this.exists(source))) throw new ServiceError('importReason.file');
    const file = async (): Promise<Readable> => {
      const body = await this.open(source);
      if (!body) throw new ServiceError('importReason.file');
      return body;
    };
    await this.data.run(sql`UPDATE import_task SET status = ${IMPORT_STATUS.running} WHERE id = ${id} AND status = ${TASK.queued}`);
    const kind = String(task.task_type) as ImportKind;
    const scope: Scope = { tenantId: String(task.tenant_id), userId: String(task.create_user ?? ''), deptId: String(task.create_dept ?? '') };
    // the counters as the job's progress (the task's own counters stay the screens' truth)
    const counts = { done: Number(task.total_rows) || 0, failed: Number(task.failed_rows) || 0 };
    const report = (total?: number) => ctx.progress({ done: counts.done, ...(total === undefined ? {} : { total }), failed: counts.failed });
    report();
    const handle = kind === 'keyword' ? async () => null : rowImporter(this.data, this.clock, this.resources, kind, options, scope);
    const flush = async (batch: { n: number; text: string }[], lastLine: number): Promise<void> => {
      const now = formatDateTime(this.clock());
      const sums = await this.data.transaction(async (trx) => {
        let total = 0;
        let good = 0;
        let bad = 0;
        for (const { n, text } of batch) {
          const line = (n === 1 ? text.replace(/^\uFEFF/, '') : text).replace(/\r$/, '');
          if (line.trim() === '') continue;
          total++;
          const error = await handle(line, trx);
          if (error === null) good++;
          else {
            bad++;
            await trx.run(sql`INSERT INTO task_error_log (id, tenant_id, task_id, error_line, error_msg, error_reason, error_data,
                create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
              VALUES (${nextId()}, ${scope.tenantId}, ${id}, ${n}, ${zhOf(error)}, ${reasonJson(error)}, ${line.slice(0, 1000)},
                ${scope.userId}, ${scope.deptId}, ${now}, ${scope.userId}, ${now}, 1, 0)`);
          }
        }
        if ((await trx.run(progressOf(id, { total, good, bad, done: lastLine, now }))) !== 1) throw new TaskRemoved();
        await this.fenced(trx, fence);
        return { total, bad };
      });
      counts.done += sums.total;
      counts.failed += sums.bad;
      report();
    };

    if (kind === 'keyword') {
      if (!(await this.runKeywords(id, file, scope, fence, ctx, counts, report))) return;
    } else {
      let last = Number(task.done_lines) || 0;
      for await (const batch of lineBatches(file, BATCH[kind], last)) {
        if (ctx.signal.aborted) return;
        last = batch.length ? batch[batch.length - 1].n : last;
        await flush(batch, last);
        // let the server answer other requests between batches
        await new Promise((r) => setImmediate(r));
      }
      if (ctx.signal.aborted) return;
    }
    await this.data.transaction(async (trx) => {
      const done = (await trx.get(sql<{ ok: number; failed: number }>`SELECT success_rows AS ok, failed_rows AS failed FROM import_task WHERE id = ${id}`))!;
      const status = finalStatus(done.ok, done.failed);
      // nothing imported: the task's reason is the most frequent line error (every line's is in the error log)
      const top = status === IMPORT_STATUS.failed
        ? await trx.get(sql<{ error_msg: string; error_reason: string | null }>`SELECT error_msg, MAX(error_reason) AS error_reason FROM task_error_log
            WHERE task_id = ${id} GROUP BY error_msg ORDER BY COUNT(*) DESC, MIN(error_line) LIMIT 1`)
        : undefined;
      await trx.run(sql`UPDATE import_task SET status = ${status}, error_msg = ${top?.error_msg ?? null}, error_reason = ${top?.error_reason ?? null}, update_time = ${formatDateTime(this.clock())}
        WHERE id = ${id} AND status IN (${TASK.queued}, ${TASK.running})`);
      await this.fenced(trx, fence);
    });
    if (String(task.file_link).startsWith(`${IMPORTS_DIR}/`)) await source.store.delete(source.key).catch(() => undefined);
  }

  /**
   * Keywords, set-based: the lines are staged in a temporary table (one JSON array of strings
   * per 256 KB read of the file), sorted once by keyword, then written in chunks of 100,000 staged rows,
   * each chunk one transaction with the task's counters: over-long lines and repeats
   * (earlier in the file or already in the table) go to the error log, the rest are
   * inserted in keyword order with ascending ids, so every index of the keyword table
   * is appended to rather than written at random places. A task picked up again (a
   * takeover, a retry) stages again and continues after its last committed chunk.
   * Answers false when it stopped because ctx.signal fired.
   */
  private async runKeywords(id: string, file: () => Promise<Readable>, scope: Scope, fence: Fence, ctx: JobContext,
    counts: { done: number; failed: number }, report: (total?: number) => void): Promise<boolean> {
    const data = this.data;
    // scratch tables of this run (SQLite: the connection's temp database; PostgreSQL: unlogged tables, as
    // a pooled connection's temp tables would not be seen by the next statement's connection), named by the attempt:
    // a run that lost its lease and is still going never drops the tables of the run that took over; the tables an
    // earlier attempt left (its instance died) are dropped
    const names = (attempt: number) => [`kw_stage_${id}_${attempt}`, `kw_ord_${id}_${attempt}`] as const;
    const dropOf = (attempt: number) => names(attempt).map((n) => `DROP TABLE IF EXISTS ${n};`).join(' ');
    const [stageName, ordName] = names(fence.attempt);
    const stage = sql.id(stageName);
    const ord = sql.id(ordName);
    const drop = dropOf(fence.attempt);
    const earlier = Array.from({ length: Math.max(0, fence.attempt - 1) }, (_, i) => dropOf(i + 1)).join(' ');
    await data.exec(`${earlier} DROP TABLE IF EXISTS kw_stage_${id}; DROP TABLE IF EXISTS kw_ord_${id}; ${drop}
      ${data.dialect.scratchTable(stageName, 'line_no', 'kw TEXT NOT NULL')};`);
    try {
      // one statement per read of the file: its lines (trimmed; '' for a blank line, left out) as a JSON array
      // of strings, each numbered by its position in the array
      let first = 1;
      for await (const lines of lineArrays(file)) {
        if (ctx.signal.aborted) return false;
        if (first === 1) lines[0] = lines[0].replace(/^\uFEFF/, '');
        for (let i = 0; i < lines.length; i++) lines[i] = lines[i].trim();
        await data.run(sql`INSERT INTO ${stage} (line_no, kw) ${data.dialect.numberedLines(JSON.stringify(lines), first)}`);
        first += lines.length;
        await new Promise((r) => setImmediate(r));
      }
      // sorted once by keyword: pos numbers the staged rows in keyword order as they are inserted (chunks are
      // ranges of it; a row_number() over the whole file instead is one window partition SQLite buffers, a third
      // slower), occ is 1 for a keyword's first line in the file
      await data.exec(data.dialect.scratchTable(ordName, 'pos', 'kw TEXT NOT NULL, line_no BIGINT NOT NULL, occ INTEGER NOT NULL'));
      await data.run(sql`INSERT INTO ${ord} (kw, line_no, occ)
        SELECT kw, line_no, row_number() OVER (PARTITION BY kw ORDER BY line_no) FROM ${stage} ORDER BY kw, line_no`);
      await data.exec(`DROP TABLE ${stageName};`);
      const { n: staged } = (await data.get(sql<{ n: number }>`SELECT COALESCE(MAX(pos), 0) AS n FROM ${ord}`))!;
      const task = (await data.get(sql<{ done_lines: number }>`SELECT done_lines FROM import_task WHERE id = ${id}`))!;
      const t = scope.tenantId;
      const u = scope.userId;
      const d = scope.deptId;
      const common = sql`tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted`;
      // ids: per chunk a fresh range above every id handed out so far, one id per staged row (base + its
      // position in the chunk; good and bad rows never share a position)
      let lastId = 0n;
      const idBase = (size: number): bigint => {
        const next = BigInt(nextId());
        const base = next > lastId ? next : lastId + 1n;
        lastId = base + BigInt(size);
        return base;
      };
      const CHUNK = 100_000;
      report(staged);
      for (let from = Number(task.done_lines) || 0; from < staged; from += CHUNK) {
        if (ctx.signal.aborted) return false;
        const to = Math.min(staged, from + CHUNK);
        const now = formatDateTime(this.clock());
        const inChunk = sql`o.pos > ${from} AND o.pos <= ${to}`;
        const base = idBase(to - from);
        const idOf = sql`CAST(CAST(${base} AS BIGINT) + CAST(o.pos - ${from} AS BIGINT) AS TEXT)`;
        const bad = await data.transaction(async (trx) => {
          // another keyword import of the tenant (on any instance) writes its chunk before or after this one, never
          // between the look-up of the table's keywords and the insert: a word both files hold is written once
          await trx.run(trx.dialect.transactionLock(`keyword:${t}`));
          // the first occurrence of a keyword the table already holds becomes a repeat (occ 0), looked up once;
          // the chunk is sorted, so the lookups run only when the table holds some keyword between its first
          // and its last (one index probe), which a fresh file into an empty range skips
          const range = (await trx.get(sql<{ lo: string; hi: string }>`SELECT (SELECT kw FROM ${ord} WHERE pos = ${from + 1}) AS lo, (SELECT kw FROM ${ord} WHERE pos = ${to}) AS hi`))!;
          const anyBetween = await trx.get(sql`SELECT 1 AS hit FROM keyword WHERE tenant_id = ${t} AND is_deleted = 0 AND keyword BETWEEN ${range.lo} AND ${range.hi} LIMIT 1`);
          if (anyBetween) {
            await trx.run(sql`UPDATE ${ord} SET occ = 0 WHERE pos > ${from} AND pos <= ${to} AND occ = 1
              AND EXISTS (SELECT 1 FROM keyword k WHERE k.tenant_id = ${t} AND k.keyword = ${ord}.kw AND k.is_deleted = 0)`);
          }
          const failed = await trx.run(sql`INSERT INTO task_error_log (id, task_id, error_line, error_msg, error_reason, error_data, ${common})
            SELECT ${idOf}, ${id}, o.line_no, CASE WHEN length(o.kw) > 50 THEN CAST(${MANAGED_KEYWORD_MAX} AS TEXT) ELSE CAST(${DUPLICATE_TEXT} AS TEXT) END,
                   CASE WHEN length(o.kw) > 50 THEN CAST(${TOO_LONG} AS TEXT) ELSE CAST(${DUPLICATE} AS TEXT) END,
                   substr(o.kw, 1, 1000), ${t}, ${u}, ${d}, ${now}, ${u}, ${now}, 1, 0
              FROM ${ord} o
             WHERE ${inChunk} AND (length(o.kw) > 50 OR o.occ <> 1)`);
          const ok = await trx.run(sql`INSERT INTO keyword (id, keyword, ${common})
            SELECT ${idOf}, o.kw, ${t}, ${u}, ${d}, ${now}, ${u}, ${now}, 1, 0
              FROM ${ord} o
             WHERE ${inChunk} AND length(o.kw) <= 50 AND o.occ = 1
             ORDER BY o.pos`);
          if ((await trx.run(progressOf(id, { total: to - from, good: ok, bad: failed, done: to, now }))) !== 1) throw new TaskRemoved();
          await this.fenced(trx, fence);
          return failed;
        });
        counts.done += to - from;
        counts.failed += bad;
        report(staged);
        await new Promise((r) => setImmediate(r));
      }
      return !ctx.signal.aborted;
    } finally {
      await data.exec(drop);
    }
  }
}
