// Seeded system dictionaries: every code the specs name, plus BladeX's own.
// Each entry: code -> [header name, [dictKey, dictValue][]] (sorted as listed).

export const DICTS: Record<string, [string, [string, string][]]> = {
  yes_no: ['是否', [['0', '否'], ['1', '是']]],
  lang: ['语言', [
    ['zh-CN', '中文'], ['en', '英语'], ['ja', '日语'], ['ko', '韩语'], ['fr', '法语'],
    ['de', '德语'], ['es', '西班牙语'], ['pt', '葡萄牙语'], ['ru', '俄语'], ['ar', '阿拉伯语'],
  ]],
  ai_platform: ['AI平台', [
    ['openai', 'OpenAI'], ['azure', 'Azure OpenAI'], ['qwen', '通义千问'], ['deepseek', 'DeepSeek'], ['zhipu', '智谱'],
  ]],
  server_ip_status: ['服务器IP状态', [['0', '正常'], ['1', '异常']]],
  ai_model: ['AI密钥类型', [['1', 'OpenAI兼容'], ['2', 'Azure'], ['3', '自定义代理'], ['4', '内置']]],
  template_config_type: ['模板配置类型', [
    ['4', '首页'], ['1', '关于我们'], ['2', '联系我们'], ['3', '网站介绍'], ['5', '文章详情'],
  ]],
  navbar_type: ['导航栏类型', [['1', '栏目页'], ['2', '自定义页面'], ['3', '外部链接']]],
  domain_info_staus: ['网站关联状态', [['0', '正常'], ['1', '停用']]],
  sex: ['性别', [['1', '男'], ['2', '女'], ['3', '未知']]],
  notice: ['通知类型', [
    ['1', '发布通知'], ['2', '批转通知'], ['3', '转发通知'], ['4', '指示通知'], ['5', '任免通知'], ['6', '事务通知'],
  ]],
  menu_category: ['菜单类型', [['1', '菜单'], ['2', '按钮']]],
  button_func: ['按钮功能', [['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']]],
  data_scope_type: ['数据权限', [
    ['1', '全部可见'], ['2', '本人可见'], ['3', '所在机构可见'], ['4', '所在机构及子级可见'], ['5', '自定义'],
  ]],
  api_scope_type: ['接口权限', [['1', '系统接口'], ['2', '业务接口']]],
  post_category: ['岗位类型', [['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']]],
  region: ['行政区划', [
    ['0', '国家'], ['1', '省份/直辖市'], ['2', '地市'], ['3', '区县'], ['4', '乡镇'], ['5', '村委'],
  ]],
  flow: ['流程类型', [['1', '请假流程'], ['2', '报销流程']]],
  org_category: ['机构类型', [['1', '公司'], ['2', '部门'], ['3', '小组']]],
  scope_category: ['权限类型', [['1', '数据权限'], ['2', '接口权限']]],
  // the categories the OSS and SMS screens offer (5: the built-in local storage / outbox); migration 410 aligns older databases
  oss: ['对象存储类型', [['1', 'minio'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '本地存储']]],
  sms: ['短信服务类型', [['1', '云片'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '内置发件箱']]],
  user_type: ['用户平台', [['1', 'WEB'], ['2', 'APP'], ['3', 'OTHER']]],
  datasource_category: ['数据源类型', [['1', 'jdbc'], ['2', 'sharding']]],
};
