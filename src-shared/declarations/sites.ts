// The sites family (spec content-area.md §3): website groups, websites, navbars, languages, associations,
// domains and servers, declared once for the server's validation and the screens' forms.
import { int, isEmpty, maxLength, number, oneOf, pattern, required, text, unique, wholeIn, withDefault, writeOnce, type ResourceDecl } from './declare';

/** a language tag as the renderer writes it into lang / hreflang (deploy/site-render.ts langTag) */
export const LANGUAGE_TAG = '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$';
const SUBDOMAIN = '^[a-z0-9]+$';
const DOMAIN = '^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}$';
const IP = '^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)$|^[0-9a-fA-F:]+$';
/** no character a shell or a path would read specially */
const DEPLOY_PATH = '^[^\\0\\n\\r\'"`$;&|<>]*$';

/** status 0 / 1 (navbars, templates...) */
export const status01 = int(oneOf([0, 1], 'site.statusOnOff'));

export const WEBSITE_GROUP: ResourceDecl = {
  name: 'websiteGroup',
  path: '/website-blade-material/websiteGroup',
  fields: {
    name: text(required('site.groupNameRequired'), maxLength(50, 'site.groupNameMax')),
    type: int(required('site.groupTypeRequired'), oneOf([0, 1], 'site.groupTypeRequired')),
  },
};

const chosen = (v: unknown): boolean => !isEmpty(v);

export const WEBSITE_INFO: ResourceDecl = {
  name: 'websiteInfo',
  path: '/website-blade-material/websiteInfo',
  fields: {
    websiteGroupId: writeOnce(text(required('site.groupRequired'))),
    websiteType: withDefault(int(required('site.websiteTypeRequired'), oneOf([0, 1, 2], 'site.websiteTypeRequired')), 0),
    websiteName: text(required('site.websiteNameRequired'), maxLength(100, 'site.websiteNameMax')),
    websiteLang: text(required('site.websiteLangRequired')),
    descVal: text(required('site.websiteDescRequired'), maxLength(300, 'site.websiteDescMax')),
    keywords: text(required('site.keywordsRequired'), maxLength(150, 'site.keywordsMax')),
    longTailWords: text(maxLength(200, 'site.longTailMax')),
    domainInfoId: text(required('site.domainRequired')),
    templateId: text(required('site.templateRequired')),
    type: withDefault(int(required('site.resolveTypeRequired'), oneOf([0, 1], 'site.resolveTypeRequired')), 0),
    subdomain: text(maxLength(30, 'site.subdomainMax'), pattern(SUBDOMAIN, 'site.subdomainPattern')),
    icoId: text(required('site.icoRequired')),
    logoId: text(required('site.logoRequired')),
    bannerId: text(required('site.bannerRequired')),
    contactId: text(required('site.contactRequired')),
  },
  cross: [
    // resolve type 0 (subdomain) needs one; 1 (the top-level domain) has none
    { field: 'subdomain', reads: ['type'], message: 'site.subdomainRequired', refuses: (v) => chosen(v.type) && Number(v.type) === 0 && isEmpty(v.subdomain), refused: { type: 0, subdomain: '' } },
  ],
};

export const WEBSITE_NAVBAR: ResourceDecl = {
  name: 'websiteNavbar',
  path: '/blade-material/websiteNavbar',
  fields: {
    name: text(required('site.navbarNameRequired'), maxLength(50, 'site.navbarNameMax')),
    descVal: text(maxLength(300, 'site.navbarDescMax')),
    type: int(required('site.navbarTypeRequired')),
    url: text(maxLength(255, 'site.navbarUrlMax')),
    sort: withDefault(number(...wholeIn(0, 99999, 'site.sortRange')), 0),
    cateId: text(required('site.groupRequired')),
    status: withDefault(status01, 0),
  },
};

export const WEBSITE_LANGUAGE: ResourceDecl = {
  name: 'websiteLanguage',
  path: '/blade-material/websiteLanguage',
  fields: {
    language: text(required('site.languageRequired'), maxLength(50, 'site.languageMax')),
    // a language tag (the lang dictionary's keys: zh-CN, en, ...): the rendered site's lang and hreflang
    abbrevia: text(required('site.abbreviaRequired'), maxLength(20, 'site.abbreviaMax'), pattern(LANGUAGE_TAG, 'site.abbreviaPattern'), unique('site.abbreviaTaken')),
  },
};

export const WEBSITE_ASSOCIA: ResourceDecl = {
  name: 'websiteAssocia',
  path: '/blade-material/websiteAssocia',
  fields: {
    domainId: text(required('site.domainRequired')),
    websiteInfoId: text(required('site.websiteRequired')),
    languagesId: text(required('site.associaLanguageRequired')),
    serverId: text(required('site.serverRequired')),
    status: withDefault(int(oneOf([0, 1], 'site.associaStatus')), 0),
    subdomain: text(maxLength(30, 'site.subdomainMax'), pattern(SUBDOMAIN, 'site.subdomainPattern')),
  },
};

export const DOMAIN_INFO: ResourceDecl = {
  name: 'domainInfo',
  path: '/website-blade-material/domainInfo',
  fields: {
    name: text(required('site.domainNameRequired'), maxLength(100, 'site.domainNameMax')),
    domain: text(required('site.domainValueRequired'), maxLength(253, 'site.domainInvalid'), pattern(DOMAIN, 'site.domainInvalid')),
    serverId: writeOnce(text(required('site.domainServerRequired'))),
    recordNumber: text(maxLength(100, 'site.recordNumberMax')),
    domainService: text(required('site.domainServiceRequired')),
    isCloudflare: writeOnce(withDefault(int(oneOf([0, 1], 'site.isCloudflareOnOff')), 0)),
    cloudflare: withDefault(int(oneOf([0, 1], 'site.cloudflareOnOff')), 0),
  },
};

export const SERVER_INFO: ResourceDecl = {
  name: 'serverInfo',
  path: '/website-blade-material/serverInfo',
  fields: {
    serverName: text(required('site.serverNameRequired'), maxLength(100, 'site.serverNameMax')),
    serverIp: text(required('site.serverIpRequired'), pattern(IP, 'site.serverIpPattern')),
    serverPort: number(required('site.serverPortRequired'), ...wholeIn(1, 65535, 'site.serverPortRange')),
    serverUsername: text(required('site.serverUsernameRequired')),
    serverType: withDefault(text(oneOf(['sftp', 'local'], 'site.serverTypeRequired')), 'sftp'),
    deployPath: text(maxLength(255, 'site.deployPathMax'), pattern(DEPLOY_PATH, 'site.deployPathPattern')),
  },
};

export const SITE_DECLARATIONS: readonly ResourceDecl[] = [WEBSITE_GROUP, WEBSITE_INFO, WEBSITE_NAVBAR, WEBSITE_LANGUAGE, WEBSITE_ASSOCIA, DOMAIN_INFO, SERVER_INFO];
