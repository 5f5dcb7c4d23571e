// Reasons the server's work records, as messages of the table (src-shared/messages/stored.ts): the error that
// carries one, the reason an error holds (keyed when it was thrown keyed, else its text), and the language a
// request reads them in.
import type { FastifyRequest } from 'fastify';
import { messageText, replyLanguage, type Message, type NestedMessage, type ReplyLanguage } from '../../src-shared/messages';
import { onStockPath } from './dialects';
import { ServiceError } from './reply';

/** A failure of work (not a refusal of a request) whose reason is a message; its Error message is the zh text. */
export class ReasonError extends Error {
  constructor(readonly reason: Message) {
    super(messageText(reason, 'zh'));
    this.name = 'ReasonError';
  }
}

/** The reason an error holds: its message when thrown keyed, else its text (an outside error's words as they came). */
export function reasonOf(e: unknown): Message | NestedMessage | string {
  if (e instanceof ReasonError) return e.reason;
  if (e instanceof ServiceError && e.keyed) return e.keyed;
  return e instanceof Error ? e.message : String(e);
}

/** The language a request reads recorded reasons in: its Accept-Language's, zh on the stock consoles' prefixes. */
export const readerLanguage = (request: FastifyRequest): ReplyLanguage =>
  onStockPath(request.originalUrl) ? 'zh' : replyLanguage(request.headers['accept-language']);
