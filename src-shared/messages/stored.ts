// A reason recorded by the server's work (a deploy, an import line, a generation task, a job) kept as a message of
// the table: its key and params as JSON in a column of its own, beside the zh text in the column the stock wire and
// old rows read. A read renders it in the reader's language; a row without one (older than keys, or a reason not
// keyed) answers its stored text. A param may be another message (the reason a failed deploy wraps) or an outside
// text kept as it came (an engine's HTTP status, an SFTP server's words).
import { isMessageKey, messageText, type Message } from './index';
import type { MessageParams, NestedMessage, ReplyLanguage } from './text';

/** The JSON kept in a reason column (null for a reason that is only text). */
export const reasonJson = (reason: Message | NestedMessage | string | undefined | null): string | null =>
  reason && typeof reason === 'object' ? JSON.stringify(reason) : null;

/** Every key it names (its own, its params' messages) is in the table. */
function known(m: NestedMessage): boolean {
  if (!isMessageKey(m.key)) return false;
  return Object.values(m.params ?? {}).every((v) =>
    Array.isArray(v) ? v.every((item) => typeof item === 'object' && item !== null && known(item)) : typeof v !== 'object' || (v !== null && known(v)));
}

/** The stored reason, when the column holds one whose keys are all in the table. */
export function storedReason(json: unknown): Message | undefined {
  if (typeof json !== 'string' || !json.startsWith('{')) return undefined;
  try {
    const m = JSON.parse(json) as { key?: unknown; params?: unknown };
    if (typeof m.key !== 'string' || (m.params !== undefined && (typeof m.params !== 'object' || m.params === null))) return undefined;
    const reason = { key: m.key, params: m.params as MessageParams | undefined };
    return known(reason) ? (reason as Message) : undefined;
  } catch {
    return undefined;
  }
}

/** What a reader sees: the stored reason in their language, else the stored text as it is. */
export function reasonText(text: unknown, json: unknown, language: ReplyLanguage): string {
  const reason = storedReason(json);
  return reason ? messageText(reason, language) : text === null || text === undefined ? '' : String(text);
}
