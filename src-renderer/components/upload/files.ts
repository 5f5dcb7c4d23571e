// File helpers of the renderer: bytes to base64 for the file:upload channel,
// the upload checks of an image field, and stored images as data: URLs.
import { call } from '../../platform/bridge';

/** base64 of a file's bytes (chunked: large files do not overflow the call stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export const extensionOf = (name: string): string => {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
};

/** 'jpeg' is accepted wherever 'jpg' is, and the other way round. */
export function acceptsExtension(accept: readonly string[], ext: string): boolean {
  if (accept.includes(ext)) return true;
  if (ext === 'jpeg') return accept.includes('jpg');
  if (ext === 'jpg') return accept.includes('jpeg');
  return false;
}

/** '10 MB' / '500 kb' for a limit in KB. */
export function sizeLabel(maxKB: number): string {
  return maxKB >= 1024 && maxKB % 1024 === 0 ? `${maxKB / 1024} MB` : `${maxKB} kb`;
}

/** The first problem of a file against the limits, or null. */
export function uploadProblem(file: { name: string; size: number }, accept: readonly string[], maxKB: number): 'type' | 'size' | null {
  if (!acceptsExtension(accept, extensionOf(file.name))) return 'type';
  if (file.size > maxKB * 1024) return 'size';
  return null;
}

const cache = new Map<string, Promise<string>>();

/** A stored image link as a data: URL (through main; cached for the session). */
export function readImage(link: string): Promise<string> {
  if (link.startsWith('data:')) return Promise.resolve(link);
  let pending = cache.get(link);
  if (!pending) {
    pending = call('file:read', { link }).then((r) => r.url);
    pending.catch(() => cache.delete(link));
    cache.set(link, pending);
  }
  return pending;
}
