// Login attempt limiter: N failed attempts for an account (per tenant) lock it for
// 30 minutes; success clears the counter. N comes from param `account.failCount`.
import { sql, type Queries } from '../db/data-layer';
import type { Clock } from '../util/clock';

export const LOCK_MS = 30 * 60 * 1000;
export const DEFAULT_FAIL_COUNT = 5;

interface FailRow {
  fail_count: number;
  first_fail_at: number;
  locked_until: number | null;
}

export class LoginLimiter {
  constructor(
    private readonly data: Queries,
    private readonly clock: Clock,
  ) {}

  private async maxFails(tenantId: string): Promise<number> {
    // the tenant's own value before the admin tenant's
    const row = await this.data.get(
      sql<{ param_value: string }>`SELECT param_value FROM blade_param WHERE tenant_id IN (${tenantId}, '000000')
        AND param_key = 'account.failCount' AND is_deleted = 0
        ORDER BY CASE WHEN tenant_id = ${tenantId} THEN 0 ELSE 1 END LIMIT 1`,
    );
    const n = Number(row?.param_value);
    return Number.isInteger(n) && n > 0 ? n : DEFAULT_FAIL_COUNT;
  }

  private row(tenantId: string, account: string): Promise<FailRow | undefined> {
    return this.data.get(
      sql<FailRow>`SELECT fail_count, first_fail_at, locked_until FROM blade_login_fail WHERE tenant_id = ${tenantId} AND account = ${account}`,
    );
  }

  async isLocked(tenantId: string, account: string): Promise<boolean> {
    const row = await this.row(tenantId, account);
    if (!row) return false;
    const now = this.clock();
    if (row.locked_until !== null && row.locked_until > now) return true;
    if (row.locked_until !== null || now - row.first_fail_at >= LOCK_MS) await this.reset(tenantId, account); // expired
    return false;
  }

  async recordFailure(tenantId: string, account: string): Promise<void> {
    const now = this.clock();
    // one statement counts the failure, so two failed sign-ins at the same moment (two requests awaiting the
    // database, or two instances) both count
    const row = await this.data.get(
      sql<{ fail_count: number }>`INSERT INTO blade_login_fail (tenant_id, account, fail_count, first_fail_at, locked_until)
        VALUES (${tenantId}, ${account}, 1, ${now}, NULL)
        ON CONFLICT (tenant_id, account) DO UPDATE SET fail_count = blade_login_fail.fail_count + 1
        RETURNING fail_count`,
    );
    if (row && row.fail_count >= (await this.maxFails(tenantId))) {
      await this.data.run(sql`UPDATE blade_login_fail SET locked_until = ${now + LOCK_MS} WHERE tenant_id = ${tenantId} AND account = ${account}`);
    }
  }

  async reset(tenantId: string, account: string): Promise<void> {
    await this.data.run(sql`DELETE FROM blade_login_fail WHERE tenant_id = ${tenantId} AND account = ${account}`);
  }
}
