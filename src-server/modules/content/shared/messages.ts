// The content area's refusal messages shared by resources, routes and tasks, as keys of the message table
// (src-shared/messages); managedKeywordMax is the zh text an import line records (written by SQL, import-runner.ts).
import type { MessageKey } from '../../../../src-shared/messages';

export const MSG = {
  groupInUse: 'site.groupInUse',
  domainInUse: 'site.domainInUse',
  serverInUse: 'server.inUse',
  templateInUse: 'material.templateInUse',
  imgGroupInUse: 'material.imgGroupInUse',
  contactInUse: 'material.contactInUse',
  keywordFile: 'generation.keywordFileRequired',
} as const satisfies Record<string, MessageKey>;

/** the zh text a keyword import line too long records (the same as keyword.managedMax's) */
export const MANAGED_KEYWORD_MAX = '关键词不能超过50个字符';
