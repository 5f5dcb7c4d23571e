// Server-side state of the tokens: one session per sign-in (its id `sid` rides
// in both JWTs), holding the one refresh token (`jti`) that may still be used.
// - the guard refuses an access token whose session is revoked or unknown;
// - a refresh token is single use: presenting it moves the session to the new
//   one; presenting an older one again revokes the whole session (the chain);
// - logout revokes its session; a change of a user's roles, tenant, status or
//   their removal revokes all of their sessions (trigger of core migration 30),
//   a password reset does so explicitly (revokeUser).
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import type { Clock } from '../util/clock';
import { formatDateTime } from '../util/dates';

export type RefreshOutcome = 'ok' | 'unknown' | 'revoked' | 'reused';

export class TokenSessions {
  private readonly liveStmt: Statement;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.liveStmt = db.prepare('SELECT 1 FROM blade_token_session WHERE id = ? AND revoked_time IS NULL');
  }

  private now(): string {
    return formatDateTime(this.clock());
  }

  /** A new session for a sign-in; returns its id and the first refresh token's jti. */
  open(user: { id: string; tenant_id: string }, clientId: string): { sid: string; jti: string } {
    const sid = randomUUID();
    const jti = randomUUID();
    this.db
      .prepare('INSERT INTO blade_token_session (id, user_id, tenant_id, client_id, refresh_jti, create_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(sid, user.id, user.tenant_id, clientId, jti, this.now());
    return { sid, jti };
  }

  /** One indexed lookup: the session exists and is not revoked. */
  isLive(sid: string | undefined): boolean {
    return typeof sid === 'string' && this.liveStmt.get(sid) !== undefined;
  }

  /**
   * Uses a refresh token: on success the session's refresh token becomes `nextJti`.
   * A token that is not the session's current one is a reuse: the session is revoked.
   */
  rotate(sid: string | undefined, jti: string | undefined, nextJti: string): RefreshOutcome {
    if (!sid || !jti) return 'unknown';
    return this.db.transaction((): RefreshOutcome => {
      const row = this.db.prepare('SELECT refresh_jti, revoked_time FROM blade_token_session WHERE id = ?').get(sid) as
        | { refresh_jti: string; revoked_time: string | null }
        | undefined;
      if (!row) return 'unknown';
      if (row.revoked_time) return 'revoked';
      if (row.refresh_jti !== jti) {
        this.revoke(sid, 'refresh token reused');
        return 'reused';
      }
      this.db.prepare('UPDATE blade_token_session SET refresh_jti = ? WHERE id = ?').run(nextJti, sid);
      return 'ok';
    })();
  }

  revoke(sid: string, reason: string): void {
    this.db
      .prepare('UPDATE blade_token_session SET revoked_time = ?, revoke_reason = ? WHERE id = ? AND revoked_time IS NULL')
      .run(this.now(), reason, sid);
  }

  /** Ends every live session of these users (password reset, ...). */
  revokeUsers(userIds: readonly string[], reason: string): void {
    const stmt = this.db.prepare('UPDATE blade_token_session SET revoked_time = ?, revoke_reason = ? WHERE user_id = ? AND revoked_time IS NULL');
    const now = this.now();
    this.db.transaction(() => {
      for (const id of userIds) stmt.run(now, reason, id);
    })();
  }
}
