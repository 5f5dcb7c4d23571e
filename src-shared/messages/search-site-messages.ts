// The search engines of a website (the 搜索引擎 screen's form; issue 36): the switches, the IndexNow key, Baidu's
// site and token, Google's property, Bing's site. zh is the text the server answered before keys.
import type { MessageFamily } from './text';

export const SEARCH_SITE_MESSAGES = {
  'searchSite.onOff': { zh: '开关只能是0或1', en: 'A switch must be 0 or 1' },
  'searchSite.indexnowKey': { zh: 'IndexNow密钥须为8-128位字母、数字或连字符(-)', en: 'The IndexNow key must be 8 to 128 letters, digits or hyphens (-)' },
  'searchSite.indexnowKeyRequired': { zh: '开启IndexNow时请输入IndexNow密钥', en: 'Enter the IndexNow key to switch IndexNow on' },
  'searchSite.baiduSite': { zh: '百度站点须为http(s)网址', en: 'The Baidu site must be an http(s) URL' },
  'searchSite.baiduSiteMax': { zh: '百度站点不能超过255个字符', en: 'The Baidu site may not exceed 255 characters' },
  'searchSite.baiduToken': { zh: '百度推送令牌只能包含字母和数字，且不能超过100个字符', en: 'The Baidu push token may hold letters and digits only, at most 100' },
  'searchSite.baiduTokenRequired': { zh: '开启百度普通收录时请输入百度推送令牌', en: 'Enter the Baidu push token to switch Baidu indexing on' },
  'searchSite.googleProperty': { zh: 'Google资源须为 sc-domain:域名 或以 / 结尾的http(s)网址前缀', en: 'The Google property must be sc-domain:domain or an http(s) URL prefix ending with /' },
  'searchSite.googlePropertyMax': { zh: 'Google资源不能超过255个字符', en: 'The Google property may not exceed 255 characters' },
  'searchSite.bingSite': { zh: 'Bing站点须为http(s)网址', en: 'The Bing site must be an http(s) URL' },
  'searchSite.bingSiteMax': { zh: 'Bing站点不能超过255个字符', en: 'The Bing site may not exceed 255 characters' },
} as const satisfies MessageFamily;
