// Messages of the update settings and the restart prompt.
import { addMessages } from '../../i18n';

const zh = {
  update: {
    settings: '更新设置',
    feedUrl: '更新地址',
    feedHint: '通用更新源（electron-builder 发布的 latest.yml 所在目录），留空则不检查更新',
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
  update: {
    settings: 'Update settings',
    feedUrl: 'Update feed URL',
    feedHint: 'A generic update feed (the folder holding the latest.yml electron-builder publishes); empty = no update checks',
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
