// What an engine's answer means for the URLs it was sent (search_url.state) and
// for the call itself: go on, try again later (429, 5xx, the network), or stop
// with a reason and a hint (a key refused, a site not verified). Each engine's
// client turns its own answers into this; the announcer and the sync act on it.
import type { UrlHint } from '../../../../../src-shared/search-engines';

/** a call the engine answered, or that could not reach it */
export interface Reply {
  /** the HTTP status; 0 when the service could not be reached */
  status: number;
  /** the answer's text (or the network's reason), shortened */
  text: string;
  /** Retry-After, in ms, when the answer gave one */
  retryAfterMs?: number;
}

/**
 * - ok: sent (the per-URL outcomes are the client's to say);
 * - retry: try again with backoff (429, 5xx, the network);
 * - stop: a failure a retry will not mend (a key or token refused, a site not verified, no access): its reason and
 *   a hint for the operator.
 */
export type Verdict =
  | { kind: 'ok' }
  | { kind: 'retry'; reason: string; status: number; retryAfterMs?: number }
  | { kind: 'stop'; reason: string; status: number; hint?: UrlHint };

/** how much of an answer is kept as a reason */
const KEEP = 300;

/** an answer's text as a reason: its status and its words, on one line, shortened */
export function reasonOf(status: number, text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().slice(0, KEEP);
  return status ? `HTTP ${status}${words ? `: ${words}` : ''}` : words;
}

/** Retry-After (seconds, or an HTTP date) in ms */
function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** why a request got no answer: the network's code (ECONNREFUSED, ENOTFOUND, a timeout) */
export function networkCode(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return 'timeout';
  return String(err.cause?.code ?? err.cause?.message ?? err.message ?? err.name);
}

/** the default time a call to an engine may take */
export const CALL_TIMEOUT_MS = 60_000;

/**
 * One HTTP call to an engine: its status and text, or status 0 with the network's reason when it could not be
 * reached. Throws only when `signal` fired (the job was cancelled or lost).
 */
export async function call(url: string, init: RequestInit & { signal?: AbortSignal; timeoutMs?: number }): Promise<Reply> {
  const { timeoutMs = CALL_TIMEOUT_MS, signal, ...rest } = init;
  try {
    const res = await fetch(url, { ...rest, signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, text, retryAfterMs: retryAfter(res.headers.get('retry-after')) };
  } catch (e) {
    signal?.throwIfAborted();
    return { status: 0, text: `${new URL(url).origin}: ${networkCode(e)}` };
  }
}

/** the usual reading of an answer: 2xx ok, 429 / 5xx / no answer retry, anything else stop with its reason */
export function verdictOf(r: Reply, stopHint?: (r: Reply) => UrlHint | undefined): Verdict {
  if (r.status >= 200 && r.status < 300) return { kind: 'ok' };
  if (r.status === 0) return { kind: 'retry', reason: r.text, status: 0 };
  if (r.status === 429 || r.status >= 500) return { kind: 'retry', reason: reasonOf(r.status, r.text), status: r.status, retryAfterMs: r.retryAfterMs };
  return { kind: 'stop', reason: reasonOf(r.status, r.text), status: r.status, hint: stopHint?.(r) };
}

/** the JSON in `text`, or undefined when it is none */
export function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
