// AI model settings: spec content-area.md §3 AI model setting, §5 (all required; temperature 0-2, 2 decimals).
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, decimalsAtMost, wholeIn } from './shared';
import { AI_LIMITS } from '../../../src-shared/ai-limits';
import { AiLinkInput, AiTestDialog, linkView } from './AiModelInputs';

const AM = '/seo-blade-article/aiModel';
const req = (message: string) => ({ required: true, message });

const aiModel: ScreenDef = {
  code: 'aiModel',
  title: 'content.c2.aiModel.title',
  labelWidth: 130,
  api: { list: `${AM}/page`, detail: `${AM}/detail`, submit: `${AM}/submit`, remove: `${AM}/remove` },
  columns: [
    { name: 'name', label: 'content.c2.aiModel.name', search: true, rules: [req('content.c2.aiModel.nameRequired')] },
    // required when adding and for a model switched on (a stored key shows as its mask: an edit keeps it); a model
    // switched off may be without one (the sample matrix's, until its operator sets a key)
    {
      name: 'apiKey', label: 'content.c2.aiModel.apiKey', hideInTable: true,
      requiredWhen: { when: (v, ctx) => ctx.mode === 'add' || v.status === 1, message: 'content.c2.aiModel.keyRequired' },
    },
    // a base URL or the full …/chat/completions URL; the form shows the URL that will be called under it
    {
      name: 'url', label: 'content.c2.aiModel.url', valueType: 'custom', input: AiLinkInput, viewText: linkView,
      rules: [req('content.c2.aiModel.urlRequired'), { pattern: '^https?://\\S+$', message: 'content.c2.aiModel.urlPattern' }],
    },
    { name: 'model', label: 'content.c2.aiModel.model', rules: [req('content.c2.aiModel.modelRequired')] },
    { name: 'platform', label: 'content.c2.aiModel.platform', valueType: 'select', dict: 'ai_platform', search: true, searchOp: 'equal', rules: [req('content.c2.aiModel.platformRequired')] },
    // the inputs neither clamp nor round: 2.5 and -1 stay as typed and are refused with the range (issue 38)
    {
      name: 'temperature', label: 'content.c2.aiModel.temperature', valueType: 'number',
      rules: [req('content.c2.aiModel.temperatureRequired'), { min: 0, max: 2, message: 'content.c2.aiModel.temperatureRange' }, decimalsAtMost(2, 'content.c2.aiModel.temperatureDecimals')],
    },
    { name: 'maxTokens', label: 'content.c2.aiModel.maxTokens', valueType: 'number', rules: [req('content.c2.aiModel.tokensRequired'), ...wholeIn({ min: 0 }, 'content.c2.aiModel.tokensMin')] },
    {
      name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, switchValues: [1, 2], numeric: true, default: 1, search: true, searchOp: 'equal',
      options: [{ value: 1, label: 'content.common.on' }, { value: 2, label: 'content.common.off' }], rules: [req('content.c2.aiModel.statusRequired')],
    },
    // limits all instances of the back end keep together for this model (issue 30)
    {
      name: 'maxConcurrency', label: 'content.c2.aiModel.maxConcurrency', tableLabel: 'content.c2.aiModel.concurrencyColumn', valueType: 'number', default: AI_LIMITS.maxConcurrency.default, extra: 'content.c2.aiModel.concurrencyHint',
      rules: [req('content.c2.aiModel.concurrencyRequired'), ...wholeIn(AI_LIMITS.maxConcurrency, 'content.c2.aiModel.concurrencyRange')],
    },
    {
      name: 'ratePerMinute', label: 'content.c2.aiModel.ratePerMinute', tableLabel: 'content.c2.aiModel.rateColumn', valueType: 'number', default: AI_LIMITS.ratePerMinute.default, extra: 'content.c2.aiModel.rateHint',
      rules: [req('content.c2.aiModel.rateRequired'), ...wholeIn(AI_LIMITS.ratePerMinute, 'content.c2.aiModel.rateRange')],
    },
    createTimeColumn,
  ],
  // one short prompt with the stored key: the URL called and the reply, or the reason
  extraActions: [{ key: 'test', label: 'content.c2.aiModel.test', permission: 'aiModel_test', placement: 'row', render: AiTestDialog }],
};

export default aiModel;
