// The message table (src-shared/messages): every key has its zh and its en text, with the same placeholders;
// Accept-Language decides the reply's language (en only when English is preferred).
import { describe, expect, it } from 'vitest';
import { MESSAGES, messageResources, messageText, replyLanguage } from '../../../src-shared/messages';
import { fill } from '../../../src-shared/messages/text';
import { DECLARATIONS } from '../../../src-shared/declarations';

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message table', () => {
  it('every key has a zh and an en text, neither empty, with the same placeholders', () => {
    const incomplete = Object.entries(MESSAGES as Record<string, { zh?: unknown; en?: unknown }>).filter(
      ([, t]) => typeof t.zh !== 'string' || typeof t.en !== 'string' || !t.zh.trim() || !t.en.trim() || placeholders(t.zh).join() !== placeholders(t.en).join(),
    );
    expect(incomplete.map(([key]) => key)).toEqual([]);
    expect(Object.keys(MESSAGES).length).toBeGreaterThan(0);
  });

  it('keys are <family>.<name>, so the renderer finds them under msg.<family>.<name>', () => {
    for (const key of Object.keys(MESSAGES)) expect(key).toMatch(/^[a-z][A-Za-z0-9]*\.[A-Za-z0-9]+$/);
    const zh = messageResources('zh') as { msg: Record<string, Record<string, string>> };
    expect(zh.msg.site.groupNameRequired).toBe('请输入分组名称');
  });

  it('every message key a declaration names is in the table', () => {
    const named = DECLARATIONS.flatMap((d) => [...Object.values(d.fields).flatMap((f) => f.rules.map((r) => r.message)), ...(d.cross ?? []).map((c) => c.message)]);
    expect(named.filter((k) => !(k in MESSAGES))).toEqual([]);
  });

  it('answers en only when the caller prefers English; zh for none and for every other language', () => {
    expect(replyLanguage(undefined)).toBe('zh');
    expect(replyLanguage('')).toBe('zh');
    expect(replyLanguage('en')).toBe('en');
    expect(replyLanguage('en-US,en;q=0.9')).toBe('en');
    expect(replyLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(replyLanguage('fr-FR,en;q=0.5')).toBe('zh');
    expect(replyLanguage('zh;q=0.4,en;q=0.6')).toBe('en');
    expect(messageText('site.sortRange', 'zh')).toBe('排序范围为0-99999');
    expect(messageText('site.sortRange', 'en')).toBe('The sort order must be a whole number from 0 to 99999');
    expect(fill('{{a}} of {{b}}', { a: 1, b: 'x' })).toBe('1 of x');
  });
});
