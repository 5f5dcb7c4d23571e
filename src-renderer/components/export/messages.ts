// Messages of the shared export component (blob exports streamed by main).
import { addMessages } from '../../i18n';

const zh = {
  exporting: {
    running: '正在导出...',
    progress: '已下载 {{received}} / {{total}}',
    progressUnknown: '已下载 {{received}}',
    cancel: '取消导出',
    cancelled: '导出已取消',
    done: '已保存到 {{path}}',
    reveal: '在文件夹中显示',
    location: '文件位置：{{path}}',
    failed: '导出失败：{{message}}',
  },
};

const en: typeof zh = {
  exporting: {
    running: 'Exporting...',
    progress: '{{received}} of {{total}} downloaded',
    progressUnknown: '{{received}} downloaded',
    cancel: 'Cancel export',
    cancelled: 'Export cancelled',
    done: 'Saved to {{path}}',
    reveal: 'Show in folder',
    location: 'File location: {{path}}',
    failed: 'Export failed: {{message}}',
  },
};

addMessages({ zh, en });
