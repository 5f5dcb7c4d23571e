// The content area's validation and refusal messages (spec content-area.md): the
// exact Chinese texts users see, shared by resources, routes and tasks.
import { PAGE_PATTERN_MAX, type PageKind, type PatternProblem } from '../../../../src-shared/page-patterns';

export const MSG = {
  groupRequired: '请选择网站分组',
  groupName: '请输入分组名称',
  groupNameMax: '分组名称不能超过50个字符',
  groupType: '请选择分组类型',
  subdomainPattern: '只能输入小写英文字母和数字',
  subdomainRequired: '请输入二级域名',
  groupInUse: '该分组下存在网站，不能删除',
  domainInUse: '该域名已被网站使用，不能删除',
  serverInUse: '该服务器已被域名使用，不能删除',
  templateInUse: '该模板已被网站使用，不能删除',
  imgGroupInUse: '该图片分组已被网站使用，不能删除',
  contactInUse: '该客服分组已被网站使用，不能删除',
  cateName: '请输入栏目名称',
  cateNameMax: '栏目名称不能超过50个字符',
  cateType: '请选择栏目类型',
  catePage: '请选择模板页面',
  catePageOff: '模板页面已停用，请选择启用的模板页面',
  pageConfigName: '请输入页面名称',
  pageConfigNameMax: '页面名称不能超过100个字符',
  pageConfigInUse: '该模板页面已被栏目使用，不能删除',
  websiteLang: '请选择网站语言',
  languageAbbrevia: '语言缩写格式不正确（例如 zh-CN、en）',
  languageTaken: '该语言缩写已存在',
  cateLink: '请输入跳转链接',
  optStatus: '请选择选择状态',
  cateInUse: '该栏目下存在文章，不能删除',
  website: '请选择网站',
  title: '请输入标题',
  titleMax: '标题不能超过50个字符',
  column: '请选择网站栏目',
  keyword: '请输入关键字',
  keywordMax: '关键字不能超过50个字符',
  content: '内容不能为空',
  desc: '请输入描述',
  descMax: '描述不能超过300个字符',
  sort: '排序范围为0-99999',
  published: '文章已发布，不能修改网站分组和网站栏目',
  unpublish: '已发布的文章不能改回未发布',
  siteNotInGroup: '网站不属于所选网站分组',
  cateNotInGroup: '栏目不属于所选网站分组',
  paragraph: '请输入段落内容',
  managedKeyword: '请输入关键词',
  managedKeywordMax: '关键词不能超过50个字符',
  genKeyword: '请输入关键词',
  genKeywordMax: '关键词不能超过100个字符',
  genType: '请选择关键词类型',
  taskName: '请输入任务名称',
  taskNameMax: '任务名称不能超过50个字符',
  prompt: '请输入生成描述',
  keywordFile: '请上传关键字文件',
  maxTokens: '最大Token数范围为1-4096',
  aiTokens: '返回token数须为不小于0的整数',
  port: '端口范围为1-65535',
  cron: '请输入CRON表达式',
  cronBad: 'CRON表达式格式不正确',
  fixRate: '请输入固定速度',
  fixRateBad: '固定速度必须是大于0的整数（秒）',
  articleCount: '请输入文章发布数量',
  countMin: '文章发布数量须为不小于0的整数',
  abCountMin: 'A/B文章数量须为不小于0的整数',
  abOnlyWhiteHat: 'A/B文章数量只适用于白帽分组',
  parmName: '请输入参数名称',
  parmNameMax: '参数名称不能超过50个字符',
  parmKey: '请输入参数键',
  parmKeyBad: '参数键只能包含字母、数字和下划线，且以字母开头，最多50个字符',
  parmKeyReserved: '参数键不能为keyword（关键字占位符）',
  parmKeyDup: '参数键已存在',
  parmValue: '请输入参数值',
  parmValueMax: '参数值不能超过2000个字符',
} as const;

/** A template page config's list / details page pattern refused (src-shared/page-patterns.ts), as the form says it. */
export function pagePatternMessage(kind: PageKind, problem: PatternProblem): string {
  const field = kind === 'list' ? '列表页' : '详情页';
  switch (problem) {
    case 'required':
      return `请输入${field}`;
    case 'tooLong':
      return `${field}不能超过${PAGE_PATTERN_MAX}个字符`;
    case 'chars':
      return `${field}只能包含字母、数字和 - _ / . 以及占位符`;
    case 'placeholder':
      return kind === 'list' ? '列表页只能使用占位符{cateId}' : '详情页只能使用占位符{cateId}和{id}';
    case 'missingVar':
      return kind === 'list' ? '列表页须包含栏目ID占位符{cateId}' : '详情页须包含文章ID占位符{id}';
    case 'segment':
      return `${field}不能包含 . 或 .. 目录`;
  }
}
