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
import type { BusMemory } from '../system/bus-memory';
import type { Clock } from '../util/clock';
import { formatDateTime } from '../util/dates';

export type RefreshOutcome = 'ok' | 'unknown' | 'revoked' | 'reused';

export class TokenSessions {
  constructor(
    private readonly data: DataLayer,
    private readonly clock: Clock,
    /**
     * the sessions known live, on a team server whose cache bus hears every revocation (system migration 604's
     * trigger tells every instance, whoever revoked): the check of every request without a round trip
     */
    private readonly known?: BusMemory<boolean>,
    /** resolves once this instance's bus heard what was committed before (CacheRegistry.heard): the others have been told */
    private readonly heard: () => Promise<void> = async () => undefined,
  ) {}

  /**
   * After a revocation committed: resolves once the cache bus carried it (the other instances of a team server
   * were told before the caller answers). revoke and revokeUsers wait for it themselves.
   */
  told(): Promise<void> {
    return this.heard();
  }

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

  /** The session exists and is not revoked: one indexed lookup, or memory (see `known`); only a live answer is kept. */
  async isLive(sid: string | undefined): Promise<boolean> {
    if (typeof sid !== 'string') return false;
    const read = async () => (await this.data.get(sql`SELECT 1 AS live FROM blade_token_session WHERE id = ${sid} AND revoked_time IS NULL`)) !== undefined;
    return this.known ? this.known.get(sid, read, (live) => live) : read();
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

  async revoke(sid: string, reason: string): Promise<void> {
    await this.revokeOn(this.data, sid, reason);
    await this.heard();
  }

  private async revokeOn(q: Queries, sid: string, reason: string): Promise<void> {
    await q.run(
      sql`UPDATE blade_token_session SET revoked_time = ${this.now()}, revoke_reason = ${reason} WHERE id = ${sid} AND revoked_time IS NULL`,
    );
    // this instance at once (the others, and this one again at the commit, through the bus)
    this.known?.forget(sid);
  }

  /** Ends every live session of this user but one (its own password changed through that one); `q`: a transaction (then `told` after its commit). */
  async revokeOthers(userId: string, keep: string, reason: string, q: Queries = this.data): Promise<void> {
    const revoked = await q.all(
      sql<{ id: string }>`UPDATE blade_token_session SET revoked_time = ${this.now()}, revoke_reason = ${reason}
        WHERE user_id = ${userId} AND id <> ${keep} AND revoked_time IS NULL RETURNING id`,
    );
    for (const r of revoked) this.known?.forget(r.id);
  }

  /** Ends every live session of these users (password reset, ...). */
  async revokeUsers(userIds: readonly string[], reason: string): Promise<void> {
    const now = this.now();
    const revoked: { id: string }[] = [];
    await this.data.transaction(async (trx) => {
      for (const id of userIds) {
        revoked.push(
          ...(await trx.all(
            sql<{ id: string }>`UPDATE blade_token_session SET revoked_time = ${now}, revoke_reason = ${reason}
              WHERE user_id = ${id} AND revoked_time IS NULL RETURNING id`,
          )),
        );
      }
    });
    // committed: this instance at once, the others through the bus
    for (const r of revoked) this.known?.forget(r.id);
    await this.heard();
  }
}
