// Electron entry: the thin wiring. Everything it composes is plain TypeScript
// that also runs under Node (tests, browser mode). One window per profile, each
// with its own session partition and workspace; the open profiles and their
// window bounds are saved and reopened at the next start.

import { app, BrowserWindow, dialog, screen, shell } from 'electron';
import Store from 'electron-store';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../src-server/app';
import { registerIpc, sendEvent } from './electron/ipc';
import { electronSafeStorage } from './electron/secrets';
import { createConsoleWindow, MIN_WINDOW } from './electron/window';
import { loadKeytar } from './keytar';
import { WorkspaceRegistry } from './profiles';
import { LocalDb } from './services/LocalDb';
import { LocalServer } from './services/LocalServer';
import { LOCAL_PROFILE_ID, ProfileService } from './services/ProfileService';
import { selectSecretBackend } from './services/SecretStorage';
import { TokenVault, VAULT_SERVICE } from './services/TokenVault';
import { UpdateService } from './services/UpdateService';
import { electronUpdaterAdapter } from './electron/updater';
import {
  afterWindowClosed,
  afterWindowOpened,
  fitBounds,
  profilesToReopen,
  readWindowsState,
  windowTitle,
  withBounds,
  withoutProfile,
  type WindowsState,
} from './services/WindowState';

const here = fileURLToPath(new URL('.', import.meta.url)); // out/main/
const PRELOAD = join(here, '../preload/index.cjs');
const INDEX_HTML = join(here, '../renderer/index.html');
const WINDOWS_KEY = 'windows';


/** profile id -> its window; webContents id -> profile id */
const windows = new Map<string, BrowserWindow>();
const profileOfContents = new Map<number, string>();
let server: LocalServer | null = null;
let registry: WorkspaceRegistry | null = null;
let windowStore: Store<Record<string, unknown>> | null = null;
let quitting = false;
let updates: UpdateService | null = null;

const loadState = (): WindowsState => readWindowsState(windowStore?.get(WINDOWS_KEY));
const saveState = (state: WindowsState) => windowStore?.set(WINDOWS_KEY, state);

/** The window title: the profile, and the tenant signed in to (else the profile's). */
function titleOf(profileId: string): string {
  const profile = registry?.profiles.get(profileId);
  if (!profile) return 'SEO Matrix Console';
  const tenant = registry?.peek(profileId)?.session.user?.tenant_id || profile.tenantId;
  return windowTitle(profile.name, tenant);
}

/** Opens the profile's window, or focuses it when it is already open (a profile is open once). */
async function openProfileWindow(profileId: string): Promise<void> {
  const existing = windows.get(profileId);
  if (existing && !existing.isDestroyed()) {
    if (existing.isMinimized()) existing.restore();
    existing.focus();
    return;
  }
  const reg = registry!;
  const profile = reg.profiles.get(profileId);
  if (!profile) throw new Error(`no profile ${profileId}`);
  // the workspace first: a profile that cannot start (CA file gone) fails here, not in an empty window
  await reg.workspace(profileId);

  const saved = loadState().bounds[profileId];
  const bounds = fitBounds(saved, screen.getAllDisplays().map((d) => d.workArea), MIN_WINDOW);
  const win = createConsoleWindow({
    preload: PRELOAD,
    indexHtml: INDEX_HTML,
    devUrl: !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined,
    partition: `persist:profile-${profile.id}`,
    title: titleOf(profile.id),
    bounds,
  });
  if (saved?.maximized) win.maximize();
  const contentsId = win.webContents.id;
  windows.set(profile.id, win);
  profileOfContents.set(contentsId, profile.id);
  saveState(afterWindowOpened(loadState(), profile.id));

  // the title names the profile and tenant, whatever the page calls itself
  win.on('page-title-updated', (event) => {
    event.preventDefault();
    win.setTitle(titleOf(profile.id));
  });
  const unsubscribe = reg.events(profile.id).subscribe((event, payload) => sendEvent(win.webContents, event, payload));
  win.on('close', () => saveState(withBounds(loadState(), profile.id, win.getNormalBounds(), win.isMaximized())));
  win.on('closed', () => {
    unsubscribe();
    windows.delete(profile.id);
    profileOfContents.delete(contentsId);
    saveState(afterWindowClosed(loadState(), profile.id, { quitting, remaining: windows.size }));
  });
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const started = await startServer({ dataDir: join(userData, 'server') });
  // 恢复 stops and starts it again (src-main/services/LocalRestore.ts)
  const local = new LocalServer(started, (dataDir, port) => startServer({ dataDir, port }));
  server = local;
  windowStore = new Store<Record<string, unknown>>({ name: 'windows' });
  const profiles = new ProfileService(new Store({ name: 'profiles' }), { localBaseUrl: started.url, localAesKey: started.aesKey, localPublicKey: started.publicKey });
  const secrets = await selectSecretBackend({
    keytar: loadKeytar(),
    service: VAULT_SERVICE,
    safeStorage: electronSafeStorage,
    store: new Store<Record<string, unknown>>({ name: 'secrets' }),
  });
  // auto-update on the generic feed from the settings; every window hears its state (and asks before restarting)
  updates = new UpdateService(electronUpdaterAdapter(), new Store<Record<string, unknown>>({ name: 'settings' }), app.getVersion(), (state) => {
    for (const w of windows.values()) if (!w.isDestroyed()) sendEvent(w.webContents, 'update:state', state);
  });
  registry = new WorkspaceRegistry({
    profiles,
    vault: new TokenVault(secrets.backend, secrets.kind === 'memory' ? {} : { kind: secrets.kind }),
    host: 'electron',
    version: app.getVersion(),
    openDb: (id) => {
      mkdirSync(join(userData, 'profiles', id), { recursive: true });
      return LocalDb.open(join(userData, 'profiles', id, 'local.db'));
    },
    extras: (id) => ({
      openExternal: (url) => shell.openExternal(url),
      // exports stream straight to the file the operator picks in the native save dialog
      chooseSavePath: async (name) => {
        const win = windows.get(id);
        const result = win ? await dialog.showSaveDialog(win, { defaultPath: name }) : await dialog.showSaveDialog({ defaultPath: name });
        return result.filePath || null;
      },
      revealFile: (path) => shell.showItemInFolder(path),
      chooseKeywordFile: async () => {
        const win = windows.get(id);
        const options = { properties: ['openFile' as const], filters: [{ name: 'Text', extensions: ['txt'] }] };
        const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      ...(updates ? { updates } : {}),
      // 备份 and 恢复 are the Local workspace's only
      ...(id === LOCAL_PROFILE_ID
        ? {
          localServerDir: join(userData, 'server'),
          localServer: local,
          chooseBackupFile: async () => {
            const win = windows.get(id);
            const options = { properties: ['openFile' as const], filters: [{ name: 'Backup', extensions: ['gz', 'tgz'] }] };
            const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
            return result.canceled ? null : (result.filePaths[0] ?? null);
          },
          onLocalRestored: (s: { url: string; aesKey: string; publicKey: string }) => registry!.localServerRestarted(s),
        }
        : {}),
    }),
    windows: {
      open: openProfileWindow,
      close: (id) => {
        windows.get(id)?.close();
        saveState(withoutProfile(loadState(), id));
      },
      openIds: () => [...windows.keys()],
    },
  });
  registerIpc((contentsId) => {
    const profileId = profileOfContents.get(contentsId);
    return profileId && registry ? registry.handlers(profileId) : null;
  });
  const reopen = profilesToReopen(loadState(), profiles.list().map((p) => p.id), LOCAL_PROFILE_ID);
  for (const id of reopen) {
    try {
      await openProfileWindow(id);
    } catch (e) {
      console.error(`profile ${id} could not be opened:`, e instanceof Error ? e.message : e);
    }
  }
  if (windows.size === 0) await openProfileWindow(LOCAL_PROFILE_ID);
  // the update check waits for the first window's first paint (it is shown on ready-to-show)
  const first = windows.values().next().value;
  if (first?.isVisible()) void updates.check();
  else first?.once('show', () => void updates?.check());
}

async function shutdown(): Promise<void> {
  await registry?.closeAll();
  const s = server;
  server = null;
  await s?.close();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // a second launch focuses the first window of this one
  app.on('second-instance', () => {
    const first = windows.values().next().value;
    if (first) {
      if (first.isMinimized()) first.restore();
      first.focus();
    }
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  app
    .whenReady()
    .then(async () => {
      await start();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) void openProfileWindow(LOCAL_PROFILE_ID);
      });
    })
    .catch((e: unknown) => {
      console.error('startup failed:', e instanceof Error ? e.message : e);
      app.quit();
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let shutDown = false;
  app.on('before-quit', (event) => {
    quitting = true;
    if (shutDown) return;
    shutDown = true;
    event.preventDefault();
    shutdown().finally(() => app.quit());
  });
}
