// The AI model's 链接 (issue 38 item 2): a base URL (…/v1) or the full …/chat/completions URL, either one calls
// …/chat/completions once (never …/chat/completions/chat/completions); the detail answers the URL that will be
// called; 测试连接 (aiModel/test, button aiModel_test) sends one short prompt to a local OpenAI-compatible server and
// answers its reply, or the reason it failed (the URL and the HTTP status or network error, never the key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, closedPortUrl, fakeAiProvider, login, multipart, startHarness, until, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const KEY = 'sk-url-test-secret-0099';
const AM = '/seo-blade-article/aiModel';

describe("the AI model's link and its connection test", () => {
  let h: Harness;
  let base: string;
  let admin: string;
  let ai: Awaited<ReturnType<typeof fakeAiProvider>>;
  const paths: string[] = [];
  let modelId: string;
  const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });
  const model = (url: string, apiKey = KEY) => post(`${AM}/submit`, { id: modelId, name: '本地', apiKey, url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 });
  const test = async (headers?: Record<string, string>) => {
    const r = await api<Rec>(base, admin, 'POST', `${AM}/test`, { json: { id: modelId }, headers });
    expect(r.status, String(r.body.msg)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    ai = await fakeAiProvider(({ path, auth, body }) => {
      paths.push(path);
      if (path !== '/v1/chat/completions') return { status: 404, body: { error: { message: `no route ${path}` } } };
      if (auth !== `Bearer ${KEY}`) return { status: 401, body: { error: { message: `Incorrect API key provided: ${auth.slice(7)}` } } };
      const prompt = (body as { messages: { content: string }[] }).messages[0].content;
      return { status: 200, body: { choices: [{ message: { role: 'assistant', content: `收到：${prompt}` } }] } };
    });
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
    modelId = String((await post(`${AM}/submit`, { name: '本地', apiKey: KEY, url: ai.url, model: 'm', platform: 'openai', temperature: 0.3, maxTokens: 256, status: 1 })).body.data.id);
  });
  afterAll(async () => {
    await h.stop();
    await ai.close();
  });

  it('answers the URL that will be called, from a base URL or the full one', async () => {
    const detail = async () => (await api<Rec>(base, admin, 'GET', `${AM}/detail`, { query: { id: modelId } })).body.data;
    expect((await detail()).callUrl).toBe(`${ai.url}/chat/completions`);
    expect((await model(`${ai.url}/chat/completions`)).status).toBe(200);
    expect((await detail()).callUrl).toBe(`${ai.url}/chat/completions`);
    expect((await model(`${ai.url}/`)).status).toBe(200);
    expect((await detail()).callUrl).toBe(`${ai.url}/chat/completions`);
  });

  it('测试连接 sends one short prompt and answers the reply, with the full URL or the base URL', async () => {
    for (const url of [`${ai.url}/chat/completions`, ai.url]) {
      await model(url);
      paths.length = 0;
      const r = await test();
      expect(r).toMatchObject({ ok: true, url: `${ai.url}/chat/completions` });
      expect(String(r.reply)).toMatch(/^收到：/);
      expect(paths).toEqual(['/v1/chat/completions']);
    }
  });

  it('测试连接 answers the reason: the key refused (never the key), the provider down', async () => {
    await model(ai.url, 'sk-wrong-key-1234');
    const refused = await test();
    expect(refused).toMatchObject({ ok: false, url: `${ai.url}/chat/completions` });
    expect(String(refused.reason)).toContain(`HTTP 401 ${ai.url}/chat/completions`);
    expect(String(refused.reason)).not.toContain('sk-wrong-key-1234');
    // in the caller's language
    const EN = { 'Accept-Language': 'en' };
    expect(String((await test(EN)).reason)).toMatch(new RegExp(`^The AI endpoint answered an error: HTTP 401 ${ai.url}/chat/completions`));
    const down = await closedPortUrl();
    await model(`${down}/chat/completions`, KEY);
    const unreachable = await test();
    expect(unreachable).toMatchObject({ ok: false, url: `${down}/chat/completions` });
    expect(String(unreachable.reason)).toMatch(new RegExp(`^无法连接AI接口 ${down}/chat/completions: ECONNREFUSED`));
    expect(String((await test(EN)).reason)).toMatch(new RegExp(`^Cannot reach the AI endpoint ${down}/chat/completions: ECONNREFUSED`));
  });

  it('a generation task with the full URL calls it once', async () => {
    await model(`${ai.url}/chat/completions`);
    paths.length = 0;
    const r = await multipart(base, admin, '/website-blade-article/gptProduceArticle/batchProduceArticle', [
      { name: 'data', value: JSON.stringify({ taskName: '完整链接', maxTokens: 100, prompts: [{ input: '写{keyword}' }] }) },
      { name: 'file', value: '苹果\n', filename: 'kw.txt' },
    ]);
    expect(r.status, String(r.body.msg)).toBe(200);
    const id = String(r.body.data.id);
    let poll: Rec = {};
    await until(async () => {
      poll = (await api<Rec>(base, admin, 'GET', '/website-blade-article/gptProduceArticle/pollTaskStatus', { query: { id } })).body.data;
      return Number(poll.status) >= 2;
    }, 30_000);
    expect(poll).toMatchObject({ status: 2, successCount: 1, failCount: 0 });
    expect(paths).toEqual(['/v1/chat/completions']);
  });

  it('测试连接 is a button of its own: granted to the administrator, refused without it', async () => {
    const buttons = await api<Rec[]>(base, admin, 'GET', '/blade-system/menu/buttons');
    const codes = JSON.stringify(buttons.body.data);
    expect(codes).toContain('aiModel_test');
    expect((await post(`${AM}/test`, {})).body.msg).toBe('请选择AI模型');
    expect((await api<Rec>(base, admin, 'POST', `${AM}/test`, { json: {}, headers: { 'Accept-Language': 'en' } })).body.msg).toBe('Please select an AI model');
  });
});
