// The one table of messages both sides read: every key has its zh text (the spec's, exactly what the server
// answered before keys existed) and its en text. The renderer adds them to i18next under `msg.` (message.ts
// messageKey), the server translates a keyed ServiceError at the envelope by the caller's Accept-Language.
// `{{name}}` in a text is filled from the message's params, as i18next does.

/** One message in both languages. */
export interface MessageText {
  zh: string;
  en: string;
}

export type MessageFamily = Record<string, MessageText>;

/** The languages a reply can be in: zh unless the caller prefers English. */
export type ReplyLanguage = 'zh' | 'en';

/** A message inside another's params (a reason a wrapping reason names): rendered in the same language first. */
export interface NestedMessage {
  key: string;
  params?: MessageParams;
}

/** a param's value: a text, a number, a message, or a list of messages (joined with the language's list separator) */
export type MessageParam = string | number | NestedMessage | NestedMessage[];

export type MessageParams = Record<string, MessageParam>;

/** how a list of messages in a param is joined: 甲、乙 / a, b */
export const LIST_SEPARATOR = { zh: '、', en: ', ' } as const;

/** Params whose nested messages are rendered already. */
export type TextParams = Record<string, string | number>;

/** Fills `{{name}}` placeholders from params (a missing one is left as written). */
export function fill(text: string, params?: TextParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The language an Accept-Language header prefers: en when its highest-weighted language is English, zh for
 * every other language and for none (the spec's Chinese stays the default).
 */
export function replyLanguage(header: string | undefined): ReplyLanguage {
  if (!header) return 'zh';
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tagPart, ...paramParts] = part.trim().split(';');
    const tag = tagPart.trim().toLowerCase();
    if (!tag) continue;
    const qParam = paramParts.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best && (best.tag === 'en' || best.tag.startsWith('en-')) ? 'en' : 'zh';
}
