// 账号设置's messages (the tenant's search-engine accounts, /seo-blade-search/account): its endpoints and keys,
// declared once (src-shared/declarations/search-account.ts). zh is the text the server answered before keys existed.
import type { MessageFamily } from './text';

export const SEARCH_ACCOUNT_MESSAGES = {
  'searchAccount.indexnowEndpoint': { zh: 'IndexNow接口须为http(s)网址', en: 'The IndexNow endpoint must be an http(s) URL' },
  'searchAccount.baiduEndpoint': { zh: '百度推送接口须为http(s)网址', en: 'The Baidu push endpoint must be an http(s) URL' },
  'searchAccount.googleApiRoot': { zh: 'Search Console API地址须为http(s)网址', en: 'The Search Console API address must be an http(s) URL' },
  'searchAccount.bingApiRoot': { zh: 'Bing Webmaster API地址须为http(s)网址', en: 'The Bing Webmaster API address must be an http(s) URL' },
  'searchAccount.urlMax': { zh: '网址不能超过500个字符', en: 'A URL may not exceed 500 characters' },
  'searchAccount.googleKeyMax': { zh: '服务账号密钥不能超过20000个字符', en: 'The service-account key may not exceed 20000 characters' },
  'searchAccount.bingApiKey': { zh: 'Bing API密钥只能包含字母、数字、连字符和下划线，长度8-200', en: 'The Bing API key may hold letters, digits, hyphens and underscores, 8 to 200 of them' },
  // a pasted service-account key, checked in this order
  'searchAccount.keyNotJson': { zh: '服务账号密钥不是有效的JSON: {{detail}}', en: 'The service-account key is not valid JSON: {{detail}}' },
  'searchAccount.keyNotObject': { zh: '服务账号密钥不是JSON对象', en: 'The service-account key is not a JSON object' },
  'searchAccount.notServiceAccount': { zh: '不是服务账号密钥: type 应为 service_account', en: 'Not a service-account key: type must be service_account' },
  'searchAccount.notServiceAccountType': { zh: '不是服务账号密钥: type 应为 service_account，实为 {{type}}', en: 'Not a service-account key: type must be service_account, not {{type}}' },
  'searchAccount.keyNoEmail': { zh: '服务账号密钥缺少 client_email', en: 'The service-account key has no client_email' },
  'searchAccount.keyNoPrivateKey': { zh: '服务账号密钥缺少 private_key（PEM 格式的私钥）', en: 'The service-account key has no private_key (a PEM private key)' },
  'searchAccount.keyBadTokenUri': { zh: '服务账号密钥的 token_uri 不是有效的网址', en: "The service-account key's token_uri is not a valid URL" },
  'searchAccount.keyUnusable': { zh: '服务账号密钥的 private_key 无法使用: {{detail}}', en: "The service-account key's private_key cannot be used: {{detail}}" },
} as const satisfies MessageFamily;
