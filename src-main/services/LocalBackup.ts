// 备份 of the Local workspace (profile menu, `local:backup`): the embedded back
// end's data folder into one file, as `npm run server -- backup` writes it
// (src-server/backup/), taken while the back end serves.
import type { LocalBackupResult } from '../../src-shared/ipc';
import { backupDataFolder, backupSummary } from '../../src-server/backup/commands';
import type { ChooseSavePath } from './Exporter';

/** The suggested file name: seo-matrix-backup-20261126-2003.tar.gz (local time). */
export function backupFileName(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `seo-matrix-backup-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.tar.gz`;
}

export async function backupLocalWorkspace(serverDataDir: string, chooseSavePath: ChooseSavePath): Promise<LocalBackupResult> {
  const path = await chooseSavePath(backupFileName());
  if (!path) return { path: '', tables: 0, rows: 0, files: 0, bytes: 0 };
  return { path, ...backupSummary(await backupDataFolder(serverDataDir, path)) };
}
