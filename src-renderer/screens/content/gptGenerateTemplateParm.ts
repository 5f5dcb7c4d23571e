// Template parameters of AI generation (spec content-area.md §7 gptGenerateTemplateParm):
// named values a generate-article task's prompt rows use as {paramKey} placeholders
// next to {keyword}; the back end fills them when it builds each prompt.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';
import { GPT_GENERATE_TEMPLATE_PARM } from '../../../src-shared/declarations/generation';

const P = '/website-blade-article/gptGenerateTemplateParm';

const gptGenerateTemplateParm: ScreenDef = {
  code: 'gptGenerateTemplateParm',
  title: 'content.c3.parm.title',
  api: { list: `${P}/page`, detail: `${P}/detail`, save: `${P}/save`, update: `${P}/update`, remove: `${P}/remove` },
  declaration: GPT_GENERATE_TEMPLATE_PARM,
  dialogWidth: 700,
  columns: [
    { name: 'paramName', label: 'content.c3.parm.paramName', search: true },
    { name: 'paramKey', label: 'content.c3.parm.paramKey', search: true, extra: 'content.c3.parm.keyHint' },
    { name: 'paramValue', label: 'content.c3.parm.paramValue', valueType: 'textarea', rows: 4 },
    { name: 'remark', label: 'content.c3.parm.remark', valueType: 'textarea', rows: 2, hideInTable: true },
    createTimeColumn,
  ],
};

export default gptGenerateTemplateParm;
