// Every channel of the IPC contract, implemented once over a workspace. The
// Electron IPC wiring and the browser-mode RPC both call `dispatch`, which
// checks the channel and the input shape and turns any failure into data.

import {
  IPC_CHANNELS,
  type ApiRequest,
  type Channel,
  type HttpMethod,
  type IpcResult,
  type ProfileInput,
  type ProfilesState,
  type ProfileTestResult,
  type ProfileView,
  type RecentRecord,
  type ReqOf,
  type ResOf,
} from '../../src-shared/ipc';
import type { ErrorLogInput } from '../../src-shared/wire';
import { isWriteMethod, pathOf } from '../../src-shared/writes';
import { validateLoginInput } from '../services/AuthService';
import { FileService, validateUploadInput } from '../services/FileService';
import { Exporter, validateExportStart, type ChooseSavePath } from '../services/Exporter';
import { backupLocalWorkspace } from '../services/LocalBackup';
import { restoreLocalWorkspace, validateRestoreSource } from '../services/LocalRestore';
import { backupRefused, localRefusal, type LocalServer } from '../services/LocalServer';
import { reasonOf } from '../../src-server/backup/refusal';
import type { EmbeddedServer } from '../../src-server/app';
import { previewKeywords, uploadKeywords, validateKeywordSource, warmKeywordWorker } from '../services/KeywordFiles';
import { validateSettings, type UpdateService } from '../services/UpdateService';
import { DeskError, toErrorShape } from '../services/errors';
import type { Workspace } from '../workspace';

export type Handlers = { [K in Channel]: (req: ReqOf<K>) => Promise<ResOf<K>> };

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'delete'];
const bad = (message: string): never => {
  throw new DeskError(400, message);
};
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** An api:request from the renderer: a known method and a path under the profile's base URL, nothing else. */
export function validateApiRequest(req: unknown): ApiRequest {
  if (!isObject(req)) bad('request must be an object');
  const r = req as Record<string, unknown>;
  const method = typeof r.method === 'string' ? r.method.toLowerCase() : '';
  if (!METHODS.includes(method as HttpMethod)) bad('method must be get, post, put or delete');
  const url = r.url;
  // A path only: no scheme, no protocol-relative URL, no backslash tricks, so the call cannot leave the profile's server.
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(url)) {
    bad('url must be a path starting with /');
  }
  if (r.params !== undefined && r.params !== null && !isObject(r.params)) bad('params must be an object');
  const out: ApiRequest = { method: method as HttpMethod, url: url as string };
  if (isObject(r.params)) out.params = r.params;
  if (r.data !== undefined) out.data = r.data;
  const language = languageOf(r);
  if (language) out.language = language;
  return out;
}

/** the console's language a call carries (src-shared/ipc.ts LANGUAGE_CHANNELS), for the back end's Accept-Language */
export const languageOf = (req: unknown): 'zh' | 'en' | undefined => {
  const language = isObject(req) ? req.language : undefined;
  return language === 'zh' || language === 'en' ? language : undefined;
};

export function validateLogInput(req: unknown): ErrorLogInput {
  if (!isObject(req)) bad('log entry must be an object');
  const r = req as Record<string, unknown>;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : bad(`${k} must be a string`));
  const opt = (k: string) => (r[k] === undefined || r[k] === null ? undefined : typeof r[k] === 'string' ? (r[k] as string) : bad(`${k} must be a string`));
  const out: ErrorLogInput = { type: str('type'), url: str('url'), message: str('message') };
  const stack = opt('stack');
  const info = opt('info');
  if (stack !== undefined) out.stack = stack;
  if (info !== undefined) out.info = info;
  return out;
}

/** The profiles manager as the host offers it (the registry in src-main/profiles.ts implements it). */
export interface ProfileManagerApi {
  list(): Promise<ProfilesState>;
  save(input: ProfileInput): Promise<ProfileView>;
  remove(id: string): Promise<void>;
  duplicate(id: string): Promise<ProfileView>;
  test(input: ProfileInput): Promise<ProfileTestResult>;
  open(id: string): Promise<{ opened: boolean }>;
}

/** Host capabilities that are not part of a workspace (Electron passes shell.openExternal). */
export interface HostExtras {
  openExternal?: (url: string) => Promise<void>;
  /** the native save dialog (Electron); browser mode and tests pass a function returning a path */
  chooseSavePath?: ChooseSavePath;
  /** Electron: shell.showItemInFolder for a saved export */
  revealFile?: (path: string) => void;
  /** Electron: the native open dialog for a keyword .txt file (null when cancelled) */
  chooseKeywordFile?: () => Promise<string | null>;
  /** the app's updater and its settings (one for the whole app) */
  updates?: UpdateService;
  /** the profiles manager as seen from this workspace's window / page (src-main/profiles.ts) */
  profiles?: ProfileManagerApi;
  /** the Local workspace only: its embedded back end's data folder (what 备份 copies) */
  localServerDir?: string;
  /** the Local workspace only: its embedded back end, which 恢复 stops and starts again */
  localServer?: LocalServer;
  /** Electron: the native open dialog for a backup file (null when cancelled) */
  chooseBackupFile?: () => Promise<string | null>;
  /** after a restore: the back end's new URL and keys go into the Local profile and its workspace is made anew */
  onLocalRestored?: (server: EmbeddedServer) => Promise<void>;
}

export const LOG_UPLOAD_URL = '/blade-log/error/upload';
const MENU_ROUTES_URL = '/website-blade-system/menu/routes';
const FLOW_DEPLOY_URL = '/blade-flow/manager/deploy-upload';
const TRAFFIC_IMPORT_URL = '/seo-blade-search/traffic/import';
/** Search Console's export: the zip of a Performance report, or its Dates.csv */
const TRAFFIC_IMPORT_FILE = /\.(zip|csv)$/i;

function httpUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 4000) return bad('url must be an http(s) URL');
  let parsed: URL;
  try {
    parsed = new URL(value as string);
  } catch {
    return bad('url must be an http(s) URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') bad('url must be an http(s) URL');
  return value as string;
}

/** Every path of a menu tree (any depth). */
function menuPaths(nodes: unknown, out = new Set<string>()): Set<string> {
  if (!Array.isArray(nodes)) return out;
  for (const n of nodes) {
    if (!isObject(n)) continue;
    if (typeof n.path === 'string') out.add(n.path);
    menuPaths(n.children, out);
  }
  return out;
}

/** How many recently opened records a profile keeps. */
export const RECENT_MAX = 30;

function isRecentRecord(r: unknown): r is RecentRecord {
  return (
    isObject(r) &&
    typeof r.path === 'string' && r.path.startsWith('/') && r.path.length < 500 &&
    typeof r.id === 'string' && r.id.length > 0 && r.id.length < 100 &&
    typeof r.label === 'string' && r.label.length < 300 &&
    typeof r.time === 'number' && Number.isFinite(r.time)
  );
}

export function createHandlers(ws: Workspace, extras: HostExtras = {}): Handlers {
  const tabsKey = `tabs:${ws.profile.id}`;
  const recentKey = `recent:${ws.profile.id}`;
  const files = new FileService(ws.api);
  const exporter = new Exporter(ws.api, ws.events.emit);
  const profiles = (): ProfileManagerApi => extras.profiles ?? bad('this host has no profiles manager');
  const profileId = (req: unknown): string => (isObject(req) && typeof req.id === 'string' && req.id ? req.id : bad('id is required'));
  const profileInput = (req: unknown) => (isObject(req) ? req : bad('profile must be an object'));
  return {
    'app:info': async () => ({ version: ws.version, host: ws.host, profile: ws.profile, secretStorage: ws.vault.kind }),
    'profiles:list': () => profiles().list(),
    'profiles:save': (req) => profiles().save(profileInput(req)),
    'profiles:remove': (req) => profiles().remove(profileId(req)),
    'profiles:duplicate': (req) => profiles().duplicate(profileId(req)),
    'profiles:test': (req) => profiles().test(profileInput(req)),
    'profiles:open': (req) => profiles().open(profileId(req)),
    'auth:captcha': () => ws.auth.captcha(),
    'auth:login': (req) => ws.auth.login(validateLoginInput(req)),
    'auth:logout': () => ws.auth.logout(),
    'auth:session': async () => ws.auth.current(),
    'api:request': async (req) => {
      const request = validateApiRequest(req);
      const reply = await ws.api.request(request);
      ws.dict.afterRequest(request);
      // every window / page of the profile drops what it holds of the resource (sent before the reply, so the
      // writer's own window has it when its next click comes)
      if (isWriteMethod(request.method)) ws.events.emit('data:changed', { url: pathOf(request.url), at: Date.now() });
      return reply;
    },
    'dict:get': (req) => ws.dict.get(isObject(req) && typeof req.code === 'string' ? req.code : bad('code is required')),
    'log:add': async (req) => {
      ws.logs.add(validateLogInput(req));
    },
    'log:list': async () => ws.logs.list(),
    'log:clear': async () => ws.logs.clear(),
    'log:upload': async () => {
      const logs = ws.logs.list();
      if (logs.length === 0) return { count: 0 };
      await ws.api.request({
        method: 'post',
        url: LOG_UPLOAD_URL,
        data: logs.map((l) => ({ type: l.type, url: l.url, message: l.message, stack: l.stack ?? '', info: l.info ?? '', time: l.time })),
      });
      return { count: logs.length };
    },
    'app:open-external': async (req) => {
      const url = httpUrl(isObject(req) ? req.url : undefined);
      if (!extras.openExternal) return { opened: false };
      await extras.openExternal(url);
      return { opened: true };
    },
    'tabs:get': async () => {
      try {
        const value: unknown = JSON.parse(ws.db.getPreference(tabsKey) ?? '[]');
        return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string' && t.startsWith('/')).slice(0, 100) : [];
      } catch {
        return [];
      }
    },
    'tabs:save': async (req) => {
      const tags = isObject(req) && Array.isArray(req.tags) ? req.tags : bad('tags must be a list');
      if (tags.length > 100 || !tags.every((t) => typeof t === 'string' && t.startsWith('/') && t.length < 500)) bad('tags must be paths');
      ws.db.setPreference(tabsKey, JSON.stringify(tags));
    },
    'recent:get': async () => {
      try {
        const value: unknown = JSON.parse(ws.db.getPreference(recentKey) ?? '[]');
        return Array.isArray(value) ? value.filter(isRecentRecord).slice(0, RECENT_MAX) : [];
      } catch {
        return [];
      }
    },
    'recent:save': async (req) => {
      const records = isObject(req) && Array.isArray(req.records) ? req.records : bad('records must be a list');
      if (records.length > RECENT_MAX || !records.every(isRecentRecord)) bad('records must be {path, id, label, time}');
      ws.db.setPreference(recentKey, JSON.stringify(records));
    },
    'file:upload': (req) => files.upload(validateUploadInput(req), languageOf(req)),
    'file:read': async (req) => ({ url: await files.read(isObject(req) && typeof req.link === 'string' ? req.link : bad('link is required')) }),
    'keywords:preview': (req) => previewKeywords(validateKeywordSource(req)),
    'keywords:upload': (req) => uploadKeywords(ws.api, validateKeywordSource(req), languageOf(req)),
    'flow:deploy-upload': async (req) => {
      const r = isObject(req) ? req : bad('request must be an object');
      const category = typeof r.category === 'string' && r.category.trim() ? r.category.trim() : bad('请选择流程类型');
      const files = Array.isArray(r.files) ? r.files : [];
      if (files.length === 0 || files.length > 10) bad('请选择流程文件');
      const form = new FormData();
      form.append('category', category);
      if (typeof r.tenantIds === 'string' && r.tenantIds) form.append('tenantIds', r.tenantIds);
      for (const f of files) {
        if (!isObject(f) || typeof f.name !== 'string' || typeof f.text !== 'string' || f.text.length > 2 * 1024 * 1024) bad('流程文件不能超过2MB');
        form.append('files', new Blob([f.text as string], { type: 'text/xml' }), f.name as string);
      }
      const reply = await ws.api.request({ method: 'post', url: FLOW_DEPLOY_URL, data: form, language: languageOf(r) });
      ws.events.emit('data:changed', { url: FLOW_DEPLOY_URL, at: Date.now() });
      return { msg: reply.msg };
    },
    'search:traffic-import': async (req) => {
      const r = isObject(req) ? req : bad('request must be an object');
      const websiteInfoId = typeof r.websiteInfoId === 'string' && r.websiteInfoId.trim() ? r.websiteInfoId.trim() : bad('请选择网站');
      const name = typeof r.name === 'string' && TRAFFIC_IMPORT_FILE.test(r.name) && r.name.length <= 255 ? r.name : bad('请选择 Search Console 导出的 zip 或 csv 文件');
      const upload = validateUploadInput({ name, base64: r.base64 });
      const bytes = Buffer.from(upload.base64, 'base64');
      if (bytes.length === 0) bad('empty file');
      const form = new FormData();
      form.append('websiteInfoId', websiteInfoId);
      form.append('file', new Blob([bytes], { type: /\.zip$/i.test(name) ? 'application/zip' : 'text/csv' }), name);
      const reply = await ws.api.request({ method: 'post', url: TRAFFIC_IMPORT_URL, data: form, language: languageOf(r) });
      ws.events.emit('data:changed', { url: TRAFFIC_IMPORT_URL, at: Date.now() });
      return reply;
    },
    'export:start': (req) => {
      const start = validateExportStart(req);
      if (!extras.chooseSavePath) throw new DeskError(400, 'this host has no save dialog');
      return exporter.start(start, extras.chooseSavePath);
    },
    'local:backup': async () => {
      if (!extras.localServerDir) throw localRefusal(400, 'backupLocalOnly');
      if (!extras.chooseSavePath) throw localRefusal(400, 'noSaveDialog');
      try {
        return await backupLocalWorkspace(extras.localServerDir, extras.chooseSavePath, extras.localServer);
      } catch (e) {
        throw e instanceof DeskError ? e : backupRefused(500, reasonOf(e));
      }
    },
    'local:restore-choose': async () => {
      if (!extras.localServer) throw localRefusal(400, 'restoreLocalOnly');
      // a restore already under way (the back end stopped) or a backup reading the folder: say so before any dialog
      if (extras.localServer.restoring) throw localRefusal(409, 'restoreRunning');
      if (extras.localServer.backingUp) throw localRefusal(409, 'restoreDuringBackup');
      return { path: extras.chooseBackupFile ? await extras.chooseBackupFile() : null, dataDir: extras.localServer.dataDir };
    },
    'local:restore': async (req) => {
      if (!extras.localServer) throw localRefusal(400, 'restoreLocalOnly');
      const source = validateRestoreSource(req);
      let done;
      try {
        done = await restoreLocalWorkspace(source, extras.localServer);
      } catch (e) {
        throw e instanceof DeskError ? e : backupRefused(500, reasonOf(e));
      }
      // the restored database has its own accounts and sessions: this one ends here
      await ws.session.end();
      await extras.onLocalRestored?.(done.server);
      return done.result;
    },
    'export:cancel': async (req) => ({ cancelled: exporter.cancel(isObject(req) && typeof req.id === 'string' ? req.id : bad('id is required')) }),
    'export:reveal': async (req) => {
      const path = isObject(req) && typeof req.path === 'string' ? req.path : bad('path is required');
      // only a file an export of this window saved: a page script cannot make main open any path
      if (!exporter.wasSaved(path)) bad('not an exported file');
      if (!extras.revealFile) return { shown: false, path };
      extras.revealFile(path);
      return { shown: true, path };
    },
    'keywords:choose': async () => ({ path: extras.chooseKeywordFile ? await extras.chooseKeywordFile() : null }),
    'keywords:warm': async () => warmKeywordWorker(),
    'update:state': async () => extras.updates?.state() ?? { phase: 'idle', current: ws.version, canRestart: false },
    'update:check': async () => (extras.updates ? extras.updates.check() : { phase: 'idle', current: ws.version, canRestart: false }),
    'update:restart': async () => extras.updates?.restart() ?? { restarting: false },
    'settings:get': async () => extras.updates?.getSettings() ?? { updateFeedUrl: '' },
    'settings:save': async (req) => {
      const input = validateSettings(req);
      if (!extras.updates) return bad('this host keeps no settings');
      return extras.updates.saveSettings(input);
    },
    'auth:switch': async (req) => {
      const r: Record<string, unknown> = isObject(req) ? req : {};
      const deptId = typeof r.deptId === 'string' && r.deptId.trim() ? r.deptId.trim() : bad('请选择部门');
      const roleId = typeof r.roleId === 'string' && r.roleId.trim() ? r.roleId.trim() : bad('请选择角色');
      const user = ws.session.user;
      if (!user) throw new DeskError(401, 'not signed in');
      ws.session.setUser(user, { ...ws.session.scope, deptId, roleId });
      await ws.api.refresh();
      ws.dict.invalidate();
      return ws.session.user ?? user;
    },
    'frame:url': async (req) => {
      const url = httpUrl(isObject(req) ? req.url : undefined);
      // Only a URL the signed-in user's menu holds gets the token: a page script cannot make main put it into any URL.
      const routes = await ws.api.request({ method: 'get', url: MENU_ROUTES_URL });
      if (!menuPaths(routes.data).has(url)) bad('not a menu URL');
      const token = ws.session.accessToken ?? '';
      return { url: url.split('${token}').join(encodeURIComponent(token)) };
    },
  };
}

const CHANNELS = new Set<string>(IPC_CHANNELS);
export const isChannel = (name: unknown): name is Channel => typeof name === 'string' && CHANNELS.has(name);

/** Runs one channel; never throws: failures come back as { ok: false, error }. */
export async function dispatch<K extends Channel>(handlers: Handlers, channel: K | string, req: unknown): Promise<IpcResult<ResOf<K>>> {
  if (!isChannel(channel)) return { ok: false, error: { code: 404, message: `unknown channel ${String(channel).slice(0, 100)}` } };
  try {
    const handler = handlers[channel] as (r: unknown) => Promise<ResOf<K>>;
    const data = await handler(req ?? undefined);
    return { ok: true, data: (data === undefined ? null : data) as ResOf<K> };
  } catch (e) {
    return { ok: false, error: toErrorShape(e) };
  }
}
