// The workflow screens: every label and message exists in zh and en, every
// flow menu path is registered, the leave routes are recognised (and nothing
// else), and the diagram colouring rule.
import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import type { ScreenDef } from '../../../src-renderer/crud/types';
import { flowMessages } from '../../../src-renderer/i18n/areas/flow';
import zhCore from '../../../src-renderer/i18n/zh';
import enCore from '../../../src-renderer/i18n/en';
import model from '../../../src-renderer/screens/flow/model';
import deploy from '../../../src-renderer/screens/flow/deploy';
import follow from '../../../src-renderer/screens/flow/follow';
import { claimScreen, doneScreen, sendScreen, startScreen, todoScreen } from '../../../src-renderer/screens/flow/work';
import { FLOW_SCREENS, leaveScreen, parseLeavePath } from '../../../src-renderer/screens/flow';
import { decide, LEAVE_ROUTE } from '../../../src-renderer/router/guard';
import { nodeStates } from '../../../src-renderer/components/flow/bpmn';
import { MENU_TREE, type MenuSeed } from '../../../src-server/db/seed-menus';

const SCREENS: ScreenDef[] = [model, deploy, follow, startScreen, claimScreen, todoScreen, sendScreen, doneScreen];
const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
const has = (lang: 'zh' | 'en', key: string): boolean => typeof (lookup(flowMessages[lang], key) ?? lookup(lang === 'zh' ? zhCore : enCore, key)) === 'string';

describe('flow screens', () => {
  it('every label and message exists in zh and en', () => {
    const missing: string[] = [];
    for (const def of SCREENS) {
      const keys = [def.title];
      for (const c of def.columns) keys.push(c.label, ...(c.rules ?? []).map((r) => r.message), ...(c.options ?? []).map((o) => o.label));
      for (const a of def.extraActions ?? []) keys.push(a.label, ...(a.confirm ? [a.confirm] : []), ...(a.successMessage ? [a.successMessage] : []));
      for (const key of keys) for (const lang of ['zh', 'en'] as const) if (!has(lang, key)) missing.push(`${lang}:${key}`);
    }
    for (const kind of ['form', 'handle', 'detail']) for (const lang of ['zh', 'en'] as const) if (!lookup(lang === 'zh' ? zhCore : enCore, `tags.leave.${kind}`)) missing.push(`${lang}:tags.leave.${kind}`);
    expect(missing).toEqual([]);
  });

  it('registers a screen for every seeded workflow menu', () => {
    const flow = MENU_TREE.find((m) => m.code === 'flow') as MenuSeed;
    const paths = (flow.children ?? []).map((c) => c.path);
    expect(paths.filter((p) => !(p in FLOW_SCREENS))).toEqual([]);
  });

  it('recognises the three leave routes with their ids, and nothing else', () => {
    expect(parseLeavePath('/work/process/leave/form/Leave:1:2124')).toEqual({ kind: 'form', ids: ['Leave:1:2124'] });
    expect(parseLeavePath('/work/process/leave/handle/11/22/33')).toEqual({ kind: 'handle', ids: ['11', '22', '33'] });
    expect(parseLeavePath('/work/process/leave/detail/22/33')).toEqual({ kind: 'detail', ids: ['22', '33'] });
    for (const bad of ['/work/process/leave/form', '/work/process/leave/handle/1/2', '/work/process/leave/detail/1/2/3', '/work/process/leave/edit/1', '/work/process/leave/form/a b', '/work/todo']) {
      expect(parseLeavePath(bad)).toBeNull();
      expect(LEAVE_ROUTE.test(bad)).toBe(false);
    }
    // one screen per opened path
    expect(leaveScreen('/work/process/leave/detail/1/2')).toBe(leaveScreen('/work/process/leave/detail/1/2'));
    expect(leaveScreen('/work/process/leave/detail/1/2')).not.toBe(leaveScreen('/work/process/leave/detail/1/3'));
    // the guard opens them as tabs even though no menu item has these paths
    const input = { loggedIn: true, locked: false, isKnown: () => false };
    expect(decide({ ...input, path: '/work/process/leave/handle/1/2/3' })).toEqual({ kind: 'render', tab: true });
    expect(decide({ ...input, path: '/work/process/leave/handle/1/2' })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide({ ...input, loggedIn: false, path: '/work/process/leave/form/Leave:1:1' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('colours finished nodes, active nodes and taken flows', () => {
    const states = nodeStates([
      { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-01-01 09:00:00' },
      { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2026-01-01 09:00:00' },
      { historyActivityId: 'task', historyActivityType: 'userTask', endTime: '' },
    ]);
    expect(Object.fromEntries(states)).toEqual({ start: 'finished', f1: 'flow', task: 'active' });
  });
});
