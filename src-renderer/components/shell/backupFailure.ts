// The reason a 备份 / 恢复 of the Local workspace failed, in the operator's language:
// main sends it coded (DeskError.reason, src-shared/backup-reasons.ts) and it is
// rendered here with i18next (`backupReason.<code>`); any other failure keeps its
// own message, so no reason is ever replaced by a generic text.
import type { TFunction } from 'i18next';
import { renderBackupReason, type BackupReason } from '../../../src-shared/backup-reasons';
import { DeskError } from '../../platform/bridge';

/** A coded reason in the current language, its listed reasons joined. */
export function backupReasonText(reason: BackupReason, t: TFunction): string {
  return renderBackupReason(reason, (code, params) => t(`backupReason.${code}`, params), t('backupReason.separator'));
}

/** What a failed 备份 / 恢复 call says: its coded reason translated, else its own message. */
export function backupFailureText(e: unknown, t: TFunction): string {
  if (e instanceof DeskError && e.reason) return backupReasonText(e.reason, t);
  return e instanceof Error ? e.message : String(e);
}
