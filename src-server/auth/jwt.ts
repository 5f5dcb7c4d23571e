// HS256 JWTs (jose) with the per-install secret and an injectable clock.
// Every request verifies its token; a console sends the same one for its whole session, and jose's
// HMAC through WebCrypto was the back end's largest CPU cost per request after the socket writes. So a
// token whose signature checked out is remembered (its payload, by the exact token text); its times
// (exp, nbf) are checked against the clock on every use as jose does, and a revoked session is still
// refused per request by the session check (auth/token-sessions.ts).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../util/clock';

const ISSUER = 'seo-matrix-console';
const AUDIENCE = 'blade';

export interface AccessClaims {
  token_type: 'access_token';
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  client_id: string;
  /** the sign-in session (auth/token-sessions.ts) */
  sid: string;
}

export interface RefreshClaims {
  token_type: 'refresh_token';
  user_id: string;
  tenant_id: string;
  client_id: string;
  /** the sign-in session and this refresh token's id (single use) */
  sid: string;
  jti: string;
}

/** tokens remembered at most; the memory starts again when full (a bound, not a tuning knob) */
const VERIFIED_LIMIT = 10_000;

export class JwtService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, JWTPayload>();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims | RefreshClaims, validitySeconds: number): Promise<string> {
    const now = Math.floor(this.clock() / 1000);
    // every token is distinct (two issued in the same second carry different ids)
    return new SignJWT({ jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + validitySeconds)
      .sign(this.key);
  }

  /** The payload if the token is valid, unexpired and of the wanted type; otherwise null. */
  async verify<T extends AccessClaims | RefreshClaims>(token: string, type: T['token_type']): Promise<(T & JWTPayload) | null> {
    let payload = this.verified.get(token);
    if (payload) {
      // jose's own checks (clock tolerance 0): expired once now >= exp, not yet valid while nbf > now
      const now = Math.floor(this.clock() / 1000);
      if (typeof payload.exp === 'number' && now >= payload.exp) {
        this.verified.delete(token);
        return null;
      }
      if (typeof payload.nbf === 'number' && payload.nbf > now) return null;
    } else {
      try {
        ({ payload } = await jwtVerify(token, this.key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(this.clock()),
        }));
      } catch {
        return null;
      }
      if (this.verified.size >= VERIFIED_LIMIT) this.verified.clear();
      this.verified.set(token, payload);
    }
    if (payload.token_type !== type || typeof payload.user_id !== 'string') return null;
    return payload as T & JWTPayload;
  }
}
