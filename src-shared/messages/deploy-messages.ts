// Business messages of deploys (spec content-area.md §4): the refusals a deploy or a website save answers, and the
// reasons a deploy records (website_deploy.message and the website's deploy_message keep the zh text, their
// *_reason column the key and params: src-shared/messages/stored.ts). zh is the text the server wrote before keys.
import type { MessageFamily } from './text';

export const DEPLOY_MESSAGES = {
  'deploy.busy': { zh: '该网站正在部署中, 请稍后再试', en: 'This website is being deployed; please try again later' },
  'deploy.icoEmpty': { zh: '图标分组中没有图片', en: 'The icon group holds no image' },
  'deploy.logoEmpty': { zh: 'Logo分组中没有图片', en: 'The logo group holds no image' },
  'deploy.bannerEmpty': { zh: 'Banner分组中没有图片', en: 'The banner group holds no image' },
  // what a deploy records
  'deploy.failed': { zh: '部署失败: {{reason}}; 线上版本未改变', en: 'Deploy failed: {{reason}}; the live version is unchanged' },
  'deploy.failedLive': { zh: '部署失败: {{reason}}; 线上版本未改变 ({{live}})', en: 'Deploy failed: {{reason}}; the live version is unchanged ({{live}})' },
  'deploy.published': {
    zh: '已发布版本 {{release}} 到 {{target}}: {{pages}} 个页面, 上传 {{sent}} 个文件 ({{bytes}}), 沿用 {{kept}} 个{{skipped}}',
    en: 'Published version {{release}} to {{target}}: {{pages}} pages, {{sent}} files uploaded ({{bytes}}), {{kept}} kept{{skipped}}',
  },
  // the published articles a deploy made no page of ({{named}}: the first ones, 《title》（reason）)
  'deploy.skipped': { zh: '; 未生成 {{count}} 篇已发布文章的页面：{{named}}', en: '; no page made for {{count}} published articles: {{named}}' },
  'deploy.skippedMore': { zh: '; 未生成 {{count}} 篇已发布文章的页面：{{named}} 等', en: '; no page made for {{count}} published articles: {{named}} and more' },
  'deploy.skippedArticle': { zh: '《{{title}}》（{{reason}}）', en: '“{{title}}” ({{reason}})' },
  'deploy.cateGone': { zh: '栏目不存在或已删除', en: 'its column does not exist or was deleted' },
  'deploy.cateJump': { zh: '栏目「{{cate}}」是跳转页面', en: 'its column “{{cate}}” is a jump page' },
  'deploy.cateOtherGroup': { zh: '栏目「{{cate}}」不属于网站所在的分组', en: "its column “{{cate}}” is not in the website's group" },
  'deploy.rolledBack': { zh: '已回滚到版本 {{release}}', en: 'Rolled back to version {{release}}' },
  'deploy.rolledBackFrom': { zh: '已回滚到版本 {{release}} (原版本 {{previous}})', en: 'Rolled back to version {{release}} (was {{previous}})' },
  'deploy.cancelled': { zh: '部署已取消', en: 'The deploy was cancelled' },
  'deploy.jobGone': { zh: '部署任务已不存在', en: 'The deploy job no longer exists' },
  // why a deploy failed before anything was sent
  'deploy.renderFailed': { zh: '部署失败: {{reason}}', en: 'Deploy failed: {{reason}}' },
  'deploy.noServer': { zh: '网站的域名未绑定服务器或服务器已删除', en: "The website's domain is bound to no server, or its server was deleted" },
  'deploy.noDomain': { zh: '网站未绑定域名或域名已删除', en: 'The website is bound to no domain, or its domain was deleted' },
  'deploy.noTemplate': { zh: '网站未选择模板或模板已删除', en: 'The website has no template, or its template was deleted' },
  'deploy.templateOff': { zh: '网站模板已停用', en: "The website's template is disabled" },
  'deploy.noContact': { zh: '网站未选择客服分组或客服分组已删除', en: 'The website has no contact group, or its contact group was deleted' },
  // the server it deploys to ({{at}}: host:port; {{detail}}: the server's or the system's own words)
  'deploy.sshAuth': { zh: '服务器认证失败({{at}}): 用户名或密码错误', en: 'The server refused the login ({{at}}): wrong user name or password' },
  'deploy.sshHostKey': { zh: '服务器主机密钥与记录不符({{at}}), 已拒绝连接', en: "The server's host key does not match the recorded one ({{at}}); the connection was refused" },
  'deploy.sshRefused': { zh: '无法连接服务器({{at}}): 连接被拒绝', en: 'Cannot connect to the server ({{at}}): connection refused' },
  'deploy.sshNotFound': { zh: '无法连接服务器({{at}}): 地址无法解析', en: 'Cannot connect to the server ({{at}}): the address does not resolve' },
  'deploy.sshUnreachable': { zh: '无法连接服务器({{at}}): 网络不可达', en: 'Cannot connect to the server ({{at}}): network unreachable' },
  'deploy.sshTimeout': { zh: '连接服务器超时({{at}})', en: 'Connecting to the server timed out ({{at}})' },
  'deploy.sshReset': { zh: '与服务器的连接中断({{at}})', en: 'The connection to the server was cut ({{at}})' },
  'deploy.sshNoSftp': { zh: '服务器未开启SFTP({{at}})', en: 'The server has no SFTP ({{at}})' },
  'deploy.sshFailed': { zh: '服务器操作失败({{at}}): {{detail}}', en: 'The server operation failed ({{at}}): {{detail}}' },
  'deploy.localWriteFailed': { zh: '本机目录写入失败({{label}}): {{detail}}', en: 'Writing the local folder failed ({{label}}): {{detail}}' },
  // refusals and failures of a render, an image, a rollback
  // (inside deploy.renderFailed: 部署失败: …)
  'deploy.pathConflict': { zh: '页面路径冲突 {{path}} ({{prev}} / {{what}})', en: 'two pages at one path {{path}} ({{prev}} / {{what}})' },
  'deploy.imageFailed': { zh: '图片 {{name}} {{reason}}', en: 'image {{name}} {{reason}}' },
  'deploy.imageReadFailed': { zh: '读取失败: {{detail}}', en: 'cannot be read: {{detail}}' },
  'deploy.imageNotInStore': { zh: '读取失败: {{store}}中没有这个文件', en: 'cannot be read: {{store}} holds no such file' },
  'deploy.rollbackFailed': { zh: '回滚失败: {{reason}}', en: 'Rollback failed: {{reason}}' },
  // the server's own failures while it writes a release over SFTP (sftp-target.ts)
  'deploy.mkdirFailed': { zh: '无法创建目录 {{path}}', en: 'Cannot create the folder {{path}}' },
  'deploy.copyPreviousFailed': { zh: '复制上一版本失败: {{detail}}', en: 'Copying the previous release failed: {{detail}}' },
  'deploy.removeFilesFailed': { zh: '删除文件失败: {{detail}}', en: 'Removing files failed: {{detail}}' },
  'deploy.stopping': { zh: '服务正在停止，部署任务仍在队列中，稍后请在部署记录中查看结果', en: 'The service is stopping; the deploy stays queued: see its result in the deploy records later' },
  'deploy.releaseMissing': { zh: '版本 {{release}} 不存在或不完整', en: 'version {{release}} does not exist or is incomplete' },
  'deploy.noHistory': { zh: '没有可回滚的历史版本', en: 'there is no earlier version to roll back to' },
} as const satisfies MessageFamily;
