// Why a backup or a restore was refused or failed, as data: a stable code and its
// parameters (file names, versions, the engine's own words), never a sentence.
// The back end's backup code (src-server/backup/*) and main's 备份 / 恢复 of the
// Local workspace (src-main/services/LocalBackup.ts, LocalRestore.ts) throw them;
// they cross the IPC boundary in DeskErrorShape.reason, and the renderer renders
// them with i18next (`backupReason.<code>`, zh and en). The CLI prints the
// English text below (BACKUP_REASONS_EN, the en messages too).

/** A refusal and its parameters; `items` are reasons it lists (the archive's differences from its manifest) or wraps. */
export interface BackupReason {
  code: BackupReasonCode;
  params?: Record<string, string | number>;
  items?: BackupReason[];
}

/**
 * The English text of every code (i18next interpolation: `{{name}}`; `{{items}}` is the listed reasons, joined).
 * The CLI's messages and the console's en messages; zh lives in src-renderer/i18n/backup-reasons.ts.
 */
export const BACKUP_REASONS_EN = {
  // the backup file, before it is read
  archiveMissing: 'no file {{file}}',
  backupFileMissing: 'the backup file {{file}} does not exist',
  // the target of a restore
  targetNotEmpty: '{{dir}} is not empty; restore into an empty or new folder (it never overwrites)',
  targetHoldsDatabase: '{{dir}} already holds a database; restore into an empty database (it never overwrites)',
  targetHoldsTables: 'the database already holds tables ({{tables}}); restore into an empty database (it never overwrites)',
  targetHoldsFunctions: 'the database already holds functions; restore into an empty database (it never overwrites)',
  // the archive
  archiveDamaged: 'the archive is damaged or not a backup ({{detail}})',
  archiveCompressedDamaged: 'the archive is damaged or not a backup (its compressed data does not unpack: {{detail}})',
  archiveCutShort: 'the archive is damaged or not a backup (it is cut short: {{detail}})',
  archiveNotTar: 'the archive is damaged or not a backup (not a tar archive: {{detail}})',
  noManifest: 'the archive has no manifest.json (cut short, or not a backup)',
  manifestTooLarge: 'manifest.json is too large',
  manifestNotJson: 'manifest.json is not valid JSON',
  manifestIncomplete: 'manifest.json is incomplete',
  notThisProduct: 'not a backup of this product (format {{format}})',
  formatVersion: 'backup format version {{version}} is not supported (this program reads {{supported}})',
  schemaNewer: "the backup's schema version {{version}} is newer than this program's ({{known}}); restore it with a newer version",
  engineMismatch: 'the backup is of the {{backup}} engine, the target is {{target}}',
  entryAfterManifest: 'entry {{entry}} follows manifest.json (the manifest must be last)',
  entryNotDatabase: 'entry {{entry}} is not a database file of the {{engine}} engine',
  entryNotDataPath: 'entry {{entry}} is not a data-folder path',
  entryType: 'entry {{entry}} has an unsupported type {{type}}',
  hardLinkOutside: 'hard link {{entry}} points outside the data folder',
  hardLinkBeforeTarget: 'hard link {{entry}} names {{target}}, which the archive does not hold before it',
  symlinkOutside: 'symlink {{entry}} points outside the data folder ({{target}})',
  noDatabaseDump: 'the archive holds no {{file}}',
  // the archive against its manifest: manifestMismatch lists these
  manifestMismatch: 'the archive does not match its manifest: {{items}}',
  databaseFileMissing: 'database file {{name}} is missing',
  databaseFileChecksum: 'database file {{name}}: checksum mismatch (sha256 {{sha256}}, manifest {{expected}})',
  databaseFileExtra: 'database file {{name}} is not in the manifest',
  fileMissing: '{{path}} is missing',
  fileSize: '{{path}}: size {{size}}, manifest {{expected}}',
  fileChecksum: '{{path}}: checksum mismatch (sha256 {{sha256}}, manifest {{expected}})',
  linkDiffers: '{{path}}: {{type}} to {{target}} is missing or different',
  fileExtra: '{{path}} is not in the manifest',
  andMore: 'and {{count}} more',
  // the restored database
  schemaMismatch: 'restored schema version {{restored}}, manifest {{expected}}',
  tablesDiffer: 'restored tables differ from the manifest: {{tables}}',
  // a backup
  backupExists: '{{file}} exists; give a new file name (a backup never overwrites)',
  backupNoFolder: 'no folder {{dir}}',
  backupInsideDataDir: '{{file}} is inside the data folder; put the backup somewhere else (the next backup would carry it)',
  noDatabase: 'no back-end database in {{dir}} (give the folder with --data)',
  fileShrank: '{{file}} got shorter while it was being backed up ({{sent}} of {{size}} bytes); run the backup again',
  // the Local workspace's 备份 / 恢复 (main)
  backupLocalOnly: 'backup is for the Local workspace only',
  restoreLocalOnly: 'restore is for the Local workspace only',
  noSaveDialog: 'this host has no save dialog',
  requestNotObject: 'request must be an object',
  pathInvalid: 'path is not a file name',
  nameRequired: 'name is required',
  contentRequired: 'the backup file has no content (base64 is required)',
  fileTooLarge: 'the backup file {{file}} is larger than {{limitMb}} MB',
  restoreRunning: 'a restore of the Local workspace is already running',
  backupDuringRestore: 'a restore of the Local workspace is running; back up after it has finished',
  restoreDuringBackup: 'a backup of the Local workspace is running; restore after it has finished',
  backupDuringBackup: 'a backup of the Local workspace is already running',
  serverNotRunning: 'the embedded back end is not running',
  restoredNotStarted: 'the restored data did not start: {{detail}}',
  notRestarted: '{{items}}; the back end did not start again: {{detail}}',
  // the machine's refusals while reading or writing
  diskFull: 'no space left on the disk ({{detail}})',
  noPermission: 'no permission to read or write {{path}} ({{detail}})',
  // anything else (a PostgreSQL tool's exit...): the words of what failed
  failed: '{{detail}}',
} as const;

export type BackupReasonCode = keyof typeof BACKUP_REASONS_EN;

/** The separator of listed reasons (`{{items}}`) in the English text. */
export const BACKUP_REASON_SEPARATOR_EN = '; ';

/** Is this value a BackupReason (as it arrives over IPC)? */
export function isBackupReason(value: unknown): value is BackupReason {
  return !!value && typeof value === 'object' && typeof (value as BackupReason).code === 'string' && (value as BackupReason).code in BACKUP_REASONS_EN;
}

/**
 * The reason's text: `translate(code, params)` for each reason, its items rendered first and passed as `items`.
 * The CLI renders English with it (backupReasonEnglish); the renderer passes i18next's t.
 */
export function renderBackupReason(reason: BackupReason, translate: (code: BackupReasonCode, params: Record<string, string | number>) => string, separator: string): string {
  const items = (reason.items ?? []).map((r) => renderBackupReason(r, translate, separator)).join(separator);
  return translate(reason.code, { ...reason.params, items });
}

/** The English text of a reason (the CLI's message, main's log). */
export function backupReasonEnglish(reason: BackupReason): string {
  return renderBackupReason(
    reason,
    (code, params) => BACKUP_REASONS_EN[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name in params ? String(params[name]) : '')),
    BACKUP_REASON_SEPARATOR_EN,
  );
}
