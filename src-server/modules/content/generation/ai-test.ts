// 测试连接 of an AI model setting (issue 38): one short prompt to its chat completions URL (src-shared/ai-endpoint.ts)
// with its key, holding a slot of the model's shared limits (ai-limiter.ts) like any generation request. The answer
// is the provider's reply, or the reason it failed as a generation item says it (the URL and the HTTP status or the
// network error; never the key).
import { chatCompletionsUrl } from '../../../../src-shared/ai-endpoint';
import type { AiModelLimiter } from './ai-limiter';
import { httpReason, networkReason } from './ai-reasons';
import { messageText, type ReplyLanguage } from '../../../../src-shared/messages';

type Rec = Record<string, unknown>;

export interface AiTestResult {
  ok: boolean;
  /** the URL called */
  url: string;
  /** the provider's reply (ok) */
  reply: string;
  /** why it failed (not ok) */
  reason: string;
}

/** what the test asks: short, so any model answers it in a few tokens */
export const AI_TEST_PROMPT = '这是一次连接测试，请只回复：连接成功';
/** the test waits this long at most, for a slot of the model's limits and the answer together */
export const AI_TEST_TIMEOUT_MS = 30_000;
/** the reply is cut to this many characters */
const REPLY_MAX = 500;

export const AI_TEST_MSG = { noKey: 'genReason.testNoKey', busy: 'genReason.testBusy' } as const;

/** Sends the test prompt for this ai_model row with its (opened) key; the reason in `language`. */
export async function testAiModel(model: Rec, apiKey: string, limiter: AiModelLimiter, language: ReplyLanguage = 'zh', timeoutMs = AI_TEST_TIMEOUT_MS): Promise<AiTestResult> {
  const url = chatCompletionsUrl(String(model.url ?? ''));
  const answer = (o: { reply?: string; reason?: string }): AiTestResult => ({ ok: !o.reason, url, reply: o.reply ?? '', reason: o.reason ?? '' });
  if (!apiKey) return answer({ reason: messageText(AI_TEST_MSG.noKey, language) });
  const signal = AbortSignal.timeout(timeoutMs);
  const maxTokens = Math.min(Number(model.max_tokens) > 0 ? Number(model.max_tokens) : 64, 64);
  const asked = { model: model.model, temperature: Number(model.temperature), max_tokens: maxTokens, messages: [{ role: 'user', content: AI_TEST_PROMPT }] };
  let called = false;
  try {
    return await limiter.run(
      String(model.id),
      async () => {
        called = true;
        let res: Response;
        let text: string;
        try {
          res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` }, body: JSON.stringify(asked), signal });
          text = await res.text();
        } catch (e) {
          return answer({ reason: messageText(networkReason(url, e), language) });
        }
        if (!res.ok) return answer({ reason: messageText(httpReason(url, res.status, text, apiKey), language) });
        let content: unknown;
        try {
          content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
        } catch {
          content = undefined;
        }
        if (typeof content !== 'string' || !content.trim()) return answer({ reason: messageText({ key: 'genReason.empty', params: { endpoint: url } }, language) });
        return answer({ reply: content.trim().slice(0, REPLY_MAX) });
      },
      signal,
    );
  } catch (e) {
    // no slot within the time (the model at its limits), or the limits could not be read (the database away)
    return answer({ reason: !called && signal.aborted ? messageText(AI_TEST_MSG.busy, language) : (e as Error).message });
  }
}
