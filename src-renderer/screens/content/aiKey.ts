// AI key settings: spec content-area.md §3 AI key setting, §4 (types 1-3 show and require a target address), §5.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';

const K = '/seo-blade-article/key';
const needsTarget = (v: Record<string, unknown>) => [1, 2, 3].includes(Number(v.type));

const aiKey: ScreenDef = {
  code: 'key',
  title: 'content.c2.aiKey.title',
  api: { list: `${K}/page`, detail: `${K}/detail`, submit: `${K}/submit`, remove: `${K}/remove` },
  dialogWidth: 640,
  columns: [
    { name: 'name', label: 'content.c2.aiKey.name', search: true, span: 24, rules: [{ required: true, message: 'content.c2.aiKey.nameRequired' }] },
    { name: 'type', label: 'content.c2.aiKey.type', valueType: 'select', dict: 'ai_model', numeric: true, span: 24, validateTrigger: 'onChange', rules: [{ required: true, message: 'content.c2.aiKey.typeRequired' }] },
    { name: 'targetUrl', label: 'content.c2.aiKey.targetUrl', span: 24, visibleWhen: needsTarget, rules: [{ required: true, message: 'content.c2.aiKey.targetRequired' }] },
    { name: 'key', label: 'content.c2.aiKey.key', span: 24, hideInTable: true, rules: [{ required: true, message: 'content.c2.aiKey.keyRequired' }] },
    {
      name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, switchValues: [1, 2], numeric: true, default: 2, span: 24,
      options: [{ value: 1, label: 'content.common.on' }, { value: 2, label: 'content.common.off' }],
    },
    createTimeColumn,
  ],
};

export default aiKey;
