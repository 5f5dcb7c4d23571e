// What a database engine gives the backup and restore commands. The archive,
// the data folder's files and the manifest are the engine's business nowhere
// else (backup.ts, restore.ts): SQLite (sqlite-engine.ts) is the one engine
// today; PostgreSQL slots in behind the same interface (its snapshot a dump
// taken in one repeatable-read transaction, its restore into an empty database).

import type { BackupReason } from '../../src-shared/backup-reasons';
import type { DataLayer } from '../db/data-layer';

/** One table's content at the moment of the backup. */
export interface TableStat {
  rows: number;
  /** sha256 over the rows in primary-key order, each row's values as one JSON line */
  sha256: string;
}

export type TableStats = Record<string, TableStat>;

/** A consistent copy of the database, taken while the server may be serving. */
export interface DatabaseSnapshot {
  /** files (absolute paths) holding the copy, keyed by their name under `database/` in the archive */
  files: Record<string, string>;
  /** the highest migration applied */
  schemaVersion: number;
  tables: TableStats;
  /**
   * the copy's moment, read just before the engine fixed it: every write acknowledged before it is in the copy
   * (the manifest's createdAt, the "taken" time printed; not when the archive was finished)
   */
  takenAt: Date;
}

export interface BackupEngine {
  /** the manifest's `engine` */
  readonly name: string;
  /** copies the database consistently into `workDir` (the server keeps serving) */
  snapshot(workDir: string): Promise<DatabaseSnapshot>;
  /** null when the restore target holds no database yet, else why it cannot take one */
  refuseTarget(): Promise<BackupReason | null>;
  /** where an archived database file (its name under `database/`) goes in the target; null: not one of this engine's */
  restorePath(name: string): string | null;
  /** after the archive is unpacked and checked: loads the database files into the target (when that is a step of its own) */
  load?(): Promise<void>;
  /** after the files are in place: the restored database's schema version and table stats, to compare with the manifest */
  inspectRestored(): Promise<{ schemaVersion: number; tables: TableStats }>;
  /**
   * after the restored database checked out: runs `work` on it (the restore pauses its background work there,
   * jobs/pause.ts), then closes it
   */
  withRestored(work: (data: DataLayer) => Promise<void>): Promise<void>;
  /** a failed restore: takes out of the target what load() put there, and removes the engine's work files */
  discard?(): Promise<void>;
}
