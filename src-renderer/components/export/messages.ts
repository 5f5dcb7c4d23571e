// Messages of the shared export component (blob exports streamed by main) and
// of the update prompt.
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
  update: {
    settings: '更新设置',
    feedUrl: '更新地址',
    feedHint: '通用更新源（electron-builder 发布的 latest.yml 所在目录），留空则不检查更新',
    feedInvalid: '更新地址必须是 http(s) 地址',
    save: '保存',
    saved: '保存成功',
    check: '检查更新',
    current: '当前版本 {{version}}',
    idle: '未检查',
    checking: '正在检查更新...',
    available: '发现新版本 {{version}}',
    notAvailable: '已是最新版本',
    downloading: '正在下载新版本 {{version}}',
    downloaded: '新版本 {{version}} 已下载',
    error: '更新失败：{{message}}',
    restartTitle: '安装更新',
    restartAsk: '新版本 {{version}} 已下载完成，是否立即重启并安装？',
    restartNow: '立即重启',
    later: '稍后',
    cannotRestart: '浏览器模式无法安装更新，请在桌面版中安装',
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
  update: {
    settings: 'Update settings',
    feedUrl: 'Update feed URL',
    feedHint: 'A generic update feed (the folder holding the latest.yml electron-builder publishes); empty = no update checks',
    feedInvalid: 'The update feed must be an http(s) URL',
    save: 'Save',
    saved: 'Saved',
    check: 'Check for updates',
    current: 'Current version {{version}}',
    idle: 'Not checked',
    checking: 'Checking for updates...',
    available: 'Version {{version}} is available',
    notAvailable: 'You have the latest version',
    downloading: 'Downloading version {{version}}',
    downloaded: 'Version {{version}} is downloaded',
    error: 'Update failed: {{message}}',
    restartTitle: 'Install update',
    restartAsk: 'Version {{version}} has been downloaded. Restart now to install it?',
    restartNow: 'Restart now',
    later: 'Later',
    cannotRestart: 'Browser mode cannot install updates; install it in the desktop app',
  },
};

addMessages({ zh, en });
