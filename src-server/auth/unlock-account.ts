// The way back for a locked-out last administrator, from the machine that runs
// the back end: `npm run server -- unlock <account> [--tenant 000000] [--data DIR]`
// clears the account's failed sign-ins (blade_login_fail, what LoginLimiter reads
// on every sign-in), as 账号解封 does. It opens the data folder's database
// directly (WAL: a running back end keeps serving and sees the change at once)
// and never creates one.
import { existsSync } from 'node:fs';
import { databasePath } from '../db/database';
import { openDataLayer, sql } from '../db/data-layer';
import { GIVE_DATABASE } from '../db/command-database';

/** the platform administrator's tenant (the spec's default tenant id) */
export const DEFAULT_TENANT = '000000';

export interface UnlockOutcome {
  /** the account was locked (its lock is now gone) or only had failed attempts counted */
  wasLocked: boolean;
  failCount: number;
}

export class UnlockError extends Error {}

/** Clears the lockout of `account` in `tenantId` in the data folder `dataDir`; throws UnlockError with the reason. */
export async function unlockAccount(
  dataDir: string,
  account: string,
  tenantId: string = DEFAULT_TENANT,
  now: number = Date.now(),
  /** a team server's PostgreSQL instead of the data folder's SQLite file */
  database?: string,
): Promise<UnlockOutcome> {
  if (!account.trim()) throw new UnlockError('unlock: name the account, e.g. npm run server -- unlock admin');
  if (!database && !existsSync(databasePath(dataDir))) throw new UnlockError(`unlock: no back-end database in ${dataDir}: ${GIVE_DATABASE}`);
  const data = openDataLayer({ dataDir, database });
  try {
    const user = await data.get(sql`SELECT id FROM blade_user WHERE tenant_id = ${tenantId} AND account = ${account} AND is_deleted = 0`);
    if (!user) throw new UnlockError(`unlock: no account ${account} in tenant ${tenantId}`);
    const row = await data.get(
      sql<{ fail_count: number; locked_until: number | null }>`SELECT fail_count, locked_until FROM blade_login_fail
        WHERE tenant_id = ${tenantId} AND account = ${account}`,
    );
    await data.run(sql`DELETE FROM blade_login_fail WHERE tenant_id = ${tenantId} AND account = ${account}`);
    return { wasLocked: !!row && row.locked_until !== null && row.locked_until > now, failCount: row?.fail_count ?? 0 };
  } finally {
    await data.close();
  }
}
