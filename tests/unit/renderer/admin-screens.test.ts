// The admin screen definitions: every label and message exists in zh and en;
// the dictionary layouts (vertical: children locked, child key conditional);
// every menu path of the area is registered.
import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import type { ScreenDef } from '../../../src-renderer/crud/types';
import { adminMessages } from '../../../src-renderer/i18n/areas/admin';
import zhCore from '../../../src-renderer/i18n/zh';
import enCore from '../../../src-renderer/i18n/en';
import { dictScreen } from '../../../src-renderer/screens/admin/dictScreen';
import notice from '../../../src-renderer/screens/admin/notice';
import sms from '../../../src-renderer/screens/admin/sms';
import oss from '../../../src-renderer/screens/admin/oss';
import attach from '../../../src-renderer/screens/admin/attach';
import report from '../../../src-renderer/screens/admin/report';
import datasource from '../../../src-renderer/screens/admin/datasource';
import model from '../../../src-renderer/screens/admin/model';
import code from '../../../src-renderer/screens/admin/code';
import { logScreen } from '../../../src-renderer/screens/admin/logScreen';
import { ADMIN_SCREENS } from '../../../src-renderer/screens/admin';
import { STATIC_PATHS } from '../../../src-renderer/router/guard';
import { MESSAGES, type MessageKey } from '../../../src-shared/messages';

const SCREENS: ScreenDef[] = [
  dictScreen('dict', 'horizontal'), dictScreen('dict', 'vertical'), dictScreen('dict-biz', 'horizontal'),
  notice, sms, oss, attach, report, datasource, model, code, logScreen('usual'), logScreen('api'), logScreen('error'),
];

const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
const has = (lang: 'zh' | 'en', key: string): boolean => typeof (lookup(adminMessages[lang], key) ?? lookup(lang === 'zh' ? zhCore : enCore, key)) === 'string';

function keysOf(def: ScreenDef): string[] {
  const keys = [def.title];
  for (const c of def.columns) keys.push(c.label, ...(c.rules ?? []).map((r) => r.message), ...(c.options ?? []).map((o) => o.label));
  for (const a of def.extraActions ?? []) keys.push(a.label, ...(a.confirm ? [a.confirm] : []));
  return keys;
}

describe('admin screens', () => {
  it('every label and message exists in zh and en', () => {
    const missing: string[] = [];
    for (const def of SCREENS) for (const key of keysOf(def)) for (const lang of ['zh', 'en'] as const) if (!has(lang, key)) missing.push(`${lang}:${key}`);
    expect(missing).toEqual([]);
  });

  it('uses the spec messages for dictionaries', () => {
    // the message table's (src-shared/messages/admin-messages.ts), which the form and the server read
    const zh = (key: MessageKey) => MESSAGES[key].zh;
    expect([zh('admin.dictCodeRequired'), zh('admin.dictValueRequired'), zh('admin.dictKeyRequired'), zh('admin.dictSortRequired')]).toEqual(['请输入字典编号', '请输入字典名称', '请输入字典键值', '请输入字典排序']);
  });

  it('horizontal adds children; vertical locks child rows and hides the parent picker', () => {
    const h = dictScreen('dict', 'horizontal');
    const v = dictScreen('dict', 'vertical');
    expect(h.tree).toMatchObject({ lazy: '/website-blade-system/dict/child-list', addChild: true });
    expect(h.rowLocked).toBeUndefined();
    expect(v.tree?.addChild).toBe(false);
    expect(v.rowLocked?.({ id: '2', parentId: '1' })).toBe(true);
    expect(v.rowLocked?.({ id: '1', parentId: '0' })).toBe(false);
    expect(v.columns.find((c) => c.name === 'parentId')?.hideInForm).toBe(true);
    const key = h.columns.find((c) => c.name === 'dictKey')!;
    const codeCol = h.columns.find((c) => c.name === 'code')!;
    const ctx = { mode: 'add' as const, tenantId: '000000' };
    expect(key.visibleWhen?.({ parentId: '0' }, ctx)).toBe(false);
    expect(key.visibleWhen?.({ parentId: '12' }, ctx)).toBe(true);
    expect(codeCol.visibleWhen?.({ parentId: '12' }, ctx)).toBe(false);
    expect(dictScreen('dict-biz', 'horizontal').api.submit).toBe('/website-blade-system/dict-biz/submit');
  });

  it('registers the area menu paths and the two dictionary layouts as static routes', () => {
    for (const path of ['/system/dict', '/system/dictbiz', '/desk/notice', '/resource/sms', '/resource/oss', '/resource/attach', '/monitor/log/usual', '/monitor/log/api', '/monitor/log/error', '/report/reportlist', '/tool/code', '/tool/model', '/tool/datasource', '/dict-horizontal/index', '/dict-vertical/index'])
      expect(ADMIN_SCREENS[path], path).toBeDefined();
    expect(STATIC_PATHS).toEqual(expect.arrayContaining(['/dict-horizontal/index', '/dict-vertical/index']));
  });

  it('log screens are read-only', () => {
    for (const kind of ['usual', 'api', 'error'] as const) expect(logScreen(kind).hide).toEqual(['add', 'edit', 'delete', 'batchDelete']);
  });
});
