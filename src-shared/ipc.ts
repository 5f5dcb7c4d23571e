// The one IPC contract. Every channel between the renderer and main is listed
// here with its request and response types. Main registers handlers for all of
// them generically (src-main/ipc), the Electron preload builds invokers from
// IPC_CHANNELS (src-preload), and the browser-mode host serves the same list
// over its loopback RPC (src-main/web). Nothing else names a channel.

import type { CaptchaReply, DictItem, ErrorLogEntry, ErrorLogInput } from './wire';
import type { BackupReason } from './backup-reasons';

/** A workspace the console can sign in to. Secrets are never part of it. */
/** The API a profile's back end speaks (src-main/services/dialects.ts). */
export type ApiDialect = 'spec' | 'bladex' | 'springblade';

export interface Profile {
  id: string;
  name: string;
  /** base URL of the API, ending in /api, e.g. http://127.0.0.1:8080/api */
  baseUrl: string;
  tenantId: string;
  clientId: string;
  colour: string;
  language: 'zh' | 'en';
  /** true: grant_type captcha with a captcha image; false: grant_type password */
  captchaMode: boolean;
  /** allow switching department / role after login */
  switchMode: boolean;
  /** the built-in Local workspace on the embedded back end */
  builtin: boolean;
  /** the back end's 32-character AES key: calls the spec marks (notices) send `Blade-Auth: crypto <AES(token)>` */
  aesKey?: string;
  /** optional HTTP(S) proxy for this profile's back end, e.g. http://proxy.corp:3128 */
  proxyUrl?: string;
  /** optional extra certificate authority (PEM contents or the path of a PEM file), trusted besides the default roots */
  caCert?: string;
  /** the back end's API dialect; none: spec */
  dialect?: ApiDialect;
  /** the back end's SM2 public key (springblade sign-in; the Local workspace shows its own) */
  publicKey?: string;
}

/** What a backup of the Local workspace wrote (`npm run server -- backup` does the same). */
export interface LocalBackupResult {
  /** the file written; '' when the save dialog was cancelled */
  path: string;
  tables: number;
  rows: number;
  files: number;
  /** the data folder files' bytes (the database not counted) */
  bytes: number;
}

/** The backup file a restore reads: the path main's open dialog gave (Electron), or the bytes of the file the page picked (browser mode). */
export type LocalRestoreSource = { path: string } | { name: string; base64: string };

/** What 恢复 brought back (the backup's manifest, counted) and where the data it replaced was kept. */
export interface LocalRestoreResult {
  engine: string;
  schemaVersion: number;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** when the backup was taken (ISO time, the manifest's) */
  takenAt: string;
  /** the folder the workspace's data before the restore was moved to (a sibling of the data folder, never deleted) */
  keptAt: string;
}

/** Where client secrets and tokens are kept: the OS keychain, Electron safeStorage, or memory only (lost on quit). */
export type SecretStorageKind = 'keychain' | 'safe-storage' | 'memory';

/** A profile as the manager shows it: never the client secret itself, only whether one is set and a masked hint. */
export interface ProfileView extends Profile {
  hasSecret: boolean;
  /** e.g. "sa••••••" ('' when none) */
  secretHint: string;
}

/** The profiles manager's form: a profile (no id = new) and, optionally, a new client secret (undefined = keep). */
export type ProfileInput = Partial<Omit<Profile, 'builtin'>> & { clientSecret?: string };

export interface ProfilesState {
  profiles: ProfileView[];
  /** the profile of the calling window / page */
  current: string;
  /** the profiles with an open window (Electron) or a live workspace (browser mode) */
  open: string[];
  secretStorage: SecretStorageKind;
}

/** The result of testing a profile's back end. */
export interface ProfileTestResult {
  reachable: boolean;
  /** HTTP status of the probe (0 when no reply) */
  status: number;
  /** what went wrong, or what was checked ('' when nothing to say) */
  message: string;
  /** whether the back end accepted the client id and secret (null: not determined) */
  clientAccepted: boolean | null;
  /** the API dialect the back end answered in (absent: not determined) */
  dialect?: ApiDialect;
}

/** What the renderer knows of the signed-in user: the token reply minus every token. */
export interface SessionUser {
  account: string;
  user_name: string;
  nick_name: string;
  role_name: string;
  avatar: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  tenant_id: string;
}

export interface LoginInput {
  tenantId: string;
  username: string;
  /** plain text as typed; main hashes it (md5) before it leaves the machine */
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  deptId?: string;
  roleId?: string;
  /** the console's language: a refusal is shown in it (the renderer's `call` fills it in) */
  language?: 'zh' | 'en';
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ApiRequest {
  method: HttpMethod;
  /** path under the profile's base URL, e.g. /website-blade-system/param/list */
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  /**
   * the console's language (the renderer's i18n): sent as Accept-Language, so the embedded back end answers its
   * messages in it (zh, the spec's texts, unless en); the renderer's `call` fills it in
   */
  language?: 'zh' | 'en';
}

/** A call that reaches the back end carries the console's language too (the renderer's `call` fills it in). */
export interface InLanguage {
  language?: 'zh' | 'en';
}

/** the channels whose calls reach the back end: their requests carry the console's language (Accept-Language) */
export const LANGUAGE_CHANNELS = ['api:request', 'auth:login', 'file:upload', 'keywords:upload', 'flow:deploy-upload', 'search:traffic-import'] as const;

/** The R envelope of a successful call (code 200), returned as is. */
export interface ApiReply<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface AppInfo {
  version: string;
  /** 'electron' or 'web' (browser mode) */
  host: 'electron' | 'web';
  profile: Profile;
  /** where secrets are kept (the login page warns when 'memory') */
  secretStorage?: SecretStorageKind;
}

/** A record opened in a screen's view or edit dialog (the command palette lists them). */
export interface RecentRecord {
  /** the screen's route path */
  path: string;
  /** the record's id */
  id: string;
  /** what the operator sees: the record's name or title */
  label: string;
  /** when it was opened (ms since the epoch) */
  time: number;
}

/** channel -> [request, response] */
export interface IpcContract {
  'app:info': [void, AppInfo];
  'auth:captcha': [void, CaptchaReply];
  'auth:login': [LoginInput, SessionUser];
  'auth:logout': [void, void];
  /** the current session user, or null when signed out */
  'auth:session': [void, SessionUser | null];
  'api:request': [ApiRequest, ApiReply];
  /** dictionary entries by code, through the local SQLite cache */
  'dict:get': [{ code: string }, DictItem[]];
  'log:add': [ErrorLogInput, void];
  'log:list': [void, ErrorLogEntry[]];
  'log:clear': [void, void];
  /** posts every local error log entry to the server's error log; returns how many were sent */
  'log:upload': [void, { count: number }];
  /** opens an http(s) URL in the system browser; opened false when the host cannot (browser mode: the renderer opens it) */
  'app:open-external': [{ url: string }, { opened: boolean }];
  /** the open tabs saved for this profile (restored after a restart) */
  'tabs:get': [void, string[]];
  'tabs:save': [{ tags: string[] }, void];
  /** the records an operator opened lately (view / edit dialogs), saved for this profile; newest first */
  'recent:get': [void, RecentRecord[]];
  'recent:save': [{ records: RecentRecord[] }, void];
  /** the URL of a menu item shown in /myiframe, with \${token} substituted by main (the URL must be a menu item's) */
  'frame:url': [{ url: string }, { url: string }];
  /** switch department / role: a token refresh with Dept-Id / Role-Id; returns the new session user */
  'auth:switch': [{ deptId: string; roleId: string }, SessionUser];
  /** uploads a file (base64 bytes) to the server's put-file with the session's token; scene = the form's limits */
  'file:upload': [{ name: string; type?: string; base64: string; scene?: string } & InLanguage, { link: string; name: string; originalName: string }];
  /** a stored image of the profile's server as a data: URL (the renderer's CSP shows data: images only) */
  'file:read': [{ link: string }, { url: string }];
  /** checks and previews a keyword .txt file: a local path (Electron drop / open dialog) or the bytes (browser mode) */
  'keywords:preview': [KeywordFileRef, KeywordPreview];
  /** checks the keyword file again and uploads it to put-file (scene keyword), streamed from main */
  'keywords:upload': [KeywordFileRef & InLanguage, { link: string; name: string; originalName: string; preview: KeywordPreview }];
  /** deploys BPMN files (text) through /blade-flow/manager/deploy-upload (multipart built in main); msg is the server's */
  'flow:deploy-upload': [{ category: string; tenantIds?: string; files: { name: string; text: string }[] } & InLanguage, { msg: string }];
  /** sends Search Console's Performance export (the zip, or its Dates.csv; base64 bytes) for a website to /seo-blade-search/traffic/import (multipart built in main); the server's reply */
  'search:traffic-import': [{ websiteInfoId: string; name: string; base64: string } & InLanguage, ApiReply];
  /** GET (or POST with data) an API path and stream the reply into a file chosen in a save dialog (browser mode: the downloads folder); path '' when the dialog was cancelled */
  'export:start': [{ url: string; method?: 'get' | 'post'; params?: Record<string, unknown>; data?: unknown; name?: string; id?: string }, { id: string; path: string; bytes: number }];
  /** cancels an export in flight by its id; cancelled false when none has that id */
  'export:cancel': [{ id: string }, { cancelled: boolean }];
  /** shows a file an export saved in the file manager (Electron); browser mode: shown false, the page shows the path */
  'export:reveal': [{ path: string }, { shown: boolean; path: string }];
  /** the Local workspace only: a backup of its embedded back end's data folder (database and files) into a file chosen in a save dialog (browser mode: the downloads folder); path '' when the dialog was cancelled */
  'local:backup': [void, LocalBackupResult];
  /** the Local workspace only: where its data folder is (the restore's confirm dialog names it and where the current data is kept) and, Electron, the backup file picked in the native open dialog (path null when cancelled or in browser mode, whose page picks the file) */
  'local:restore-choose': [void, { path: string | null; dataDir: string }];
  /** the Local workspace only: stops the embedded back end, moves its data folder aside, restores the backup (checked against its manifest; refused: the folder is put back as it was) and starts the back end again; the session ends (the restored database has its own accounts) */
  'local:restore': [LocalRestoreSource, LocalRestoreResult];
  /** Electron: the native open dialog for a keyword .txt file (path null when cancelled); browser mode: null, the page's file input is used */
  'keywords:choose': [void, { path: string | null }];
  /** starts (and warms up) the keyword preview's worker thread ahead of a drop: the task form calls it when it opens */
  'keywords:warm': [void, void];
  /** the auto-update state machine (src-main/services/UpdateService.ts) */
  'update:state': [void, UpdateState];
  /** checks the feed now (a download follows in the background when an update is available) */
  'update:check': [void, UpdateState];
  /** restarts into the downloaded update, after the operator agreed; restarting false when the host cannot (browser mode) */
  'update:restart': [void, { restarting: boolean }];
  /** application settings (not per profile): the update feed URL */
  'settings:get': [void, AppSettings];
  'settings:save': [Partial<AppSettings>, AppSettings];
  /** the profiles manager: every profile (secrets masked), the current one, the open ones, the secret storage */
  'profiles:list': [void, ProfilesState];
  /** adds (no id) or updates a profile; clientSecret, when given, goes to the keychain */
  'profiles:save': [ProfileInput, ProfileView];
  'profiles:remove': [{ id: string }, void];
  /** a copy named "<name> (2)", secret included */
  'profiles:duplicate': [{ id: string }, ProfileView];
  /** probes the back end of a profile as filled in the form (the saved secret when none is given) */
  'profiles:test': [ProfileInput, ProfileTestResult];
  /** Electron: opens (or focuses) the profile's window, opened true; browser mode: opened false, the page opens /?profile=<id> */
  'profiles:open': [{ id: string }, { opened: boolean }];
}

/** Application settings kept by main, shared by every profile. */
export interface AppSettings {
  /** generic update feed (latest.yml and the installers, as electron-builder publishes them); '' = no update checks */
  updateFeedUrl: string;
}

/** Where the updater is: idle -> checking -> available / not-available -> downloading -> downloaded (ask to restart) | error. */
export interface UpdateState {
  phase: 'idle' | 'checking' | 'available' | 'not-available' | 'downloading' | 'downloaded' | 'error';
  /** the running version */
  current: string;
  /** the feed's version, once known */
  version?: string;
  /** downloading: bytes so far and the total (null when unknown) */
  transferred?: number;
  total?: number | null;
  /** error: what went wrong */
  message?: string;
  /** false when this host cannot install an update (browser mode) */
  canRestart: boolean;
}

/** A keyword file: a local path, or its name and bytes (base64). */
export type KeywordFileRef = { path: string } | { name: string; base64: string };

/** What main found in a keyword file. */
export interface KeywordPreview {
  name: string;
  size: number;
  encoding: 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'gbk';
  /** every line, empty ones included */
  lines: number;
  /** distinct keywords (trimmed, non-empty) */
  unique: number;
  /** non-empty lines repeating an earlier keyword */
  duplicates: number;
  /** empty or white-space-only lines */
  empty: number;
  /** the first 20 lines */
  firstLines: string[];
}

export type Channel = keyof IpcContract;
export type ReqOf<K extends Channel> = IpcContract[K][0];
export type ResOf<K extends Channel> = IpcContract[K][1];

/** Every channel, checked complete by the compiler. */
const channelSet: { [K in Channel]: true } = {
  'app:info': true,
  'auth:captcha': true,
  'auth:login': true,
  'auth:logout': true,
  'auth:session': true,
  'api:request': true,
  'dict:get': true,
  'log:add': true,
  'log:list': true,
  'log:clear': true,
  'log:upload': true,
  'app:open-external': true,
  'tabs:get': true,
  'tabs:save': true,
  'recent:get': true,
  'recent:save': true,
  'frame:url': true,
  'auth:switch': true,
  'file:upload': true,
  'file:read': true,
  'keywords:preview': true,
  'keywords:upload': true,
  'flow:deploy-upload': true,
  'search:traffic-import': true,
  'export:start': true,
  'export:cancel': true,
  'export:reveal': true,
  'keywords:choose': true,
  'local:backup': true,
  'local:restore-choose': true,
  'local:restore': true,
  'keywords:warm': true,
  'update:state': true,
  'update:check': true,
  'update:restart': true,
  'settings:get': true,
  'settings:save': true,
  'profiles:list': true,
  'profiles:save': true,
  'profiles:remove': true,
  'profiles:duplicate': true,
  'profiles:test': true,
  'profiles:open': true,
};
export const IPC_CHANNELS = Object.keys(channelSet) as Channel[];

/** Events main pushes to the renderer. */
export interface EventContract {
  /** the session is over (401 or failed refresh); the renderer goes to /login */
  'session:expired': { reason: string };
  /** bytes of an export written so far; total null when the server sent no length */
  'export:progress': { id: string; received: number; total: number | null };
  /** the updater moved (the renderer asks before restarting when phase is downloaded) */
  'update:state': UpdateState;
  /**
   * a write through this workspace succeeded (a non-GET api:request, a flow deployment): every window / page
   * of the profile drops what it holds of that resource (src-shared/writes.ts says which reads it touches)
   */
  'data:changed': DataChange;
}
export type EventName = keyof EventContract;
const eventSet: { [K in EventName]: true } = { 'session:expired': true, 'export:progress': true, 'update:state': true, 'data:changed': true };
export const IPC_EVENTS = Object.keys(eventSet) as EventName[];

/** A successful write: the path written (no query) and when main saw its reply (ms since the epoch). */
export interface DataChange {
  url: string;
  at: number;
}

/** Errors cross the boundary as data, never as thrown objects. */
export interface DeskErrorShape {
  /** business code (400, 401, 500...) or 0 for network / local failures */
  code: number;
  message: string;
  /** a 401 that refused this one call (the operator lacks the permission); the session goes on */
  denied?: boolean;
  /** a refused backup or restore of the Local workspace: the reason as a code and its parameters, which the renderer translates (`message` is its English text) */
  reason?: BackupReason;
}
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: DeskErrorShape };

/** The one object the renderer talks to: window.desk in Electron, the RPC client in a browser. */
export interface Desk {
  invoke<K extends Channel>(channel: K, req: ReqOf<K>): Promise<IpcResult<ResOf<K>>>;
  /** subscribe to an event; returns the unsubscribe function */
  on<E extends EventName>(event: E, listener: (payload: EventContract[E]) => void): () => void;
  /** the local path of a dropped or chosen File (Electron: webUtils.getPathForFile); null in a browser, which sends the bytes instead */
  pathForFile(file: File): string | null;
}

/** Browser-mode RPC: header carrying the per-launch secret, and the URL query key it arrives in. */
export const RPC_SECRET_HEADER = 'x-desk-key';
/** largest file the renderer sends as bytes (uploads, browser mode's backup file to restore; decoded bytes) */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const RPC_SECRET_QUERY = 'k';
/** Browser mode: header naming the profile a call is for (query key of the event stream and the page URL: profile) */
export const RPC_PROFILE_HEADER = 'x-desk-profile';
export const RPC_PROFILE_QUERY = 'profile';

/** Electron: the one IPC channel main pushes events on. */
export const DESK_EVENT_CHANNEL = 'desk:event';
/** Electron: the message on DESK_EVENT_CHANNEL (browser mode sends the same shape over SSE). */
export interface DeskEventMessage {
  event: EventName;
  payload: EventContract[EventName];
}
