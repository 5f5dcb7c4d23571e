// `npm run server -- restore --from FILE [--data DIR]`: a backup back into an
// empty (or new) data folder. Nothing is ever overwritten: a folder holding
// anything is refused. The archive is unpacked into the folder, then checked
// against its manifest (every file's size and sha256, the database's, then the
// restored database's schema version and every table's row count and content
// checksum); on any mismatch what was unpacked is removed again and the reason
// is the error. A restored copy's background work starts paused (jobs/pause.ts).
import { existsSync, linkSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { ReadEntry } from 'tar';
import type { BackupEngine } from './engine';
import { DATABASE_PREFIX, FILES_PREFIX, MANIFEST_ENTRY, parseManifest, type Manifest } from './manifest';
import { readTar, saveEntry } from './tar-archive';
import type { BackupReason } from '../../src-shared/backup-reasons';
import { BackupRefusal, reasonOf, refusal } from './refusal';
import { pauseBackgroundWork } from '../jobs/pause';

/** A refused restore: the message `restore: <the reason in English>`, the reason as data for the console. */
export class RestoreError extends BackupRefusal {
  constructor(reason: BackupReason) {
    super(reason, 'restore: ');
  }
}

export interface RestoreOptions {
  from: string;
  dataDir: string;
  engine: BackupEngine;
  /** the highest migration this program knows (a newer backup is refused) */
  knownSchemaVersion: number;
}

const MAX_MANIFEST = 256 * 1024 * 1024;

/** a `/`-separated relative path that stays inside the folder */
function safeRelative(path: string): boolean {
  const norm = posix.normalize(path);
  return path.length > 0 && !posix.isAbsolute(path) && norm === path && !norm.startsWith('../') && norm !== '..' && !path.includes('\0');
}

async function readText(entry: ReadEntry): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MANIFEST) throw refusal('manifestTooLarge');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface Unpacked {
  files: Map<string, { sha256: string; size: number }>;
  links: Map<string, { type: 'symlink' | 'hardlink'; target: string }>;
  database: Map<string, { sha256: string; size: number }>;
  manifestText?: string;
}

async function unpack(o: RestoreOptions): Promise<Unpacked> {
  const got: Unpacked = { files: new Map(), links: new Map(), database: new Map() };
  const hardLinks: [string, string][] = [];
  const symlinks: [string, string][] = [];
  await readTar(o.from, async (entry) => {
    const name = entry.path;
    if (got.manifestText !== undefined) throw refusal('entryAfterManifest', { entry: name });
    if (name === MANIFEST_ENTRY) {
      got.manifestText = await readText(entry);
      return;
    }
    if (name.startsWith(DATABASE_PREFIX) && entry.type === 'File') {
      const target = o.engine.restorePath(name.slice(DATABASE_PREFIX.length));
      if (!target) throw refusal('entryNotDatabase', { entry: name, engine: o.engine.name });
      got.database.set(name.slice(DATABASE_PREFIX.length), await saveEntry(entry, target));
      return;
    }
    const rel = name.startsWith(FILES_PREFIX) ? name.slice(FILES_PREFIX.length) : '';
    if (!safeRelative(rel)) throw refusal('entryNotDataPath', { entry: name });
    const abs = join(o.dataDir, rel);
    mkdirSync(dirname(abs), { recursive: true });
    if (entry.type === 'File') {
      got.files.set(rel, await saveEntry(entry, abs));
    } else if (entry.type === 'Link') {
      const linkpath = String(entry.linkpath ?? '');
      const to = linkpath.startsWith(FILES_PREFIX) ? linkpath.slice(FILES_PREFIX.length) : '';
      if (!safeRelative(to)) throw refusal('hardLinkOutside', { entry: name });
      hardLinks.push([rel, to]);
      got.links.set(rel, { type: 'hardlink', target: to });
      entry.resume();
    } else if (entry.type === 'SymbolicLink') {
      const target = String(entry.linkpath ?? '');
      // a release's `current` names a folder beside it: a link may not lead out of the data folder
      if (!target || posix.isAbsolute(target) || !safeRelative(posix.normalize(posix.join(posix.dirname(rel), target)))) throw refusal('symlinkOutside', { entry: name, target });
      symlinks.push([rel, target]);
      got.links.set(rel, { type: 'symlink', target });
      entry.resume();
    } else throw refusal('entryType', { entry: name, type: String(entry.type) });
  });
  // links last: no file is ever written through a restored symlink
  for (const [rel, to] of hardLinks) {
    if (!got.files.has(to)) throw refusal('hardLinkBeforeTarget', { entry: rel, target: to });
    linkSync(join(o.dataDir, to), join(o.dataDir, rel));
  }
  for (const [rel, target] of symlinks) symlinkSync(target, join(o.dataDir, rel));
  return got;
}

/** Differences between the manifest and what was unpacked, each a reason (empty: they agree). */
function compare(m: Manifest, got: Unpacked): BackupReason[] {
  const bad: BackupReason[] = [];
  for (const [name, want] of Object.entries(m.database)) {
    const have = got.database.get(name);
    if (!have) bad.push({ code: 'databaseFileMissing', params: { name } });
    else if (have.size !== want.size || have.sha256 !== want.sha256) bad.push({ code: 'databaseFileChecksum', params: { name, sha256: have.sha256, expected: want.sha256 } });
  }
  for (const name of got.database.keys()) if (!(name in m.database)) bad.push({ code: 'databaseFileExtra', params: { name } });
  const listed = new Set<string>();
  for (const f of m.files) {
    listed.add(f.path);
    if (f.type === 'file') {
      const have = got.files.get(f.path);
      if (!have) bad.push({ code: 'fileMissing', params: { path: f.path } });
      else if (have.size !== f.size) bad.push({ code: 'fileSize', params: { path: f.path, size: have.size, expected: f.size } });
      else if (have.sha256 !== f.sha256) bad.push({ code: 'fileChecksum', params: { path: f.path, sha256: have.sha256, expected: f.sha256 } });
    } else {
      const have = got.links.get(f.path);
      if (!have || have.type !== f.type || have.target !== f.target) bad.push({ code: 'linkDiffers', params: { path: f.path, type: f.type, target: f.target ?? '' } });
    }
  }
  for (const path of [...got.files.keys(), ...got.links.keys()]) if (!listed.has(path)) bad.push({ code: 'fileExtra', params: { path } });
  return bad;
}

/** Why the archive could not be read, by the gzip or tar reader's code (its words kept as the detail). */
function archiveRefusal(err: Error & { code?: string }): BackupRefusal {
  const detail = err.message;
  if (err.code === 'Z_DATA_ERROR') return refusal('archiveCompressedDamaged', { detail });
  if (err.code === 'Z_BUF_ERROR' || (err.code === 'TAR_BAD_ARCHIVE' && /truncated/i.test(detail))) return refusal('archiveCutShort', { detail });
  if (err.code === 'TAR_ENTRY_INVALID' || err.code === 'TAR_BAD_ARCHIVE') return refusal('archiveNotTar', { detail });
  if (err.code === 'ENOSPC' || err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'EROFS') return new BackupRefusal(reasonOf(err));
  return refusal('archiveDamaged', { detail });
}

function emptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Restores the backup `from` into `dataDir`; answers the manifest. Throws RestoreError with the reason (coded), leaving the folder as it was. */
export async function restoreBackup(o: RestoreOptions): Promise<Manifest> {
  if (!existsSync(o.from)) throw new RestoreError({ code: 'archiveMissing', params: { file: o.from } });
  if (!emptyOrAbsent(o.dataDir)) throw new RestoreError({ code: 'targetNotEmpty', params: { dir: o.dataDir } });
  const refused = await o.engine.refuseTarget();
  if (refused) throw new RestoreError(refused);
  const created = !existsSync(o.dataDir);
  mkdirSync(o.dataDir, { recursive: true });
  try {
    let got: Unpacked;
    try {
      got = await unpack(o);
    } catch (err) {
      if (err instanceof BackupRefusal) throw err;
      throw archiveRefusal(err as Error & { code?: string });
    }
    if (got.manifestText === undefined) throw refusal('noManifest');
    const manifest = parseManifest(got.manifestText, o.knownSchemaVersion);
    if (manifest.engine !== o.engine.name) throw refusal('engineMismatch', { backup: manifest.engine, target: o.engine.name });
    const bad = compare(manifest, got);
    if (bad.length) throw refusal('manifestMismatch', undefined, [...bad.slice(0, 5), ...(bad.length > 5 ? [{ code: 'andMore' as const, params: { count: bad.length - 5 } }] : [])]);
    await o.engine.load?.();
    const restored = await o.engine.inspectRestored();
    if (restored.schemaVersion !== manifest.schemaVersion) throw refusal('schemaMismatch', { restored: restored.schemaVersion, expected: manifest.schemaVersion });
    const tables = new Set([...Object.keys(manifest.tables), ...Object.keys(restored.tables)]);
    const off = [...tables].filter((t) => JSON.stringify(manifest.tables[t]) !== JSON.stringify(restored.tables[t]));
    if (off.length) throw refusal('tablesDiffer', { tables: off.slice(0, 5).join(', ') });
    // the copy's jobs and schedules are the source's: they wait for the platform administrator (jobs/pause.ts)
    await o.engine.withRestored((data) => pauseBackgroundWork(data, 'restore'));
    return manifest;
  } catch (err) {
    // leave the folder (and the database) as they were: empty (or absent)
    await o.engine.discard?.().catch(() => undefined);
    if (created) rmSync(o.dataDir, { recursive: true, force: true });
    else for (const name of readdirSync(o.dataDir)) rmSync(join(o.dataDir, name), { recursive: true, force: true });
    throw new RestoreError(reasonOf(err));
  }
}
