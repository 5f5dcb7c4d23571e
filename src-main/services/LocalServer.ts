// The Local workspace's embedded back end as main holds it (the hosts make one:
// src-main/index.ts, src-main/web/cli.ts): the one running now, which 恢复 stops
// and starts again on the same port, and the one piece of work on its data folder
// that may run at a time: a 备份 (LocalBackup.ts) or a 恢复 (LocalRestore.ts).
// A backup while a restore has moved the folder aside would copy nothing or half
// of it; a restore while a backup reads the folder would pull it from under it.
import type { EmbeddedServer } from '../../src-server/app';
import { backupReasonEnglish, type BackupReason, type BackupReasonCode } from '../../src-shared/backup-reasons';
import { DeskError } from './errors';

/** What works on the data folder now. */
export type LocalWork = 'backup' | 'restore';

/** The refusal of a second piece of work, by what runs and what was asked. */
const BUSY: Record<LocalWork, Record<LocalWork, BackupReasonCode>> = {
  backup: { backup: 'backupDuringBackup', restore: 'restoreDuringBackup' },
  restore: { backup: 'backupDuringRestore', restore: 'restoreRunning' },
};

/** A refused (or failed) backup or restore of the Local workspace: the reason, coded, for the renderer to translate; its English text is the message. */
export function backupRefused(status: number, reason: BackupReason): DeskError {
  return new DeskError(status, backupReasonEnglish(reason), { reason });
}

/** A refusal of 备份 / 恢复 for the renderer: the code and its parameters, the English text as the message. */
export function localRefusal(status: number, code: BackupReasonCode, params?: Record<string, string | number>): DeskError {
  return backupRefused(status, { code, ...(params ? { params } : {}) });
}

export class LocalServer {
  private current: EmbeddedServer | null;
  private work: LocalWork | null = null;

  constructor(
    server: EmbeddedServer,
    private readonly startOn: (dataDir: string, port: number) => Promise<EmbeddedServer>,
  ) {
    this.current = server;
  }

  /** a restore is under way (the back end may be stopped, the data folder moved aside) */
  get restoring(): boolean {
    return this.work === 'restore';
  }

  /** a backup is reading the data folder */
  get backingUp(): boolean {
    return this.work === 'backup';
  }

  /**
   * Runs a backup or a restore of the data folder, one at a time: while one runs, the next is refused
   * (409, its reason coded: restoreRunning, backupDuringRestore, restoreDuringBackup, backupDuringBackup).
   * The refusal is thrown at once (before the first await), so a call made while another runs never waits.
   */
  async exclusive<T>(kind: LocalWork, run: () => Promise<T>): Promise<T> {
    if (this.work) throw localRefusal(409, BUSY[this.work][kind]);
    this.work = kind;
    try {
      return await run();
    } finally {
      this.work = null;
    }
  }

  get dataDir(): string {
    return this.running().dataDir;
  }

  running(): EmbeddedServer {
    if (!this.current) throw localRefusal(503, 'serverNotRunning');
    return this.current;
  }

  async stop(): Promise<number> {
    const s = this.running();
    this.current = null;
    await s.close();
    return s.port;
  }

  /** Starts it on the data folder again, on the port it had (the Local workspace's URL stays), else on a free one. */
  async start(dataDir: string, port: number): Promise<EmbeddedServer> {
    if (this.current) return this.current;
    try {
      this.current = await this.startOn(dataDir, port);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      this.current = await this.startOn(dataDir, 0);
    }
    return this.current;
  }

  async close(): Promise<void> {
    const s = this.current;
    this.current = null;
    await s?.close();
  }
}
