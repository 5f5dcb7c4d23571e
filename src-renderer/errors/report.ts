// Runtime errors go to the local error log (SQLite in main) through the bridge.
// A failure to log is swallowed: logging must never cause more errors to log.
import { call } from '../platform/bridge';

const MAX_PER_SESSION = 100;
const REPEAT_WINDOW_MS = 1000;
let sent = 0;
let last = { message: '', at: 0 };

function text(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const loggedListeners = new Set<() => void>();
/** Called after an entry was written to the local log (the top bar's badge counts them). */
export function onLogged(listener: () => void): () => void {
  loggedListeners.add(listener);
  return () => loggedListeners.delete(listener);
}

/** True for a failed lazy chunk (JS or CSS): the app was updated or the network dropped. */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string } | null;
  if (!e) return false;
  return (
    e.name === 'ChunkLoadError' ||
    e.code === 'CSS_CHUNK_LOAD_FAILED' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(e.message ?? '')
  );
}

export function reportError(error: unknown, info?: string): void {
  try {
    const message = text(error) || 'unknown error';
    const now = Date.now();
    // A hard cap and no repeats of the same message within a second: an error
    // storm (or a render loop) cannot flood the log.
    if (sent >= MAX_PER_SESSION || (message === last.message && now - last.at < REPEAT_WINDOW_MS)) return;
    sent += 1;
    last = { message, at: now };
    const entry = { type: 'error', url: window.location.href, message, stack: error instanceof Error ? (error.stack ?? '') : '', info: info ?? '' };
    // The rejection is swallowed here, so a failing log call never raises a new error.
    call('log:add', entry)
      .then(() => loggedListeners.forEach((l) => l()))
      .catch(() => undefined);
  } catch {
    // nothing: logging must never throw
  }
}

/** Window-level listeners: uncaught errors and unhandled promise rejections. */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event: ErrorEvent) => {
    reportError(event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportError(event.reason, 'unhandledrejection');
  });
}
