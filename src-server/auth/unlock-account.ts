// The way back for a locked-out last administrator, from the machine that runs
// the back end: `npm run server -- unlock <account> [--tenant 000000] [--data DIR]`
// clears the account's failed sign-ins (blade_login_fail, what LoginLimiter reads
// on every sign-in), as 账号解封 does. It opens the data folder's database
// directly (WAL: a running back end keeps serving and sees the change at once)
// and never creates one.
import { existsSync } from 'node:fs';
import { databasePath, openDatabase } from '../db/database';

/** the platform administrator's tenant (the spec's default tenant id) */
export const DEFAULT_TENANT = '000000';

export interface UnlockOutcome {
  /** the account was locked (its lock is now gone) or only had failed attempts counted */
  wasLocked: boolean;
  failCount: number;
}

export class UnlockError extends Error {}

/** Clears the lockout of `account` in `tenantId` in the data folder `dataDir`; throws UnlockError with the reason. */
export function unlockAccount(dataDir: string, account: string, tenantId: string = DEFAULT_TENANT, now: number = Date.now()): UnlockOutcome {
  if (!account.trim()) throw new UnlockError('unlock: name the account, e.g. npm run server -- unlock admin');
  if (!existsSync(databasePath(dataDir))) throw new UnlockError(`unlock: no back-end database in ${dataDir} (give the folder with --data)`);
  const db = openDatabase(dataDir);
  try {
    const user = db.prepare('SELECT id FROM blade_user WHERE tenant_id = ? AND account = ? AND is_deleted = 0').get(tenantId, account);
    if (!user) throw new UnlockError(`unlock: no account ${account} in tenant ${tenantId}`);
    const row = db.prepare('SELECT fail_count, locked_until FROM blade_login_fail WHERE tenant_id = ? AND account = ?').get(tenantId, account) as
      | { fail_count: number; locked_until: number | null }
      | undefined;
    db.prepare('DELETE FROM blade_login_fail WHERE tenant_id = ? AND account = ?').run(tenantId, account);
    return { wasLocked: !!row && row.locked_until !== null && row.locked_until > now, failCount: row?.fail_count ?? 0 };
  } finally {
    db.close();
  }
}
