// AI model settings: spec content-area.md §3 AI model setting, §5 (all required; temperature 0-2, 2 decimals).
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';
import { AI_LIMITS } from '../../../src-shared/ai-limits';
import { AI_MODEL } from '../../../src-shared/declarations/generation';
import { AiLinkInput, AiTestDialog, linkView } from './AiModelInputs';

const AM = '/seo-blade-article/aiModel';

const aiModel: ScreenDef = {
  code: 'aiModel',
  title: 'content.c2.aiModel.title',
  labelWidth: 130,
  declaration: AI_MODEL,
  api: { list: `${AM}/page`, detail: `${AM}/detail`, submit: `${AM}/submit`, remove: `${AM}/remove` },
  columns: [
    { name: 'name', label: 'content.c2.aiModel.name', search: true },
    // required for a model switched on, and by the server when adding (a stored key shows as its mask: an edit keeps
    // it); a model switched off may be without one (the sample matrix's, until its operator sets a key)
    { name: 'apiKey', label: 'content.c2.aiModel.apiKey', hideInTable: true },
    // a base URL or the full …/chat/completions URL; the form shows the URL that will be called under it
    {
      name: 'url', label: 'content.c2.aiModel.url', valueType: 'custom', input: AiLinkInput, viewText: linkView },
    { name: 'model', label: 'content.c2.aiModel.model' },
    { name: 'platform', label: 'content.c2.aiModel.platform', valueType: 'select', dict: 'ai_platform', search: true, searchOp: 'equal' },
    // the inputs neither clamp nor round: 2.5 and -1 stay as typed and are refused with the range (issue 38)
    { name: 'temperature', label: 'content.c2.aiModel.temperature', valueType: 'number' },
    { name: 'maxTokens', label: 'content.c2.aiModel.maxTokens', valueType: 'number' },
    {
      name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, switchValues: [1, 2], numeric: true, default: 1, search: true, searchOp: 'equal',
      options: [{ value: 1, label: 'content.common.on' }, { value: 2, label: 'content.common.off' }],
    },
    // limits all instances of the back end keep together for this model (issue 30)
    {
      name: 'maxConcurrency', label: 'content.c2.aiModel.maxConcurrency', tableLabel: 'content.c2.aiModel.concurrencyColumn', valueType: 'number', default: AI_LIMITS.maxConcurrency.default, extra: 'content.c2.aiModel.concurrencyHint',
    },
    {
      name: 'ratePerMinute', label: 'content.c2.aiModel.ratePerMinute', tableLabel: 'content.c2.aiModel.rateColumn', valueType: 'number', default: AI_LIMITS.ratePerMinute.default, extra: 'content.c2.aiModel.rateHint',
    },
    createTimeColumn,
  ],
  // one short prompt with the stored key: the URL called and the reply, or the reason
  extraActions: [{ key: 'test', label: 'content.c2.aiModel.test', permission: 'aiModel_test', placement: 'row', render: AiTestDialog }],
};

export default aiModel;
