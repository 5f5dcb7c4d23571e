// `npm run server -- restore --from FILE [--data DIR]`: a backup back into an
// empty (or new) data folder. Nothing is ever overwritten: a folder holding
// anything is refused. The archive is unpacked into the folder, then checked
// against its manifest (every file's size and sha256, the database's, then the
// restored database's schema version and every table's row count and content
// checksum); on any mismatch what was unpacked is removed again and the reason
// is the error.
import { existsSync, linkSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { ReadEntry } from 'tar';
import type { BackupEngine } from './engine';
import { DATABASE_PREFIX, FILES_PREFIX, MANIFEST_ENTRY, parseManifest, type Manifest } from './manifest';
import { readTar, saveEntry } from './tar-archive';

export class RestoreError extends Error {}

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
    if (size > MAX_MANIFEST) throw new RestoreError('manifest.json is too large');
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
    if (got.manifestText !== undefined) throw new RestoreError(`entry ${name} follows manifest.json (the manifest must be last)`);
    if (name === MANIFEST_ENTRY) {
      got.manifestText = await readText(entry);
      return;
    }
    if (name.startsWith(DATABASE_PREFIX) && entry.type === 'File') {
      const target = o.engine.restorePath(name.slice(DATABASE_PREFIX.length));
      if (!target) throw new RestoreError(`entry ${name} is not a database file of the ${o.engine.name} engine`);
      got.database.set(name.slice(DATABASE_PREFIX.length), await saveEntry(entry, target));
      return;
    }
    const rel = name.startsWith(FILES_PREFIX) ? name.slice(FILES_PREFIX.length) : '';
    if (!safeRelative(rel)) throw new RestoreError(`entry ${name} is not a data-folder path`);
    const abs = join(o.dataDir, rel);
    mkdirSync(dirname(abs), { recursive: true });
    if (entry.type === 'File') {
      got.files.set(rel, await saveEntry(entry, abs));
    } else if (entry.type === 'Link') {
      const linkpath = String(entry.linkpath ?? '');
      const to = linkpath.startsWith(FILES_PREFIX) ? linkpath.slice(FILES_PREFIX.length) : '';
      if (!safeRelative(to)) throw new RestoreError(`hard link ${name} points outside the data folder`);
      hardLinks.push([rel, to]);
      got.links.set(rel, { type: 'hardlink', target: to });
      entry.resume();
    } else if (entry.type === 'SymbolicLink') {
      const target = String(entry.linkpath ?? '');
      // a release's `current` names a folder beside it: a link may not lead out of the data folder
      if (!target || posix.isAbsolute(target) || !safeRelative(posix.normalize(posix.join(posix.dirname(rel), target)))) throw new RestoreError(`symlink ${name} points outside the data folder (${target})`);
      symlinks.push([rel, target]);
      got.links.set(rel, { type: 'symlink', target });
      entry.resume();
    } else throw new RestoreError(`entry ${name} has an unsupported type ${entry.type}`);
  });
  // links last: no file is ever written through a restored symlink
  for (const [rel, to] of hardLinks) {
    if (!got.files.has(to)) throw new RestoreError(`hard link ${rel} names ${to}, which the archive does not hold before it`);
    linkSync(join(o.dataDir, to), join(o.dataDir, rel));
  }
  for (const [rel, target] of symlinks) symlinkSync(target, join(o.dataDir, rel));
  return got;
}

/** Differences between the manifest and what was unpacked, each one line (empty: they agree). */
function compare(m: Manifest, got: Unpacked): string[] {
  const bad: string[] = [];
  for (const [name, want] of Object.entries(m.database)) {
    const have = got.database.get(name);
    if (!have) bad.push(`database file ${name} is missing`);
    else if (have.size !== want.size || have.sha256 !== want.sha256) bad.push(`database file ${name}: checksum mismatch (sha256 ${have.sha256}, manifest ${want.sha256})`);
  }
  for (const name of got.database.keys()) if (!(name in m.database)) bad.push(`database file ${name} is not in the manifest`);
  const listed = new Set<string>();
  for (const f of m.files) {
    listed.add(f.path);
    if (f.type === 'file') {
      const have = got.files.get(f.path);
      if (!have) bad.push(`${f.path} is missing`);
      else if (have.size !== f.size) bad.push(`${f.path}: size ${have.size}, manifest ${f.size}`);
      else if (have.sha256 !== f.sha256) bad.push(`${f.path}: checksum mismatch (sha256 ${have.sha256}, manifest ${f.sha256})`);
    } else {
      const have = got.links.get(f.path);
      if (!have || have.type !== f.type || have.target !== f.target) bad.push(`${f.path}: ${f.type} to ${f.target} is missing or different`);
    }
  }
  for (const path of [...got.files.keys(), ...got.links.keys()]) if (!listed.has(path)) bad.push(`${path} is not in the manifest`);
  return bad;
}

function emptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Restores the backup `from` into `dataDir`; answers the manifest. Throws RestoreError with the reason, leaving the folder as it was. */
export async function restoreBackup(o: RestoreOptions): Promise<Manifest> {
  if (!existsSync(o.from)) throw new RestoreError(`restore: no file ${o.from}`);
  if (!emptyOrAbsent(o.dataDir)) throw new RestoreError(`restore: ${o.dataDir} is not empty; restore into an empty or new folder (it never overwrites)`);
  const refused = await o.engine.refuseTarget();
  if (refused) throw new RestoreError(`restore: ${refused}; restore into an empty database (it never overwrites)`);
  const created = !existsSync(o.dataDir);
  mkdirSync(o.dataDir, { recursive: true });
  try {
    let got: Unpacked;
    try {
      got = await unpack(o);
    } catch (err) {
      if (err instanceof RestoreError) throw err;
      throw new RestoreError(`the archive is damaged or not a backup (${(err as Error).message})`);
    }
    if (got.manifestText === undefined) throw new RestoreError('the archive has no manifest.json (cut short, or not a backup)');
    const manifest = parseManifest(got.manifestText, o.knownSchemaVersion);
    if (manifest.engine !== o.engine.name) throw new RestoreError(`the backup is of the ${manifest.engine} engine, the target is ${o.engine.name}`);
    const bad = compare(manifest, got);
    if (bad.length) throw new RestoreError(`the archive does not match its manifest: ${bad.slice(0, 5).join('; ')}${bad.length > 5 ? `; and ${bad.length - 5} more` : ''}`);
    await o.engine.load?.();
    const restored = await o.engine.inspectRestored();
    if (restored.schemaVersion !== manifest.schemaVersion) throw new RestoreError(`restored schema version ${restored.schemaVersion}, manifest ${manifest.schemaVersion}`);
    const tables = new Set([...Object.keys(manifest.tables), ...Object.keys(restored.tables)]);
    const off = [...tables].filter((t) => JSON.stringify(manifest.tables[t]) !== JSON.stringify(restored.tables[t]));
    if (off.length) throw new RestoreError(`restored tables differ from the manifest: ${off.slice(0, 5).join(', ')}`);
    return manifest;
  } catch (err) {
    // leave the folder (and the database) as they were: empty (or absent)
    await o.engine.discard?.().catch(() => undefined);
    if (created) rmSync(o.dataDir, { recursive: true, force: true });
    else for (const name of readdirSync(o.dataDir)) rmSync(join(o.dataDir, name), { recursive: true, force: true });
    if (err instanceof RestoreError) throw new RestoreError(err.message.startsWith('restore:') ? err.message : `restore: ${err.message}`);
    throw new RestoreError(`restore: ${(err as Error).message}`);
  }
}
