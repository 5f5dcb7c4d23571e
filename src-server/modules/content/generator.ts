// AI article generation jobs: for a generate-article task, every keyword of its
// keyword file times every prompt row is one item; each item calls the enabled
// AI model setting's OpenAI-compatible endpoint (POST {url}/chat/completions)
// and stores the produced article (gpt_article). Items run with a concurrency
// limit, transient errors (network, 429, 5xx) are retried with backoff, counts
// are kept on the task, and running tasks resume after a restart (done items
// are skipped). API keys are never logged.
import { readFileSync } from 'node:fs';
import type { Db } from '../../db/database';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import type { SecretBox } from './secrets';
import { storedPath } from './upload';

type Rec = Record<string, unknown>;

export const STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;

export interface GeneratorOptions {
  concurrency?: number;
  retries?: number;
  backoffMs?: number;
}

export class TransientError extends Error {}

/** The keyword lines of a keyword file (trimmed, blank lines dropped). */
export function keywordLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
}

export class ArticleGenerator {
  private readonly running = new Set<string>();
  private stopped = false;
  private readonly concurrency: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    opts: GeneratorOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? Number(process.env.SEO_AI_CONCURRENCY ?? 8);
    this.retries = opts.retries ?? 3;
    this.backoffMs = opts.backoffMs ?? 300;
  }

  /** Picks up the tasks left running by a previous process. */
  resume(): void {
    const rows = this.db.prepare('SELECT id FROM gpt_produce_article WHERE status = ? AND is_deleted = 0').all(STATUS.running) as { id: string }[];
    for (const r of rows) this.start(r.id);
  }

  stop(): void {
    this.stopped = true;
  }

  /** Starts (or resumes) a task in the background. */
  start(taskId: string): void {
    if (this.running.has(taskId) || this.stopped) return;
    this.running.add(taskId);
    this.db.prepare('UPDATE gpt_produce_article SET status = ? WHERE id = ?').run(STATUS.running, taskId);
    void this.run(taskId).finally(() => this.running.delete(taskId));
  }

  isRunning(taskId: string): boolean {
    return this.running.has(taskId);
  }

  private async run(taskId: string): Promise<void> {
    const task = this.db.prepare('SELECT * FROM gpt_produce_article WHERE id = ?').get(taskId) as Rec | undefined;
    if (!task) return;
    const finish = (status: number) => this.db.prepare('UPDATE gpt_produce_article SET status = ?, update_time = ? WHERE id = ?').run(status, formatDateTime(this.clock()), taskId);
    const model = this.db
      .prepare('SELECT * FROM ai_model WHERE tenant_id = ? AND is_deleted = 0 AND status = 1 ORDER BY update_time DESC LIMIT 1')
      .get(task.tenant_id) as Rec | undefined;
    const name = String(task.file_link ?? '').split('/').pop() ?? '';
    const file = storedPath(this.dataDir, name);
    if (!model || !file) {
      this.db.prepare('UPDATE gpt_produce_article SET fail_count = total WHERE id = ?').run(taskId);
      finish(STATUS.failed);
      return;
    }
    const keywords = keywordLines(readFileSync(file, 'utf8'));
    let prompts: { input: string }[] = [];
    try {
      prompts = JSON.parse(String(task.prompts)) as { input: string }[];
    } catch {
      prompts = [];
    }
    const total = keywords.length * prompts.length;
    this.db.prepare('UPDATE gpt_produce_article SET total = ? WHERE id = ?').run(total, taskId);
    const done = new Set((this.db.prepare('SELECT item_index FROM gpt_article WHERE task_id = ?').all(taskId) as { item_index: number }[]).map((r) => r.item_index));
    let apiKey = '';
    try {
      apiKey = this.box.open(String(model.api_key));
    } catch {
      apiKey = '';
    }
    const maxTokens = Math.min(Number(task.max_tokens) || 4096, Number(model.max_tokens) > 0 ? Number(model.max_tokens) : 4096);
    const endpoint = `${String(model.url).replace(/\/+$/, '')}/chat/completions`;
    let next = 0;
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO gpt_article (id, tenant_id, task_id, item_index, keyword, title, content, error, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    const worker = async () => {
      while (!this.stopped) {
        const i = next++;
        if (i >= total) return;
        if (done.has(i)) continue;
        const keyword = keywords[Math.floor(i / prompts.length)];
        const prompt = prompts[i % prompts.length].input.replace(/\{keyword\}/g, keyword);
        let content = '';
        let error = '';
        try {
          content = await this.complete(endpoint, apiKey, { model: model.model, temperature: Number(model.temperature), max_tokens: maxTokens, prompt });
        } catch (e) {
          error = (e as Error).message.slice(0, 500);
        }
        if (this.stopped) return;
        const now = formatDateTime(this.clock());
        const ok = error === '';
        const title = ok ? titleOf(content, keyword) : keyword;
        insert.run(nextId(), task.tenant_id, taskId, i, keyword, title, content, error || null, task.create_user, task.create_dept, now, task.create_user, now, ok ? 1 : 0);
        this.db.prepare(`UPDATE gpt_produce_article SET ${ok ? 'success_count = success_count + 1' : 'fail_count = fail_count + 1'} WHERE id = ?`).run(taskId);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.concurrency) }, worker));
    if (!this.stopped) finish(STATUS.done);
  }

  private async complete(endpoint: string, apiKey: string, o: { model: unknown; temperature: number; max_tokens: number; prompt: string }): Promise<string> {
    let lastError = '';
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.backoffMs * 2 ** (attempt - 1)));
      if (this.stopped) throw new Error('stopped');
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({ model: o.model, temperature: o.temperature, max_tokens: o.max_tokens, messages: [{ role: 'user', content: o.prompt }] }),
          signal: AbortSignal.timeout(120_000),
        });
      } catch (e) {
        lastError = `网络错误: ${(e as Error).name}`;
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        lastError = `AI接口错误: HTTP ${res.status}`;
        continue;
      }
      if (!res.ok) throw new Error(`AI接口错误: HTTP ${res.status}`);
      const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: string } }[] } | null;
      const text = body?.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || !text.trim()) throw new Error('AI接口返回内容为空');
      return text;
    }
    throw new Error(lastError || 'AI接口错误');
  }
}

/** The article title: the first non-empty line without markdown marks, at most 50 characters; else the keyword. */
export function titleOf(content: string, keyword: string): string {
  const line = content.split(/\r?\n/).map((s) => s.replace(/^[#*\s]+|[*\s]+$/g, '').replace(/^(标题|title)\s*[:：]\s*/i, '')).find(Boolean);
  return (line || keyword).slice(0, 50);
}
