// Business messages of servers (the 服务器管理 screen's 测试连接, src-server/modules/content/deploy/server-target.ts):
// the probe's answer, also kept as the server's last check (server_info.check_message, its key in check_reason:
// src-shared/messages/stored.ts). zh is the text the server answered before keys; {{detail}}: the system's words.
import type { MessageFamily } from './text';

export const INFRASTRUCTURE_MESSAGES = {
  'server.selectOne': { zh: '请选择服务器', en: 'Please select a server' },
  'server.missing': { zh: '服务器不存在', en: 'The server does not exist' },
  'server.probeOk': { zh: '连接成功, 部署目录 {{root}} 可写', en: 'Connected; the deploy folder {{root}} is writable' },
  'server.probeLocalOk': { zh: '本机目录可写: {{label}}', en: 'The local folder is writable: {{label}}' },
  'server.probeNotWritable': { zh: '已连接, 但部署目录 {{root}} 不可写: {{detail}}', en: 'Connected, but the deploy folder {{root}} is not writable: {{detail}}' },
  'server.passwordUnreadable': {
    zh: '服务器密码无法解密(数据目录的密钥已更换?), 请重新填写服务器密码',
    en: "The server's password cannot be decrypted (was the data folder's key replaced?); enter the server's password again",
  },
  'server.deployedAt': { zh: '部署成功 {{time}}', en: 'Deployed {{time}}' },
  'server.inUse': { zh: '该服务器已被域名使用，不能删除', en: 'This server is used by a domain and cannot be deleted' },
} as const satisfies MessageFamily;
