// The profiles form's rules (the same as main's) and the band's text colour.

import { describe, expect, it } from 'vitest';
import { checkBaseUrl, checkCa, checkName, checkProxy } from '../../../src-renderer/profiles/validate';
import { textOn } from '../../../src-renderer/profiles/ProfileBand';

describe('profiles form rules', () => {
  it('name: required, at most 40 characters, unique whatever the case', () => {
    expect(checkName('', [])).toBe('nameRequired');
    expect(checkName('   ', [])).toBe('nameRequired');
    expect(checkName('x'.repeat(41), [])).toBe('nameTooLong');
    expect(checkName(' Prod ', ['prod'])).toBe('nameTaken');
    expect(checkName('生产', ['Prod'])).toBeNull();
  });

  it('back-end URL and proxy: absolute http(s) only; the proxy may be empty', () => {
    expect(checkBaseUrl('')).toBe('baseUrlRequired');
    expect(checkBaseUrl('https://')).toBe('baseUrlInvalid');
    expect(checkBaseUrl('ftp://a/api')).toBe('baseUrlInvalid');
    expect(checkBaseUrl('admin.example.com/api')).toBe('baseUrlInvalid');
    expect(checkBaseUrl('https://admin.example.com/api')).toBeNull();
    expect(checkProxy('')).toBeNull();
    expect(checkProxy('socks5://p:1080')).toBe('proxyInvalid');
    expect(checkProxy('http://proxy.corp:3128')).toBeNull();
  });

  it('CA: PEM text with a whole certificate, or an absolute POSIX / Windows path', () => {
    expect(checkCa('')).toBeNull();
    expect(checkCa('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')).toBeNull();
    expect(checkCa('-----BEGIN CERTIFICATE-----\nMIIB')).toBe('caInvalid');
    expect(checkCa('/etc/ssl/corp-ca.pem')).toBeNull();
    expect(checkCa('C:\\certs\\corp-ca.pem')).toBeNull();
    expect(checkCa('\\\\server\\share\\ca.pem')).toBeNull();
    expect(checkCa('certs/ca.pem')).toBe('caInvalid');
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
