// One deploy of a website at a time across every instance of a team server: a
// deploy (or rollback) holds the website's lease in the database while it runs
// (content_deploy_lease), renewed while it runs, removed when it ends. Two
// deploys of one site at once, through two instances, to the same target would
// otherwise prune each other's unfinished release. A lease whose instance died
// runs out after LEASE_MS; the site can be deployed again then. A deploy run by a
// durable job (deploy-site) holds the lease in the job's name: the job's next run
// (its takeover by another instance after the first one died) takes it over at
// once instead of being refused until the dead run's lease ends.
import { randomBytes } from 'node:crypto';
import type { Migration } from '../../../db/migrations';
import { sql, type Queries, type RawBuilder } from '../../../db/data-layer';
import type { Clock } from '../../../util/clock';
import { formatDateTime } from '../../../util/dates';

export const DEPLOY_LEASE_MIGRATION: Migration = {
  version: 377,
  name: 'content: the lease of the instance deploying a website (one deploy of a site at a time across instances)',
  sql: `
CREATE TABLE content_deploy_lease (
  website_info_id TEXT NOT NULL PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
`,
};

/** how long a lease lasts without being renewed */
export const LEASE_MS = 120_000;
const RENEW_MS = LEASE_MS / 4;

export interface HeldLease {
  /** ends the lease (the site can be deployed again through any instance) */
  release(): Promise<void>;
  /** stops renewing it, leaving it to run out or to its holder's next run (a job taken over by another instance) */
  drop(): void;
}

export class DeployLeases {
  /** this process: a lease it holds says so */
  private readonly holder = randomBytes(8).toString('hex');

  constructor(
    private readonly data: Queries,
    private readonly clock: Clock,
  ) {}

  private until(): string {
    return formatDateTime(this.clock() + LEASE_MS);
  }

  /**
   * The website's lease, or null while another deploy (through any instance) holds it. `holder` names a holder
   * that may run more than once (a job: `job:<id>`): a lease it already holds is taken over.
   */
  async claim(websiteId: string, holder = `${this.holder}-${randomBytes(4).toString('hex')}`): Promise<HeldLease | null> {
    const now = formatDateTime(this.clock());
    const got = await this.data.run(sql`INSERT INTO content_deploy_lease (website_info_id, holder, expires_at) VALUES (${websiteId}, ${holder}, ${this.until()})
      ON CONFLICT (website_info_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE content_deploy_lease.expires_at < ${now} OR content_deploy_lease.holder = excluded.holder`);
    if (got === 0) return null;
    const renew = setInterval(() => {
      this.data.run(sql`UPDATE content_deploy_lease SET expires_at = ${this.until()} WHERE website_info_id = ${websiteId} AND holder = ${holder}`).catch(() => undefined);
    }, RENEW_MS);
    renew.unref();
    return {
      drop: () => clearInterval(renew),
      release: async () => {
        clearInterval(renew);
        await this.data.run(sql`DELETE FROM content_deploy_lease WHERE website_info_id = ${websiteId} AND holder = ${holder}`).catch(() => undefined);
      },
    };
  }

  /** a condition: the website (`website_info` row) is not being deployed through any instance */
  notLeased(): RawBuilder<unknown> {
    return sql`NOT EXISTS (SELECT 1 FROM content_deploy_lease l WHERE l.website_info_id = website_info.id AND l.expires_at >= ${formatDateTime(this.clock())})`;
  }
}
