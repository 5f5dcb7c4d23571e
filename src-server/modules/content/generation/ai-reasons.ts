// Why a call to an AI provider failed, as messages of the table (src-shared/messages/generation-reasons.ts): the
// endpoint, the network's code or the HTTP status, and the provider's own words kept as they came.
import type { Message } from '../../../../src-shared/messages';

/** the start of an unreachable endpoint's zh text (genReason.unreachable) */
export const UNREACHABLE = '无法连接AI接口';

/** Why a call got no answer: the endpoint and the network's code (ECONNREFUSED, ENOTFOUND, a timeout). */
export function networkReason(endpoint: string, e: unknown): Message {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const code = err.name === 'TimeoutError' ? { key: 'genReason.timeout' } : String(err.cause?.code ?? err.cause?.message ?? err.message ?? err.name).slice(0, 300);
  return { key: 'genReason.unreachable', params: { endpoint: endpoint.slice(0, 180), code } };
}

/** An error answer as a reason: the endpoint, the HTTP status and the provider's own message (the key blanked out if echoed). */
export function httpReason(endpoint: string, status: number, text: string, apiKey: string): Message {
  let detail = '';
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof m === 'string') detail = m;
  } catch {
    detail = text.startsWith('<') ? '' : text;
  }
  if (apiKey) detail = detail.split(apiKey).join('******');
  detail = detail.replace(/\s+/g, ' ').trim().slice(0, 200);
  return detail ? { key: 'genReason.httpDetail', params: { status, endpoint, detail } } : { key: 'genReason.http', params: { status, endpoint } };
}
