// Messages of the content screens (zh from the spec, en complete). Imported by the
// area's screen definitions, which registers them with i18next.
import { addMessages } from '../index';

const zh = {
  content: {
    dashboard: {
      websiteTotal: '网站总数', deployedTotal: '已部署网站', groupTotal: '网站分组', domainTotal: '域名数量', serverTotal: '服务器数量',
      templateTotal: '模板数量', sslTotal: '已签发证书', clicks: 'Google 点击总数', impressions: 'Google 展示总数',
    },
    common: {
      status: '状态', on: '开启', off: '关闭', enabled: '启用', disabled: '禁用', yes: '是', no: '否',
      createTime: '创建时间', website: '网站', websiteRequired: '请选择网站', name: '名称', sort: '排序',
    },
    website: {
      title: '网站管理', websiteGroupId: '网站分组', websiteType: '网站类型', typeNormal: '普通', typeAB: 'A/B', typeMatrix: '矩阵',
      websiteName: '网站名称', websiteLang: '网站语言', descVal: '网站描述', keywords: '关键词', longTailWords: '长尾词',
      domainInfoId: '域名', templateId: '模板', goodsId: '商品分组', domainName: '域名', statusName: '部署状态', isSsl: '证书状态',
      type: '解析类型', resolveTop: '顶级域名', resolveSub: '二级域名', subdomain: '二级域名', icoId: '图标分组', logoId: 'Logo分组',
      bannerId: 'Banner分组', contactId: '客服分组', createBy: '创建人', updateTime: '更新时间',
      deploy: '部署', deployConfirm: '确定部署选择的网站?', deploySuccess: '部署成功', openSite: '打开网站', ssl: '证书状态',
      deployMessage: '最近部署结果', deployTime: '最近部署时间', deployJob: '部署执行情况', deployTitle: '部署网站', deployStart: '开始部署', deployCancel: '取消部署',
      deployHint: '将 {{count}} 个网站部署到其服务器: 只上传有变化的文件, 全部上传完成后才切换线上版本。', deploying: '部署中', deployWaiting: '等待', deployFailed: '部署失败',
      phase: { connect: '正在连接服务器…', prepare: '正在准备新版本…', upload: '正在上传 {{done}}/{{total}} 个文件', switch: '正在切换线上版本…', prune: '正在清理旧版本…' },
      rollback: '版本回滚', releasesTitle: '{{name}} 的历史版本', release: '版本', liveRelease: '线上版本', rollbackTo: '回滚到此版本',
      rollbackDone: '已回滚到 {{release}} 的版本', noReleases: '服务器上没有保留的版本',
      sslTitle: 'SSL证书状态', sslIssued: '已签发', sslNone: '未签发',
    },
    group: {
      title: '网站分组', name: '分组名称', type: '分组类型', normal: '普通', whiteHat: '白帽', count: '网站数量',
      createBy: '创建人',
    },
    domain: {
      title: '域名管理', name: '域名名称', domain: '域名', serverName: '服务器名称', serverId: '服务器名称', recordNumber: '备案号',
      recordHint: '如需搜索引擎收录，请上传备案号', domainService: '解析方式', isCloudflare: 'Cloudflare托管', cloudflare: '托管状态',
      notTransferred: '未托管', transferred: '已托管', nameServers: 'NameServers',
      markTransferred: '已修改DNS', markTransferredConfirm: '确认已将域名的DNS服务器修改为上面的NameServers?',
    },
    server: {
      title: '服务器管理', serverName: '服务器名称', serverIp: '服务器IP', serverPort: '端口', serverUsername: '用户名', serverPassword: '密码',
      passwordHint: '编辑时留空表示不修改', status: '状态', bindTenantId: '绑定租户',
      serverType: '服务器类型', typeSftp: 'SFTP服务器', typeLocal: '本机目录',
      deployPath: '部署目录', deployPathHint: '网站发布到 <部署目录>/<网站域名>/current; SFTP服务器留空为 /var/www, 本机目录留空为数据目录下的 sites',
      checkMessage: '检测结果',
      test: '测试连接', testOk: '连接成功',
    },
    template: {
      title: '网站模板', templateName: '模板名称', type: '模板类型', typeGeneral: '通用', typeNews: '资讯', typeCompany: '企业',
      image: '模板图片', useNum: '使用数量', status: '状态',
      imageType: '只能上传jpg/png图片', imageSize: '上传头像图片大小不能超过5MB',
    },
    templateConfig: {
      title: '模板页面配置', websiteInfoId: '网站', type: '页面类型', name: '名称', configKey: '配置键', configValue: '配置值',
      createBy: '创建人', updateBy: '更新人', updateTime: '更新时间',
    },
    pageConfig: {
      title: '模板页面', name: '页面名称', listPage: '列表页', detailsPage: '详情页', status: '启用', cateCount: '使用栏目数',
      nameRequired: '请输入页面名称', nameMax: '页面名称不能超过100个字符',
      listHint: '栏目页的地址，须含 {cateId}，例如 {cateId}/ 或 news/{cateId}/',
      detailsHint: '文章页的地址，须含 {id}，例如 {cateId}/{id}.html',
      listRequired: '请输入列表页', detailsRequired: '请输入详情页', listMax: '列表页不能超过255个字符', detailsMax: '详情页不能超过255个字符',
      listChars: '列表页只能包含字母、数字和 - _ / . 以及占位符', detailsChars: '详情页只能包含字母、数字和 - _ / . 以及占位符',
      listPlaceholder: '列表页只能使用占位符{cateId}', detailsPlaceholder: '详情页只能使用占位符{cateId}和{id}',
      listMissingVar: '列表页须包含栏目ID占位符{cateId}', detailsMissingVar: '详情页须包含文章ID占位符{id}',
      listSegment: '列表页不能包含 . 或 .. 目录', detailsSegment: '详情页不能包含 . 或 .. 目录',
      disabledOption: '{{name}}（已停用）',
    },
    customPageUrl: {
      title: '自定义页面URL', categoryUrl: '栏目URL', articleUrl: '文章URL',
    },
    navbar: {
      title: '导航栏管理', name: '导航栏名称', descVal: '描述', type: '导航栏类型', url: '链接', cateId: '网站分组',
    },
    links: {
      title: '标签链接', name: '链接名称', link: '链接', websiteName: '网站', articleCount: '文章数量', openPage: '新窗口打开',
      status: '状态',
    },
    advert: {
      title: '广告管理', advertName: '广告名称', topAdvert: '顶部广告', sideAdvert: '侧边广告', bottomAdvert: '底部广告',
    },
    contact: {
      title: '客服分组', name: '分组名称', weChat: '微信', phone: '电话', customerServer: '页面聊天框',
    },
    imgGroup: { title: '图片分组', name: '分组名称', imageCount: '图片数量' },
    websiteImg: {
      title: '图片素材', imageUrl: '图片', alt: 'alt', imageLink: '跳转链接', imgGroupId: '图片分组',
      imageType: '只能上传 jpeg/png/ico 格式图片!', imageSize: '上传图片大小不能超过 1 MB!',
    },
    goods: {
      title: '商品管理', name: '商品分组名称', imageUrl: '图片', goodsPrice: '价格', priceUnit: '价格单位', linkUrl: '链接',
      subTitle: '商品', subName: '商品名称', group: '商品分组',
    },
    language: {
      title: '语言管理', language: '语言', abbrevia: '语言缩写',
      abbreviaHint: '语言标记，例如 zh-CN、en；网站和网站关联从这里选择语言',
    },
    associa: {
      title: '网站关联', domainId: '域名', websiteInfoId: '网站', languagesId: '语言', serverId: '服务器', status: '状态', subdomain: '二级域名',
    },
  },
};

const en: typeof zh = {
  content: {
    dashboard: {
      websiteTotal: 'Websites', deployedTotal: 'Deployed websites', groupTotal: 'Website groups', domainTotal: 'Domains', serverTotal: 'Servers',
      templateTotal: 'Templates', sslTotal: 'Certificates issued', clicks: 'Google clicks', impressions: 'Google impressions',
    },
    common: {
      status: 'Status', on: 'On', off: 'Off', enabled: 'Enabled', disabled: 'Disabled', yes: 'Yes', no: 'No',
      createTime: 'Created', website: 'Website', websiteRequired: 'Please select a website', name: 'Name', sort: 'Sort',
    },
    website: {
      title: 'Websites', websiteGroupId: 'Website group', websiteType: 'Website type', typeNormal: 'Normal', typeAB: 'A/B', typeMatrix: 'Matrix',
      websiteName: 'Website name', websiteLang: 'Language', descVal: 'Description', keywords: 'Keywords', longTailWords: 'Long-tail words',
      domainInfoId: 'Domain', templateId: 'Template', goodsId: 'Goods group', domainName: 'Domain', statusName: 'Deploy status', isSsl: 'Certificate',
      type: 'Resolve type', resolveTop: 'Top-level domain', resolveSub: 'Subdomain', subdomain: 'Subdomain', icoId: 'Icon group', logoId: 'Logo group',
      bannerId: 'Banner group', contactId: 'Customer-service group', createBy: 'Created by', updateTime: 'Updated',
      deploy: 'Deploy', deployConfirm: 'Deploy the selected websites?', deploySuccess: 'Deployed', openSite: 'Open site', ssl: 'Certificate',
      deployMessage: 'Last deploy result', deployTime: 'Last deployed', deployJob: 'Deploy execution', deployTitle: 'Deploy websites', deployStart: 'Start deploy', deployCancel: 'Cancel deploy',
      deployHint: 'Deploys {{count}} website(s) to their servers: only changed files are uploaded, and the live version switches once all are uploaded.',
      deploying: 'Deploying', deployWaiting: 'Waiting', deployFailed: 'Deploy failed',
      phase: { connect: 'Connecting to the server…', prepare: 'Preparing the new version…', upload: 'Uploading {{done}}/{{total}} files', switch: 'Switching the live version…', prune: 'Removing old versions…' },
      rollback: 'Versions', releasesTitle: 'Versions of {{name}}', release: 'Version', liveRelease: 'Live', rollbackTo: 'Roll back to this',
      rollbackDone: 'Rolled back to the version of {{release}}', noReleases: 'No versions are kept on the server',
      sslTitle: 'SSL certificate status', sslIssued: 'Issued', sslNone: 'Not issued',
    },
    group: {
      title: 'Website groups', name: 'Group name', type: 'Group type', normal: 'Normal', whiteHat: 'White-hat', count: 'Sites',
      createBy: 'Created by',
    },
    domain: {
      title: 'Domains', name: 'Domain name', domain: 'Domain', serverName: 'Server', serverId: 'Server', recordNumber: 'Record number',
      recordHint: 'Upload the record number if search-engine indexing is wanted', domainService: 'Resolution method', isCloudflare: 'Cloudflare transfer',
      cloudflare: 'Transfer state', notTransferred: 'Not transferred', transferred: 'Transferred', nameServers: 'Name servers',
      markTransferred: 'DNS changed',
      markTransferredConfirm: 'Have the domain’s DNS servers been changed to the name servers shown?',
    },
    server: {
      title: 'Servers', serverName: 'Server name', serverIp: 'Server IP', serverPort: 'Port', serverUsername: 'User name', serverPassword: 'Password',
      passwordHint: 'Leave empty when editing to keep it', status: 'Status', bindTenantId: 'Bound tenants',
      serverType: 'Server type', typeSftp: 'SFTP server', typeLocal: 'Local folder',
      deployPath: 'Deploy folder', deployPathHint: 'Websites go to <deploy folder>/<domain>/current; empty: /var/www on SFTP servers, the data folder\'s sites for a local folder',
      checkMessage: 'Last check',
      test: 'Test connection', testOk: 'Connected'
    },
    template: {
      title: 'Website templates', templateName: 'Template name', type: 'Template type', typeGeneral: 'General', typeNews: 'News', typeCompany: 'Company',
      image: 'Template image', useNum: 'In use', status: 'Status',
      imageType: 'Only jpg/png images can be uploaded', imageSize: 'The image may not be larger than 5MB',
    },
    templateConfig: {
      title: 'Template page configs', websiteInfoId: 'Website', type: 'Page type', name: 'Name', configKey: 'Config key', configValue: 'Config value',
      createBy: 'Created by', updateBy: 'Updated by', updateTime: 'Updated',
    },
    pageConfig: {
      title: 'Template pages', name: 'Page name', listPage: 'List page', detailsPage: 'Details page', status: 'Enabled', cateCount: 'Columns using it',
      nameRequired: 'Please enter the page name', nameMax: 'The page name may not exceed 100 characters',
      listHint: 'Column page address with {cateId}, e.g. news/{cateId}/',
      detailsHint: 'Article page address with {id}, e.g. {cateId}/{id}.html',
      listRequired: 'Please enter the list page', detailsRequired: 'Please enter the details page',
      listMax: 'The list page may not exceed 255 characters', detailsMax: 'The details page may not exceed 255 characters',
      listChars: 'The list page may contain letters, digits, - _ / . and placeholders only', detailsChars: 'The details page may contain letters, digits, - _ / . and placeholders only',
      listPlaceholder: 'The list page may use the placeholder {cateId} only', detailsPlaceholder: 'The details page may use the placeholders {cateId} and {id} only',
      listMissingVar: 'The list page must contain the column id placeholder {cateId}', detailsMissingVar: 'The details page must contain the article id placeholder {id}',
      listSegment: 'The list page may not contain . or .. folders', detailsSegment: 'The details page may not contain . or .. folders',
      disabledOption: '{{name}} (disabled)',
    },
    customPageUrl: {
      title: 'Custom page URLs', categoryUrl: 'Column URL', articleUrl: 'Article URL',
    },
    navbar: {
      title: 'Navbars', name: 'Navbar name', descVal: 'Description', type: 'Navbar type', url: 'Link', cateId: 'Website group',
    },
    links: {
      title: 'Tags / links', name: 'Link name', link: 'Link', websiteName: 'Website', articleCount: 'Articles', openPage: 'Open in new window',
      status: 'Status',
    },
    advert: {
      title: 'Adverts', advertName: 'Advert name', topAdvert: 'Top advert', sideAdvert: 'Side advert', bottomAdvert: 'Bottom advert',
    },
    contact: {
      title: 'Contact groups', name: 'Group name', weChat: 'WeChat', phone: 'Phone', customerServer: 'Chat box',
    },
    imgGroup: { title: 'Image groups', name: 'Group name', imageCount: 'Images' },
    websiteImg: {
      title: 'Image material', imageUrl: 'Image', alt: 'alt', imageLink: 'Jump link', imgGroupId: 'Image group',
      imageType: 'Only jpeg/png/ico images can be uploaded!', imageSize: 'The image may not be larger than 1 MB!',
    },
    goods: {
      title: 'Goods', name: 'Goods group name', imageUrl: 'Image', goodsPrice: 'Price', priceUnit: 'Price unit', linkUrl: 'Link',
      subTitle: 'Goods', subName: 'Goods name', group: 'Goods group',
    },
    language: {
      title: 'Languages', language: 'Language', abbrevia: 'Abbreviation',
      abbreviaHint: 'Language tag, e.g. zh-CN; websites and links choose from this list',
    },
    associa: {
      title: 'Website associations', domainId: 'Domain', websiteInfoId: 'Website', languagesId: 'Language', serverId: 'Server', status: 'Status', subdomain: 'Subdomain',
    },
  },
};

export const contentMessages = { zh, en };
addMessages(contentMessages);

// ---- content area II: categories, articles, keywords, AI, tasks, deploy tasks
const zh2 = {
  content: {
    c2: {
      groupRequired: '请选择网站分组', createUserName: '创建人',
      rt: { bold: '加粗', italic: '斜体', h2: '二级标题', h3: '三级标题', bullet: '无序列表', ordered: '有序列表', link: '链接', image: '插入图片', linkPrompt: '请输入链接地址', imageType: '只能上传 jpg/png/gif/webp 格式图片!', imageSize: '上传图片大小不能超过 10 MB!' },
      cate: {
        title: '文章栏目', websiteGroupId: '网站分组', cateName: '栏目名称', type: '栏目类型', typeCustom: '自定义页面', typeJump: '跳转页面',
        pageId: '模板页面', imgGroupId: '素材分组', advertId: '广告页', linkUrl: '引流/跳转链接', optStatus: '选择状态', optRandom: '随机', optMust: '必选',
        articleCount: '文章数', websiteCount: '网站数', nameRequired: '请输入栏目名称', nameMax: '栏目名称不能超过50个字符', typeRequired: '请选择栏目类型',
        pageRequired: '请选择模板页面', linkRequired: '请输入跳转链接', linkMax: '链接不能超过500个字符', optRequired: '请选择选择状态',
      },
      article: {
        title: '文章管理', titleField: '标题', websiteGroupId: '网站分组', websiteInfoId: '网站', parentId: '网站栏目', keyword: '关键字', auth: '作者',
        sort: '排序', displayStatus: '显示状态', displayClosed: '关闭', displayShown: '显示', coverImg: '封面图', descVal: '描述', content: '内容',
        status: '发布状态', unpublished: '未发布', published: '已发布', saveStatus: '发布来源', deployTime: '发布时间',
        titleRequired: '请输入标题', titleMax: '标题不能超过50个字符', columnRequired: '请选择网站栏目', keywordRequired: '请输入关键字', keywordMax: '关键字不能超过50个字符',
        authMax: '作者不能超过50个字符', sortRange: '排序范围为0-99999', descRequired: '请输入描述', descMax: '描述不能超过300个字符', contentRequired: '内容不能为空',
        coverType: '只能上传jpg/png用户头像', coverSize: '上传头像图片大小不能超过1MB', release: '发布', releaseConfirm: '确定发布选择的文章?',
      },
      paragraph: { title: '段落管理', content: '段落内容', required: '请输入段落内容' },
      keyword: { title: '关键词管理', keyword: '关键词', required: '请输入关键词', max: '关键词不能超过50个字符', import: '导入', importResult: '共 {{total}} 行，成功 {{ok}} 行，失败 {{failed}} 行' },
      genKeyword: {
        title: '关键词生成', siteGroupId: '网站分组', type: '关键词类型', type0: '核心词', type1: '一级词', type2: '二级词', type3: '长尾词', keyword: '关键词',
        typeRequired: '请选择关键词类型', keywordRequired: '请输入关键词', keywordMax: '关键词不能超过100个字符',
      },
      task: {
        title: '生成文章任务', taskName: '任务名称', maxTokens: '最大Token数', prompts: '生成描述', file: '关键字文件', statusName: '任务状态', total: '总数',
        successCount: '成功', failCount: '失败', nameRequired: '请输入任务名称', nameMax: '任务名称不能超过50个字符', maxTokensRange: '最大Token数范围为1-4096',
        promptRequired: '请输入生成描述', promptPlaceholder: '请输入生成描述，可使用 {keyword} 占位关键词', addRow: '添加', deleteRow: '删除',
        fileRequired: '请上传关键字文件', fileType: '只能上传txt文件', fileSize: '上传文件大小不能超过 51200 KB!', chooseFile: '选择文件',
        produce: '开始生成', cancel: '取消', cancelConfirm: '确定取消该任务？已生成的文章保留，未完成的关键词不再生成', poll: '任务进度', exportTitle: '导出标题', progressText: '{{status}}：共 {{total}}，成功 {{ok}}，失败 {{failed}}',
        failReason: '失败原因', taskReason: '任务失败原因：{{msg}}', failures: '失败的关键词及原因', failuresFirst: '仅列出前 {{n}} 个', failedKeyword: '关键词', reason: '原因',
      },
      taskStatus: { queued: '待执行', running: '执行中', done: '已完成', failed: '失败', partlyFailed: '部分失败', cancelled: '已取消' },
      aiModel: {
        title: 'AI模型设置', name: '名称', apiKey: '密钥', url: '链接', model: '模型', platform: '平台', temperature: '温度', maxTokens: '返回token数',
        nameRequired: '请输入名称', keyRequired: '请输入密钥', urlRequired: '请输入链接', urlPattern: '链接格式不正确', modelRequired: '请输入模型',
        platformRequired: '请选择平台', temperatureRequired: '请输入温度', temperatureRange: '温度范围为0-2', tokensRequired: '请输入返回token数',
        tokensMin: '返回token数须为不小于0的整数', statusRequired: '请选择状态',
        maxConcurrency: '并发上限', ratePerMinute: '每分钟请求上限', concurrencyRequired: '请输入并发上限', concurrencyRange: '并发上限须为1-1000的整数',
        rateRequired: '请输入每分钟请求上限', rateRange: '每分钟请求上限须为0-100000的整数',
        concurrencyColumn: '并发上限', rateColumn: '每分钟上限', concurrencyHint: '所有服务实例合计', rateHint: '所有服务实例合计，0为不限',
      },
      aiKey: { title: 'AI密钥设置', name: '名称', type: '类型', targetUrl: '目标地址', key: '密钥', nameRequired: '请输入名称', typeRequired: '请选择类型', targetRequired: '请输入目标地址', keyRequired: '请输入密钥' },
      importTask: { title: '导入任务', taskName: '任务名称', taskTypeName: '任务类型', statusName: '状态', totalRows: '总行数', successRows: '成功行数', failedRows: '失败行数', errorMsg: '失败原因', errorLines: '错误明细', cancel: '取消', cancelConfirm: '确定取消该导入任务? 已导入的数据会保留' },
      errorLog: { title: '任务错误日志', taskId: '导入任务', errorLine: '行号', errorMsg: '错误信息', errorData: '原始数据' },
      deployTask: {
        title: '部署任务', taskName: '任务名称', groupIds: '网站分组', scheduleType: '调度类型', none: '无', fixRate: '固定速度', cron: 'CRON',
        scheduleConf: '调度配置', confHint: '固定速度填秒数；CRON 填 CRON 表达式', cronRequired: '请输入CRON表达式', fixRateRequired: '请输入固定速度', articleCount: '文章发布数量',
        articleCountRequired: '请输入文章发布数量', countMin: '文章发布数量须为不小于0的整数', abArticleCount: 'A/B文章数量', abHint: '仅白帽分组有效',
        executeCount: '执行次数', switch: '启动/停止', executeOnce: '执行一次', executeConfirm: '确定立即执行一次?', nextTrigger: '下次触发时间', noTrigger: '无调度',
      },
    },
  },
};

const en2: typeof zh2 = {
  content: {
    c2: {
      groupRequired: 'Select a website group', createUserName: 'Created by',
      rt: { bold: 'Bold', italic: 'Italic', h2: 'Heading 2', h3: 'Heading 3', bullet: 'Bulleted list', ordered: 'Numbered list', link: 'Link', image: 'Insert image', linkPrompt: 'Link address', imageType: 'Only jpg/png/gif/webp images can be uploaded!', imageSize: 'The image may not be larger than 10 MB!' },
      cate: {
        title: 'Article categories', websiteGroupId: 'Website group', cateName: 'Category name', type: 'Category type', typeCustom: 'Custom page', typeJump: 'Jump page',
        pageId: 'Template page', imgGroupId: 'Material group', advertId: 'Ad page', linkUrl: 'Traffic / jump link', optStatus: 'Selection', optRandom: 'Random', optMust: 'Must select',
        articleCount: 'Articles', websiteCount: 'Websites', nameRequired: 'Enter the category name', nameMax: 'The category name may not exceed 50 characters', typeRequired: 'Select the category type',
        pageRequired: 'Select the template page', linkRequired: 'Enter the jump link', linkMax: 'The link may not exceed 500 characters', optRequired: 'Select the selection status',
      },
      article: {
        title: 'Articles', titleField: 'Title', websiteGroupId: 'Website group', websiteInfoId: 'Website', parentId: 'Website column', keyword: 'Keyword', auth: 'Author',
        sort: 'Sort', displayStatus: 'Display', displayClosed: 'Closed', displayShown: 'Shown', coverImg: 'Cover image', descVal: 'Description', content: 'Content',
        status: 'Publish state', unpublished: 'Unpublished', published: 'Published', saveStatus: 'Published by', deployTime: 'Published at',
        titleRequired: 'Enter the title', titleMax: 'The title may not exceed 50 characters', columnRequired: 'Select the website column', keywordRequired: 'Enter the keyword', keywordMax: 'The keyword may not exceed 50 characters',
        authMax: 'The author may not exceed 50 characters', sortRange: 'Sort must be a whole number from 0 to 99999', descRequired: 'Enter the description', descMax: 'The description may not exceed 300 characters', contentRequired: 'Content may not be empty',
        coverType: 'Only jpg/png images can be uploaded', coverSize: 'The image may not be larger than 1 MB', release: 'Publish', releaseConfirm: 'Publish the selected articles?',
      },
      paragraph: { title: 'Paragraphs', content: 'Paragraph', required: 'Enter the paragraph content' },
      keyword: { title: 'Keywords', keyword: 'Keyword', required: 'Enter the keyword', max: 'The keyword may not exceed 50 characters', import: 'Import', importResult: '{{total}} lines: {{ok}} imported, {{failed}} failed' },
      genKeyword: {
        title: 'Keyword generation', siteGroupId: 'Website group', type: 'Keyword type', type0: 'Core', type1: 'Level one', type2: 'Level two', type3: 'Long tail', keyword: 'Keyword',
        typeRequired: 'Select the keyword type', keywordRequired: 'Enter the keyword', keywordMax: 'The keyword may not exceed 100 characters',
      },
      task: {
        title: 'Generate-article tasks', taskName: 'Task name', maxTokens: 'Max tokens', prompts: 'Prompts', file: 'Keyword file', statusName: 'Status', total: 'Total',
        successCount: 'Succeeded', failCount: 'Failed', nameRequired: 'Enter the task name', nameMax: 'The task name may not exceed 50 characters', maxTokensRange: 'Max tokens must be a whole number from 1 to 4096',
        promptRequired: 'Enter the prompt', promptPlaceholder: 'Prompt; {keyword} stands for the keyword', addRow: 'Add', deleteRow: 'Delete',
        fileRequired: 'Upload the keyword file', fileType: 'Only .txt files can be uploaded', fileSize: 'The file may not be larger than 51200 KB!', chooseFile: 'Choose file',
        produce: 'Start', cancel: 'Cancel', cancelConfirm: 'Cancel this task? The articles generated so far are kept; the remaining keywords are not generated', poll: 'Progress', exportTitle: 'Export titles', progressText: '{{status}}: {{total}} in all, {{ok}} succeeded, {{failed}} failed',
        failReason: 'Reason', taskReason: 'Why the task failed: {{msg}}', failures: 'Failed keywords and why', failuresFirst: 'the first {{n}} only', failedKeyword: 'Keyword', reason: 'Reason',
      },
      taskStatus: { queued: 'Queued', running: 'Running', done: 'Completed', failed: 'Failed', partlyFailed: 'Partly failed', cancelled: 'Cancelled' },
      aiModel: {
        title: 'AI model settings', name: 'Name', apiKey: 'API key', url: 'URL', model: 'Model', platform: 'Platform', temperature: 'Temperature', maxTokens: 'Return tokens',
        nameRequired: 'Enter the name', keyRequired: 'Enter the key', urlRequired: 'Enter the URL', urlPattern: 'Invalid URL', modelRequired: 'Enter the model',
        platformRequired: 'Select the platform', temperatureRequired: 'Enter the temperature', temperatureRange: 'Temperature must be 0-2', tokensRequired: 'Enter the return tokens',
        tokensMin: 'Return tokens must be a whole number of 0 or more', statusRequired: 'Select the status',
        maxConcurrency: 'Concurrent requests at most', ratePerMinute: 'Requests per minute at most', concurrencyRequired: 'Enter the concurrent requests limit',
        concurrencyRange: 'Concurrent requests must be a whole number from 1 to 1000', rateRequired: 'Enter the requests per minute limit',
        rateRange: 'Requests per minute must be a whole number from 0 to 100000',
        concurrencyColumn: 'At once', rateColumn: 'Per minute', concurrencyHint: 'All server instances together', rateHint: 'All server instances together; 0 = no limit',
      },
      aiKey: { title: 'AI key settings', name: 'Name', type: 'Type', targetUrl: 'Target address', key: 'Key', nameRequired: 'Enter the name', typeRequired: 'Select the type', targetRequired: 'Enter the target address', keyRequired: 'Enter the key' },
      importTask: { title: 'Import tasks', taskName: 'Task name', taskTypeName: 'Task type', statusName: 'Status', totalRows: 'Total rows', successRows: 'Succeeded rows', failedRows: 'Failed rows', errorMsg: 'Reason', errorLines: 'Error lines', cancel: 'Cancel', cancelConfirm: 'Cancel this import task? The rows already imported are kept.' },
      errorLog: { title: 'Task error logs', taskId: 'Import task', errorLine: 'Line', errorMsg: 'Error', errorData: 'Raw data' },
      deployTask: {
        title: 'Deploy tasks', taskName: 'Task name', groupIds: 'Website groups', scheduleType: 'Schedule type', none: 'None', fixRate: 'Fixed rate', cron: 'CRON',
        scheduleConf: 'Schedule', confHint: 'Fixed rate: seconds; CRON: a CRON expression', cronRequired: 'Enter the CRON expression', fixRateRequired: 'Enter the fixed rate', articleCount: 'Articles to publish',
        articleCountRequired: 'Enter the number of articles to publish', countMin: 'The number of articles must be a whole number of 0 or more', abArticleCount: 'A/B articles', abHint: 'White-hat groups only',
        executeCount: 'Executions', switch: 'Start / stop', executeOnce: 'Run once', executeConfirm: 'Run it once now?', nextTrigger: 'Next trigger times', noTrigger: 'Not scheduled',
      },
    },
  },
};

addMessages({ zh: zh2, en: en2 });

// ---- content area II, second part: template parameters, generation targets, import tasks
const zh3 = {
  content: {
    c3: {
      parm: {
        title: '模板参数', paramName: '参数名称', paramKey: '参数键', paramValue: '参数值', remark: '备注',
        keyHint: '生成描述中写 {参数键} 即替换为参数值，例如 {brand}', nameRequired: '请输入参数名称', nameMax: '参数名称不能超过50个字符',
        keyRequired: '请输入参数键', keyBad: '参数键只能包含字母、数字和下划线，且以字母开头，最多50个字符', valueRequired: '请输入参数值',
        valueMax: '参数值不能超过2000个字符', remarkMax: '备注不能超过200个字符',
      },
      importing: '导入中：已处理 {{total}} 行，成功 {{ok}} 行，失败 {{failed}} 行', importFailed: '导入失败：{{msg}}',
      articleImport: '导入文章', articleImportHint: '.txt 文件，每行一篇：标题|关键字|内容',
      websiteImport: '导入网站', websiteImportHint: '.json 文件：网站记录的数组，字段同网站表单（websiteGroupId、websiteName、websiteLang、domainInfoId、templateId 等）',
      templateImport: '导入模板', templateImportHint: '.json 文件：模板记录的数组，字段同模板表单（templateName、type、image、status）',
      fileTypeOf: '只能上传{{type}}文件', jsonInvalid: '文件不是有效的 JSON', jsonNoRows: '文件中没有记录（应为对象数组）',
    },
    c2: {
      task: {
        websiteGroupId: '目标网站分组', websiteInfoId: '目标网站', parentId: '目标栏目',
        targetHint: '生成的文章进入文章管理（未发布）；选了分组时依次分配到分组的网站和栏目，未选时待分配',
      },
    },
  },
};

const en3: typeof zh3 = {
  content: {
    c3: {
      parm: {
        title: 'Template parameters', paramName: 'Parameter name', paramKey: 'Parameter key', paramValue: 'Value', remark: 'Remark',
        keyHint: 'Write {key} in a prompt row to insert the value, e.g. {brand}', nameRequired: 'Enter the parameter name', nameMax: 'The parameter name may not exceed 50 characters',
        keyRequired: 'Enter the parameter key', keyBad: 'The key may only hold letters, digits and underscores, starting with a letter, at most 50 characters', valueRequired: 'Enter the value',
        valueMax: 'The value may not exceed 2000 characters', remarkMax: 'The remark may not exceed 200 characters',
      },
      importing: 'Importing: {{total}} rows read, {{ok}} imported, {{failed}} failed', importFailed: 'Import failed: {{msg}}',
      articleImport: 'Import articles', articleImportHint: 'A .txt file, one article a line: title|keyword|content',
      websiteImport: 'Import websites', websiteImportHint: 'A .json file: an array of website records with the website form\'s fields (websiteGroupId, websiteName, websiteLang, domainInfoId, templateId, ...)',
      templateImport: 'Import templates', templateImportHint: 'A .json file: an array of template records with the template form\'s fields (templateName, type, image, status)',
      fileTypeOf: 'Only {{type}} files can be uploaded', jsonInvalid: 'The file is not valid JSON', jsonNoRows: 'The file holds no records (an array of objects is expected)',
    },
    c2: {
      task: {
        websiteGroupId: 'Target group', websiteInfoId: 'Target website', parentId: 'Target column',
        targetHint: 'Generated articles go to Articles (unpublished); with a group they are spread over its websites and columns, without one they wait to be assigned',
      },
    },
  },
};

addMessages({ zh: zh3, en: en3 });

// ---- keyword file of a generate-article task: the preview main computes before the upload (issue 8)
const zhKw = {
  content: {
    c2: {
      task: {
        kw: {
          drop: '将 .txt 关键字文件拖到此处，或', choose: '选择文件', reading: '正在读取文件...', preview: '文件预览', name: '文件', encoding: '编码',
          lines: '行数', unique: '关键字（去重）', duplicates: '重复行', empty: '空行', first: '前 {{n}} 行', upload: '确认上传', cancel: '取消',
          uploading: '上传中...', uploaded: '已上传：{{name}}', empty0: '关键字文件为空', tooMany: '只能上传一个文件',
        },
      },
    },
  },
};
const enKw: typeof zhKw = {
  content: {
    c2: {
      task: {
        kw: {
          drop: 'Drop a .txt keyword file here, or', choose: 'choose a file', reading: 'Reading the file...', preview: 'File preview', name: 'File', encoding: 'Encoding',
          lines: 'Lines', unique: 'Keywords (distinct)', duplicates: 'Duplicate lines', empty: 'Empty lines', first: 'First {{n}} lines', upload: 'Upload', cancel: 'Cancel',
          uploading: 'Uploading...', uploaded: 'Uploaded: {{name}}', empty0: 'The keyword file is empty', tooMany: 'Only one file can be uploaded',
        },
      },
    },
  },
};

addMessages({ zh: zhKw, en: enKw });
