// A backup or restore refused or failed, with its reason as data (src-shared/backup-reasons.ts):
// the message is the reason's English text (the CLI prints it), `reason` is what the console
// translates.
import { backupReasonEnglish, type BackupReason, type BackupReasonCode } from '../../src-shared/backup-reasons';

export class BackupRefusal extends Error {
  constructor(
    readonly reason: BackupReason,
    prefix = '',
  ) {
    super(prefix + backupReasonEnglish(reason));
  }
}

/** A refusal with its code and parameters (and the reasons it lists). */
export function refusal(code: BackupReasonCode, params?: BackupReason['params'], items?: BackupReason[]): BackupRefusal {
  return new BackupRefusal({ code, ...(params ? { params } : {}), ...(items ? { items } : {}) });
}

/** The reason of anything thrown: a refusal's own, a full disk or a denied file, else what failed in its own words (`failed`). */
export function reasonOf(err: unknown): BackupReason {
  if (err instanceof BackupRefusal) return err.reason;
  const e = err as NodeJS.ErrnoException;
  const detail = err instanceof Error ? err.message : String(err);
  if (e?.code === 'ENOSPC') return { code: 'diskFull', params: { detail } };
  if (e?.code === 'EACCES' || e?.code === 'EPERM' || e?.code === 'EROFS') return { code: 'noPermission', params: { path: e.path ?? '', detail } };
  return { code: 'failed', params: { detail } };
}
