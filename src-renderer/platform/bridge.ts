// The renderer's platform seam. In Electron the preload exposes `window.desk`;
// in a browser (browser mode: `npm run web`) the same contract is served over a
// loopback RPC protected by a per-launch secret. Nothing else in the renderer
// knows which one it has: everything calls `call()` / `onEvent()` from here.

import {
  LANGUAGE_CHANNELS,
  RPC_PROFILE_HEADER,
  RPC_PROFILE_QUERY,
  RPC_SECRET_HEADER,
  RPC_SECRET_QUERY,
  type Channel,
  type Desk,
  type DeskErrorShape,
  type EventContract,
  type EventName,
  type IpcResult,
  type ReqOf,
  type ResOf,
} from '../../src-shared/ipc';
import { isBackupReason, type BackupReason } from '../../src-shared/backup-reasons';
import i18n from '../i18n';

declare global {
  interface Window {
    desk?: Desk;
  }
}

/** A failed call: business code (400, 401, 500...) or 0 for network / local failures. */
export class DeskError extends Error {
  readonly code: number;
  /** a 401 that refused this call only (请求未授权): the operator stays signed in */
  readonly denied: boolean;
  /** a refused backup or restore: the reason, coded (render it with backupFailureText) */
  readonly reason?: BackupReason;
  constructor(shape: DeskErrorShape) {
    super(shape.message);
    this.name = 'DeskError';
    this.code = shape.code;
    this.denied = shape.denied === true;
    if (isBackupReason(shape.reason)) this.reason = shape.reason;
  }
}

const SECRET_KEY = 'desk.rpc.secret';

/** Reads the launch secret from the URL once, keeps it for this tab, and removes it from the address bar. */
function rpcSecret(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(RPC_SECRET_QUERY);
  if (fromUrl) {
    sessionStorage.setItem(SECRET_KEY, fromUrl);
    url.searchParams.delete(RPC_SECRET_QUERY);
    window.history.replaceState(window.history.state, '', url.toString());
    return fromUrl;
  }
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

const PROFILE_KEY = 'desk.rpc.profile';

/**
 * Browser mode: the profile this page works on, from `?profile=<id>` (kept for
 * the tab, and left in the address bar so a reload stays on it); '' = the
 * Local workspace. Electron windows are bound to their profile by main.
 */
export function pageProfile(): string {
  if (typeof window === 'undefined' || window.desk) return '';
  const fromUrl = new URL(window.location.href).searchParams.get(RPC_PROFILE_QUERY);
  if (fromUrl) {
    sessionStorage.setItem(PROFILE_KEY, fromUrl);
    return fromUrl;
  }
  return sessionStorage.getItem(PROFILE_KEY) ?? '';
}

/** Browser mode: the address of a page on another profile (the launch secret travels in the query and is removed on arrival). */
export function profilePageUrl(profileId: string): string {
  const url = new URL('/', window.location.origin);
  url.searchParams.set(RPC_PROFILE_QUERY, profileId);
  url.searchParams.set(RPC_SECRET_QUERY, sessionStorage.getItem(SECRET_KEY) ?? '');
  return url.toString();
}

/** The browser-mode implementation of Desk: POST /rpc/<channel>, events over SSE. */
function rpcDesk(): Desk {
  const secret = rpcSecret();
  const profile = pageProfile();
  const profileHeader: Record<string, string> = profile ? { [RPC_PROFILE_HEADER]: profile } : {};
  const profileQuery = profile ? `&${RPC_PROFILE_QUERY}=${encodeURIComponent(profile)}` : '';
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;
  const ensureSource = () => {
    if (source) return;
    source = new EventSource(`/rpc/events?${RPC_SECRET_QUERY}=${encodeURIComponent(secret)}${profileQuery}`);
    source.onmessage = (e) => {
      const { event, payload } = JSON.parse(e.data as string) as { event: string; payload: unknown };
      listeners.get(event)?.forEach((l) => l(payload));
    };
  };
  return {
    async invoke(channel, req) {
      let res: Response;
      try {
        res = await fetch(`/rpc/${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [RPC_SECRET_HEADER]: secret, ...profileHeader },
          body: JSON.stringify({ req: req ?? null }),
        });
      } catch {
        // the page lost the local service (it was stopped, or restarts): the browser's words ("Failed to fetch") say nothing
        return { ok: false, error: { code: 0, message: i18n.t('app.hostUnreachable') } };
      }
      if (!res.ok) return { ok: false, error: { code: res.status, message: await res.text() } };
      return (await res.json()) as IpcResult<never>;
    },
    on(event, listener) {
      ensureSource();
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    pathForFile: () => null,
  };
}

let desk: Desk | null = null;
function getDesk(): Desk {
  desk ??= window.desk ?? rpcDesk();
  return desk;
}

/** 'electron' when the preload bridge is present, else 'web'. */
export const hostKind = (): 'electron' | 'web' => (window.desk ? 'electron' : 'web');

const unauthorizedListeners = new Set<() => void>();
/** Called whenever a call fails with a 401 that ended the session (the shell forces a local logout); a denial of one call does not. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const inLanguage = (channel: Channel): boolean => (LANGUAGE_CHANNELS as readonly Channel[]).includes(channel);

/** Calls a channel and unwraps the result; a failure throws DeskError. */
export async function call<K extends Channel>(channel: K, ...req: ReqOf<K> extends void ? [] : [ReqOf<K>]): Promise<ResOf<K>> {
  // a back-end call carries the console's language: the server's messages come back in it (Accept-Language)
  const sent = inLanguage(channel) && req[0] ? ({ ...(req[0] as object), language: i18n.language === 'en' ? 'en' : 'zh' } as ReqOf<K>) : (req[0] as ReqOf<K>);
  const result = await getDesk().invoke(channel, sent);
  if (!result.ok) {
    if (result.error.code === 401 && !result.error.denied && channel !== 'auth:login') unauthorizedListeners.forEach((l) => l());
    throw new DeskError(result.error);
  }
  return result.data;
}

/** The local path of a dropped or chosen File in Electron; null in browser mode (send the bytes instead). */
export function pathForFile(file: File): string | null {
  return getDesk().pathForFile(file);
}

/** Subscribes to an event from main; returns the unsubscribe function. */
export function onEvent<E extends EventName>(event: E, listener: (payload: EventContract[E]) => void): () => void {
  return getDesk().on(event, listener);
}
