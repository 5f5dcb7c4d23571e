// The backup's manifest (`manifest.json`, the archive's last entry): what the
// backup holds and the checksums restore verifies before the folder is used.
import type { TableStats } from './engine';
import { refusal } from './refusal';

export const MANIFEST_ENTRY = 'manifest.json';
export const FORMAT = 'seo-matrix-console-backup';
export const FORMAT_VERSION = 1;
/** archive names: the database's files under database/, the data folder's under files/ */
export const DATABASE_PREFIX = 'database/';
export const FILES_PREFIX = 'files/';

export interface FileRecord {
  /** the path in the data folder, `/`-separated */
  path: string;
  type: 'file' | 'symlink' | 'hardlink';
  size: number;
  /** a file's content; empty for links */
  sha256: string;
  /** a symlink's target as stored, a hard link's data-folder path */
  target?: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  engine: string;
  /** the highest migration applied to the backed-up database */
  schemaVersion: number;
  createdAt: string;
  /** the database's files (name under database/) with their size and sha256 */
  database: Record<string, { size: number; sha256: string }>;
  tables: TableStats;
  files: FileRecord[];
}

/** The manifest read from an archive, or the reason (a BackupRefusal) it is not one this program can restore. */
export function parseManifest(text: string, knownSchemaVersion: number): Manifest {
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw refusal('manifestNotJson');
  }
  if (m.format !== FORMAT) throw refusal('notThisProduct', { format: String(m.format) });
  if (m.formatVersion !== FORMAT_VERSION) throw refusal('formatVersion', { version: String(m.formatVersion), supported: FORMAT_VERSION });
  if (typeof m.schemaVersion !== 'number' || !m.database || !m.tables || !Array.isArray(m.files) || typeof m.engine !== 'string') throw refusal('manifestIncomplete');
  if (m.schemaVersion > knownSchemaVersion) throw refusal('schemaNewer', { version: m.schemaVersion, known: knownSchemaVersion });
  return m as Manifest;
}
