// Login attempt limiter: N failed attempts for an account (per tenant) lock it for
// 30 minutes; success clears the counter. N comes from param `account.failCount`.
import type { Db } from '../db/database';
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
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private maxFails(tenantId: string): number {
    const row = this.db
      .prepare(`SELECT param_value FROM blade_param WHERE tenant_id IN (?, '000000') AND param_key = 'account.failCount'
                AND is_deleted = 0 ORDER BY tenant_id = ? DESC LIMIT 1`)
      .get(tenantId, tenantId) as { param_value: string } | undefined;
    const n = Number(row?.param_value);
    return Number.isInteger(n) && n > 0 ? n : DEFAULT_FAIL_COUNT;
  }

  private row(tenantId: string, account: string): FailRow | undefined {
    return this.db
      .prepare('SELECT fail_count, first_fail_at, locked_until FROM blade_login_fail WHERE tenant_id = ? AND account = ?')
      .get(tenantId, account) as FailRow | undefined;
  }

  isLocked(tenantId: string, account: string): boolean {
    const row = this.row(tenantId, account);
    if (!row) return false;
    const now = this.clock();
    if (row.locked_until !== null && row.locked_until > now) return true;
    if (row.locked_until !== null || now - row.first_fail_at >= LOCK_MS) this.reset(tenantId, account); // expired
    return false;
  }

  recordFailure(tenantId: string, account: string): void {
    const now = this.clock();
    const row = this.row(tenantId, account);
    const count = (row ? row.fail_count : 0) + 1;
    const lockedUntil = count >= this.maxFails(tenantId) ? now + LOCK_MS : null;
    this.db
      .prepare(
        `INSERT INTO blade_login_fail (tenant_id, account, fail_count, first_fail_at, locked_until) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(tenant_id, account) DO UPDATE SET fail_count = excluded.fail_count, locked_until = excluded.locked_until`,
      )
      .run(tenantId, account, count, now, lockedUntil);
  }

  reset(tenantId: string, account: string): void {
    this.db.prepare('DELETE FROM blade_login_fail WHERE tenant_id = ? AND account = ?').run(tenantId, account);
  }
}
