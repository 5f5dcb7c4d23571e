// 恢复 of the Local workspace (profile menu, `local:restore`): the embedded back
// end is stopped, its data folder moved aside (a sibling folder named with the
// time, never deleted), the backup restored into a new folder at the data
// folder's path (`restoreDataFolder`, checked against its manifest), and the
// back end started again on it. A backup refused, or restored data that does not
// start, puts the workspace back exactly as it was, serving again.
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EmbeddedServer } from '../../src-server/app';
import { backupSummary, restoreDataFolder } from '../../src-server/backup/commands';
import { reasonOf } from '../../src-server/backup/refusal';
import type { BackupReason } from '../../src-shared/backup-reasons';
import type { LocalRestoreResult, LocalRestoreSource } from '../../src-shared/ipc';
import { DeskError } from './errors';
import { MAX_UPLOAD_BYTES } from './FileService';
import { backupRefused, localRefusal, type LocalServer } from './LocalServer';

const stamp = (d: Date): string => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
};

/** Where the data before a restore is kept: `<data folder>-before-restore-<time>` beside it (a free name). */
export function asideFolder(dataDir: string, now = new Date()): string {
  const base = join(dirname(dataDir), `${basename(dataDir)}-before-restore-${stamp(now)}`);
  let candidate = base;
  for (let n = 2; existsSync(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** The restore's input from the renderer: a path (Electron's open dialog) or the picked file's bytes (browser mode). */
export function validateRestoreSource(req: unknown): LocalRestoreSource {
  const r = req && typeof req === 'object' && !Array.isArray(req) ? (req as Record<string, unknown>) : null;
  if (!r) throw localRefusal(400, 'requestNotObject');
  if (typeof r.path === 'string' && r.path) {
    if (r.path.length > 4096 || r.path.includes('\0')) throw localRefusal(400, 'pathInvalid');
    return { path: r.path };
  }
  if (typeof r.name !== 'string' || !r.name.trim() || r.name.length > 255) throw localRefusal(400, 'nameRequired');
  if (typeof r.base64 !== 'string' || !r.base64) throw localRefusal(400, 'contentRequired');
  if (r.base64.length > Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 4) throw localRefusal(400, 'fileTooLarge', { file: r.name, limitMb: MAX_UPLOAD_BYTES / 1024 / 1024 });
  return { name: r.name, base64: r.base64 };
}

export interface RestoreOutcome {
  result: LocalRestoreResult;
  server: EmbeddedServer;
}

/** The reason of a DeskError thrown here, else of anything thrown (a refusal's own, else `failed` with its words). */
const reasonIn = (e: unknown): BackupReason => (e instanceof DeskError && e.reason ? e.reason : reasonOf(e));

/**
 * Restores a backup file into the Local workspace's data folder. Throws DeskError(400) with the reason (coded)
 * when the backup is refused: the data folder is then the one before, and the back end serves on it again.
 * Refused (409) while a backup or another restore of the workspace runs.
 */
export function restoreLocalWorkspace(source: LocalRestoreSource, server: LocalServer, now = new Date()): Promise<RestoreOutcome> {
  return server.exclusive('restore', () => restoreInto(source, server, now));
}

async function restoreInto(source: LocalRestoreSource, server: LocalServer, now: Date): Promise<RestoreOutcome> {
  const dataDir = server.dataDir;
  // browser mode: the page's bytes into a file of their own beside the data folder, removed afterwards
  let staged = '';
  if ('base64' in source) {
    staged = await mkdtemp(join(dirname(dataDir), '.restore-'));
    await writeFile(join(staged, 'backup.tar.gz'), Buffer.from(source.base64, 'base64'));
  }
  const from = 'path' in source ? source.path : join(staged, 'backup.tar.gz');
  try {
    if (!existsSync(from)) throw localRefusal(400, 'backupFileMissing', { file: 'path' in source ? source.path : source.name });
    const keptAt = asideFolder(dataDir, now);
    const port = await server.stop();
    let refusal: unknown = null;
    try {
      await rename(dataDir, keptAt);
      let manifest;
      try {
        manifest = await restoreDataFolder(from, dataDir);
      } catch (e) {
        // restore removed what it unpacked; the folder it made goes too, and the data before comes back
        await rm(dataDir, { recursive: true, force: true });
        await rename(keptAt, dataDir);
        throw backupRefused(400, reasonOf(e));
      }
      let started: EmbeddedServer;
      try {
        started = await server.start(dataDir, port);
      } catch (e) {
        // the restored data does not start: kept for a look, the data before put back
        await rename(dataDir, `${keptAt}-restored-not-started`);
        await rename(keptAt, dataDir);
        throw localRefusal(500, 'restoredNotStarted', { detail: e instanceof Error ? e.message : String(e) });
      }
      const s = backupSummary(manifest);
      return {
        server: started,
        result: { engine: manifest.engine, schemaVersion: manifest.schemaVersion, ...s, takenAt: manifest.createdAt, keptAt },
      };
    } catch (e) {
      refusal = e;
      throw e;
    } finally {
      // whatever happened, the workspace serves again (on the data folder as it is now)
      if (refusal) {
        await server.start(dataDir, port).catch((e: unknown) => {
          throw backupRefused(500, { code: 'notRestarted', params: { detail: e instanceof Error ? e.message : String(e) }, items: [reasonIn(refusal)] });
        });
      }
    }
  } finally {
    if (staged) await rm(staged, { recursive: true, force: true });
  }
}
