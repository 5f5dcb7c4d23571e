// What an import task is: its kinds, its line formats and the messages of its
// refused lines and requests.

export type ImportKind = 'keyword' | 'article' | 'website' | 'template';
export type ImportFormat = 'lines' | 'json' | 'text';

export const IMPORT_MSG = {
  duplicate: '关键词已存在',
  json: '数据格式错误，应为JSON对象',
  text: '数据格式错误，应为：标题|关键字|内容',
  empty: '请选择至少一条数据',
  file: '导入文件不存在',
  missing: '数据不存在或已被删除',
  ended: '任务已结束，不能取消',
  removed: '导入任务已删除',
} as const;
