import type { DeskErrorShape } from '../../src-shared/ipc';
import type { BackupReason } from '../../src-shared/backup-reasons';

/** A failure that crosses the IPC boundary as data: business code (400, 401...) or 0 for network / local failures. */
export class DeskError extends Error implements DeskErrorShape {
  readonly code: number;
  /** a 401 refusing this call only: the session goes on */
  readonly denied?: boolean;
  /** a backup's or restore's refusal as data: the renderer translates it (the message is its English text) */
  readonly reason?: BackupReason;
  constructor(code: number, message: string, o: { denied?: boolean; reason?: BackupReason } = {}) {
    super(message);
    this.name = 'DeskError';
    this.code = code;
    if (o.denied) this.denied = true;
    if (o.reason) this.reason = o.reason;
  }
}

/** Any thrown value as a DeskErrorShape (code 0 when it carries no code of its own). */
export function toErrorShape(e: unknown): DeskErrorShape {
  if (e instanceof DeskError) return { code: e.code, message: e.message, ...(e.denied ? { denied: true } : {}), ...(e.reason ? { reason: e.reason } : {}) };
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
