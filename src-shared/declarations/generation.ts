// The generation family (spec content-area.md §3, §5, §7): AI model settings, AI keys, generate-article tasks and
// the generation template parameters, declared once for the server's validation and the screens' forms. The keys
// themselves (an AI model's apiKey, an AI key's key) are sealed and answered masked by the server's hooks; the
// declaration says only when one is required.
import { int, isEmpty, maxLength, number, oneOf, pattern, required, text, wholeIn, withDefault, type FieldDecl, type ResourceDecl } from './declare';
import { AI_LIMITS } from '../ai-limits';
import type { MessageKey } from '../messages';

/** http(s) and no blank, whatever the scheme's case */
const HTTP_URL = '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$';
const TWO_DECIMALS = '^\\d+(\\.\\d{1,2})?$';
/** a placeholder's name: {paramKey} in a prompt row */
const PARAM_KEY = '^[A-Za-z][A-Za-z0-9_]{0,49}$';
/** the AI models' on / off (a switch of 1 / 2) */
const onOff = (message: MessageKey): FieldDecl => int(required(message), oneOf([1, 2], message));

/** a limit every instance keeps together: a whole number in its bounds, its default when a new row leaves it out */
const limit = (bound: { min: number; max: number; default: number }, requiredKey: MessageKey, rangeKey: MessageKey): FieldDecl =>
  withDefault(number(required(requiredKey), ...wholeIn(bound.min, bound.max, rangeKey)), bound.default);

export const AI_MODEL: ResourceDecl = {
  name: 'aiModel',
  path: '/seo-blade-article/aiModel',
  fields: {
    name: text(required('generation.nameRequired'), maxLength(100, 'generation.nameMax')),
    // sealed by the server; an edit sending it back masked (or leaving it out) keeps the stored one
    apiKey: text(),
    url: { ...text(required('generation.urlRequired'), pattern(HTTP_URL, 'generation.urlPattern')), example: 'https://ai.example.com/v1' },
    model: text(required('generation.modelRequired'), maxLength(100, 'generation.modelMax')),
    platform: text(required('generation.platformRequired')),
    temperature: number(required('generation.temperatureRequired'), { min: 0, message: 'generation.temperatureRange' }, { max: 2, message: 'generation.temperatureRange' }, pattern(TWO_DECIMALS, 'generation.temperatureDecimals')),
    maxTokens: number(required('generation.tokensRequired'), ...wholeIn(0, undefined, 'generation.tokensMin')),
    status: withDefault(onOff('generation.statusRequired'), 1),
    maxConcurrency: limit(AI_LIMITS.maxConcurrency, 'generation.concurrencyRequired', 'generation.concurrencyRange'),
    ratePerMinute: limit(AI_LIMITS.ratePerMinute, 'generation.rateRequired', 'generation.rateRange'),
  },
  cross: [
    // a model switched on needs its key (a new one always: the hook says so when it is switched off)
    { field: 'apiKey', reads: ['status'], message: 'generation.keyRequired', refuses: (v) => Number(v.status) === 1 && 'apiKey' in v && isEmpty(v.apiKey), refused: { status: 1, apiKey: '' } },
  ],
};

/** the AI key types that call a target address (the ai_model dictionary's 1-3) */
export const KEY_TYPES_WITH_TARGET: readonly number[] = [1, 2, 3];

export const AI_KEY: ResourceDecl = {
  name: 'key',
  path: '/seo-blade-article/key',
  fields: {
    name: text(required('generation.nameRequired'), maxLength(100, 'generation.nameMax')),
    type: int(required('generation.keyTypeRequired')),
    targetUrl: text(maxLength(500, 'generation.targetMax')),
    // sealed by the server and answered masked; an edit sending the mask back keeps the stored one
    key: text(required('generation.keyRequired')),
    status: withDefault(int(oneOf([1, 2], 'generation.statusRequired')), 2),
  },
  cross: [
    {
      field: 'targetUrl', reads: ['type'], message: 'generation.targetRequired',
      refuses: (v) => KEY_TYPES_WITH_TARGET.includes(Number(v.type)) && 'targetUrl' in v && isEmpty(v.targetUrl), refused: { type: 1, targetUrl: '' },
    },
  ],
};

/** whether a task's prompt rows (an array of { input }, or its JSON) leave one row empty */
export function promptRowEmpty(prompts: unknown): boolean {
  let list: unknown = prompts;
  if (typeof prompts === 'string') {
    try {
      list = JSON.parse(prompts);
    } catch {
      return false; // one plain prompt
    }
  }
  if (!Array.isArray(list)) return false;
  return list.some((p) => {
    const input = typeof p === 'string' ? p : p && typeof p === 'object' ? (p as Record<string, unknown>).input : undefined;
    return typeof input !== 'string' || input.trim() === '';
  });
}

export const GPT_PRODUCE_ARTICLE: ResourceDecl = {
  name: 'gptProduceArticle',
  path: '/seo-blade-article/gptProduceArticle',
  fields: {
    taskName: text(required('generation.taskNameRequired'), maxLength(50, 'generation.taskNameMax')),
    maxTokens: withDefault(number(...wholeIn(1, 4096, 'generation.maxTokensRange')), 4096),
    prompts: text(required('generation.promptRequired')),
    fileLink: { ...text(required('generation.keywordFileRequired')), example: '/api/blade-resource/oss/endpoint/file/keywords.txt' },
    fileName: text(),
    // where the generated articles go: nothing (they wait unassigned), or a group, optionally its website and column
    websiteGroupId: text(),
    websiteInfoId: text(),
    parentId: text(),
  },
  cross: [
    { field: 'prompts', reads: [], message: 'generation.promptRequired', refuses: (v) => promptRowEmpty(v.prompts), refused: { prompts: '[{"input":"a"},{"input":""}]' } },
    {
      field: 'websiteGroupId', reads: ['websiteInfoId', 'parentId'], message: 'site.groupRequired',
      refuses: (v) => 'websiteGroupId' in v && isEmpty(v.websiteGroupId) && (!isEmpty(v.websiteInfoId) || !isEmpty(v.parentId)), refused: { websiteGroupId: '', websiteInfoId: 'abc1' },
    },
  ],
};

export const GPT_GENERATE_TEMPLATE_PARM: ResourceDecl = {
  name: 'gptGenerateTemplateParm',
  path: '/website-blade-article/gptGenerateTemplateParm',
  fields: {
    paramName: text(required('generation.parmNameRequired'), maxLength(50, 'generation.parmNameMax')),
    paramKey: text(required('generation.parmKeyRequired'), pattern(PARAM_KEY, 'generation.parmKeyBad')),
    paramValue: text(required('generation.parmValueRequired'), maxLength(2000, 'generation.parmValueMax')),
    remark: text(maxLength(200, 'generation.remarkMax')),
  },
  cross: [
    // {keyword} is the keyword's own placeholder
    { field: 'paramKey', reads: [], message: 'generation.parmKeyReserved', refuses: (v) => typeof v.paramKey === 'string' && v.paramKey.toLowerCase() === 'keyword', refused: { paramKey: 'Keyword' } },
  ],
};

export const GENERATION_DECLARATIONS: readonly ResourceDecl[] = [AI_MODEL, AI_KEY, GPT_PRODUCE_ARTICLE, GPT_GENERATE_TEMPLATE_PARM];
