// The profiles form's rules (the same as main's) and the band's text colour.

import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import Schema from '@rc-component/async-validator';
import type { RuleObject } from 'antd/es/form';
import { PROFILE } from '../../../src-shared/declarations/desktop-inputs';
import { firstBroken } from '../../../src-shared/declarations/declare';
import { inputRules } from '../../../src-renderer/crud/declared';
import i18n from '../../../src-renderer/i18n';
import { textOn } from '../../../src-renderer/profiles/ProfileBand';

/** the first message a field's declared rules give the value (PROFILE, which the form and main both read), or null */
const problem = (field: keyof typeof PROFILE.fields, value: string) => firstBroken(PROFILE.fields[field], value)?.message ?? null;
/** the form's rule for a name among the others' names (the declaration's unique rule, judged with what the page shows) */
async function nameErrors(value: string, others: string[]): Promise<string[]> {
  const taken = (v: unknown) => others.some((n) => n.trim().toLowerCase() === String(v).trim().toLowerCase());
  const errors: string[] = [];
  for (const rule of inputRules(i18n.getFixedT('zh'), PROFILE, 'name', 'text', undefined, taken) as RuleObject[]) {
    await new Schema({ name: [rule as never] }).validate({ name: value }).catch((e: { errors: { message: string }[] }) => errors.push(...e.errors.map((x) => x.message)));
  }
  return errors;
}

describe('profiles form rules (the declaration PROFILE)', () => {
  it('name: required, at most 40 characters, unique whatever the case', async () => {
    expect(problem('name', '')).toBe('profileForm.nameRequired');
    expect(problem('name', '   ')).toBe('profileForm.nameRequired');
    expect(problem('name', 'x'.repeat(41))).toBe('profileForm.nameMax');
    expect(await nameErrors(' Prod ', ['prod'])).toEqual(['配置名称已存在']);
    expect(await nameErrors('生产', ['Prod'])).toEqual([]);
  });

  it('back-end URL and proxy: absolute http(s) only; the proxy may be empty', () => {
    expect(problem('baseUrl', '')).toBe('profileForm.baseUrlRequired');
    expect(problem('baseUrl', 'https://')).toBe('profileForm.baseUrlInvalid');
    expect(problem('baseUrl', 'ftp://a/api')).toBe('profileForm.baseUrlInvalid');
    expect(problem('baseUrl', 'admin.example.com/api')).toBe('profileForm.baseUrlInvalid');
    expect(problem('baseUrl', 'https://admin.example.com/api')).toBeNull();
    expect(problem('proxyUrl', '')).toBeNull();
    expect(problem('proxyUrl', 'socks5://p:1080')).toBe('profileForm.proxyInvalid');
    expect(problem('proxyUrl', 'http://proxy.corp:3128')).toBeNull();
    expect(problem('proxyUrl', 'http://user:pw@proxy.corp:3128')).toBeNull();
  });

  it('CA: PEM text with a whole certificate, or an absolute POSIX / Windows path', () => {
    expect(problem('caCert', '')).toBeNull();
    expect(problem('caCert', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')).toBeNull();
    expect(problem('caCert', '-----BEGIN CERTIFICATE-----\nMIIB')).toBe('profileForm.caPemInvalid');
    expect(problem('caCert', '/etc/ssl/corp-ca.pem')).toBeNull();
    expect(problem('caCert', 'C:\\certs\\corp-ca.pem')).toBeNull();
    expect(problem('caCert', '\\\\server\\share\\ca.pem')).toBeNull();
    expect(problem('caCert', 'certs/ca.pem')).toBe('profileForm.caInvalid');
  });

  it('SM2 public key: 04 and 128 hex digits; required for a SpringBlade back end', () => {
    expect(problem('publicKey', `04${'f'.repeat(127)}`)).toBe('profileForm.publicKeyInvalid');
    expect(problem('publicKey', `04${'f'.repeat(128)}`)).toBeNull();
    const needs = PROFILE.cross!.find((c) => c.field === 'publicKey')!;
    expect(needs.refuses({ dialect: 'springblade', publicKey: '' })).toBe(true);
    expect(needs.refuses({ dialect: 'bladex', publicKey: '' })).toBe(false);
  });
});

describe('colour band', () => {
  it('writes in whichever of black and white reads better on the profile colour', () => {
    expect(textOn('#2EA300')).toBe('#000000');
    expect(textOn('#722ED1')).toBe('#FFFFFF');
    expect(textOn('#000000')).toBe('#FFFFFF');
    expect(textOn('#FAAD14')).toBe('#000000');
    expect(textOn('#1677FF')).toBe('#000000'); // contrast 5.1 against black, 4.1 against white
    expect(textOn('#0958D9')).toBe('#FFFFFF');
    expect(textOn('nonsense')).toBe('#FFFFFF');
  });
});
