// The content area's refusal messages not keyed yet (spec content-area.md): the exact Chinese texts users see,
// shared by resources, routes and tasks. The declared resources' messages are keys of src-shared/messages.

export const MSG = {
  groupInUse: '该分组下存在网站，不能删除',
  domainInUse: '该域名已被网站使用，不能删除',
  serverInUse: '该服务器已被域名使用，不能删除',
  templateInUse: '该模板已被网站使用，不能删除',
  imgGroupInUse: '该图片分组已被网站使用，不能删除',
  contactInUse: '该客服分组已被网站使用，不能删除',
  managedKeywordMax: '关键词不能超过50个字符',
  keywordFile: '请上传关键字文件',
} as const;
