// The Electron side of auto-update: electron-updater's autoUpdater on the
// generic feed from the settings, behind the UpdateService's adapter. The state
// machine itself (src-main/services/UpdateService.ts) is unit-tested with the
// Node FeedAdapter against a local feed; this file is type-checked only.

import electronUpdater from 'electron-updater';
import type { UpdateAdapter } from '../services/UpdateService';

export function electronUpdaterAdapter(): UpdateAdapter {
  const { autoUpdater } = electronUpdater;
  // the service decides when to download and asks the operator before restarting
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = true;
  return {
    async check(feedUrl) {
      autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
      const result = await autoUpdater.checkForUpdates();
      return result && result.isUpdateAvailable ? { version: result.updateInfo.version } : null;
    },
    async download(onProgress) {
      const listener = (p: { transferred: number; total: number }) => onProgress(p.transferred, p.total || null);
      autoUpdater.on('download-progress', listener);
      try {
        // electron-updater checks the sha512 from latest.yml before it reports the download
        await autoUpdater.downloadUpdate();
      } finally {
        autoUpdater.off('download-progress', listener);
      }
    },
    install() {
      autoUpdater.quitAndInstall(false, true);
    },
  };
}
