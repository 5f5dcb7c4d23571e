// The message table: every family's keys with their zh and en texts (text.ts says how they are read).
import { fill, LIST_SEPARATOR, type MessageFamily, type MessageParams, type MessageText, type NestedMessage, type ReplyLanguage, type TextParams } from './text';
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
import { SHELL_MESSAGES } from './shell-messages';
import { SIGN_IN_CODES, SIGN_IN_MESSAGES } from './sign-in-messages';
import { FORM_INPUT_MESSAGES } from './form-input-messages';
import { SEARCH_ACCOUNT_MESSAGES } from './search-account-messages';
import { SEARCH_MESSAGES } from './search-messages';
import { TASK_STATUS_MESSAGES } from './task-status-messages';
import { INFRASTRUCTURE_MESSAGES } from './infrastructure-messages';
import { FILE_MESSAGES } from './file-messages';
import { SAMPLE_MESSAGES } from './sample-messages';

export { fill, replyLanguage, type MessageFamily, type MessageParams, type MessageText, type NestedMessage, type ReplyLanguage, type TextParams } from './text';

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
  ...SHELL_MESSAGES,
  ...SIGN_IN_MESSAGES,
  ...FORM_INPUT_MESSAGES,
  ...SEARCH_ACCOUNT_MESSAGES,
  ...SEARCH_MESSAGES,
  ...TASK_STATUS_MESSAGES,
  ...INFRASTRUCTURE_MESSAGES,
  ...FILE_MESSAGES,
  ...SAMPLE_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** A message by key, with the values its `{{placeholders}}` take. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * Messages a module found at run time brings (a module of the code generator: its declaration's messages,
 * src-shared/declarations/generated/<name>.ts), added when it loads; read like the table's own.
 */
const ADDED: Record<string, MessageText> = {};
export function addModuleMessages(family: MessageFamily): void {
  Object.assign(ADDED, family);
}
/** a key of messages added at run time (addModuleMessages), as the declarations name their keys */
export const addedKey = (key: string): MessageKey => key as MessageKey;

export const isMessageKey = (key: string): key is MessageKey => Object.prototype.hasOwnProperty.call(MESSAGES, key) || Object.prototype.hasOwnProperty.call(ADDED, key);

/** The text of a message in a language (a message in its params rendered in that language first). */
export function messageText(message: Message | MessageKey | NestedMessage, language: ReplyLanguage): string {
  const m = typeof message === 'string' ? { key: message } : message;
  const entry: MessageText | undefined = Object.prototype.hasOwnProperty.call(MESSAGES, m.key) ? (MESSAGES as Record<string, MessageText>)[m.key] : ADDED[m.key];
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
  return moduleMessageResources(MESSAGES, language);
}

/** Messages as i18next resources under `msg` (a generated module's, added with its screen's strings). */
export function moduleMessageResources(family: MessageFamily, language: ReplyLanguage): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, texts] of Object.entries(family)) {
    const path = [I18N_PREFIX, ...key.split('.')];
    let node = root;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]] = texts[language];
  }
  return root;
}

/** the keys a sign-in refusal's text may be: by its code, else the tenant refusals that share `invalid_grant` */
const SIGN_IN_BY_TEXT: MessageKey[] = ['sys.tenantExpired', 'sys.accountQuotaFull'];

/**
 * A sign-in refusal of the token endpoint (BladeX's `error_code` and Chinese `error_description`) in `language`:
 * the description as sent unless a key of the table says it; a back end's text this table does not know stays.
 */
export function signInText(code: unknown, description: string, language: ReplyLanguage): string {
  if (language !== 'en') return description;
  const key = typeof code === 'number' ? SIGN_IN_CODES[code] : undefined;
  if (key && MESSAGES[key].zh === description) return MESSAGES[key].en;
  const byText = SIGN_IN_BY_TEXT.find((k) => MESSAGES[k].zh === description);
  return byText ? MESSAGES[byText].en : description;
}
