// The inputs about users, tenants and one's own account outside CrudPage (spec shell-and-system.md: 用户管理's
// 平台配置, 租户管理's 授权配置 and 内容额度, 个人信息 and its password change). The dialogs and pages read these
// (src-renderer/screens/system/components, src-renderer/pages/info) and so do the routes taking them
// (judgeInput). 用户管理's 角色配置 reads the user's own declaration (USER.roleId, system.ts), which its route
// (user/grant) judges already.
import { isEmpty, number, oneOf, pattern, required, text, wholeIn, int, type InputDecl } from './declare';
import { EMAIL, PASSWORD, PHONE } from './system';

const SYS = '/website-blade-system';

export const USER_PLATFORM: InputDecl = {
  name: 'userPlatform',
  judge: { route: `${SYS}/user/update-platform`, send: 'json' },
  fields: {
    // none sent: WEB (1), as the stock route takes it (the server fills it in before judging)
    userType: int(required('sys.userPlatformRequired'), oneOf([1, 2, 3], 'sys.userPlatformRequired')),
    userExt: { ...text(), example: '{"key":"value"}' },
  },
  cross: [
    {
      field: 'userExt',
      reads: [],
      message: 'sys.userExtJson',
      refuses: (v) => {
        if (isEmpty(v.userExt)) return false;
        try {
          JSON.parse(String(v.userExt));
          return false;
        } catch {
          return true;
        }
      },
      refused: { userExt: '{not json' },
    },
  ],
};

/** 授权配置: the tenants' account quota (-1: no limit; the tenant's own declaration's rule) and expiry */
export const TENANT_SETTING: InputDecl = {
  name: 'tenantSetting',
  judge: { route: `${SYS}/tenant/setting`, send: 'query', with: { ids: 'none' } },
  fields: {
    accountNumber: number(required('accountForm.accountNumberRequired'), ...wholeIn(-1, undefined, 'sys.accountNumberRange')),
  },
};

/** 内容额度: a tenant's website and article quotas (-1: no limit) */
export const TENANT_CONTENT_QUOTA: InputDecl = {
  name: 'tenantContentQuota',
  judge: { route: '/seo-blade-system/tenant-quota/content-setting', send: 'json', with: { tenantId: '000000' } },
  fields: {
    websiteNumber: number(required('accountForm.websiteNumberRequired'), ...wholeIn(-1, undefined, 'accountForm.quotaRange')),
    articleNumber: number(required('accountForm.articleNumberRequired'), ...wholeIn(-1, undefined, 'accountForm.quotaRange')),
  },
};

/** 个人信息: one's own phone (optional: the seeded administrator has none) and e-mail */
export const USER_INFO: InputDecl = {
  name: 'userInfo',
  judge: { route: `${SYS}/user/update-info`, send: 'json' },
  fields: {
    phone: PHONE,
    email: { ...text(pattern(EMAIL, 'sys.emailFormat')), example: 'name@example.com' },
  },
};

/** 修改密码: the old password, the new one (at least six characters) and its confirmation */
export const PASSWORD_CHANGE: InputDecl = {
  name: 'passwordChange',
  judge: { route: `${SYS}/user/update-password`, send: 'json' },
  fields: {
    oldPassword: text(required('accountForm.oldPasswordRequired')),
    newPassword: { ...text(required('sys.newPasswordRequired'), pattern(PASSWORD, 'sys.passwordShort')), example: 'secret1' },
    newPassword1: { ...text(required('accountForm.confirmRequired')), example: 'secret1' },
  },
  cross: [
    { field: 'newPassword1', reads: ['newPassword'], message: 'sys.passwordMismatch', refuses: (v) => !isEmpty(v.newPassword) && !isEmpty(v.newPassword1) && v.newPassword1 !== v.newPassword, refused: { newPassword: 'secret1', newPassword1: 'secret2' } },
  ],
};

export const ACCOUNT_INPUTS: readonly InputDecl[] = [USER_PLATFORM, TENANT_SETTING, TENANT_CONTENT_QUOTA, USER_INFO, PASSWORD_CHANGE];
