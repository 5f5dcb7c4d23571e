// HS256 JWTs (jose) with the per-install secret and an injectable clock.
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

export class JwtService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.clock()),
      });
      if (payload.token_type !== type || typeof payload.user_id !== 'string') return null;
      return payload as T & JWTPayload;
    } catch {
      return null;
    }
  }
}
