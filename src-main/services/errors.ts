import type { DeskErrorShape } from '../../src-shared/ipc';

/** A failure that crosses the IPC boundary as data: business code (400, 401...) or 0 for network / local failures. */
export class DeskError extends Error implements DeskErrorShape {
  readonly code: number;
  /** a 401 refusing this call only: the session goes on */
  readonly denied?: boolean;
  constructor(code: number, message: string, o: { denied?: boolean } = {}) {
    super(message);
    this.name = 'DeskError';
    this.code = code;
    if (o.denied) this.denied = true;
  }
}

/** Any thrown value as a DeskErrorShape (code 0 when it carries no code of its own). */
export function toErrorShape(e: unknown): DeskErrorShape {
  if (e instanceof DeskError) return e.denied ? { code: e.code, message: e.message, denied: true } : { code: e.code, message: e.message };
  if (e instanceof Error) return { code: 0, message: e.message || 'unknown error' };
  return { code: 0, message: typeof e === 'string' && e ? e : 'unknown error' };
}

/** The minimal logger the services use. Never pass it a token or a secret. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/** Logs to stderr: stdout is reserved for the machine-read `ready ...` line of the CLIs. */
export const consoleLogger: Logger = {
  info: (m) => console.error(m),
  warn: (m) => console.error(`warning: ${m}`),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {} };
