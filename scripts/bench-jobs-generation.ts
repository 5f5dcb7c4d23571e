// Parts 2 and 4 of the jobs benchmark (bench-jobs.ts): generation throughput
// with one and two workers, and how soon a cancelled generation task stops.
import { sql } from '../src-server/db/data-layer';
import { multipart } from '../tests/contract/helpers';
import type { LimitedAiServer } from '../tests/support/ai-server';
import type { PostgresServer } from '../tests/support/postgres';
import { SIZES, type Rec, sleep, load, type Cluster, cluster, roleOf, call, idOf } from './bench-jobs-setup';

// ---------------------------------------------------------------- 2. generation

/** an AI model on the local AI server at 并发上限 = the limit (the newest enabled model is the one generation uses) */
export async function aiModel(c: Cluster, ai: LimitedAiServer, key: string): Promise<string> {
  return idOf(c, '/seo-blade-article/aiModel/submit', {
    name: '基准模型', apiKey: key, url: ai.url, model: 'bench', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1,
    maxConcurrency: SIZES.genLimit, ratePerMinute: 0,
  });
}

/** starts `tasks` generate-article tasks of `keywords` keywords each through the api instance; their ids */
export async function startGeneration(c: Cluster, tasks: number, keywords: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let t = 0; t < tasks; t++) {
    const words = Array.from({ length: keywords }, (_, k) => `${tag}${t}词${k}`);
    const r = await multipart(c.base, c.token, '/website-blade-article/gptProduceArticle/batchProduceArticle', [
      { name: 'data', value: JSON.stringify({ taskName: `${tag}${t}`, maxTokens: 100, prompts: [{ input: '写一篇关于{keyword}的文章' }] }) },
      { name: 'file', value: words.join('\n'), filename: `kw${t}.txt` },
    ]);
    if (r.status !== 200 || r.body.code !== 200) throw new Error(`batchProduceArticle: ${r.status} ${r.body.msg}`);
    ids.push(String(r.body.data.id));
  }
  return ids;
}

/** polls the tasks through the api instance until each is finished (已完成, 部分失败, 失败, 已取消): when, and its last poll */
export async function generationFinished(c: Cluster, ids: string[]): Promise<{ at: number; row: Rec }[]> {
  const finished = new Map<string, { at: number; row: Rec }>();
  const deadline = Date.now() + SIZES.timeoutS * 1000;
  while (finished.size < ids.length) {
    if (Date.now() > deadline) throw new Error(`generation: ${finished.size} of ${ids.length} tasks finished after ${SIZES.timeoutS} s`);
    for (const id of ids) {
      if (finished.has(id)) continue;
      const row = await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id });
      if (Number(row.status) >= 2) finished.set(id, { at: performance.now(), row });
    }
    await sleep(100);
  }
  return [...finished.values()];
}

export async function generation(pg: PostgresServer, ai: LimitedAiServer, workers: number) {
  const c = await cluster(pg, workers, `gen${workers}`);
  try {
    const key = `sk-bench-jobs-${workers}-${Date.now()}`;
    const modelId = await aiModel(c, ai, key);
    const t0 = performance.now();
    const done = await generationFinished(c, await startGeneration(c, SIZES.genTasks, SIZES.genKeywords, '基准生成'));
    const ms = Math.max(...done.map((f) => f.at)) - t0;
    const rows = done.map((f) => f.row);
    const articles = rows.reduce((n, r) => n + Number(r.successCount), 0);
    const failed = rows.reduce((n, r) => n + Number(r.failCount), 0);
    // who sent the requests: each holds a slot of the model's limit, named by its process
    const holders = await c.data.all(sql<{ holder: string; n: number }>`SELECT holder, COUNT(*) AS n FROM ai_model_slot WHERE model_id = ${modelId} GROUP BY holder`);
    const k = ai.of(key);
    return {
      workers,
      ms,
      articles,
      failed,
      perMinute: articles / (ms / 60_000),
      statuses: rows.map((r) => String(r.statusName)),
      aiMaxInFlight: k.maxInFlight,
      aiAnswered: k.answered,
      ai429: k.refused,
      // the slot rows of the last minute only (older ones are deleted as new ones come): a share, not a count
      sentBy: Object.fromEntries(holders.map((h) => [roleOf(c, h.holder), Number(h.n)])),
      loadAverage: load(),
    };
  } finally {
    await c.stop();
  }
}

/**
 * Cancelling a running generation from the console (its 取消 button's request) through the api instance, while a
 * worker instance runs it: how long until the job has stopped (its state cancelled, settled by the worker that ran
 * it), when the provider got its last request, and whether any request came after the stop. Target: stopped within 5 s.
 */
export async function cancelLatency(pg: PostgresServer, ai: LimitedAiServer) {
  const c = await cluster(pg, 2, 'cancel');
  try {
    const key = `sk-bench-cancel-${Date.now()}`;
    await aiModel(c, ai, key);
    const [id] = await startGeneration(c, 1, 400, '基准取消');
    const deadline = Date.now() + 120_000;
    // running, with some articles made: the worker is in the middle of it
    while (Number((await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id })).successCount) < 20) {
      if (Date.now() > deadline) throw new Error('cancel: the task made no 20 articles in 2 minutes');
      await sleep(50);
    }
    const job = async () =>
      (await c.data.get(sql<{ state: string; lease_owner: string | null }>`SELECT j.state, j.lease_owner FROM gpt_produce_article t JOIN job j ON j.id = t.job_id WHERE t.id = ${id}`))!;
    const t0 = Date.now();
    await call(c, 'POST', '/website-blade-article/gptProduceArticle/cancel', { ids: id });
    const answeredMs = Date.now() - t0;
    let j = await job();
    while (j.state === 'running') {
      if (Date.now() > deadline) throw new Error('cancel: the job did not stop in 2 minutes');
      await sleep(20);
      j = await job();
    }
    const stoppedMs = Date.now() - t0;
    const atStop = ai.of(key).received;
    await sleep(2000);
    const k = ai.of(key);
    const row = await call(c, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', undefined, { id });
    return {
      answeredMs,
      stoppedMs,
      jobState: j.state,
      ranOn: j.lease_owner ? roleOf(c, j.lease_owner) : null,
      lastRequestAfterCancelMs: k.lastAt - t0,
      requestsAfterStop: k.received - atStop,
      articles: Number(row.successCount),
      status: String(row.statusName),
    };
  } finally {
    await c.stop();
  }
}
