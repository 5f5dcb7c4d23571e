// Status names the content area's work answers beside its numeric status (statusName): a generation or import
// task's (content/shared/task-status.ts), a deploy task's last run (成功 / 部分失败 / 失败) and a deploy's own
// (部署成功 / 部署失败 / 部署中). zh is the name the server answered before keys.
import type { MessageFamily } from './text';

export const TASK_STATUS_MESSAGES = {
  'taskStatus.queued': { zh: '待执行', en: 'Queued' },
  'taskStatus.running': { zh: '执行中', en: 'Running' },
  'taskStatus.done': { zh: '已完成', en: 'Done' },
  'taskStatus.failed': { zh: '失败', en: 'Failed' },
  'taskStatus.partlyFailed': { zh: '部分失败', en: 'Partly failed' },
  'taskStatus.cancelled': { zh: '已取消', en: 'Cancelled' },
  'taskStatus.runSuccess': { zh: '成功', en: 'Succeeded' },
  'taskStatus.started': { zh: '启动', en: 'Started' },
  'taskStatus.stopped': { zh: '停止', en: 'Stopped' },
  'taskStatus.deployOk': { zh: '部署成功', en: 'Deployed' },
  'taskStatus.deployFailed': { zh: '部署失败', en: 'Deploy failed' },
  'taskStatus.deploying': { zh: '部署中', en: 'Deploying' },
  'taskStatus.notDeployed': { zh: '未部署', en: 'Not deployed' },
  // a deploy task's run
  'taskStatus.runNoSites': { zh: '任务的网站分组下没有网站', en: "The task's website groups hold no website" },
  'taskStatus.runSite': { zh: '{{site}}: {{reason}}', en: '{{site}}: {{reason}}' },
  'taskStatus.runSites': { zh: '{{a}}; {{b}}', en: '{{a}}; {{b}}' },
} as const satisfies MessageFamily;
