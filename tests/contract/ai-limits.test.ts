// Per AI model limits kept in the database (issue 30, docs/team-server.md § AI limits):
// the AI model setting's 并发上限 and 每分钟请求上限, validated on the server, and kept by the
// generator against a local AI provider that answers after 300 ms and counts the requests it
// was answering at once. Runs on both engines (contract, contract-postgres); two instances on
// one PostgreSQL: ai-limits-team.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src-server/db/data-layer';
import { AiModelLimiter } from '../../src-server/modules/content/generation/ai-limiter';
import { api, articleAnswer, fakeAiProvider, login, multipart, startHarness, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
let modelId: string;
/** how far the test moved the server's clock */
let moved = 0;
const A = '/website-blade-article';
const M = '/seo-blade-article/aiModel';
const KEY = 'sk-limits-0001';

const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
const model = (extra: Rec = {}) => ({ name: '限流模型', apiKey: KEY, url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1, ...extra });
const advance = (ms: number) => {
  moved += ms;
  h.advance(ms);
};

beforeAll(async () => {
  ai = await fakeAiProvider(articleAnswer, { delayMs: 300 });
  // the test moves the server's clock minutes ahead (slot leases, the rate window): the job worker's lease is
  // longer than any move, so a move never makes the worker take its own running task back as a new attempt
  h = await startHarness({ worker: { leaseMs: 3_600_000 } });
  base = h.server.url;
  admin = await login(base);
  const r = await post(`${M}/submit`, model());
  expect(r.status, String(r.body.msg)).toBe(200);
  modelId = String(r.body.data.id);
});
afterAll(async () => {
  await h.stop();
  await ai.close();
});

/** Sets the model's limits through its form's endpoint. */
const limits = async (maxConcurrency: number, ratePerMinute: number) => {
  const r = await post(`${M}/submit`, model({ id: modelId, maxConcurrency, ratePerMinute }));
  expect(r.status, String(r.body.msg)).toBe(200);
};

/** Starts a generate-article task over `n` keywords (one prompt row); its id. */
const startTask = async (name: string, n: number): Promise<string> => {
  const keywords = Array.from({ length: n }, (_, i) => `${name}词${i}`);
  const r = await multipart(base, admin, `${A}/gptProduceArticle/batchProduceArticle`, [
    { name: 'data', value: JSON.stringify({ taskName: name, maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
    { name: 'file', value: keywords.join('\n'), filename: 'kw.txt' },
  ]);
  expect(r.status, String(r.body.msg)).toBe(200);
  return String(r.body.data.id);
};
const poll = async (id: string): Promise<Rec> => (await api<Rec>(base, admin, 'GET', `${A}/gptProduceArticle/pollTaskStatus`, { query: { id } })).body.data;
const finished = async (id: string): Promise<Rec> => {
  let last: Rec = {};
  await until(async () => {
    last = await poll(id);
    return Number(last.status) >= 2;
  }, 60_000);
  return last;
};
const heldSlots = async (): Promise<number> =>
  Number((await h.data().get(sql<{ n: number }>`SELECT COUNT(*) AS n FROM ai_model_slot WHERE model_id = ${modelId} AND released_ms IS NULL`))?.n);

describe('the AI model setting\'s limits', () => {
  it('default to 8 concurrent requests and no rate limit, shown in the list and the detail', async () => {
    const detail = (await api<Rec>(base, admin, 'GET', `${M}/detail`, { query: { id: modelId } })).body.data;
    expect(detail).toMatchObject({ maxConcurrency: 8, ratePerMinute: 0 });
    const page = (await api<{ records: Rec[] }>(base, admin, 'GET', `${M}/page`, { query: { size: 10 } })).body.data;
    expect(page.records.find((r) => r.id === modelId)).toMatchObject({ maxConcurrency: 8, ratePerMinute: 0 });
  });

  it('out of range or not whole: 400 with the message; an edit without them keeps them', async () => {
    const refused: [Rec, string][] = [
      [{ maxConcurrency: 0 }, '并发上限须为1-1000的整数'],
      [{ maxConcurrency: 1001 }, '并发上限须为1-1000的整数'],
      [{ maxConcurrency: 2.5 }, '并发上限须为1-1000的整数'],
      [{ maxConcurrency: null }, '请输入并发上限'],
      [{ ratePerMinute: -1 }, '每分钟请求上限须为0-100000的整数'],
      [{ ratePerMinute: 100001 }, '每分钟请求上限须为0-100000的整数'],
      [{ ratePerMinute: '' }, '请输入每分钟请求上限'],
    ];
    for (const [values, msg] of refused) {
      const r = await post(`${M}/submit`, model({ id: modelId, ...values }));
      expect([r.status, r.body.msg], JSON.stringify(values)).toEqual([400, msg]);
      const added = await post(`${M}/submit`, model({ name: '新模型', status: 2, ...values }));
      if (values.maxConcurrency !== null && values.ratePerMinute !== '') expect([added.status, added.body.msg]).toEqual([400, msg]);
    }
    await limits(1000, 100000);
    const { apiKey: _key, ...rest } = model({ id: modelId });
    expect((await post(`${M}/submit`, rest)).status).toBe(200);
    expect((await api<Rec>(base, admin, 'GET', `${M}/detail`, { query: { id: modelId } })).body.data).toMatchObject({ maxConcurrency: 1000, ratePerMinute: 100000 });
  });
});

describe('the generator keeps them', () => {
  it('并发上限 3 with two tasks at once: the provider never sees more than 3 requests at once, and sees 3', async () => {
    await limits(3, 0);
    ai.reset();
    const [a, b] = await Promise.all([startTask('甲', 8), startTask('乙', 8)]);
    const [pa, pb] = await Promise.all([finished(a), finished(b)]);
    expect([pa.statusName, pa.successCount, pb.statusName, pb.successCount]).toEqual(['已完成', 8, '已完成', 8]);
    expect(ai.counts.arrivals.length).toBe(16);
    expect(ai.counts.maxInFlight).toBe(3);
    expect(await heldSlots()).toBe(0);
  });

  it('每分钟请求上限 4: 4 requests in a minute, the rest once the minute has passed (the server\'s clock)', async () => {
    advance(61_000); // the requests of the tests before leave the window
    await limits(8, 4);
    ai.reset();
    const id = await startTask('丙', 6);
    await until(async () => Number((await poll(id)).successCount) === 4, 60_000);
    // a few more polls of the limiter go by: nothing more is sent within the minute
    await new Promise((r) => setTimeout(r, 1500));
    expect(ai.counts.arrivals.length).toBe(4);
    expect(await poll(id)).toMatchObject({ status: 1, successCount: 4 });
    advance(61_000);
    expect(await finished(id)).toMatchObject({ statusName: '已完成', successCount: 6 });
    expect(ai.counts.arrivals.length).toBe(6);
  });

  it('slots held by an instance that died come back when their lease runs out', async () => {
    advance(61_000);
    await limits(3, 0);
    // three requests of an instance killed while they ran: their rows stay, leases 2 minutes ahead
    const now = Date.now() + moved;
    for (let i = 0; i < 3; i++) {
      await h.data().run(sql`INSERT INTO ai_model_slot (id, model_id, holder, acquired_ms, expires_ms, released_ms)
        VALUES (${`dead-${i}`}, ${modelId}, ${'dead-host:1'}, ${now}, ${now + 120_000}, NULL)`);
    }
    ai.reset();
    const id = await startTask('丁', 4);
    await until(async () => Number((await poll(id)).status) === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ai.counts.arrivals.length).toBe(0);
    advance(121_000); // the leases run out
    expect(await finished(id)).toMatchObject({ statusName: '已完成', successCount: 4 });
    expect(ai.counts.maxInFlight).toBe(3);
    expect(await heldSlots()).toBe(0);
  });
});

describe('the limiter itself', () => {
  it('a wait for a slot stops when its signal is aborted; a slot given back wakes the next waiter', async () => {
    advance(121_000);
    await limits(1, 0);
    const clock = () => Date.now() + moved;
    const limiter = new AiModelLimiter(h.data(), clock, { pollMs: 50, holder: 'test:1' });
    const first = await limiter.acquire(modelId);
    const stop = new AbortController();
    const refused = limiter.acquire(modelId, stop.signal);
    stop.abort(new Error('cancelled'));
    await expect(refused).rejects.toThrow('cancelled');
    const next = limiter.acquire(modelId);
    expect(await heldSlots()).toBe(1);
    await first.release();
    const second = await next;
    expect(second.id).not.toBe(first.id);
    expect(await heldSlots()).toBe(1);
    await second.release();
    await second.release(); // idempotent
    expect(await heldSlots()).toBe(0);
  });
});
