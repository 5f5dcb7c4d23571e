import { describe, expect, it } from 'vitest';
import { en, zh } from '../../../src-renderer/i18n/areas/system.messages';
import zhCore from '../../../src-renderer/i18n/zh';
import enCore from '../../../src-renderer/i18n/en';
import { MESSAGES } from '../../../src-shared/messages';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
const get = (o: object, key: string): unknown => key.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)?.[k], o);

describe('system area messages', () => {
  it('en has exactly the keys of zh, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    for (const k of keys(en)) expect(String(get(en, k)).trim(), k).not.toBe('');
  });

  it('does not shadow core keys (crud.addChild lives in the core messages) and carries the spec messages', () => {
    const core = new Set(keys(zhCore));
    expect(keys(zh).filter((k) => core.has(k))).toEqual([]);
    expect(get(zhCore, 'crud.addChild')).toBe('新增下级');
    expect(get(enCore, 'crud.addChild')).toBe('Add child');
    // the forms' rule messages are the message table's (src-shared/messages/system-messages.ts), the spec's words
    expect(MESSAGES['sys.packageNameRequired'].zh).toBe('请输入产品包名称');
    expect(MESSAGES['sys.menuRequired'].zh).toBe('请选择菜单');
    expect(MESSAGES['sys.paramNameRequired'].zh).toBe('请输入参数名称');
  });
});
