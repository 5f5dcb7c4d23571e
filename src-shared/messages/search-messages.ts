// Business messages of announcing to the search engines (issue 36; src-server/modules/content/search): the refusals
// 全站提交 answers, the reason each URL's outcome records (search_url.reason, its key in reason_message) and an
// announcement's message (search_announce.message, its key in message_reason: src-shared/messages/stored.ts). zh is
// the text the server wrote before keys; {{reason}} where an engine's own words are kept as they came.
import type { MessageFamily } from './text';

export const SEARCH_MESSAGES = {
  // 全站提交's refusals and the lists' filters
  'searchAnnounce.noEngine': {
    zh: '该网站未开启任何搜索引擎（IndexNow、百度或 Google），请先在搜索引擎设置中开启',
    en: 'This website has no search engine switched on (IndexNow, Baidu or Google); switch one on in its search engine settings first',
  },
  'searchAnnounce.neverDeployed': { zh: '该网站尚未部署，没有可提交的页面', en: 'This website has not been deployed yet: it has no page to submit' },
  'searchAnnounce.fullRunning': { zh: '该网站的全站提交正在进行中，请稍后再试', en: "This website's full submission is in progress; please try again later" },
  'searchAnnounce.nothing': { zh: '线上版本没有可提交的页面', en: 'The live version has no page to submit' },
  'searchAnnounce.badEngine': { zh: '搜索引擎须为 {{list}}', en: 'The search engine must be {{list}}' },
  'searchAnnounce.badState': { zh: '状态须为 {{list}}', en: 'The state must be {{list}}' },
  // the job's own failures
  'searchAnnounce.noParams': { zh: '搜索引擎提交任务缺少参数', en: 'The search engine submission job lacks its parameters' },
  'searchAnnounce.gone': { zh: '提交记录不存在', en: 'The submission record does not exist' },
  'searchAnnounce.noDomain': { zh: '网站未绑定域名', en: 'The website is bound to no domain' },
  'searchAnnounce.siteGone': { zh: '网站不存在或已删除', en: 'The website does not exist or was deleted' },
  'searchAnnounce.waitRetry': { zh: '等待重试: {{reasons}}', en: 'Waiting to retry: {{reasons}}' },
  'searchAnnounce.notSent': { zh: '未发送', en: 'Not sent' },
  'searchAnnounce.cancelled': { zh: '已取消', en: 'Cancelled' },
  // a URL's reason
  'searchAnnounce.indexnowOff': { zh: 'IndexNow 已关闭或未配置完整', en: 'IndexNow is switched off or not fully set up' },
  'searchAnnounce.baiduOff': { zh: '百度推送 已关闭或未配置完整', en: 'Baidu push is switched off or not fully set up' },
  'searchAnnounce.googleOff': { zh: 'Google 已关闭或未配置完整', en: 'Google is switched off or not fully set up' },
  'searchAnnounce.baiduQuotaOff': { zh: '百度推送已关闭或未配置完整', en: 'Baidu push is switched off or not fully set up' },
  'searchAnnounce.quota': { zh: '今日推送配额已用完，次日自动提交', en: "Today's push quota is used up; they go out tomorrow by themselves" },
  'searchAnnounce.noGoogleKey': { zh: '未设置 Google 服务账号密钥', en: 'No Google service account key is set' },
  // {{engine}}: an engine's name below; {{reason}}: its words
  'searchAnnounce.engineSaid': { zh: '{{engine}}: {{reason}}', en: '{{engine}}: {{reason}}' },
  'searchAnnounce.engineIndexnow': { zh: 'IndexNow', en: 'IndexNow' },
  'searchAnnounce.engineBaidu': { zh: '百度', en: 'Baidu' },
  'searchAnnounce.engineGoogle': { zh: 'Google', en: 'Google' },
  // an announcement's message: per engine its URLs by outcome and the first reason
  'searchAnnounce.counts': { zh: '{{engine}}: {{counts}}', en: '{{engine}}: {{counts}}' },
  'searchAnnounce.countsWhy': { zh: '{{engine}}: {{counts}} ({{why}})', en: '{{engine}}: {{counts}} ({{why}})' },
  'searchAnnounce.stateSubmitted': { zh: '已提交 {{n}}', en: 'submitted {{n}}' },
  'searchAnnounce.stateRejected': { zh: '已拒绝 {{n}}', en: 'rejected {{n}}' },
  'searchAnnounce.stateQuota': { zh: '等待配额 {{n}}', en: 'waiting for quota {{n}}' },
  'searchAnnounce.stateFailed': { zh: '失败 {{n}}', en: 'failed {{n}}' },
  'searchAnnounce.statePending': { zh: '待提交 {{n}}', en: 'pending {{n}}' },
  'searchAnnounce.nothingToSend': { zh: '没有需要提交的网址', en: 'No URL to submit' },
  // lists joined as the server wrote them before keys
  'searchAnnounce.comma': { zh: '{{a}}, {{b}}', en: '{{a}}, {{b}}' },
  'searchAnnounce.semicolon': { zh: '{{a}}; {{b}}', en: '{{a}}; {{b}}' },
  // 立即同步 refused: each engine's reason
  'searchSync.cannot': { zh: '无法同步: {{reasons}}', en: 'Cannot sync: {{reasons}}' },
  'searchSync.engineReason': { zh: '{{engine}} {{reason}}', en: '{{engine}} {{reason}}' },
  'searchSync.list': { zh: '{{a}}；{{b}}', en: '{{a}}; {{b}}' },
  'searchSync.noGoogleKey': { zh: '未设置 Google 服务账号密钥', en: 'no Google service account key is set' },
  'searchSync.googleOff': { zh: '该网站未开启 Google Search Console', en: 'this website has Google Search Console switched off' },
  'searchSync.googleNoProperty': { zh: '该网站没有域名，无法确定其 Search Console 资源', en: 'this website has no domain, so its Search Console property is unknown' },
  'searchSync.noBingKey': { zh: '未设置 Bing Webmaster API 密钥', en: 'no Bing Webmaster API key is set' },
  'searchSync.bingOff': { zh: '该网站未开启 Bing', en: 'this website has Bing switched off' },
  'searchSync.bingNoSite': { zh: '该网站没有域名，无法确定其 Bing 站点', en: 'this website has no domain, so its Bing site is unknown' },
  // the 数据看板's checks
  'searchTraffic.range': { zh: '请选择日期范围', en: 'Please select a date range' },
  'searchTraffic.from': { zh: '开始日期格式错误，应为 YYYY-MM-DD', en: 'The start date is not valid: YYYY-MM-DD is expected' },
  'searchTraffic.to': { zh: '结束日期格式错误，应为 YYYY-MM-DD', en: 'The end date is not valid: YYYY-MM-DD is expected' },
  'searchTraffic.order': { zh: '开始日期不能晚于结束日期', en: 'The start date may not be after the end date' },
  'searchTraffic.long': { zh: '日期范围不能超过{{months}}个月', en: 'The date range may not exceed {{months}} months' },
  'searchTraffic.engine': { zh: '请求参数格式错误: engine须为google或bing', en: 'Malformed request parameter: engine must be google or bing' },
  'searchTraffic.dim': { zh: '请求参数格式错误: dim须为page或query', en: 'Malformed request parameter: dim must be page or query' },
  'searchTraffic.sort': { zh: '请求参数格式错误: sort须为clicks、impressions、ctr或position', en: 'Malformed request parameter: sort must be clicks, impressions, ctr or position' },
  'searchTraffic.direction': { zh: '请求参数格式错误: order须为asc或desc', en: 'Malformed request parameter: order must be asc or desc' },
  'searchTraffic.website': { zh: '网站不存在或已被删除', en: 'The website does not exist or was deleted' },
  // 测试连接 of a website's engines and of the accounts
  'searchTest.kind': { zh: '请选择要测试的连接: indexnow、baidu、google 或 bing', en: 'Choose the connection to test: indexnow, baidu, google or bing' },
  'searchTest.accountKind': { zh: '请选择要测试的账号: google 或 bing', en: 'Choose the account to test: google or bing' },
  'searchTest.noHost': { zh: '网站未绑定域名，无法测试', en: 'The website is bound to no domain, so it cannot be tested' },
  'searchTest.noIndexNowKey': { zh: '请先设置IndexNow密钥', en: 'Set the IndexNow key first' },
  'searchTest.noBaiduToken': { zh: '请先设置百度推送令牌', en: 'Set the Baidu push token first' },
  'searchTest.noGoogleKey': { zh: '请先在账号设置中添加Google服务账号密钥', en: 'Add a Google service account key in the account settings first' },
  'searchTest.noBingKey': { zh: '请先在账号设置中添加Bing API密钥', en: 'Add a Bing API key in the account settings first' },
  'searchTest.noProperty': { zh: '请设置Google资源', en: 'Set the Google property' },
  'searchTest.noBingSite': { zh: '请设置Bing站点', en: 'Set the Bing site' },
} as const satisfies MessageFamily;
