// The URL an AI model setting's 链接 is called at (issue 38): an OpenAI-compatible provider is given either its base
// URL (…/v1) or the full …/chat/completions URL; either way the chat completions URL is called once, never
// …/chat/completions/chat/completions. One function for the form (which shows it under the link), the detail's
// `callUrl`, generation runs and 测试连接.

const CHAT_COMPLETIONS = '/chat/completions';

/** The chat completions URL of a link (a query string, e.g. an api-version, is kept at its end); '' for none. */
export function chatCompletionsUrl(link: string): string {
  const trimmed = link.trim();
  if (!trimmed) return '';
  const q = trimmed.search(/[?#]/);
  const path = (q < 0 ? trimmed : trimmed.slice(0, q)).replace(/\/+$/, '');
  const rest = q < 0 ? '' : trimmed.slice(q);
  return (path.toLowerCase().endsWith(CHAT_COMPLETIONS) ? path : `${path}${CHAT_COMPLETIONS}`) + rest;
}
