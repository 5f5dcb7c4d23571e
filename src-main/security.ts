// The console page's Content-Security-Policy, one definition for the Electron
// window (response header) and the browser-mode host. src-renderer/index.html
// carries the same policy as a meta tag for pages loaded from file://. Below,
// the window's other security decisions as plain functions.

import { join } from 'node:path';

/**
 * sha256 of index.html's one inline script (it picks the static login frame or the loading indicator
 * before the first paint); tests/unit/main/hardening-window.test.ts checks it against the file
 */
export const BOOT_SCRIPT_HASH = "'sha256-ibbVrjgNvwMfVVb3oU073QepswRZWzBHmRfdKjj5Lz8='";

export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
  "connect-src 'self'",
  "object-src 'none'",
  // /myiframe/{routerPath}: external pages of the menu, in a sandboxed frame
  'frame-src http: https:',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The policy as index.html's meta tag carries it (a meta CSP cannot hold frame-ancestors). */
export const META_CSP = PAGE_CSP.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors'))
  .join('; ');

/**
 * The security decisions of a console window, as plain functions (unit-tested
 * in tests/unit/main/hardening-window.test.ts); createConsoleWindow
 * (src-main/electron/window.ts) wires them into Electron.
 */

/** Isolated, sandboxed, no Node in the page, web security on, no <webview>. */
export function secureWebPreferences(preload: string, partition: string) {
  return {
    preload,
    partition,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
  } as const;
}

/** The app's own URL prefix: the dev server's origin, or the folder of index.html as a file: URL. */
export function appUrlOf(indexHtml: string, devUrl?: string): string {
  if (devUrl) return `${new URL(devUrl).origin}/`;
  return new URL(`file://${join(indexHtml, '..')}/`).href;
}

const normal = (url: string): string | null => {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
};

/** Navigation (and redirects) of the window: only within the app itself. */
export function navigationAllowed(url: string, appUrl: string): boolean {
  const u = normal(url);
  return u !== null && u.startsWith(appUrl);
}

export function isHttpUrl(url: string): boolean {
  const u = normal(url);
  return u !== null && (u.startsWith('http:') || u.startsWith('https:'));
}

/** window.open / target=_blank: never a new Electron window; an external http(s) page goes to the OS browser. */
export function windowOpenDecision(url: string, appUrl: string): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: isHttpUrl(url) && !navigationAllowed(url, appUrl) };
}

/**
 * Camera, microphone, notifications, geolocation...: every permission is
 * denied, except full screen (the header's button) for the app's own page.
 */
export function permissionAllowed(permission: string, requestingUrl: string, appUrl: string): boolean {
  return permission === 'fullscreen' && navigationAllowed(requestingUrl, appUrl);
}

type Headers = Record<string, string | string[]> | undefined;

/** The console's responses get its CSP (any CSP a server sent is replaced); a frame's external page keeps its own headers. */
export function responseHeadersFor(resourceType: string, headers: Headers, csp: string): Record<string, string | string[]> {
  if (resourceType === 'subFrame') return { ...(headers ?? {}) };
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() !== 'content-security-policy') out[k] = v;
  out['Content-Security-Policy'] = [csp];
  return out;
}
