// The 搜索引擎 screen's definitions: every label and message in zh and en (the
// states and hints with their parameters too), the form's rules refusing what the
// server refuses (same inputs, same verdicts: the key check against the server's
// parseServiceAccount, the connection fields by the declaration both read), the colours of the states passing WCAG AA on the themes' backgrounds,
// and the list cells' sums and texts.
import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import i18n from '../../../src-renderer/i18n';
import type { ColumnDef, ScreenDef } from '../../../src-renderer/crud/types';
import type { Row } from '../../../src-shared/wire';
import { searchMessages } from '../../../src-renderer/i18n/areas/search';
import { searchSiteScreen } from '../../../src-renderer/screens/content/search/siteScreen';
import { announceScreen, urlScreen } from '../../../src-renderer/screens/content/search/HistoryDialog';
import { DARK, hintText, LIGHT } from '../../../src-renderer/screens/content/search/tones';
import { announceText, connectionText, lastSyncText, urlTotals } from '../../../src-renderer/screens/content/search/cells';
import { DEFAULTS, newIndexNowKey } from '../../../src-renderer/screens/content/search/inputs';
import { parseServiceAccount } from '../../../src-server/modules/content/search/engines/google';
import Schema from '@rc-component/async-validator';
import type { Rule as AntRule, RuleObject } from 'antd/es/form';
import { declaredRules, inputRules } from '../../../src-renderer/crud/declared';
import { SEARCH_ACCOUNT } from '../../../src-shared/declarations/search-account';
import { messageText } from '../../../src-shared/messages';
import { INDEXNOW_KEY_PATTERN, type HintCode, type SearchSiteStats } from '../../../src-shared/search-engines';
import { makeServiceAccount } from '../../support/search-engines';

const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
const has = (lang: 'zh' | 'en', key: string) => typeof lookup(searchMessages[lang], key) === 'string';
const SCREENS: ScreenDef[] = [searchSiteScreen, urlScreen('1'), announceScreen('1')];
const col = (name: string): ColumnDef => searchSiteScreen.columns.find((c) => c.name === name)!;

function keysOf(def: ScreenDef): string[] {
  const keys = [def.title];
  for (const c of def.columns) {
    keys.push(c.label, ...(c.rules ?? []).map((r) => r.message), ...(c.options ?? []).map((o) => o.label));
    if (c.extra) keys.push(c.extra);
    if (c.requiredWhen) keys.push(c.requiredWhen.message);
  }
  for (const a of def.extraActions ?? []) keys.push(a.label, ...(a.confirm ? [a.confirm] : []), ...(a.successMessage ? [a.successMessage] : []));
  return keys.filter((k) => k.startsWith('search.'));
}

/** whether the form accepts `value` for the field: the rules it derives from the declaration the server judges by too, as antd runs them */
/** the 账号设置 form's first error for a pasted key (its declaration's rules, as the dialog reads them), or null */
async function keyError(value: string): Promise<string | null> {
  const all = { googleKey: value };
  const form = { getFieldsValue: () => all, getFieldValue: (n: string) => all[n as 'googleKey'] };
  const rules = inputRules(i18n.getFixedT('zh'), SEARCH_ACCOUNT, 'googleKey').map((r: AntRule) => (typeof r === 'function' ? r(form as never) : r) as RuleObject);
  try {
    for (const rule of rules) await new Schema({ googleKey: [rule as never] }).validate(all);
    return null;
  } catch (e) {
    return String((e as { errors?: { message: string }[] }).errors?.[0]?.message ?? e);
  }
}

async function formAccepts(name: string, value: unknown, values: Record<string, unknown> = {}): Promise<boolean> {
  const all = { ...values, [name]: value };
  const form = { getFieldsValue: () => all, getFieldValue: (n: string) => all[n] };
  const rules = declaredRules(i18n.getFixedT('zh'), col(name), searchSiteScreen.declaration).map((r: AntRule) => (typeof r === 'function' ? r(form as never) : r) as RuleObject);
  try {
    for (const rule of rules) await new Schema({ [name]: [rule as never] }).validate({ [name]: value });
    return true;
  } catch {
    return false;
  }
}

describe('the 搜索引擎 screen', () => {
  it('has every label and message in zh and en, en mirroring zh', () => {
    for (const def of SCREENS) for (const key of keysOf(def)) expect({ key, zh: has('zh', key), en: has('en', key) }).toEqual({ key, zh: true, en: true });
    const flat = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : flat(v as Record<string, unknown>, `${p}${k}.`)));
    expect(flat(searchMessages.en).sort()).toEqual(flat(searchMessages.zh).sort());
    const hints: HintCode[] = ['keyNotReachable', 'keyInvalid', 'urlsInvalid', 'tooManyRequests', 'tokenInvalid', 'siteNotVerified', 'quotaExhausted', 'serviceAccountNoAccess', 'serviceAccountInvalid', 'bingKeyInvalid', 'bingSiteMissing', 'network'];
    for (const code of hints) expect([has('zh', `search.hint.${code}`), has('en', `search.hint.${code}`)], code).toEqual([true, true]);
  });

  it('says a hint with its parameters, and a general word for one the engine did not give', async () => {
    const t = i18n.getFixedT('zh');
    expect(hintText(t, { code: 'serviceAccountNoAccess', params: { property: 'sc-domain:a.example', email: 'x@y.iam.gserviceaccount.com' } })).toBe(
      '服务账号没有资源 sc-domain:a.example 的权限：请在 Search Console 中把 x@y.iam.gserviceaccount.com 添加为该资源的用户',
    );
    // as search_url keeps it: JSON text, from the announcer (no e-mail there)
    expect(hintText(t, JSON.stringify({ code: 'serviceAccountNoAccess', params: { property: 'sc-domain:a.example' } }))).toContain('请在 Search Console 中把 服务账号 添加为该资源的用户');
    expect(hintText(i18n.getFixedT('en'), { code: 'keyNotReachable', params: { url: 'https://a.example/k.txt' } })).toBe(
      'The key file cannot be fetched: check that the site is deployed and that https://a.example/k.txt opens',
    );
    expect(hintText(t, null)).toBe('');
  });

  it('refuses in the form the service-account keys the server refuses, and takes the ones it takes', async () => {
    const good = makeServiceAccount('https://oauth2.googleapis.com/token').json;
    const raw = JSON.parse(good) as Record<string, unknown>;
    const texts = [
      good,
      '{not json',
      '[1, 2]',
      '"a string"',
      JSON.stringify({ ...raw, type: 'authorized_user' }),
      JSON.stringify({ ...raw, client_email: 'not-an-email' }),
      JSON.stringify({ ...raw, private_key: 'MIIE...' }),
      JSON.stringify({ type: 'service_account' }),
    ];
    // the form refuses what the server refuses, with the server's message (one declaration, search-account.ts)
    for (const text of texts) {
      const server = parseServiceAccount(text);
      expect({ text: text.slice(0, 30), form: await keyError(text) }).toEqual({ text: text.slice(0, 30), form: 'error' in server ? messageText(server.error, 'zh') : null });
    }
    expect(await keyError('{not json')).toMatch(/^服务账号密钥不是有效的JSON: /);
    expect(await keyError(JSON.stringify({ ...raw, type: 'authorized_user' }))).toBe('不是服务账号密钥: type 应为 service_account，实为 authorized_user');
    // empty or the mask: the stored key stays
    expect(await keyError('')).toBeNull();
    expect(await keyError('******')).toBeNull();
  });

  it('checks the connection fields as the server does (one declaration, src-shared/declarations/search.ts)', async () => {
    const cases: [string, string, boolean][] = [
      ['indexnowKey', 'abcd1234', true], ['indexnowKey', 'a'.repeat(128), true], ['indexnowKey', 'a'.repeat(129), false], ['indexnowKey', 'short', false],
      ['indexnowKey', 'has_underscore1', false], ['indexnowKey', 'with-hyphen-ok', true], ['indexnowKey', '', true],
      ['googleProperty', 'sc-domain:news.example', true], ['googleProperty', 'SC-DOMAIN:News.Example', true], ['googleProperty', 'https://news.example/', true],
      ['googleProperty', 'http://news.example/blog/', true], ['googleProperty', 'https://news.example', false], ['googleProperty', 'news.example', false],
      ['googleProperty', 'sc-domain:', false], ['googleProperty', '', true],
      ['baiduSite', 'https://www.news.example', true], ['baiduSite', 'HTTP://news.example/', true], ['baiduSite', 'ftp://news.example', false], ['baiduSite', 'news.example', false], ['baiduSite', '', true],
      ['bingSite', 'https://news.example/', true], ['bingSite', 'www.news.example', false], ['bingSite', '', true],
      ['baiduToken', 'abcDEF123', true], ['baiduToken', 'with space', false], ['baiduToken', 'dash-no', false], ['baiduToken', '', true],
    ];
    for (const [name, value, accepted] of cases) expect({ name, value, form: await formAccepts(name, value) }).toEqual({ name, value, form: accepted });
    // what the switches require (the server's hook judges the stored values too)
    expect(await formAccepts('indexnowKey', '', { indexnowOn: true })).toBe(false);
    expect(await formAccepts('indexnowKey', '', { indexnowOn: false })).toBe(true);
    expect(await formAccepts('baiduToken', '', { baiduOn: true })).toBe(false);
    // the stored token comes back as the mask: kept
    expect(await formAccepts('baiduToken', '******', { baiduOn: true })).toBe(true);
    expect(newIndexNowKey()).toMatch(INDEXNOW_KEY_PATTERN);
    expect(newIndexNowKey()).not.toBe(newIndexNowKey());
    expect([DEFAULTS.googleProperty('https://www.news.example'), DEFAULTS.baiduSite('http://news.example'), DEFAULTS.bingSite('http://news.example')]).toEqual([
      'sc-domain:news.example',
      'http://news.example',
      'http://news.example/',
    ]);
  });

  it('colours the states so they pass WCAG AA (4.5:1) on the light themes\' and the dark theme\'s backgrounds', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    // containers, table rows, the success and error alerts' backgrounds, and the lightest page backgrounds
    for (const bg of ['#ffffff', '#fafafa', '#f6ffed', '#fff2f0', '#f3f0ff']) for (const [tone, c] of Object.entries(LIGHT)) expect({ bg, tone, ok: contrast(c, bg) >= 4.5 }).toEqual({ bg, tone, ok: true });
    for (const bg of ['#141414', '#1f1f1f', '#162312', '#2c1618']) for (const [tone, c] of Object.entries(DARK)) expect({ bg, tone, ok: contrast(c, bg) >= 4.5 }).toEqual({ bg, tone, ok: true });
  });

  it('sums the engines\' counts and says each cell\'s text', () => {
    const t = i18n.getFixedT('zh');
    const counts = (submitted: number, pending: number, quota: number, rejected: number, failed: number) => ({ submitted, pending, quota, rejected, failed });
    const stats: SearchSiteStats = {
      websiteInfoId: 'w',
      urls: { indexnow: counts(3, 1, 0, 0, 1), baidu: counts(0, 0, 2, 1, 0), google: counts(1, 0, 0, 0, 0) },
      lastAnnounce: null,
      lastSync: { google: { state: 'done', message: '', time: '2026-01-05 10:00:00', lastDay: '2026-01-03' } },
      clicks7d: 12,
    };
    expect(urlTotals(stats)).toEqual({ total: 9, accepted: 4, pending: 3, failed: 2 });
    const row = { id: 'w', stats, googleOn: 1, googleProperty: '', googlePropertyDefault: 'sc-domain:news.example', googleLost: 'HTTP 403: gone', indexnowOn: 0, indexnowKey: 'abcdef0123456789' } as unknown as Row;
    expect(announceText(row, t)).toBe('已接受 4 / 共 9 · 等待 3 · 失败 2');
    expect(connectionText('google')(row, t)).toBe('sc-domain:news.example（默认）');
    expect(connectionText('indexnow')(row, t)).toBe('abcdef01…');
    expect(lastSyncText(row, t)).toBe('已完成 Google 01-05 10:00');
    expect(lastSyncText({ ...row, googleLost: 'HTTP 403: User does not have sufficient permission' } as Row, t)).toBe('HTTP 403: User does not have sufficient permission');
  });
});
