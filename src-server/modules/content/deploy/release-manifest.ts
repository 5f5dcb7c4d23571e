// The manifest of a release: every file of the site with the sha-256 of its
// bytes and its size. A deploy compares the new site against the live
// release's manifest and uploads only what differs; unchanged files are carried
// into the new release on the server (hard links).
import { createHash } from 'node:crypto';
import type { SiteFile } from './site-render';

export interface ManifestEntry {
  hash: string;
  size: number;
}

export interface Manifest {
  version: 1;
  release: string;
  createdAt: string;
  files: Record<string, ManifestEntry>;
}

export const manifestName = (release: string): string => `${release}.manifest.json`;

export function buildManifest(release: string, createdAt: string, files: SiteFile[]): Manifest {
  const out: Record<string, ManifestEntry> = {};
  for (const f of files) out[f.path] = { hash: createHash('sha256').update(f.data).digest('hex'), size: f.data.length };
  return { version: 1, release, createdAt, files: out };
}

export function parseManifest(text: string): Manifest | undefined {
  try {
    const m = JSON.parse(text) as Manifest;
    return m && m.version === 1 && typeof m.files === 'object' && m.files ? m : undefined;
  } catch {
    return undefined;
  }
}

export interface ReleasePlan {
  /** new or changed: to upload */
  upload: string[];
  /** unchanged: carried over from the previous release */
  keep: string[];
  /** in the previous release only: not carried over */
  drop: string[];
}

export function planRelease(next: Manifest, prev: Manifest | undefined): ReleasePlan {
  const upload: string[] = [];
  const keep: string[] = [];
  for (const [path, e] of Object.entries(next.files)) {
    const old = prev?.files[path];
    if (old && old.hash === e.hash && old.size === e.size) keep.push(path);
    else upload.push(path);
  }
  const drop = prev ? Object.keys(prev.files).filter((p) => !(p in next.files)) : [];
  return { upload, keep, drop };
}

/** Release folder names sort by time: yyyyMMddHHmmss-<random>. */
export function releaseName(ms: number, rand: string): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${rand}`;
}

export const RELEASE_RE = /^\d{14}-[a-z0-9]+$/;
