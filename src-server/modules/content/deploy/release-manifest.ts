// The manifest of a release: every file of the site with a hash of its bytes
// (sha-256, first 96 bits: enough to tell a change) and its size. A deploy
// compares the new site against the live release's manifest and uploads only
// what differs; unchanged files are carried into the new release on the server
// (hard links). On the server it is stored gzip-compressed beside the release
// (releases/<name>.manifest.json.gz); the back end also keeps the page
// fingerprints (`keys`) of the releases it made, to skip rendering unchanged pages.
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export interface ManifestEntry {
  hash: string;
  size: number;
}

export interface Manifest {
  version: 1;
  release: string;
  createdAt: string;
  files: Record<string, ManifestEntry>;
  /** path -> fingerprint of what the page was rendered from (kept by the back end, not uploaded) */
  keys?: Record<string, string>;
}

export const manifestName = (release: string): string => `${release}.manifest.json.gz`;

/**
 * A spare copy of a release, beside it: `.spare-<release>`, hard links of its files made on the server once it has
 * gone live, for the next deploy to start from; `.spare-<release>.part` while it is being made.
 */
export const SPARE_PREFIX = '.spare-';
export const SPARE_PART = '.part';
export const spareOf = (releaseDir: string): string => posix.join(posix.dirname(releaseDir), `${SPARE_PREFIX}${posix.basename(releaseDir)}`);
/** the release a spare's folder name is of (with or without SPARE_PART), or undefined for another name */
export function spareRelease(name: string): string | undefined {
  if (!name.startsWith(SPARE_PREFIX)) return undefined;
  const base = name.slice(SPARE_PREFIX.length);
  return base.endsWith(SPARE_PART) ? base.slice(0, -SPARE_PART.length) : base;
}

export const hashOf = (data: Buffer): string => createHash('sha256').update(data).digest('base64url').slice(0, 16);

export const entryOf = (data: Buffer): ManifestEntry => ({ hash: hashOf(data), size: data.length });

/** The server copy: gzip of the manifest without the keys. */
export function packManifest(m: Manifest): Buffer {
  return gzipSync(JSON.stringify({ version: m.version, release: m.release, createdAt: m.createdAt, files: m.files }));
}

export function parseManifest(raw: Buffer | string | undefined): Manifest | undefined {
  if (raw === undefined) return undefined;
  try {
    const buf = typeof raw === 'string' ? Buffer.from(raw, 'binary') : raw;
    const m = JSON.parse((buf[0] === 0x1f && buf[1] === 0x8b ? gunzipSync(buf) : buf).toString('utf8')) as Manifest;
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

/** What a release did to the site's files, against the release before it (what a deploy announces). */
export interface ReleaseDiff {
  /** paths new in this release */
  added: string[];
  /** paths in both whose bytes differ */
  changed: string[];
  /** paths of the release before only */
  removed: string[];
}

/** The diff of `next` against `prev` (every file added when there is no release before). */
export function diffManifests(prev: Manifest | undefined, next: Manifest): ReleaseDiff {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [path, e] of Object.entries(next.files)) {
    const old = prev?.files[path];
    if (!old) added.push(path);
    else if (old.hash !== e.hash || old.size !== e.size) changed.push(path);
  }
  const removed = prev ? Object.keys(prev.files).filter((p) => !(p in next.files)) : [];
  return { added, changed, removed };
}

/**
 * Release folder names sort by time: yyyyMMddHHmmssSSS-<random>, always after the live release's
 * (a clock set back, or two deploys in one millisecond, still give a later name).
 */
export function releaseName(ms: number, rand: string, after?: string): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  let stamp = `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}${p(d.getMilliseconds(), 3)}`;
  const last = after?.split('-')[0];
  if (last && last.length === stamp.length && stamp <= last) stamp = (BigInt(last) + 1n).toString();
  return `${stamp}-${rand}`;
}

export const RELEASE_RE = /^\d{17}-[a-z0-9]+$/;
