// The reason a 备份 / 恢复 of the Local workspace failed, in the operator's language:
// main sends it coded (DeskError.reason, src-shared/backup-reasons.ts) and it is
// rendered here with i18next (`backupReason.<code>`); any other failure keeps its
// own message, so no reason is ever replaced by a generic text.
import type { TFunction } from 'i18next';
import { renderBackupReason } from '../../../src-shared/backup-reasons';
import { DeskError } from '../../platform/bridge';

export function backupFailureText(e: unknown, t: TFunction): string {
  if (e instanceof DeskError && e.reason) return renderBackupReason(e.reason, (code, params) => t(`backupReason.${code}`, params), t('backupReason.separator'));
  return e instanceof Error ? e.message : String(e);
}
