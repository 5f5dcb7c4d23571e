// Messages of the content area's operations: deploy-task schedules and run
// outcomes, a website group's SSL and link lists, a website's column update and
// batch deploy. Imported by the screens and dialogs that show them.
import { addMessages } from '../index';

const zh = {
  content: {
    ops: {
      schedule: {
        fixRateRequired: '请输入固定速度', fixRateInvalid: '固定速度必须是大于0的整数（秒）', cronRequired: '请输入CRON表达式',
        cronInvalid: 'CRON表达式格式不正确', typeInvalid: '请选择调度类型', seconds: '秒', fixRateHint: '每隔多少秒执行一次（整数，至少 1 秒）',
        cronHint: '秒 分 时 日 月 周，可用“生成 cron”按字段编辑',
      },
      run: {
        lastRun: '上次执行', lastRunTime: '上次执行时间', result: '执行结果', success: '成功', partial: '部分失败', failed: '失败',
        published: '发布文章', site: '网站', domain: '域名', status: '部署状态', message: '说明', noSites: '没有网站',
        runPartial: '执行完成，但 {{failed}} 个网站部署失败（共 {{total}} 个），原因见“执行结果”', runFailed: '执行失败：{{reason}}',
        allFailed: '{{failed}} 个网站全部部署失败，原因见“执行结果”',
      },
      group: {
        sslList: 'SSL列表', linkList: '链接列表', sslTitle: '分组网站的 SSL 证书', linkTitle: '分组网站的链接', websiteName: '网站名称', domainName: '域名',
        ssl: 'SSL 证书', name: '链接名称', link: '链接', openPage: '新窗口打开', status: '状态', empty: '暂无数据',
      },
      site: {
        updateColumn: '更新栏目', updateColumnConfirm: '按分组当前的栏目重新生成并部署该网站?', updateColumnDone: '栏目已更新（{{updated}}/{{total}} 个网站）',
        updateColumnFailed: '栏目更新失败：{{reasons}}', batchDeploy: '批量部署', batchDeployTitle: '批量部署结果', batchDeployConfirm: '确定部署选中的 {{n}} 个网站?',
        deploying: '正在部署…', deployOk: '全部部署成功', deploySome: '{{failed}} 个网站部署失败（共 {{total}} 个）',
      },
    },
  },
};

const en: typeof zh = {
  content: {
    ops: {
      schedule: {
        fixRateRequired: 'Enter the fixed rate', fixRateInvalid: 'The fixed rate must be a whole number of seconds, at least 1', cronRequired: 'Enter the CRON expression',
        cronInvalid: 'The CRON expression is not valid', typeInvalid: 'Select the schedule type', seconds: 's', fixRateHint: 'Run every this many seconds (whole seconds, at least 1)',
        cronHint: 'second minute hour day month weekday; edit it field by field with "Generate cron"',
      },
      run: {
        lastRun: 'Last run', lastRunTime: 'Last run at', result: 'Run result', success: 'Succeeded', partial: 'Partly failed', failed: 'Failed',
        published: 'Articles published', site: 'Website', domain: 'Domain', status: 'Deploy status', message: 'Details', noSites: 'No websites',
        runPartial: 'Run finished, but {{failed}} of {{total}} websites failed to deploy; see "Run result" for the reasons', runFailed: 'Run failed: {{reason}}',
        allFailed: 'All {{failed}} websites failed to deploy; see "Run result" for the reasons',
      },
      group: {
        sslList: 'SSL list', linkList: 'Link list', sslTitle: 'SSL certificates of the group\'s websites', linkTitle: 'Links of the group\'s websites', websiteName: 'Website', domainName: 'Domain',
        ssl: 'SSL certificate', name: 'Link name', link: 'Link', openPage: 'New window', status: 'Status', empty: 'No data',
      },
      site: {
        updateColumn: 'Update columns', updateColumnConfirm: 'Rebuild and deploy this website with its group\'s current columns?', updateColumnDone: 'Columns updated ({{updated}}/{{total}} websites)',
        updateColumnFailed: 'Column update failed: {{reasons}}', batchDeploy: 'Batch deploy', batchDeployTitle: 'Batch deploy results', batchDeployConfirm: 'Deploy the {{n}} selected websites?',
        deploying: 'Deploying…', deployOk: 'All websites deployed', deploySome: '{{failed}} of {{total}} websites failed to deploy',
      },
    },
  },
};

addMessages({ zh, en });
