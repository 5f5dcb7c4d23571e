// 备份 of the Local workspace (profile menu, `local:backup`): the embedded back
// end's data folder into one file, as `npm run server -- backup` writes it
// (src-server/backup/), taken while the back end serves. Not while a 恢复 of the
// workspace runs (LocalServer.exclusive): that moves the data folder aside.
import type { LocalBackupResult } from '../../src-shared/ipc';
import { backupDataFolder, backupSummary } from '../../src-server/backup/commands';
import { reasonOf } from '../../src-server/backup/refusal';
import type { ChooseSavePath } from './Exporter';
import { backupRefused, type LocalServer } from './LocalServer';

/** The suggested file name: seo-matrix-backup-20261126-2003.tar.gz (local time). */
export function backupFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `seo-matrix-backup-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.tar.gz`;
}

async function backupInto(serverDataDir: string, chooseSavePath: ChooseSavePath): Promise<LocalBackupResult> {
  const path = await chooseSavePath(backupFileName());
  if (!path) return { path: '', tables: 0, rows: 0, files: 0, bytes: 0 };
  try {
    return { path, ...backupSummary(await backupDataFolder(serverDataDir, path)) };
  } catch (e) {
    // refused or failed: the reason, coded, for the renderer to say in the operator's language
    throw backupRefused(500, reasonOf(e));
  }
}

/**
 * Backs up the Local workspace's data folder into the file the save dialog names (path '' when cancelled).
 * With the workspace's back end (`server`), refused (409) while a restore (or another backup) of it runs.
 */
export function backupLocalWorkspace(serverDataDir: string, chooseSavePath: ChooseSavePath, server?: LocalServer): Promise<LocalBackupResult> {
  return server ? server.exclusive('backup', () => backupInto(serverDataDir, chooseSavePath)) : backupInto(serverDataDir, chooseSavePath);
}
