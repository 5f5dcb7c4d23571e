// Auto-update: one state machine for every host, over an adapter that talks to
// the feed.
//
//   idle -> checking -> not-available
//                    -> available -> downloading (progress) -> downloaded -> (operator agrees) restart
//   any step can end in error; a new check starts again from there.
//
// Electron: ElectronUpdaterAdapter (src-main/electron/updater.ts) drives
// electron-updater's autoUpdater on a generic feed. Node (browser mode, tests):
// FeedAdapter below reads the same feed electron-builder publishes (latest.yml
// with version, files[].url/sha512/size), compares versions, downloads the
// installer and checks its sha512; it cannot install.

import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppSettings, UpdateState } from '../../src-shared/ipc';
import { DeskError } from './errors';
import { firstBroken } from '../../src-shared/declarations/declare';
import { UPDATE_SETTINGS } from '../../src-shared/declarations/desktop-inputs';
import { messageText } from '../../src-shared/messages';

export interface UpdateAdapter {
  /** the feed's newer version, or null when the running one is current */
  check(feedUrl: string, current: string): Promise<{ version: string } | null>;
  /** downloads (and verifies) what check found */
  download(onProgress: (transferred: number, total: number | null) => void): Promise<void>;
  /** quits and installs the downloaded update; absent when the host cannot */
  install?: () => void;
}

export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export const MSG_NO_FEED = '未设置更新地址';

/** Validates the settings form: the feed is '' or an http(s) URL. */
export function validateSettings(req: unknown): Partial<AppSettings> {
  const r = req && typeof req === 'object' && !Array.isArray(req) ? (req as Record<string, unknown>) : {};
  const out: Partial<AppSettings> = {};
  if (r.updateFeedUrl !== undefined) {
    const url = typeof r.updateFeedUrl === 'string' ? r.updateFeedUrl.trim() : null;
    // the form's declaration (src-shared/declarations/desktop-inputs.ts)
    const broken = url === null ? { message: 'desktopForm.feedInvalid' as const } : firstBroken(UPDATE_SETTINGS.fields.updateFeedUrl, url);
    if (url === null || broken) throw new DeskError(400, messageText(broken!.message, 'zh'));
    out.updateFeedUrl = url.replace(/\/+$/, '');
  }
  return out;
}

export class UpdateService {
  private current: UpdateState;
  private downloading: Promise<void> = Promise.resolve();

  constructor(
    private readonly adapter: UpdateAdapter,
    private readonly settings: SettingsStore,
    version: string,
    private readonly emit: (state: UpdateState) => void = () => {},
  ) {
    this.current = { phase: 'idle', current: version, canRestart: !!adapter.install };
  }

  state(): UpdateState {
    return { ...this.current };
  }

  getSettings(): AppSettings {
    const feed = this.settings.get('updateFeedUrl');
    return { updateFeedUrl: typeof feed === 'string' ? feed : '' };
  }

  saveSettings(input: Partial<AppSettings>): AppSettings {
    if (input.updateFeedUrl !== undefined) this.settings.set('updateFeedUrl', input.updateFeedUrl);
    return this.getSettings();
  }

  private set(next: Partial<UpdateState> & { phase: UpdateState['phase'] }): void {
    this.current = { current: this.current.current, canRestart: this.current.canRestart, ...next };
    this.emit(this.state());
  }

  /**
   * Checks the feed; when a newer version is there, downloads it in the
   * background (the returned promise settles after the check, `whenSettled`
   * after the download). Does nothing while a check or download runs, or once
   * an update waits for the restart.
   */
  async check(): Promise<UpdateState> {
    const phase = this.current.phase;
    if (phase === 'checking' || phase === 'downloading' || phase === 'downloaded') return this.state();
    const feed = this.getSettings().updateFeedUrl;
    if (!feed) {
      this.set({ phase: 'idle', message: MSG_NO_FEED });
      return this.state();
    }
    this.set({ phase: 'checking' });
    let found: { version: string } | null;
    try {
      found = await this.adapter.check(feed, this.current.current);
    } catch (e) {
      this.set({ phase: 'error', message: (e as Error).message });
      return this.state();
    }
    if (!found) {
      this.set({ phase: 'not-available' });
      return this.state();
    }
    this.set({ phase: 'available', version: found.version });
    const version = found.version;
    this.downloading = this.download(version);
    return this.state();
  }

  /** resolves when a background download started by check() is over (downloaded or error) */
  whenSettled(): Promise<void> {
    return this.downloading;
  }

  private async download(version: string): Promise<void> {
    this.set({ phase: 'downloading', version, transferred: 0, total: null });
    try {
      await this.adapter.download((transferred, total) => this.set({ phase: 'downloading', version, transferred, total }));
      this.set({ phase: 'downloaded', version });
    } catch (e) {
      this.set({ phase: 'error', version, message: (e as Error).message });
    }
  }

  /** Restarts into the downloaded update (the operator agreed); false when there is none or the host cannot. */
  restart(): { restarting: boolean } {
    if (this.current.phase !== 'downloaded' || !this.adapter.install) return { restarting: false };
    this.adapter.install();
    return { restarting: true };
  }
}

// ---------------------------------------------------------------------------
// The feed as electron-builder writes it, read under plain Node.

export interface FeedFile {
  url: string;
  sha512: string;
  size?: number;
}
export interface FeedInfo {
  version: string;
  files: FeedFile[];
  path?: string;
  sha512?: string;
  releaseDate?: string;
}

const unquote = (v: string): string => {
  const t = v.trim();
  if ((t.startsWith("'") && t.endsWith("'")) || (t.startsWith('"') && t.endsWith('"'))) return t.slice(1, -1).replace(/''/g, "'");
  return t;
};

/**
 * Reads electron-builder's latest*.yml: top-level `key: value` lines and the
 * `files:` list of `- url/sha512/size` maps (the only shapes it writes).
 */
export function parseFeedYaml(text: string): FeedInfo {
  const top: Record<string, string> = {};
  const files: Record<string, string>[] = [];
  let inFiles = false;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    const indented = /^\s/.test(raw);
    const line = raw.trim();
    if (!indented) {
      inFiles = false;
      const m = /^([\w.-]+):\s*(.*)$/.exec(line);
      if (!m) continue;
      if (m[1] === 'files' && m[2] === '') inFiles = true;
      else top[m[1]] = unquote(m[2]);
      continue;
    }
    if (!inFiles) continue;
    const item = line.startsWith('- ') ? line.slice(2) : line;
    if (line.startsWith('- ')) files.push({});
    const m = /^([\w.-]+):\s*(.*)$/.exec(item);
    if (m && files.length) files[files.length - 1][m[1]] = unquote(m[2]);
  }
  const version = top.version;
  if (!version) throw new Error('update feed: latest.yml has no version');
  const list: FeedFile[] = files.filter((f) => f.url && f.sha512).map((f) => ({ url: f.url, sha512: f.sha512, ...(f.size ? { size: Number(f.size) } : {}) }));
  if (list.length === 0 && top.path && top.sha512) list.push({ url: top.path, sha512: top.sha512 });
  if (list.length === 0) throw new Error('update feed: latest.yml lists no file');
  return { version, files: list, ...(top.path ? { path: top.path } : {}), ...(top.sha512 ? { sha512: top.sha512 } : {}), ...(top.releaseDate ? { releaseDate: top.releaseDate } : {}) };
}

/** Semantic version order: 1 when a > b, -1 when a < b, 0 when equal (a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core, pre] = v.trim().replace(/^v/i, '').split('+')[0].split(/-(.*)/s);
    const nums = core.split('.').map((n) => Number(n));
    if (nums.length !== 3 || nums.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`not a version: ${v}`);
    return { nums, pre: pre ? pre.split('.') : [] };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return x.nums[i] > y.nums[i] ? 1 : -1;
  if (!x.pre.length || !y.pre.length) return x.pre.length === y.pre.length ? 0 : x.pre.length ? -1 : 1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) > Number(q) ? 1 : -1;
    if (pn !== qn) return pn ? -1 : 1;
    return p > q ? 1 : -1;
  }
  return 0;
}

/** electron-builder's channel file for a platform. */
export function feedFileName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'latest-mac.yml' : platform === 'linux' ? 'latest-linux.yml' : 'latest.yml';
}

/**
 * The feed under Node: fetches <feed>/latest*.yml, and downloads the first
 * file into `dir` (through a .part file), checking its size and sha512.
 */
export class FeedAdapter implements UpdateAdapter {
  private found: { feed: string; info: FeedInfo } | null = null;
  /** the verified installer, once downloaded */
  downloadedPath: string | null = null;

  constructor(
    private readonly dir: string,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async check(feedUrl: string, current: string): Promise<{ version: string } | null> {
    const url = `${feedUrl.replace(/\/+$/, '')}/${feedFileName(this.platform)}`;
    const res = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`update feed: ${res.status} for ${url}`);
    const info = parseFeedYaml(await res.text());
    this.found = { feed: feedUrl, info };
    return compareVersions(info.version, current) > 0 ? { version: info.version } : null;
  }

  async download(onProgress: (transferred: number, total: number | null) => void): Promise<void> {
    if (!this.found) throw new Error('update feed: nothing to download');
    const { feed, info } = this.found;
    const file = info.files[0];
    const url = new URL(file.url, `${feed.replace(/\/+$/, '')}/`);
    const res = await fetch(url, { signal: AbortSignal.timeout(30 * 60_000) });
    if (!res.ok || !res.body) throw new Error(`update download: ${res.status} for ${url.href}`);
    const header = Number(res.headers.get('content-length'));
    const total = file.size ?? (Number.isFinite(header) && header > 0 ? header : null);
    await mkdir(this.dir, { recursive: true });
    const target = join(this.dir, basename(decodeURIComponent(url.pathname)) || 'update.bin');
    const part = `${target}.part`;
    const hash = createHash('sha512');
    let transferred = 0;
    let last = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _e, done) {
        hash.update(chunk);
        transferred += chunk.length;
        const now = Date.now();
        if (now - last >= 200) {
          last = now;
          onProgress(transferred, total);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), meter, createWriteStream(part));
      onProgress(transferred, total);
      if (file.size !== undefined && transferred !== file.size) throw new Error(`update download: size ${transferred}, feed says ${file.size}`);
      const digest = hash.digest('base64');
      if (digest !== file.sha512) throw new Error('update download: sha512 mismatch');
      await rename(part, target);
      this.downloadedPath = target;
    } catch (e) {
      await rm(part, { force: true });
      throw e;
    }
  }
}
