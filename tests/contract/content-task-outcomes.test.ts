// Work that fails says why (issue 27): generate-article tasks against a local
// OpenAI-compatible server on 127.0.0.1 (down, failing for some keywords, refusing
// the key, answering), and imports with bad lines. A finished task is 已完成 only
// when every item succeeded; 部分失败 / 失败 otherwise, with the reason of each failed
// keyword (or line) and of the whole task in the detail, the list and the poll replies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src-shared/wire';
import { sql } from '../../src-server/db/data-layer';
import { api, closedPortUrl, fakeAiProvider, login, multipart as multipartTo, startHarness, importTaskDone, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
let h: Harness;
let base: string;
let admin: string;
const A = '/website-blade-article';
const G = '/seo-blade-article/gptProduceArticle';
const KEY = 'sk-outcome-secret-0042';

const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
const get = <T = Rec>(path: string, query: Record<string, string | number> = {}, headers?: Record<string, string>) => api<T>(base, admin, 'GET', path, { query, headers });
const EN = { 'Accept-Language': 'en' };

// the outside AI provider: refuses other keys (401), answers 500 (with the key echoed in its message) for prompts holding 坏
let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
let aiUrl: string;
let downUrl: string;
let modelId: string;

beforeAll(async () => {
  ai = await fakeAiProvider(({ path, auth, body }) => {
    if (path !== '/v1/chat/completions') return { status: 404, body: {} };
    if (auth !== `Bearer ${KEY}`) return { status: 401, body: { error: { message: `Incorrect API key provided: ${auth.slice(7)}` } } };
    const prompt = (body as { messages: { content: string }[] }).messages[0].content;
    if (prompt.includes('坏')) return { status: 500, body: { error: { message: `upstream overloaded (key ${KEY})` } } };
    return { status: 200, body: { choices: [{ message: { role: 'assistant', content: `# ${prompt}\n正文` } }] } };
  });
  aiUrl = ai.url;
  downUrl = await closedPortUrl();

  h = await startHarness();
  base = h.server.url;
  admin = await login(base);
  const m = await post('/seo-blade-article/aiModel/submit', { name: '本地', apiKey: KEY, url: aiUrl, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 });
  modelId = String(m.body.data.id);
});
afterAll(async () => {
  await h.stop();
  await ai.close();
});

/** Points the AI model setting at this URL with this key. */
const useModel = async (url: string, apiKey = KEY) => {
  const r = await post('/seo-blade-article/aiModel/submit', { id: modelId, name: '本地', apiKey, url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 });
  expect(r.status).toBe(200);
};

/** Starts a task over these keywords (one prompt row) and waits for it to finish; its last poll reply. */
const generate = async (name: string, keywords: string[]): Promise<{ id: string; poll: Rec }> => {
  const r = await multipartTo(base, admin, `${A}/gptProduceArticle/batchProduceArticle`, [
    { name: 'data', value: JSON.stringify({ taskName: name, maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
    { name: 'file', value: keywords.join('\n'), filename: 'kw.txt' },
  ]);
  expect(r.status, String(r.body.msg)).toBe(200);
  const id = String(r.body.data.id);
  let poll: Rec = {};
  await until(async () => {
    poll = (await get(`${A}/gptProduceArticle/pollTaskStatus`, { id })).body.data;
    return Number(poll.status) >= 2;
  }, 30_000);
  return { id, poll };
};
const detailOf = async (id: string, headers?: Record<string, string>): Promise<Rec> => (await get(`${G}/detail`, { id }, headers)).body.data;
const rowOf = async (id: string, headers?: Record<string, string>): Promise<Rec> => (await get<Page<Rec>>(`${G}/page`, { size: 100 }, headers)).body.data.records.find((r) => r.id === id)!;
const pollOf = async (id: string, headers?: Record<string, string>): Promise<Rec> => (await get(`${A}/gptProduceArticle/pollTaskStatus`, { id }, headers)).body.data;

describe('generate-article tasks say why they failed', () => {
  it('the provider down (a closed port): 失败, the URL and the network error on the task and on every keyword', async () => {
    await useModel(downUrl);
    const keywords = ['苹果', '香蕉', '橙子', '葡萄', '西瓜'];
    const { id, poll } = await generate('模型不可达', keywords);
    const reason = expect.stringMatching(new RegExp(`^无法连接AI接口 ${downUrl}/chat/completions: ECONNREFUSED`));
    expect(poll).toMatchObject({ status: 3, statusName: '失败', total: 5, successCount: 0, failCount: 5, progress: 100, errorMsg: reason });
    expect(poll.failures).toEqual(keywords.map((keyword) => ({ keyword, error: reason })));
    const detail = await detailOf(id);
    expect(detail).toMatchObject({ status: 3, statusName: '失败', errorMsg: reason, failReason: reason });
    expect(detail.failures).toEqual(keywords.map((keyword) => ({ keyword, error: reason })));
    expect(await rowOf(id)).toMatchObject({ statusName: '失败', failCount: 5, failReason: reason });
    // the reasons are recorded as messages: English with Accept-Language: en, the network's code kept as it came
    const en = expect.stringMatching(new RegExp(`^Cannot reach the AI endpoint ${downUrl}/chat/completions: ECONNREFUSED`));
    const enPoll = await pollOf(id, EN);
    expect(enPoll).toMatchObject({ errorMsg: en, statusName: 'Failed' });
    expect(enPoll.failures).toEqual(keywords.map((keyword) => ({ keyword, error: en })));
    expect(await detailOf(id, EN)).toMatchObject({ errorMsg: en, failReason: en });
    expect(await rowOf(id, EN)).toMatchObject({ failReason: en });
  });

  it('the key refused (401): 失败 with the URL and HTTP status, never the key', async () => {
    await useModel(aiUrl, 'sk-wrong-key-7777');
    const { id, poll } = await generate('密钥错误', ['苹果', '香蕉']);
    expect(poll).toMatchObject({ status: 3, statusName: '失败', successCount: 0, failCount: 2 });
    expect(String(poll.errorMsg)).toBe(`AI接口错误: HTTP 401 ${aiUrl}/chat/completions (Incorrect API key provided: ******)`);
    expect((poll.failures as Rec[]).map((f) => f.keyword)).toEqual(['苹果', '香蕉']);
    const replies = JSON.stringify([poll, await detailOf(id), await rowOf(id)]);
    expect(replies).not.toContain('sk-wrong-key-7777');
  });

  it('some keywords fail (the server answers 500): 部分失败 with those keywords and their reasons', async () => {
    await useModel(aiUrl);
    const { id, poll } = await generate('部分失败', ['苹果', '坏梨', '香蕉', '坏桃']);
    const reason = `AI接口错误: HTTP 500 ${aiUrl}/chat/completions (upstream overloaded (key ******))`;
    expect(poll).toMatchObject({ status: 4, statusName: '部分失败', total: 4, successCount: 2, failCount: 2, progress: 100, errorMsg: '' });
    expect(poll.failures).toEqual([{ keyword: '坏梨', error: reason }, { keyword: '坏桃', error: reason }]);
    const detail = await detailOf(id);
    expect(detail).toMatchObject({ status: 4, statusName: '部分失败', errorMsg: '', failReason: reason });
    expect(detail.failures).toEqual(poll.failures);
    expect(JSON.stringify([poll, detail])).not.toContain(KEY);
    // each keyword's reason in English, the HTTP status and the provider's own words kept
    const en = `The AI endpoint answered an error: HTTP 500 ${aiUrl}/chat/completions (upstream overloaded (key ******))`;
    expect((await pollOf(id, EN)).failures).toEqual([{ keyword: '坏梨', error: en }, { keyword: '坏桃', error: en }]);
    expect(await detailOf(id, EN)).toMatchObject({ errorMsg: '', failReason: en, statusName: 'Partly failed' });
    // the generated articles of the keywords that succeeded are there
    const articles = (await get<Rec[]>(`${A}/gptProduceArticle/articles`, { id })).body.data;
    expect(articles.filter((a) => !a.error).map((a) => a.keyword)).toEqual(['苹果', '香蕉']);
  });

  it('every keyword succeeds: 已完成 with no reason', async () => {
    await useModel(aiUrl);
    const { id, poll } = await generate('全部成功', ['苹果', '香蕉']);
    expect(poll).toMatchObject({ status: 2, statusName: '已完成', successCount: 2, failCount: 0, errorMsg: '', failures: [] });
    expect(await detailOf(id)).toMatchObject({ statusName: '已完成', failReason: '', failures: [] });
    expect(await pollOf(id, EN)).toMatchObject({ status: 2, statusName: 'Done' });
  });
});

describe('import tasks say why lines failed', () => {
  const importDone = (id: string): Promise<Rec> => importTaskDone(base, admin, id);
  const errorsOf = async (taskId: string) =>
    (await get<Page<Rec>>('/seo-blade-material/taskErrorLog/page', { taskId_equal: taskId, size: 100 })).body.data.records.map((e) => [e.errorLine, e.errorMsg, e.errorData]);

  it('keywords with bad lines: 部分失败, one error log row per bad line with its message', async () => {
    const r = await multipartTo(base, admin, `${A}/keyword/importText`, [{ name: 'file', value: `好词\n${'长'.repeat(51)}\n好词\n\n另一个`, filename: 'kw.txt' }]);
    const task = await importDone(String(r.body.data.id));
    expect(task).toMatchObject({ status: 4, statusName: '部分失败', totalRows: 4, successRows: 2, failedRows: 2 });
    expect((await get('/seo-blade-material/importTask/detail', { id: String(task.id) }, EN)).body.data).toMatchObject({ status: 4, statusName: 'Partly failed' });
    expect(await errorsOf(String(task.id))).toEqual([[2, '关键词不能超过50个字符', '长'.repeat(51)], [3, '关键词已存在', '好词']]);
  });

  it('articles where no line imports: 失败 with the reason on the task and every line in the error log', async () => {
    const r = await post(`${A}/article/importArticle`, [{ title: '' }, 'not an object']);
    const task = await importDone(String(r.body.data.id));
    expect(task).toMatchObject({ status: 3, statusName: '失败', totalRows: 2, successRows: 0, failedRows: 2, errorMsg: '请选择网站分组' });
    expect((await errorsOf(String(task.id))).map((e) => e.slice(0, 2))).toEqual([[1, '请选择网站分组'], [2, '数据格式错误，应为JSON对象']]);
  });

  it('every line imported: 已完成', async () => {
    const r = await post(`${A}/keyword/import`, { keywords: ['第三词', '第四词'] });
    expect(await importDone(String(r.body.data.id))).toMatchObject({ status: 2, statusName: '已完成', failedRows: 0, errorMsg: '' });
  });
});

describe('an AI model without a key', () => {
  it('is kept switched off and saves unchanged; switching it on asks for the key, in the form and the list', async () => {
    const model = { name: '无密钥', url: aiUrl, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256 };
    // a model is added with its key: the sample matrix's is the only one written without (off, until its operator sets one)
    expect((await post('/seo-blade-article/aiModel/submit', { ...model, status: 2 })).body).toMatchObject({ code: 400, msg: '请输入密钥' });
    const id = String((await post('/seo-blade-article/aiModel/submit', { ...model, apiKey: KEY, status: 2 })).body.data.id);
    await h.data().run(sql`UPDATE ai_model SET api_key = '' WHERE id = ${id}`);
    const detail = (await get('/seo-blade-article/aiModel/detail', { id })).body.data;
    expect(detail.apiKey).toBe('');
    // saved unchanged, off: taken
    expect((await post('/seo-blade-article/aiModel/submit', detail)).body).toMatchObject({ code: 200 });
    // switched on without a key, from the form or the list's switch: refused with the message
    expect((await post('/seo-blade-article/aiModel/submit', { ...detail, status: 1 })).body).toMatchObject({ code: 400, msg: '请输入密钥' });
    expect((await post('/seo-blade-article/aiModel/submit', { id, status: 1 })).body).toMatchObject({ code: 400, msg: '请输入密钥' });
    // with a key it switches on; later edits keep the stored key
    expect((await post('/seo-blade-article/aiModel/submit', { id, apiKey: KEY, status: 1 })).body).toMatchObject({ code: 200 });
    expect((await post('/seo-blade-article/aiModel/submit', { id, status: 1 })).body).toMatchObject({ code: 200 });
    expect((await get('/seo-blade-article/aiModel/detail', { id })).body.data.apiKey).not.toBe('');
    await post('/seo-blade-article/aiModel/submit', { id, status: 2 }); // the other tests use their own model
  });
});
