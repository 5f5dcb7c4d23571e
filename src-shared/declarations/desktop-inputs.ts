// The desktop's own inputs (no back end takes them): the update feed of 更新设置 and a connection profile. The
// forms read the declarations (src-renderer/components/update/UpdateDialog.tsx, src-renderer/profiles) and so
// does main, which takes them (src-main/services/UpdateService.ts validateSettings, ProfileService.ts
// validateProfile; main answers the zh texts).
import { isEmpty, maxLength, pattern, required, text, unique, type InputDecl } from './declare';

/** an absolute http(s) URL with a host (user information allowed: a proxy's) */
const HTTP_URL = /^\s*https?:\/\/(?:[^\s/?#@]+@)?[^\s/?#@]+(?:[/?#]\S*)?\s*$/i;

export const UPDATE_SETTINGS: InputDecl = {
  name: 'updateSettings',
  judge: { side: 'main', why: 'a setting of this machine, kept by main (UpdateService)' },
  fields: {
    // empty: no feed; else an http(s) URL with a host
    updateFeedUrl: {
      ...text(maxLength(2000, 'desktopForm.feedInvalid'), pattern(HTTP_URL, 'desktopForm.feedInvalid')),
      example: 'https://updates.example.com/console',
    },
  },
};

/** a connection profile (配置管理): main keeps it; the client secret goes to the key store, not the profile */
export const PROFILE: InputDecl = {
  name: 'profile',
  judge: { side: 'main', why: 'a profile of this machine, kept by main (ProfileService), which judges every field but the secret' },
  fields: {
    // unique among the other profiles (case and spaces aside): main judges it, the form with the names it shows
    name: text(required('profileForm.nameRequired'), maxLength(40, 'profileForm.nameMax'), unique('profileForm.nameTaken')),
    baseUrl: { ...text(required('profileForm.baseUrlRequired'), pattern(HTTP_URL, 'profileForm.baseUrlInvalid')), example: 'https://admin.example.com/api' },
    tenantId: text(required('profileForm.tenantRequired'), maxLength(12, 'profileForm.tenantMax')),
    clientId: text(required('profileForm.clientIdRequired')),
    clientSecret: text(),
    dialect: text(),
    publicKey: { ...text(pattern('^\\s*04[0-9a-fA-F]{128}\\s*$', 'profileForm.publicKeyInvalid')), example: `04${'a'.repeat(128)}` },
    proxyUrl: { ...text(pattern(HTTP_URL, 'profileForm.proxyInvalid')), example: 'http://proxy.corp:3128' },
    // PEM text, or the absolute path of a PEM file (POSIX, a Windows drive or share)
    caCert: {
      ...text(
        pattern(/^(?![\s\S]*-----BEGIN)|-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/, 'profileForm.caPemInvalid'),
        pattern(/-----BEGIN|^\s*(?:\/|[A-Za-z]:[\\/]|\\\\)/, 'profileForm.caInvalid'),
      ),
      example: '/etc/ssl/corp-ca.pem',
    },
  },
  cross: [
    // a new profile (no id yet) needs its client secret; an edit keeps the stored one when none is given
    { field: 'clientSecret', reads: ['id'], message: 'profileForm.secretRequired', refuses: (v) => isEmpty(v.id) && isEmpty(v.clientSecret), refused: { clientSecret: '' } },
    { field: 'publicKey', reads: ['dialect'], message: 'profileForm.publicKeyRequired', refuses: (v) => v.dialect === 'springblade' && isEmpty(v.publicKey), refused: { dialect: 'springblade', publicKey: '' } },
  ],
};

export const DESKTOP_INPUTS: readonly InputDecl[] = [UPDATE_SETTINGS, PROFILE];
