// Template parameters of AI generation (spec content-area.md §7 gptGenerateTemplateParm):
// named values a generate-article task's prompt rows use as {paramKey} placeholders
// next to {keyword}; the back end fills them when it builds each prompt.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';

const P = '/website-blade-article/gptGenerateTemplateParm';

const gptGenerateTemplateParm: ScreenDef = {
  code: 'gptGenerateTemplateParm',
  title: 'content.c3.parm.title',
  api: { list: `${P}/page`, detail: `${P}/detail`, save: `${P}/save`, update: `${P}/update`, remove: `${P}/remove` },
  dialogWidth: 700,
  columns: [
    { name: 'paramName', label: 'content.c3.parm.paramName', search: true, rules: [{ required: true, message: 'content.c3.parm.nameRequired' }, { max: 50, message: 'content.c3.parm.nameMax' }] },
    {
      name: 'paramKey', label: 'content.c3.parm.paramKey', search: true, extra: 'content.c3.parm.keyHint',
      rules: [{ required: true, message: 'content.c3.parm.keyRequired' }, { pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$', message: 'content.c3.parm.keyBad' }],
    },
    { name: 'paramValue', label: 'content.c3.parm.paramValue', valueType: 'textarea', rows: 4, rules: [{ required: true, message: 'content.c3.parm.valueRequired' }, { max: 2000, message: 'content.c3.parm.valueMax' }] },
    { name: 'remark', label: 'content.c3.parm.remark', valueType: 'textarea', rows: 2, hideInTable: true, rules: [{ max: 200, message: 'content.c3.parm.remarkMax' }] },
    createTimeColumn,
  ],
};

export default gptGenerateTemplateParm;
