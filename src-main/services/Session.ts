// The signed-in state of one workspace: tokens and user in main memory, the
// tokens (and the profile's client secret) mirrored in the TokenVault.
// Nothing here is ever handed to the renderer except the SessionUser.

import type { SessionUser } from '../../src-shared/ipc';
import type { TokenVault } from './TokenVault';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** ms since epoch when the tokens were issued */
  savedAt: number;
}

/** Optional Dept-Id / Role-Id picked at login (switch mode), re-sent on refresh. */
export interface SessionScope {
  tenantId?: string;
  deptId?: string;
  roleId?: string;
}

export class Session {
  private tokens: SessionTokens | null = null;
  private currentUser: SessionUser | null = null;
  private currentScope: SessionScope = {};

  constructor(
    readonly profileId: string,
    private readonly vault: TokenVault,
    private secret: string,
  ) {}

  get clientSecret(): string {
    return this.secret;
  }

  /** A new client secret from the profiles manager (already in the vault). */
  useSecret(secret: string): void {
    this.secret = secret;
  }

  get user(): SessionUser | null {
    return this.currentUser;
  }

  get scope(): SessionScope {
    return this.currentScope;
  }

  get accessToken(): string | null {
    return this.tokens?.accessToken || null;
  }

  get refreshToken(): string | null {
    return this.tokens?.refreshToken || null;
  }

  get savedAt(): number {
    return this.tokens?.savedAt ?? 0;
  }

  /** Reads the vault: returns true when it holds a token to restore from (the user is not known yet). */
  async loadFromVault(): Promise<boolean> {
    const entry = await this.vault.load(this.profileId);
    if (entry?.clientSecret) this.secret = entry.clientSecret;
    if (entry && entry.accessToken) {
      this.tokens = { accessToken: entry.accessToken, refreshToken: entry.refreshToken, savedAt: entry.savedAt };
      return true;
    }
    return false;
  }

  /** Stores tokens (vault first, then memory) and the user. */
  async begin(tokens: SessionTokens, user: SessionUser, scope: SessionScope = {}): Promise<void> {
    await this.vault.save(this.profileId, { ...tokens, clientSecret: this.secret });
    this.tokens = { ...tokens };
    this.currentUser = user;
    this.currentScope = { ...scope };
  }

  /** After a refresh: new tokens, same user unless a new one is given. */
  async renew(tokens: SessionTokens, user?: SessionUser): Promise<void> {
    await this.vault.save(this.profileId, { ...tokens, clientSecret: this.secret });
    this.tokens = { ...tokens };
    if (user) this.currentUser = user;
  }

  /** Marks a restored session as known (after user-info confirmed the token). */
  setUser(user: SessionUser, scope: SessionScope = {}): void {
    this.currentUser = user;
    this.currentScope = { ...scope };
  }

  /** Forgets the tokens in memory and in the vault (the client secret stays). */
  async end(): Promise<void> {
    this.tokens = null;
    this.currentUser = null;
    this.currentScope = {};
    if (this.secret) await this.vault.save(this.profileId, { accessToken: '', refreshToken: '', savedAt: 0, clientSecret: this.secret });
    else await this.vault.clear(this.profileId);
  }
}

const TOKEN_KEYS = new Set(['access_token', 'refresh_token', 'accessToken', 'refreshToken']);
const USER_FIELDS: (keyof SessionUser)[] = [
  'account',
  'user_name',
  'nick_name',
  'role_name',
  'avatar',
  'user_id',
  'dept_id',
  'role_id',
  'tenant_id',
];
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The SessionUser of a token reply (or a user-info payload): every field of it
 * except the tokens, with the SessionUser fields always present as strings
 * (snake_case, read from camelCase when only that is there).
 */
export function userFromReply(reply: Record<string, unknown>): SessionUser {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(reply)) if (!TOKEN_KEYS.has(k)) out[k] = v;
  for (const f of USER_FIELDS) {
    const v = reply[f] ?? reply[camel(f)];
    out[f] = v === undefined || v === null ? '' : String(v);
  }
  return out as unknown as SessionUser;
}
