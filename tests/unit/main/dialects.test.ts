// The console's side of the back-end dialects (src-main/services/dialects.ts):
// URL mapping per dialect, the content area refused on a stock back end, the
// sign-in endpoints, the SM2 password transport and the AuthInfo reply.
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_OVERVIEW_URL } from '../../../src-shared/dashboard';
import { authUrls, mapUrl, sm2Password, tokenReplyOfAuthInfo } from '../../../src-main/services/dialects';
import { DeskError } from '../../../src-main/services/errors';

const zh = { language: 'zh' as const };

describe('URL mapping', () => {
  it('leaves every path alone on the spec back end', () => {
    for (const url of ['/website-blade-system/user/list', '/website-blade-material/websiteInfo/page', '/blade-log/list']) {
      expect(mapUrl({ ...zh }, url)).toBe(url);
      expect(mapUrl({ ...zh, dialect: 'spec' }, url)).toBe(url);
    }
  });

  it('maps the spec prefixes to the stock ones on BladeX and SpringBlade', () => {
    for (const dialect of ['bladex', 'springblade'] as const) {
      const p = { ...zh, dialect };
      expect(mapUrl(p, '/website-blade-system/user/list')).toBe('/blade-system/user/list');
      expect(mapUrl(p, '/website-blade-desk/notice/list')).toBe('/blade-desk/notice/list');
      expect(mapUrl(p, '/blade-log/list')).toBe('/blade-log/api/list');
      expect(mapUrl(p, '/blade-log/detail?id=1')).toBe('/blade-log/api/detail?id=1');
      expect(mapUrl(p, '/blade-log/usual/list')).toBe('/blade-log/usual/list');
      expect(mapUrl(p, '/blade-resource/oss/list')).toBe('/blade-resource/oss/list');
    }
  });

  it('refuses the content area on a stock back end with one message', () => {
    const p = { ...zh, dialect: 'springblade' as const };
    for (const url of ['/website-blade-material/websiteInfo/page', '/website-blade-article/article/page', '/seo-blade-system/tenant-quota/detail', '/blade-material/websiteNavbar/list', DASHBOARD_OVERVIEW_URL]) {
      expect(() => mapUrl(p, url)).toThrow(DeskError);
      expect(() => mapUrl(p, url)).toThrow(/站群内容功能需要本产品的后端/);
    }
    expect(() => mapUrl({ language: 'en', dialect: 'bladex' }, '/website-blade-article/article/page')).toThrow(/needs this product's back end/);
  });
});

describe('sign-in per dialect', () => {
  it('uses the OAuth endpoints on spec and BladeX, the SpringBlade ones otherwise', () => {
    expect(authUrls({}).token).toBe('/blade-auth/oauth/token');
    expect(authUrls({ dialect: 'bladex' }).captcha).toBe('/blade-auth/oauth/captcha');
    expect(authUrls({ dialect: 'springblade' })).toEqual({
      captcha: '/blade-auth/captcha', token: '/blade-auth/token', logout: '/blade-auth/logout', userInfo: '/blade-system/user/info',
    });
  });

  it('encrypts the password with the profile\'s public key (the private key decrypts it) and needs a valid key', () => {
    const pair = sm2.generateKeyPairHex();
    const cipher = sm2Password({ ...zh, publicKey: pair.publicKey }, 'admin');
    expect(cipher).not.toContain('admin');
    expect(sm2.doDecrypt(cipher, pair.privateKey, 0)).toBe('admin');
    expect(() => sm2Password({ ...zh }, 'admin')).toThrow(/请在配置中填写它的公钥/);
    expect(() => sm2Password({ ...zh, publicKey: '04abc' }, 'admin')).toThrow(DeskError);
  });

  it('reads R<AuthInfo> into the BladeX token reply shape, and a refusal into error_description', () => {
    const reply = tokenReplyOfAuthInfo({
      code: 200, success: true, msg: '操作成功',
      data: { accessToken: 'a', refreshToken: 'r', tokenType: 'bearer', expiresIn: 3600, userId: '1', tenantId: '000000', account: 'admin', userName: '管理员', authority: 'administrator', avatar: '' },
    });
    expect(reply).toMatchObject({ access_token: 'a', refresh_token: 'r', user_id: '1', tenant_id: '000000', account: 'admin', nick_name: '管理员', role_name: 'administrator', expires_in: 3600 });
    expect(tokenReplyOfAuthInfo({ code: 400, success: false, msg: '用户名或密码错误', data: null })).toEqual({ error_description: '用户名或密码错误' });
  });
});
