// The message table: every family's keys with their zh and en texts (text.ts says how they are read).
import { fill, LIST_SEPARATOR, type MessageParams, type MessageText, type NestedMessage, type ReplyLanguage, type TextParams } from './text';
import { SITE_MESSAGES } from './site-messages';
import { MATERIAL_MESSAGES } from './material-messages';
import { DEPLOY_MESSAGES } from './deploy-messages';
import { KEYWORD_MESSAGES } from './keyword-messages';
import { SYSTEM_MESSAGES } from './system-messages';
import { ARTICLE_MESSAGES } from './article-messages';
import { GENERATION_MESSAGES } from './generation-messages';
import { PAGE_CONFIG_MESSAGES } from './page-config-messages';
import { DEPLOY_TASK_MESSAGES } from './deploy-task-messages';
import { SEARCH_SITE_MESSAGES } from './search-site-messages';
import { IMPORT_TASK_MESSAGES } from './import-task-messages';
import { ADMIN_MESSAGES } from './admin-messages';
import { FLOW_MESSAGES } from './flow-messages';
import { IMPORT_MESSAGES } from './import-messages';
import { GENERATION_REASONS } from './generation-reasons';
import { JOB_MESSAGES } from './job-messages';
import { COMMON_MESSAGES } from './common-messages';
import { SEARCH_MESSAGES } from './search-messages';
import { TASK_STATUS_MESSAGES } from './task-status-messages';
import { INFRASTRUCTURE_MESSAGES } from './infrastructure-messages';

export { fill, replyLanguage, type MessageParams, type MessageText, type NestedMessage, type ReplyLanguage, type TextParams } from './text';

export const MESSAGES = {
  ...SITE_MESSAGES,
  ...MATERIAL_MESSAGES,
  ...DEPLOY_MESSAGES,
  ...KEYWORD_MESSAGES,
  ...SYSTEM_MESSAGES,
  ...ARTICLE_MESSAGES,
  ...GENERATION_MESSAGES,
  ...PAGE_CONFIG_MESSAGES,
  ...DEPLOY_TASK_MESSAGES,
  ...SEARCH_SITE_MESSAGES,
  ...IMPORT_TASK_MESSAGES,
  ...ADMIN_MESSAGES,
  ...FLOW_MESSAGES,
  ...IMPORT_MESSAGES,
  ...GENERATION_REASONS,
  ...JOB_MESSAGES,
  ...COMMON_MESSAGES,
  ...SEARCH_MESSAGES,
  ...TASK_STATUS_MESSAGES,
  ...INFRASTRUCTURE_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** A message by key, with the values its `{{placeholders}}` take. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export const isMessageKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(MESSAGES, key);

/** The text of a message in a language (a message in its params rendered in that language first). */
export function messageText(message: Message | MessageKey | NestedMessage, language: ReplyLanguage): string {
  const m = typeof message === 'string' ? { key: message } : message;
  const entry: MessageText | undefined = isMessageKey(m.key) ? MESSAGES[m.key] : undefined;
  if (!entry) return m.key;
  let params: TextParams | undefined;
  if (m.params) {
    params = {};
    for (const [name, value] of Object.entries(m.params)) {
      params[name] = Array.isArray(value) ? value.map((v) => messageText(v, language)).join(LIST_SEPARATOR[language]) : typeof value === 'object' ? messageText(value, language) : value;
    }
  }
  return fill(entry[language], params);
}

/** The renderer's i18next key of a message (its texts are added under `msg`). */
export const I18N_PREFIX = 'msg';
export const messageI18nKey = (key: MessageKey): string => `${I18N_PREFIX}.${key}`;

/** The table as i18next resources: `{ msg: { site: { groupNameRequired: '…' } } }` per language. */
export function messageResources(language: ReplyLanguage): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, texts] of Object.entries(MESSAGES) as [string, MessageText][]) {
    const path = [I18N_PREFIX, ...key.split('.')];
    let node = root;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]] = texts[language];
  }
  return root;
}
