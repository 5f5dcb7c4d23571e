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
import type { LocalRestoreResult, LocalRestoreSource } from '../../src-shared/ipc';
import { DeskError } from './errors';
import { MAX_UPLOAD_BYTES } from './FileService';

/** The embedded back end as main holds it: the one running now, stopped and started again on the same port. */
export class LocalServer {
  private current: EmbeddedServer | null;
  /** a restore is under way (one at a time) */
  restoring = false;

  constructor(
    server: EmbeddedServer,
    private readonly startOn: (dataDir: string, port: number) => Promise<EmbeddedServer>,
  ) {
    this.current = server;
  }

  get dataDir(): string {
    return this.running().dataDir;
  }

  running(): EmbeddedServer {
    if (!this.current) throw new DeskError(503, 'the embedded back end is not running');
    return this.current;
  }

  async stop(): Promise<number> {
    const s = this.running();
    this.current = null;
    await s.close();
    return s.port;
  }

  /** Starts it on the data folder again, on the port it had (the Local workspace's URL stays), else on a free one. */
  async start(dataDir: string, port: number): Promise<EmbeddedServer> {
    if (this.current) return this.current;
    try {
      this.current = await this.startOn(dataDir, port);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      this.current = await this.startOn(dataDir, 0);
    }
    return this.current;
  }

  async close(): Promise<void> {
    const s = this.current;
    this.current = null;
    await s?.close();
  }
}

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
  if (!r) throw new DeskError(400, 'request must be an object');
  if (typeof r.path === 'string' && r.path) {
    if (r.path.length > 4096 || r.path.includes('\0')) throw new DeskError(400, 'path is not a file name');
    return { path: r.path };
  }
  if (typeof r.name !== 'string' || !r.name.trim() || r.name.length > 255) throw new DeskError(400, 'name is required');
  if (typeof r.base64 !== 'string' || !r.base64) throw new DeskError(400, 'base64 is required');
  if (r.base64.length > Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 4) throw new DeskError(400, `the backup file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  return { name: r.name, base64: r.base64 };
}

export interface RestoreOutcome {
  result: LocalRestoreResult;
  server: EmbeddedServer;
}

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Restores a backup file into the Local workspace's data folder. Throws DeskError(400, reason) when the
 * backup is refused: the data folder is then the one before, and the back end serves on it again.
 */
export async function restoreLocalWorkspace(source: LocalRestoreSource, server: LocalServer, now = new Date()): Promise<RestoreOutcome> {
  if (server.restoring) throw new DeskError(409, 'a restore of the Local workspace is already running');
  server.restoring = true;
  try {
    return await restoreInto(source, server, now);
  } finally {
    server.restoring = false;
  }
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
    if (!existsSync(from)) throw new DeskError(400, `the backup file ${from} does not exist`);
    const keptAt = asideFolder(dataDir, now);
    const port = await server.stop();
    let refused: unknown = null;
    try {
      await rename(dataDir, keptAt);
      let manifest;
      try {
        manifest = await restoreDataFolder(from, dataDir);
      } catch (e) {
        // restore removed what it unpacked; the folder it made goes too, and the data before comes back
        await rm(dataDir, { recursive: true, force: true });
        await rename(keptAt, dataDir);
        throw new DeskError(400, reason(e));
      }
      let started: EmbeddedServer;
      try {
        started = await server.start(dataDir, port);
      } catch (e) {
        // the restored data does not start: kept for a look, the data before put back
        await rename(dataDir, `${keptAt}-restored-not-started`);
        await rename(keptAt, dataDir);
        throw new DeskError(500, `the restored data did not start: ${reason(e)}`);
      }
      const s = backupSummary(manifest);
      return {
        server: started,
        result: { engine: manifest.engine, schemaVersion: manifest.schemaVersion, ...s, takenAt: manifest.createdAt, keptAt },
      };
    } catch (e) {
      refused = e;
      throw e;
    } finally {
      // whatever happened, the workspace serves again (on the data folder as it is now)
      if (refused) {
        await server.start(dataDir, port).catch((e: unknown) => {
          throw new DeskError(500, `${reason(refused)}; the back end did not start again: ${reason(e)}`);
        });
      }
    }
  } finally {
    if (staged) await rm(staged, { recursive: true, force: true });
  }
}
