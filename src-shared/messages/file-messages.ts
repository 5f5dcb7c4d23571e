// The replies of the file and preview routes (an upload served back, a data-folder site's preview) and the reasons a
// file store gives when it refuses or cannot be reached (files/file-store.ts storeFailure). zh is the text the server
// answered before keys.
import type { MessageFamily } from './text';

export const FILE_MESSAGES = {
  'file.notFound': { zh: '文件不存在', en: 'The file does not exist' },
  'file.previewFailed': { zh: '预览失败: {{detail}}', en: 'The preview failed: {{detail}}' },
  // what was being done when a store failed ({{store}}: file.dataFolder / file.objectStorage; {{reason}}: file.store*)
  'file.uploadFailed': { zh: '上传失败: {{store}} {{reason}}', en: 'The upload failed: {{store}} {{reason}}' },
  'file.readFailed': { zh: '读取失败: {{store}} {{reason}}', en: 'Reading failed: {{store}} {{reason}}' },
  'file.deleteFailed': { zh: '删除失败: {{store}} {{reason}}', en: 'Deleting failed: {{store}} {{reason}}' },
  // the stores, as the operator knows them
  'file.dataFolder': { zh: '数据目录', en: 'the data folder' },
  'file.objectStorage': { zh: '对象存储 {{code}} ({{at}})', en: 'object storage {{code}} ({{at}})' },
  // what a store answered ({{name}}: its S3 error code, {{status}}: the HTTP status, {{code}}: a network error's code)
  'file.storeDenied': { zh: '拒绝了访问密钥 ({{name}}, HTTP {{status}})，请检查 accessKey 和 secretKey', en: 'refused the access key ({{name}}, HTTP {{status}}); check the accessKey and secretKey' },
  'file.storeNoBucket': { zh: '空间不存在 (NoSuchBucket, HTTP {{status}})，请检查空间名', en: 'has no such bucket (NoSuchBucket, HTTP {{status}}); check the bucket name' },
  'file.storeHttp': { zh: '答复了 HTTP {{status}}', en: 'answered HTTP {{status}}' },
  'file.storeHttpNamed': { zh: '答复了 HTTP {{status}} ({{name}})', en: 'answered HTTP {{status}} ({{name}})' },
  'file.storeTimeout': { zh: '没有在时限内答复 (超时)', en: 'did not answer in time (timeout)' },
  'file.storeUnreachable': { zh: '无法连接 ({{code}})', en: 'cannot be reached ({{code}})' },
  'file.storeError': { zh: '出错: {{detail}}', en: 'failed: {{detail}}' },
  'file.storeConfigMissing': { zh: '对象存储配置不存在: {{id}}', en: 'No object storage configuration {{id}}' },
} as const satisfies MessageFamily;
