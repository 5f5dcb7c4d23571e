// AI key settings: spec content-area.md §3 AI key setting, §4 (types 1-3 show and require a target address), §5.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';
import { AI_KEY, KEY_TYPES_WITH_TARGET } from '../../../src-shared/declarations/generation';

const K = '/seo-blade-article/key';
const needsTarget = (v: Record<string, unknown>) => KEY_TYPES_WITH_TARGET.includes(Number(v.type));

const aiKey: ScreenDef = {
  code: 'key',
  title: 'content.c2.aiKey.title',
  api: { list: `${K}/page`, detail: `${K}/detail`, submit: `${K}/submit`, remove: `${K}/remove` },
  declaration: AI_KEY,
  dialogWidth: 640,
  columns: [
    { name: 'name', label: 'content.c2.aiKey.name', search: true, span: 24 },
    { name: 'type', label: 'content.c2.aiKey.type', valueType: 'select', dict: 'ai_model', numeric: true, span: 24, validateTrigger: 'onChange' },
    { name: 'targetUrl', label: 'content.c2.aiKey.targetUrl', span: 24, visibleWhen: needsTarget },
    { name: 'key', label: 'content.c2.aiKey.key', span: 24, hideInTable: true },
    {
      name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, switchValues: [1, 2], numeric: true, default: 2, span: 24,
      options: [{ value: 1, label: 'content.common.on' }, { value: 2, label: 'content.common.off' }],
    },
    createTimeColumn,
  ],
};

export default aiKey;
