// The console window: isolated, sandboxed, no Node, a strict CSP, navigation
// locked to the app, external http(s) links handed to the OS browser.

import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { PAGE_CSP } from '../security';

export const CSP = PAGE_CSP;

/** Vite's dev server needs its inline preamble and websocket; never used for a built app. */
const DEV_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws:");

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

const isHttp = (url: string) => {
  try {
    const p = new URL(url).protocol;
    return p === 'http:' || p === 'https:';
  } catch {
    return false;
  }
};

export function createConsoleWindow(o: WindowOptions): BrowserWindow {
  const ses = session.fromPartition(o.partition);
  const csp = o.devUrl ? DEV_CSP : CSP;
  ses.webRequest.onHeadersReceived((details, callback) => {
    // an external page in /myiframe keeps its own headers; the console's CSP is for the console
    if (details.resourceType === 'subFrame') return callback({ responseHeaders: details.responseHeaders });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));

  const win = new BrowserWindow({
    ...(o.bounds ?? { width: 1440, height: 900 }),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    title: o.title,
    show: false,
    webPreferences: {
      preload: o.preload,
      partition: o.partition,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    },
  });

  const appUrl = o.devUrl ? new URL(o.devUrl).origin : new URL(`file://${join(o.indexHtml, '..')}/`).href;
  const isAppUrl = (url: string) => url.startsWith(appUrl);

  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isHttp(url) && !isAppUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());

  if (o.devUrl) void win.loadURL(o.devUrl);
  else void win.loadFile(o.indexHtml);
  return win;
}
