// The data folder's files a backup carries: everything but the database's own
// files (the snapshot carries those) and transient files: uploads (upload/),
// import sources (imports/), local site releases with their `current` symlinks
// and hard-linked unchanged files (sites/), deploy manifests (deploys/), the
// key that seals secrets at rest (content-secret.key), and whatever a later
// version keeps there.
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface FolderEntry {
  /** `/`-separated path in the data folder */
  path: string;
  abs: string;
  kind: 'file' | 'symlink';
  size: number;
  mode: number;
  mtime: Date;
  /** device:inode, to store a second name of the same file as a hard link */
  inode: string;
  target?: string;
}

/** Left out: a download or copy being written, the database's journals. */
export function isTransient(name: string): boolean {
  return name.endsWith('.part') || name.endsWith('.tmp');
}

/** Every file and symlink under `dir` (sorted, so archives list the same folder the same way), less `skip` at the top. */
export async function listDataFiles(dir: string, skip: readonly string[]): Promise<FolderEntry[]> {
  const out: FolderEntry[] = [];
  const walk = async (rel: string): Promise<void> => {
    const names = (await readdir(join(dir, rel)).catch(() => [] as string[])).sort();
    for (const name of names) {
      if (!rel && skip.includes(name)) continue;
      if (isTransient(name)) continue;
      const path = rel ? `${rel}/${name}` : name;
      const abs = join(dir, path);
      const st = await lstat(abs).catch(() => null);
      if (!st) continue; // gone since the listing
      if (st.isDirectory()) await walk(path);
      else if (st.isSymbolicLink()) out.push({ path, abs, kind: 'symlink', size: 0, mode: st.mode & 0o7777, mtime: st.mtime, inode: '', target: await readlink(abs) });
      else if (st.isFile()) out.push({ path, abs, kind: 'file', size: st.size, mode: st.mode & 0o7777, mtime: st.mtime, inode: `${st.dev}:${st.ino}` });
    }
  };
  await walk('');
  return out;
}
