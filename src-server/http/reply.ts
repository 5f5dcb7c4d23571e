// The R<T> envelope and the errors that map onto it.
import type { R } from '../../src-shared/wire';
import { isMessageKey, messageText, replyLanguage, type Message, type MessageKey, type ReplyLanguage } from '../../src-shared/messages';

export const MSG_SUCCESS = messageText('common.success', 'zh');
export const MSG_NO_DATA = messageText('common.noData', 'zh');

/**
 * A reply's envelope with a success's stock text (ok() / status(), always the zh text) in `language`. Anything
 * else is answered as it is: a handler's own message, a failure (already in the caller's language), a body that
 * is not an envelope.
 */
export function inLanguage(payload: unknown, language: ReplyLanguage): unknown {
  if (language === 'zh' || !payload || typeof payload !== 'object' || !('success' in payload) || !('msg' in payload)) return payload;
  const { msg } = payload as { msg: unknown };
  if (msg === MSG_SUCCESS) return { ...payload, msg: messageText('common.success', language) };
  if (msg === MSG_NO_DATA) return { ...payload, msg: messageText('common.noData', language) };
  return payload;
}

export function ok<T>(data: T, msg = MSG_SUCCESS): R<T> {
  return { code: 200, success: true, data, msg: data === null || data === undefined ? MSG_NO_DATA : msg };
}

/** R.status(true): success without data. Failures are thrown as ServiceError so the HTTP status is 400. */
export function status(flag: true): R<null> {
  return { code: 200, success: flag, data: null, msg: MSG_SUCCESS };
}

export function fail(code: number, msg: string): R<null> {
  return { code, success: false, data: null, msg };
}

/**
 * A business failure: HTTP status and body code are both `code` (400 by default). Its message is a key of the
 * message table (src-shared/messages), answered in the caller's language (`replyText`); a literal Chinese text
 * (the messages not moved to the table yet) is answered as it is. `message` is always the zh text.
 */
export class ServiceError extends Error {
  readonly keyed?: Message;
  constructor(
    message: string | Message | MessageKey,
    readonly code = 400,
  ) {
    const keyed = typeof message === 'string' ? (isKeyLike(message) ? { key: message } : undefined) : message;
    super(keyed ? messageText(keyed, 'zh') : (message as string));
    this.name = 'ServiceError';
    if (keyed) this.keyed = keyed;
  }

  /** The envelope's msg for a caller whose Accept-Language header is this. */
  replyText(acceptLanguage: string | undefined): string {
    return this.keyed ? messageText(this.keyed, replyLanguage(acceptLanguage)) : this.message;
  }
}

/** a key of the table (ASCII words joined by dots); a Chinese message is never one */
const isKeyLike = (message: string): message is MessageKey => /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/.test(message) && isMessageKey(message);

/** Failure of the BladeX token endpoint: raw `{error, error_code, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly errorCode: number,
    description: string,
    readonly httpStatus = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  body(): { error: string; error_code: number; error_description: string } {
    return { error: this.error, error_code: this.errorCode, error_description: this.message };
  }
}
