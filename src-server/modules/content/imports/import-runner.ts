// Import tasks (spec content-area.md §3 "Import task", "Task error log"): keyword,
// article, website and template imports run in the background as an import_task
// (status 0 queued, 1 running, then 2 已完成 when every line was imported, 4 部分失败
// when some were not, 3 失败 when none was or the task could not run, its reason in
// error_msg; total / success / failed rows).
// The source is a file of lines read as a stream; every bad line goes to
// task_error_log (line, message, raw data) and is skipped, good lines are kept.
// Lines are written in batches, each batch one transaction together with the
// task's counters and the number of lines done, so a task picked up again after
// a restart continues after the last committed batch.
//
// Formats: `lines` (one keyword a line), `json` (one JSON object a line: an
// article, website or template as its form sends it), `text` (articles as
// `title|keyword|content` lines, website group, website and column from the task).
import { createReadStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../../db/database';
import type { DataLayer, Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { CrudRepository, type Scope } from '../../../crud/repository';
import type { Resource } from '../../../crud/resource';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import { nextId } from '../../../util/ids';
import { MSG } from '../shared/messages';
import { storedPath } from '../shared/uploads';
import { finalStatus, TASK } from '../shared/task-status';

type Rec = Record<string, unknown>;

export type ImportKind = 'keyword' | 'article' | 'website' | 'template';
export type ImportFormat = 'lines' | 'json' | 'text';
export const IMPORT_STATUS = TASK;
export const IMPORTS_DIR = 'imports';
const RESOURCE_OF: Record<Exclude<ImportKind, 'keyword'>, string> = { article: 'article', website: 'websiteInfo', template: 'websiteTemplate' };
export const IMPORT_MSG = {
  duplicate: '关键词已存在',
  json: '数据格式错误，应为JSON对象',
  text: '数据格式错误，应为：标题|关键字|内容',
  empty: '请选择至少一条数据',
  file: '导入文件不存在',
} as const;

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

export class ImportRunner {
  private readonly running = new Set<string>();
  private stopped = false;

  constructor(
    private readonly data: DataLayer,
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly clock: Clock,
    private readonly resources: Map<string, Resource>,
  ) {}

  /** Creates the task and starts it in the background; returns the task's row as the list shows it. */
  start(scope: Scope, o: ImportStart): Rec {
    const id = nextId();
    let fileLink = o.fileLink ?? '';
    if (o.lines) {
      if (o.lines.every((l) => !l.trim())) throw new ServiceError(IMPORT_MSG.empty);
      mkdirSync(join(this.dataDir, IMPORTS_DIR), { recursive: true });
      writeFileSync(join(this.dataDir, IMPORTS_DIR, `${id}.txt`), o.lines.join('\n'));
      fileLink = `${IMPORTS_DIR}/${id}.txt`;
    } else {
      const name = fileLink.split('/').pop() ?? '';
      const owner = this.db.prepare('SELECT tenant_id FROM content_upload WHERE name = ?').get(name) as { tenant_id: string } | undefined;
      if (!storedPath(this.dataDir, name) || owner?.tenant_id !== scope.tenantId) throw new ServiceError(IMPORT_MSG.file);
      if (!name.endsWith('.txt')) throw new ServiceError('只能上传txt文件');
    }
    const now = formatDateTime(this.clock());
    this.db
      .prepare(
        `INSERT INTO import_task (id, tenant_id, task_name, task_type, total_rows, success_rows, failed_rows, file_link, options, done_lines,
           create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
         VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?, 0, ?, ?, ?, ?, ?, 0, 0)`,
      )
      .run(id, scope.tenantId, o.taskName.slice(0, 50), o.kind, fileLink, JSON.stringify({ format: o.format, defaults: o.defaults ?? {} }),
        scope.userId, scope.deptId, now, scope.userId, now);
    this.launch(id);
    return this.row(id);
  }

  row(id: string): Rec {
    const r = this.db.prepare('SELECT * FROM import_task WHERE id = ?').get(id) as Rec;
    return {
      id: r.id, taskName: r.task_name, taskType: r.task_type, status: r.status,
      totalRows: r.total_rows, successRows: r.success_rows, failedRows: r.failed_rows, errorMsg: r.error_msg ?? '',
    };
  }

  /** Tasks a previous process left queued or running. */
  resume(): void {
    const rows = this.db.prepare('SELECT id FROM import_task WHERE status IN (0, 1) AND is_deleted = 0 AND file_link IS NOT NULL').all() as { id: string }[];
    for (const r of rows) this.launch(r.id);
  }

  stop(): void {
    this.stopped = true;
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Resolves when the task has finished (for callers that want to wait, e.g. tests and the benchmark). */
  private readonly waiters = new Map<string, Promise<void>>();
  finished(id: string): Promise<void> {
    return this.waiters.get(id) ?? Promise.resolve();
  }

  private launch(id: string): void {
    if (this.running.has(id) || this.stopped) return;
    this.running.add(id);
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(id))
      .catch((e: unknown) => {
        const msg = e instanceof ServiceError ? e.message : `导入失败: ${(e as Error).message}`.slice(0, 500);
        this.db.prepare('UPDATE import_task SET status = ?, error_msg = ?, update_time = ? WHERE id = ?').run(IMPORT_STATUS.failed, msg, formatDateTime(this.clock()), id);
      })
      .finally(() => {
        this.running.delete(id);
        this.waiters.delete(id);
      });
    this.waiters.set(id, p);
  }

  private fileOf(link: string): string | null {
    if (link.startsWith(`${IMPORTS_DIR}/`)) {
      const file = join(this.dataDir, link);
      return /^imports\/\d+\.txt$/.test(link) && existsSync(file) ? file : null;
    }
    return storedPath(this.dataDir, link.split('/').pop() ?? '');
  }

  private async run(id: string): Promise<void> {
    const task = this.db.prepare('SELECT * FROM import_task WHERE id = ?').get(id) as Rec | undefined;
    if (!task) return;
    const file = this.fileOf(String(task.file_link ?? ''));
    if (!file) throw new ServiceError(IMPORT_MSG.file);
    this.db.prepare('UPDATE import_task SET status = ? WHERE id = ?').run(IMPORT_STATUS.running, id);
    const kind = String(task.task_type) as ImportKind;
    let options: { format: ImportFormat; defaults: Rec } = { format: 'lines', defaults: {} };
    try {
      options = JSON.parse(String(task.options ?? '{}')) as typeof options;
    } catch {
      /* the defaults */
    }
    const scope: Scope = { tenantId: String(task.tenant_id), userId: String(task.create_user ?? ''), deptId: String(task.create_dept ?? '') };
    const handle = kind === 'keyword' ? async () => null : this.handlerOf(kind, options, scope);
    const audit = () => {
      const now = formatDateTime(this.clock());
      return [scope.userId, scope.deptId, now, scope.userId, now];
    };
    const logError = this.db.prepare(
      `INSERT INTO task_error_log (id, tenant_id, task_id, error_line, error_msg, error_data, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
    );
    const progress = this.db.prepare(
      'UPDATE import_task SET total_rows = total_rows + ?, success_rows = success_rows + ?, failed_rows = failed_rows + ?, done_lines = ?, update_time = ? WHERE id = ?',
    );
    // the raw statements run on the same SQLite connection as the transaction (part of it)
    const flush = async (batch: { n: number; text: string }[], lastLine: number): Promise<void> => {
      const a = audit();
      await this.data.transaction(async (trx) => {
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
            logError.run(nextId(), scope.tenantId, id, n, error, line.slice(0, 1000), ...a);
          }
        }
        progress.run(total, good, bad, lastLine, a[2], id);
      });
    };

    if (kind === 'keyword') await this.runKeywords(id, file, scope);
    else {
      let last = Number(task.done_lines) || 0;
      for await (const batch of lineBatches(file, BATCH[kind], last)) {
        if (this.stopped) return;
        last = batch.length ? batch[batch.length - 1].n : last;
        await flush(batch, last);
        // let the server answer other requests between batches
        await new Promise((r) => setImmediate(r));
      }
      if (this.stopped) return;
    }
    const counts = this.db.prepare('SELECT success_rows AS ok, failed_rows AS failed FROM import_task WHERE id = ?').get(id) as { ok: number; failed: number };
    const status = finalStatus(counts.ok, counts.failed);
    // nothing imported: the task's reason is the most frequent line error (every line's is in the error log)
    const reason = status === IMPORT_STATUS.failed
      ? ((this.db.prepare('SELECT error_msg FROM task_error_log WHERE task_id = ? GROUP BY error_msg ORDER BY COUNT(*) DESC, MIN(error_line) LIMIT 1').get(id) as { error_msg: string } | undefined)?.error_msg ?? null)
      : null;
    this.db.prepare('UPDATE import_task SET status = ?, error_msg = ?, update_time = ? WHERE id = ?').run(status, reason, formatDateTime(this.clock()), id);
    if (String(task.file_link).startsWith(`${IMPORTS_DIR}/`)) rmSync(file, { force: true });
  }

  /**
   * Keywords, set-based: the lines are staged in a temporary table (one JSON array of strings
   * per 256 KB read of the file), sorted once by keyword, then written in chunks of 100,000 staged rows,
   * each chunk one transaction with the task's counters: over-long lines and repeats
   * (earlier in the file or already in the table) go to the error log, the rest are
   * inserted in keyword order with ascending ids, so every index of the keyword table
   * is appended to rather than written at random places. A task picked up after a
   * restart stages again and continues after its last committed chunk.
   */
  private async runKeywords(id: string, file: string, scope: Scope): Promise<void> {
    const stage = `temp.kw_stage_${id}`;
    const ord = `temp.kw_ord_${id}`;
    const db = this.db;
    db.exec(`DROP TABLE IF EXISTS ${stage}; DROP TABLE IF EXISTS ${ord};
      CREATE TABLE ${stage} (line_no INTEGER PRIMARY KEY, kw TEXT NOT NULL);`);
    try {
      // one statement per read of the file: its lines (trimmed; '' for a blank line, left out) as a JSON array
      // of strings, each numbered by its position in the array
      const put = db.prepare(`INSERT INTO ${stage} (line_no, kw) SELECT @first + key, value FROM json_each(@lines) WHERE value <> ''`);
      let first = 1;
      for await (const lines of lineArrays(file)) {
        if (this.stopped) return;
        if (first === 1) lines[0] = lines[0].replace(/^\uFEFF/, '');
        for (let i = 0; i < lines.length; i++) lines[i] = lines[i].trim();
        put.run({ first, lines: JSON.stringify(lines) });
        first += lines.length;
        await new Promise((r) => setImmediate(r));
      }
      db.exec(`CREATE TABLE ${ord} AS SELECT kw, line_no, row_number() OVER (PARTITION BY kw ORDER BY line_no) AS occ FROM ${stage} ORDER BY kw, line_no;
        DROP TABLE ${stage};`);
      const { n: staged } = db.prepare(`SELECT COALESCE(MAX(rowid), 0) AS n FROM ${ord}`).get() as { n: number };
      const task = db.prepare('SELECT done_lines FROM import_task WHERE id = ?').get(id) as { done_lines: number };
      const common = `tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted`;
      const bad = db.prepare(
        `INSERT INTO task_error_log (id, task_id, error_line, error_msg, error_data, ${common})
         SELECT CAST(@base + CAST(o.rowid - @from AS INTEGER) AS TEXT), @task, o.line_no,
                CASE WHEN length(o.kw) > 50 THEN @long ELSE @dup END, substr(o.kw, 1, 1000), @t, @u, @d, @now, @u, @now, 1, 0
           FROM ${ord} o
          WHERE o.rowid > @from AND o.rowid <= @to
            AND (length(o.kw) > 50 OR o.occ <> 1)`,
      );
      // the first occurrence of a keyword the table already holds becomes a repeat (occ 0), looked up once;
      // the chunk is sorted, so the lookups run only when the table holds some keyword between its first
      // and its last (one index probe), which a fresh file into an empty range skips
      const bounds = db.prepare(`SELECT (SELECT kw FROM ${ord} WHERE rowid = @lo) AS lo, (SELECT kw FROM ${ord} WHERE rowid = @hi) AS hi`);
      const anyBetween = db.prepare('SELECT 1 FROM keyword WHERE tenant_id = @t AND is_deleted = 0 AND keyword BETWEEN @lo AND @hi LIMIT 1');
      const existing = db.prepare(
        `UPDATE ${ord} SET occ = 0 WHERE rowid > @from AND rowid <= @to AND occ = 1
            AND EXISTS (SELECT 1 FROM keyword k WHERE k.tenant_id = @t AND k.keyword = ${ord}.kw AND k.is_deleted = 0)`,
      );
      const good = db.prepare(
        `INSERT INTO keyword (id, keyword, ${common})
         SELECT CAST(@base + CAST(o.rowid - @from AS INTEGER) AS TEXT), o.kw, @t, @u, @d, @now, @u, @now, 1, 0
           FROM ${ord} o
          WHERE o.rowid > @from AND o.rowid <= @to AND length(o.kw) <= 50 AND o.occ = 1
          ORDER BY o.rowid`,
      );
      const progress = db.prepare(
        'UPDATE import_task SET total_rows = total_rows + ?, success_rows = success_rows + ?, failed_rows = failed_rows + ?, done_lines = ?, update_time = ? WHERE id = ?',
      );
      // ids: per chunk a fresh range above every id handed out so far, one id per staged row (base + its
      // position in the chunk; good and bad rows never share a position); the statements run
      // synchronously, so no other id is taken meanwhile
      let lastId = 0n;
      const idBase = (size: number): bigint => {
        const next = BigInt(nextId());
        const base = next > lastId ? next : lastId + 1n;
        lastId = base + BigInt(size);
        return base;
      };
      const CHUNK = 100_000;
      for (let from = Number(task.done_lines) || 0; from < staged; from += CHUNK) {
        if (this.stopped) return;
        const to = Math.min(staged, from + CHUNK);
        const now = formatDateTime(this.clock());
        const p = { from, to, t: scope.tenantId, u: scope.userId, d: scope.deptId, now };
        db.transaction(() => {
          const range = bounds.get({ lo: from + 1, hi: to }) as { lo: string; hi: string };
          if (anyBetween.get({ t: scope.tenantId, lo: range.lo, hi: range.hi })) existing.run({ from, to, t: scope.tenantId });
          const base = idBase(to - from);
          const failed = bad.run({ ...p, base, task: id, long: MSG.managedKeywordMax, dup: IMPORT_MSG.duplicate }).changes;
          const ok = good.run({ ...p, base }).changes;
          progress.run(to - from, ok, failed, to, now, id);
        })();
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      db.exec(`DROP TABLE IF EXISTS ${stage}; DROP TABLE IF EXISTS ${ord};`);
    }
  }

  /** One line -> null when imported, else the error message. */
  private handlerOf(kind: Exclude<ImportKind, 'keyword'>, options: { format: ImportFormat; defaults: Rec }, scope: Scope): (line: string, q: Queries) => Promise<string | null> {
    const resource = this.resources.get(RESOURCE_OF[kind]);
    if (!resource) throw new ServiceError('导入类型不存在');
    const repo = new CrudRepository(this.data, resource, this.clock);
    const defaults = options.defaults ?? {};
    return async (line, q) => {
      let row: Rec;
      if (options.format === 'text') {
        const [title, keyword, ...rest] = line.split('|');
        const content = rest.join('|').trim();
        if (!title?.trim() || keyword === undefined || !content) return IMPORT_MSG.text;
        row = { title: title.trim(), keyword: keyword.trim(), content: `<p>${escapeHtml(content)}</p>`, descVal: content.slice(0, 300) };
      } else {
        try {
          const parsed: unknown = JSON.parse(line);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return IMPORT_MSG.json;
          row = parsed as Rec;
        } catch {
          return IMPORT_MSG.json;
        }
      }
      delete row.id;
      try {
        await repo.insert({ ...defaults, ...row }, scope, q);
        return null;
      } catch (e) {
        // a refused row (the form's message), or one the database refused: the line is logged and skipped either way
        if (e instanceof ServiceError) return e.message;
        return `导入失败: ${(e as Error).message}`.slice(0, 500);
      }
    };
  }
}

/** The lines of a file (decoded: BOM / UTF-8 / GBK) in batches, numbered from 1, after the first `skip` lines. */
async function* lineBatches(file: string, size: number, skip: number): AsyncGenerator<{ n: number; text: string }[]> {
  let batch: { n: number; text: string }[] = [];
  let lineNo = 0;
  for await (const lines of lineArrays(file)) {
    for (const text of lines) {
      lineNo++;
      if (lineNo <= skip) continue;
      batch.push({ n: lineNo, text: text.endsWith('\r') ? text.slice(0, -1) : text });
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

/**
 * The lines of a file (decoded: BOM / UTF-8 / GBK), in order, as many at a time as each 256 KB read completes
 * (never an empty array). A line keeps its trailing '\r', except the last line of the file, which loses it
 * and is left out when that leaves it empty.
 */
async function* lineArrays(file: string): AsyncGenerator<string[]> {
  let carry = '';
  let decoder: TextDecoder | null = null;
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  try {
    for await (const bytes of stream as AsyncIterable<Buffer>) {
      decoder ??= new TextDecoder(encodingOf(bytes));
      const parts = (carry + decoder.decode(bytes, { stream: true })).split('\n');
      carry = parts.pop() ?? '';
      if (parts.length) yield parts;
    }
  } finally {
    stream.destroy();
  }
  carry += decoder?.decode() ?? '';
  if (carry.endsWith('\r')) carry = carry.slice(0, -1);
  if (carry !== '') yield [carry];
}

/** The text encoding of a file from its first bytes: a BOM, else UTF-8 when the start decodes as UTF-8, else GBK. */
export function encodingOf(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, 64 * 1024), { stream: true });
    return 'utf-8';
  } catch {
    return 'gbk';
  }
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
