// The page fingerprints of the release a site root got last, shared by every
// instance: a deploy whose previous release has the same fingerprint for a page
// (or an image) keeps that file without rendering (reading) it again. They are
// kept in the database (content_release_manifest: the manifest with its keys,
// gzip, base64), so a deploy run through another instance than the last one
// starts from what that one did instead of rendering the whole site again. A
// row is used only for the release it was made with (the target's live release
// decides); it is a cache: without it the target's own manifest (no keys) is
// used and every page renders. Each instance also keeps the last manifest per
// root in memory.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Migration } from '../../../db/migrations';
import { sql, type Queries } from '../../../db/data-layer';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';
import type { Manifest } from './release-manifest';

const pack = promisify(gzip);
const unpack = promisify(gunzip);

export const RELEASE_KEYS_MIGRATION: Migration = {
  version: 376,
  name: 'content: the manifest (with page fingerprints) of the release each site root got last, shared by every instance',
  sql: `
CREATE TABLE content_release_manifest (
  root_key TEXT NOT NULL PRIMARY KEY,
  release_name TEXT NOT NULL,
  manifest TEXT NOT NULL,
  update_time TEXT NOT NULL
);
`,
};

/** how many roots' manifests an instance keeps in memory */
const IN_MEMORY = 32;

export class ReleaseKeys {
  private readonly memory = new Map<string, Manifest>();

  constructor(
    private readonly data: Queries,
    private readonly clock: Clock,
  ) {}

  /** a site root (server, target, folder) as a row key */
  static rootKey(serverId: string, targetLabel: string, root: string): string {
    return createHash('sha256').update(`${serverId}|${targetLabel}|${root}`).digest('hex').slice(0, 32);
  }

  /** The manifest of `release` at the root, if it was made by a deploy of this or another instance. */
  async known(rootKey: string, release: string): Promise<Manifest | undefined> {
    const held = this.memory.get(rootKey);
    if (held?.release === release) return held;
    const row = await this.data.get(sql<{ manifest: string }>`SELECT manifest FROM content_release_manifest
      WHERE root_key = ${rootKey} AND release_name = ${release}`);
    if (!row) return undefined;
    try {
      const m = JSON.parse((await unpack(Buffer.from(row.manifest, 'base64'))).toString('utf8')) as Manifest;
      if (m.release !== release) return undefined;
      this.hold(rootKey, m);
      return m;
    } catch {
      return undefined;
    }
  }

  /** Keeps the manifest of the release just made live at the root (for every instance). */
  async keep(rootKey: string, m: Manifest): Promise<void> {
    this.hold(rootKey, m);
    const packed = (await pack(JSON.stringify(m))).toString('base64');
    const now = formatDateTime(this.clock());
    await this.data.run(sql`INSERT INTO content_release_manifest (root_key, release_name, manifest, update_time)
      VALUES (${rootKey}, ${m.release}, ${packed}, ${now})
      ON CONFLICT (root_key) DO UPDATE SET release_name = excluded.release_name, manifest = excluded.manifest, update_time = excluded.update_time`);
  }

  private hold(rootKey: string, m: Manifest): void {
    this.memory.delete(rootKey);
    this.memory.set(rootKey, m);
    if (this.memory.size > IN_MEMORY) this.memory.delete(this.memory.keys().next().value!);
  }
}
