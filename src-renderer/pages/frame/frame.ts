// /myiframe/{routerPath}: routerPath is the menu item's external URL, URI-encoded.
export const FRAME_PREFIX = '/myiframe/';

export const isExternalUrl = (path: string | undefined): path is string => !!path && /^https?:\/\//i.test(path);

export function framePathOf(url: string): string {
  return `${FRAME_PREFIX}${encodeURIComponent(url)}`;
}

/** The external URL of a /myiframe path, or null. */
export function frameUrlOf(path: string): string | null {
  if (!path.startsWith(FRAME_PREFIX)) return null;
  try {
    const url = decodeURIComponent(path.slice(FRAME_PREFIX.length));
    return isExternalUrl(url) ? url : null;
  } catch {
    return null;
  }
}
