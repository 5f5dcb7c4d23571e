// Electron entry: the thin wiring. Everything it composes is plain TypeScript
// that also runs under Node (tests, browser mode).

import { app, BrowserWindow, dialog, shell } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../src-server/app';
import { registerIpc, sendEvent } from './electron/ipc';
import { createConsoleWindow } from './electron/window';
import { createHandlers, type Handlers } from './ipc/handlers';
import { loadKeytar } from './keytar';
import { LocalDb } from './services/LocalDb';
import { LOCAL_PROFILE_ID, ProfileService } from './services/ProfileService';
import { TokenVault } from './services/TokenVault';
import { createWorkspace, type Workspace } from './workspace';

const here = fileURLToPath(new URL('.', import.meta.url)); // out/main/
const PRELOAD = join(here, '../preload/index.cjs');
const INDEX_HTML = join(here, '../renderer/index.html');

type Server = Awaited<ReturnType<typeof startServer>>;

const windows = new Map<number, { win: BrowserWindow; handlers: Handlers }>();
let server: Server | null = null;
const workspaces: Workspace[] = [];

async function openLocalWorkspace(): Promise<void> {
  const userData = app.getPath('userData');
  server = await startServer({ dataDir: join(userData, 'server') });
  const profiles = new ProfileService(new Store({ name: 'profiles' }), { localBaseUrl: server.url, localAesKey: server.aesKey });
  const profile = profiles.get(LOCAL_PROFILE_ID)!;
  const ws = await createWorkspace({
    profile,
    vault: new TokenVault(loadKeytar()),
    db: LocalDb.open(join(userData, 'profiles', profile.id, 'local.db')),
    host: 'electron',
    version: app.getVersion(),
  });
  workspaces.push(ws);

  const win = createConsoleWindow({
    preload: PRELOAD,
    indexHtml: INDEX_HTML,
    devUrl: !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined,
    partition: `persist:profile-${profile.id}`,
    title: `SEO Matrix Console - ${profile.name}`,
  });
  const id = win.webContents.id;
  windows.set(id, {
    win,
    handlers: createHandlers(ws, {
      openExternal: (url) => shell.openExternal(url),
      // exports stream straight to the file the operator picks in the native save dialog
      chooseSavePath: async (name) => (await dialog.showSaveDialog(win, { defaultPath: name })).filePath || null,
    }),
  });
  const unsubscribe = ws.events.subscribe((event, payload) => sendEvent(win.webContents, event, payload));
  win.on('closed', () => {
    unsubscribe();
    windows.delete(id);
  });
}

async function shutdown(): Promise<void> {
  for (const ws of workspaces.splice(0)) ws.close();
  const s = server;
  server = null;
  await s?.close();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const first = windows.values().next().value;
    if (first) {
      if (first.win.isMinimized()) first.win.restore();
      first.win.focus();
    }
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  app.whenReady().then(async () => {
    registerIpc((webContentsId) => windows.get(webContentsId)?.handlers ?? null);
    await openLocalWorkspace();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) void openLocalWorkspace();
    });
  }).catch((e: unknown) => {
    console.error('startup failed:', e instanceof Error ? e.message : e);
    app.quit();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    shutdown().finally(() => app.quit());
  });
}
