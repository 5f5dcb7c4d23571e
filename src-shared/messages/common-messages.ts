// Messages every family's routes share (the request's shape, a selection, a tree's children, a row gone, the
// server's own faults). zh is the text the server answered before keys existed (BladeX's own where it has one).
import type { MessageFamily } from './text';

export const COMMON_MESSAGES = {
  'common.selectAtLeastOne': { zh: '请选择至少一条数据', en: 'Please select at least one row' },
  'common.deleteChildrenFirst': { zh: '请先删除子节点!', en: 'Delete its child nodes first!' },
  'common.badFormat': { zh: '请求参数格式错误: {{name}}', en: 'Malformed request parameter: {{name}}' },
  'common.badBody': { zh: '请求参数格式错误: 请求体必须是JSON对象', en: 'Malformed request: the body must be a JSON object' },
  'common.missingParam': { zh: '缺少必要的请求参数: {{name}}', en: 'A required request parameter is missing: {{name}}' },
  'common.badPaging': { zh: '请求参数格式错误: {{name}}须为1到{{max}}之间的整数', en: 'Malformed request parameter: {{name}} must be a whole number from 1 to {{max}}' },
  'common.notFound': { zh: '数据不存在或已被删除', en: 'The data does not exist or has been deleted' },
  'common.routeNotFound': { zh: '没找到请求', en: 'No such request' },
  'common.serverError': { zh: '服务器异常', en: 'Server error' },
  // the envelope's texts of a success (R.success / R.data in BladeX)
  'common.success': { zh: '操作成功', en: 'Operation succeeded' },
  'common.noData': { zh: '暂无承载数据', en: 'No data' },
} as const satisfies MessageFamily;
