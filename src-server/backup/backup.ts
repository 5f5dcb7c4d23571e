// `npm run server -- backup --to FILE [--data DIR]`: one file holding a
// consistent copy of the database and the data folder's files, taken while the
// server serves. The database is copied first (the engine's snapshot), then the
// files: a file the snapshot names was written before it, so it is there (an
// upload made after the snapshot may come along too, unnamed by any row).
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { BackupEngine } from './engine';
import { listDataFiles } from './data-files';
import { DATABASE_PREFIX, FILES_PREFIX, FORMAT, FORMAT_VERSION, MANIFEST_ENTRY, type FileRecord, type Manifest } from './manifest';
import { TarWriter } from './tar-archive';
import type { BackupReason } from '../../src-shared/backup-reasons';
import { BackupRefusal, reasonOf } from './refusal';

/** A refused backup: the message `backup: <the reason in English>`, the reason as data for the console. */
export class BackupError extends BackupRefusal {
  constructor(reason: BackupReason) {
    super(reason, 'backup: ');
  }
}

export interface BackupOptions {
  dataDir: string;
  to: string;
  engine: BackupEngine;
  /** the database's own files in the data folder (the snapshot carries them) */
  databaseFiles: readonly string[];
}

/** Writes the backup to `to` (through `<to>.part`, never over an existing file); answers its manifest. */
export async function createBackup(o: BackupOptions): Promise<Manifest> {
  if (existsSync(o.to)) throw new BackupError({ code: 'backupExists', params: { file: o.to } });
  if (!existsSync(dirname(o.to))) throw new BackupError({ code: 'backupNoFolder', params: { dir: dirname(o.to) } });
  const inside = relative(resolve(o.dataDir), resolve(o.to));
  if (!inside.startsWith('..') && !isAbsolute(inside)) throw new BackupError({ code: 'backupInsideDataDir', params: { file: o.to } });
  const part = `${o.to}.part`;
  const work = mkdtempSync(join(tmpdir(), 'seo-backup-'));
  let writer: TarWriter | undefined;
  try {
    const snap = await o.engine.snapshot(work);
    // the snapshot's moment, not the archive's end (a big database takes a while to dump and to write)
    const createdAt = snap.takenAt.toISOString();
    writer = new TarWriter(part);
    const database: Manifest['database'] = {};
    for (const [name, file] of Object.entries(snap.files)) {
      const size = statSync(file).size;
      const sha = await writer.addFile(DATABASE_PREFIX + name, file, size, 0o600, new Date(createdAt));
      database[name] = { size, sha256: sha };
    }
    const files: FileRecord[] = [];
    const firstName = new Map<string, string>();
    for (const f of await listDataFiles(o.dataDir, o.databaseFiles)) {
      if (f.kind === 'symlink') {
        await writer.link(FILES_PREFIX + f.path, 'SymbolicLink', f.target!, f.mtime);
        files.push({ path: f.path, type: 'symlink', size: 0, sha256: '', target: f.target });
        continue;
      }
      const same = firstName.get(f.inode);
      if (same) {
        await writer.link(FILES_PREFIX + f.path, 'Link', FILES_PREFIX + same, f.mtime);
        files.push({ path: f.path, type: 'hardlink', size: 0, sha256: '', target: same });
        continue;
      }
      let sha: string;
      try {
        sha = await writer.addFile(FILES_PREFIX + f.path, f.abs, f.size, f.mode, f.mtime);
      } catch (err) {
        throw new BackupError(reasonOf(err));
      }
      firstName.set(f.inode, f.path);
      files.push({ path: f.path, type: 'file', size: f.size, sha256: sha });
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      engine: o.engine.name,
      schemaVersion: snap.schemaVersion,
      createdAt,
      database,
      tables: snap.tables,
      files,
    };
    await writer.buffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 1)), new Date(createdAt));
    await writer.finish();
    renameSync(part, o.to);
    return manifest;
  } catch (err) {
    writer?.abort();
    rmSync(part, { force: true });
    throw err instanceof BackupError ? err : new BackupError(reasonOf(err));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
