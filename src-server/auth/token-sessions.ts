// Server-side state of the tokens: one session per sign-in (its id `sid` rides
// in both JWTs), holding the one refresh token (`jti`) that may still be used.
// - the guard refuses an access token whose session is revoked or unknown;
// - a refresh token is single use: presenting it moves the session to the new
//   one; presenting an older one again revokes the whole session (the chain);
// - logout revokes its session; a change of a user's roles, tenant, status or
//   their removal revokes all of their sessions (trigger of core migration 30),
//   a password reset does so explicitly (revokeUser).
import { randomUUID } from 'node:crypto';
import { sql, type DataLayer, type Queries } from '../db/data-layer';
import type { Clock } from '../util/clock';
import { formatDateTime } from '../util/dates';

export type RefreshOutcome = 'ok' | 'unknown' | 'revoked' | 'reused';

export class TokenSessions {
  constructor(
    private readonly data: DataLayer,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return formatDateTime(this.clock());
  }

  /** A new session for a sign-in; returns its id and the first refresh token's jti. */
  async open(user: { id: string; tenant_id: string }, clientId: string): Promise<{ sid: string; jti: string }> {
    const sid = randomUUID();
    const jti = randomUUID();
    await this.data.run(
      sql`INSERT INTO blade_token_session (id, user_id, tenant_id, client_id, refresh_jti, create_time)
          VALUES (${sid}, ${user.id}, ${user.tenant_id}, ${clientId}, ${jti}, ${this.now()})`,
    );
    return { sid, jti };
  }

  /** One indexed lookup: the session exists and is not revoked. */
  async isLive(sid: string | undefined): Promise<boolean> {
    if (typeof sid !== 'string') return false;
    return (await this.data.get(sql`SELECT 1 AS live FROM blade_token_session WHERE id = ${sid} AND revoked_time IS NULL`)) !== undefined;
  }

  /**
   * Uses a refresh token: on success the session's refresh token becomes `nextJti`.
   * A token that is not the session's current one is a reuse: the session is revoked.
   */
  async rotate(sid: string | undefined, jti: string | undefined, nextJti: string): Promise<RefreshOutcome> {
    if (!sid || !jti) return 'unknown';
    return this.data.transaction(async (trx): Promise<RefreshOutcome> => {
      // the conditional update is the check: of two uses of one refresh token at once (two instances on
      // PostgreSQL) one moves the session on, the other finds it moved and is a reuse
      const moved = await trx.run(
        sql`UPDATE blade_token_session SET refresh_jti = ${nextJti} WHERE id = ${sid} AND refresh_jti = ${jti} AND revoked_time IS NULL`,
      );
      if (moved > 0) return 'ok';
      const row = await trx.get(
        sql<{ refresh_jti: string; revoked_time: string | null }>`SELECT refresh_jti, revoked_time FROM blade_token_session WHERE id = ${sid}`,
      );
      if (!row) return 'unknown';
      if (row.revoked_time) return 'revoked';
      await this.revokeOn(trx, sid, 'refresh token reused');
      return 'reused';
    });
  }

  revoke(sid: string, reason: string): Promise<void> {
    return this.revokeOn(this.data, sid, reason);
  }

  private async revokeOn(q: Queries, sid: string, reason: string): Promise<void> {
    await q.run(
      sql`UPDATE blade_token_session SET revoked_time = ${this.now()}, revoke_reason = ${reason} WHERE id = ${sid} AND revoked_time IS NULL`,
    );
  }

  /** Ends every live session of this user but one (its own password changed through that one); `q`: a transaction. */
  async revokeOthers(userId: string, keep: string, reason: string, q: Queries = this.data): Promise<void> {
    await q.run(
      sql`UPDATE blade_token_session SET revoked_time = ${this.now()}, revoke_reason = ${reason} WHERE user_id = ${userId} AND id <> ${keep} AND revoked_time IS NULL`,
    );
  }

  /** Ends every live session of these users (password reset, ...). */
  async revokeUsers(userIds: readonly string[], reason: string): Promise<void> {
    const now = this.now();
    await this.data.transaction(async (trx) => {
      for (const id of userIds) {
        await trx.run(
          sql`UPDATE blade_token_session SET revoked_time = ${now}, revoke_reason = ${reason} WHERE user_id = ${id} AND revoked_time IS NULL`,
        );
      }
    });
  }
}
