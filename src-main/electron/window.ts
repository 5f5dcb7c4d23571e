// The console window: isolated, sandboxed, no Node, a strict CSP, navigation
// locked to the app, external http(s) links handed to the OS browser.

import { BrowserWindow, session, shell } from 'electron';
import { PAGE_CSP, appUrlOf, navigationAllowed, permissionAllowed, responseHeadersFor, secureWebPreferences, windowOpenDecision } from '../security';

export const CSP = PAGE_CSP;

/** Vite's dev server needs its inline preamble and websocket; never used for a built app. */
// (the whole script-src: next to a hash, 'unsafe-inline' would be ignored)
const DEV_CSP = CSP.replace(/script-src [^;]*/, "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws:");

export interface WindowOptions {
  /** absolute path of the built preload script */
  preload: string;
  /** absolute path of out/renderer/index.html */
  indexHtml: string;
  /** the Vite dev server URL (ELECTRON_RENDERER_URL), in development only */
  devUrl?: string;
  /** session partition of this profile, e.g. persist:profile-local */
  partition: string;
  title: string;
  /** saved bounds already fitted to the displays (WindowState.fitBounds); centred default size when absent */
  bounds?: { x: number; y: number; width: number; height: number } | null;
}

export const MIN_WINDOW = { width: 1024, height: 640 };

export function createConsoleWindow(o: WindowOptions): BrowserWindow {
  const ses = session.fromPartition(o.partition);
  const csp = o.devUrl ? DEV_CSP : CSP;
  ses.webRequest.onHeadersReceived((details, callback) => {
    // an external page in /myiframe keeps its own headers; the console's CSP is for the console
    callback({ responseHeaders: responseHeadersFor(details.resourceType, details.responseHeaders, csp) });
  });
  const appUrl = appUrlOf(o.indexHtml, o.devUrl);
  ses.setPermissionRequestHandler((wc, permission, callback, details) => callback(permissionAllowed(permission, details.requestingUrl || wc.getURL(), appUrl)));
  ses.setPermissionCheckHandler((wc, permission, requestingOrigin) => permissionAllowed(permission, wc?.getURL() || requestingOrigin, appUrl));

  const win = new BrowserWindow({
    ...(o.bounds ?? { width: 1440, height: 900 }),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    title: o.title,
    show: false,
    webPreferences: secureWebPreferences(o.preload, o.partition),
  });

  win.webContents.on('will-navigate', (event, url) => {
    if (!navigationAllowed(url, appUrl)) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (!navigationAllowed(url, appUrl)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, appUrl);
    if (decision.openExternally) void shell.openExternal(url);
    return { action: decision.action };
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());

  if (o.devUrl) void win.loadURL(o.devUrl);
  else void win.loadFile(o.indexHtml);
  return win;
}
