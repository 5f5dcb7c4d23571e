// The admin area's messages (spec shell-and-system.md): notices, SMS and object-storage configurations,
// code generation (data sources, models and their fields, code entries) and dictionaries. zh is the text the
// server answered before keys existed.
import type { MessageFamily } from './text';

export const ADMIN_MESSAGES = {
  // notices
  'admin.noticeTitleRequired': { zh: '请输入通知标题', en: 'Please enter the notice title' },
  'admin.noticeTitleMax': { zh: '通知标题不能超过255个字符', en: 'The notice title may not exceed 255 characters' },
  'admin.noticeCategoryRequired': { zh: '请选择通知类型', en: 'Please select the notice type' },
  'admin.noticeReleaseTimeRequired': { zh: '请选择通知日期', en: 'Please select the notice date' },
  'admin.noticeContentMax': { zh: '通知内容不能超过20000个字符', en: 'The notice content may not exceed 20000 characters' },
  // SMS and object storage
  'admin.categoryRequired': { zh: '请选择分类', en: 'Please select the category' },
  'admin.resourceCodeRequired': { zh: '请输入资源编号', en: 'Please enter the resource code' },
  'admin.resourceCodeMax': { zh: '资源编号不能超过64个字符', en: 'The resource code may not exceed 64 characters' },
  'admin.resourceCodeTaken': { zh: '资源编号已存在', en: 'This resource code already exists' },
  'admin.templateIdRequired': { zh: '请输入模版ID', en: 'Please enter the template ID' },
  'admin.templateIdMax': { zh: '模版ID不能超过64个字符', en: 'The template ID may not exceed 64 characters' },
  'admin.accessKeyRequired': { zh: '请输入accessKey', en: 'Please enter the accessKey' },
  'admin.secretKeyRequired': { zh: '请输入secretKey', en: 'Please enter the secretKey' },
  'admin.signNameRequired': { zh: '请输入短信签名', en: 'Please enter the SMS signature' },
  'admin.remarkMax': { zh: '备注不能超过255个字符', en: 'The remark may not exceed 255 characters' },
  'admin.endpointRequired': { zh: '请输入资源地址', en: 'Please enter the endpoint' },
  'admin.bucketNameRequired': { zh: '请输入空间名', en: 'Please enter the bucket name' },
  'admin.allowTypesMax': { zh: '附件类型不能超过500个字符', en: 'The attachment types may not exceed 500 characters' },
  'admin.allowTypesFormat': { zh: '附件类型格式不正确，如 pdf,docx,zip', en: 'The attachment types are not valid, e.g. pdf,docx,zip' },
  'admin.allowTypesForbidden': { zh: '不允许的附件类型: {{types}}', en: 'Attachment types not allowed (pages, scripts, programs): {{types}}' },
  'admin.maxSizeRange': { zh: '附件大小上限须为1-50 MB', en: 'The attachment size limit must be a whole number from 1 to 50 MB' },
  // data sources
  'admin.datasourceNameRequired': { zh: '请输入名称', en: 'Please enter the name' },
  'admin.datasourceNameMax': { zh: '名称不能超过64个字符', en: 'The name may not exceed 64 characters' },
  'admin.driverClassRequired': { zh: '请选择驱动类', en: 'Please select the driver' },
  'admin.urlRequired': { zh: '请输入连接地址', en: 'Please enter the connection URL' },
  'admin.urlMax': { zh: '连接地址不能超过500个字符', en: 'The connection URL may not exceed 500 characters' },
  // models
  'admin.datasourceRequired': { zh: '请选择数据源', en: 'Please select the data source' },
  'admin.modelNameRequired': { zh: '请输入模型名称', en: 'Please enter the model name' },
  'admin.modelNameMax': { zh: '模型名称不能超过64个字符', en: 'The model name may not exceed 64 characters' },
  'admin.modelCodeRequired': { zh: '请输入模型编号', en: 'Please enter the model code' },
  'admin.modelCodeFormat': { zh: '模型编号须为小驼峰英文', en: 'The model code must be lowerCamelCase English' },
  'admin.modelCodeTaken': { zh: '模型编号已存在', en: 'This model code already exists' },
  'admin.modelTableRequired': { zh: '请选择物理表名', en: 'Please select the table' },
  'admin.modelTableFormat': { zh: '物理表名须为小写英文、数字或下划线', en: 'The table name may hold only lowercase letters, digits and underscores' },
  'admin.modelTableMax': { zh: '物理表名不能超过64个字符', en: 'The table name may not exceed 64 characters' },
  'admin.modelClassRequired': { zh: '请输入模型类名', en: 'Please enter the model class' },
  'admin.modelClassFormat': { zh: '模型类名须为大驼峰英文', en: 'The model class must be UpperCamelCase English' },
  // code entries
  'admin.serviceNameFormat': { zh: '服务名须为小写英文', en: 'The service name must be lowercase English' },
  'admin.codeNameRequired': { zh: '请输入模块名', en: 'Please enter the module name' },
  'admin.codeNameFormat': { zh: '模块名须为小驼峰英文', en: 'The module name must be lowerCamelCase English' },
  'admin.tableNameRequired': { zh: '请输入表名', en: 'Please enter the table name' },
  'admin.baseModeRequired': { zh: '请选择基础业务', en: 'Please select the base mode' },
  'admin.wrapModeRequired': { zh: '请选择包装器', en: 'Please select the wrapper' },
  'admin.apiPathRequired': { zh: '请输入后端接口路径', en: 'Please enter the API path' },
  'admin.apiPathFormat': { zh: '后端接口路径格式不正确', en: 'The API path is not valid (e.g. /blade-demo/item)' },
  'admin.parentMenuRequired': { zh: '请选择上级菜单', en: 'Please select the parent menu' },
} as const satisfies MessageFamily;
