// Tokens and client secrets of each profile, in the OS keychain (keytar), one
// entry per profile. The stored value is tagged with a format version so a
// later format can be told apart; anything unreadable counts as empty.
// When no keychain is available the vault keeps entries in memory only
// (persistent = false): the app still works, sessions just do not survive a restart.

import type { SecretStorageKind } from '../../src-shared/ipc';
import type { Logger } from './errors';
import { consoleLogger } from './errors';

/** The part of keytar the vault uses (the real module satisfies it). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface VaultEntry {
  /** '' when signed out */
  accessToken: string;
  /** '' when signed out */
  refreshToken: string;
  /** when the tokens were issued (ms since epoch); 0 when signed out */
  savedAt: number;
  clientSecret?: string;
}

export const VAULT_SERVICE = 'seo-matrix-console';
const VERSION_PREFIX = 'v1:';

export interface TokenVaultOptions {
  service?: string;
  /** prefix of the account name (e.g. per browser-mode data folder); the account is the profile id without it */
  namespace?: string;
  logger?: Logger;
  /** what the keytar-shaped backend is (SecretStorage.selectSecretBackend): the keychain (default) or safeStorage */
  kind?: Exclude<SecretStorageKind, 'memory'>;
}

export function encodeEntry(entry: VaultEntry): string {
  const value: VaultEntry = {
    accessToken: entry.accessToken,
    refreshToken: entry.refreshToken,
    savedAt: entry.savedAt,
    ...(entry.clientSecret !== undefined ? { clientSecret: entry.clientSecret } : {}),
  };
  return VERSION_PREFIX + JSON.stringify(value);
}

/** The entry in a stored value, or null when the version is unknown or the content is corrupt. */
export function decodeEntry(raw: string): VaultEntry | null {
  if (!raw.startsWith(VERSION_PREFIX)) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw.slice(VERSION_PREFIX.length));
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.accessToken !== 'string' || typeof o.refreshToken !== 'string' || typeof o.savedAt !== 'number') return null;
  if (o.clientSecret !== undefined && typeof o.clientSecret !== 'string') return null;
  return {
    accessToken: o.accessToken,
    refreshToken: o.refreshToken,
    savedAt: o.savedAt,
    ...(typeof o.clientSecret === 'string' ? { clientSecret: o.clientSecret } : {}),
  };
}

export class TokenVault {
  private keytar: KeytarLike | null;
  private readonly memory = new Map<string, string>();
  private readonly service: string;
  private readonly namespace: string;
  private readonly logger: Logger;
  private readonly backendKind: Exclude<SecretStorageKind, 'memory'>;

  constructor(keytar: KeytarLike | null, options: TokenVaultOptions = {}) {
    this.keytar = keytar;
    this.backendKind = options.kind ?? 'keychain';
    this.service = options.service ?? VAULT_SERVICE;
    this.namespace = options.namespace ?? '';
    this.logger = options.logger ?? consoleLogger;
    if (!keytar) this.logger.warn('token vault: no keychain module; tokens are kept in memory only');
  }

  /** false once the vault has fallen back to memory (no keychain). */
  get persistent(): boolean {
    return this.keytar !== null;
  }

  /** where entries go now ('memory' once the backend failed or when there was none) */
  get kind(): SecretStorageKind {
    return this.keytar ? this.backendKind : 'memory';
  }

  /** The client secret kept for a profile ('' when none). */
  async getSecret(profileId: string): Promise<string> {
    return (await this.load(profileId))?.clientSecret ?? '';
  }

  /** Sets (or, with '', removes) a profile's client secret, keeping its tokens. */
  async setSecret(profileId: string, clientSecret: string): Promise<void> {
    const entry = (await this.load(profileId)) ?? { accessToken: '', refreshToken: '', savedAt: 0 };
    const { clientSecret: _old, ...tokens } = entry;
    if (!clientSecret && !tokens.accessToken) return this.clear(profileId);
    await this.save(profileId, clientSecret ? { ...tokens, clientSecret } : tokens);
  }

  async load(profileId: string): Promise<VaultEntry | null> {
    const raw = await this.read(this.account(profileId));
    if (raw === null) return null;
    const entry = decodeEntry(raw);
    if (!entry) {
      this.logger.warn(`token vault: unreadable entry for profile ${profileId}; cleared`);
      await this.clear(profileId);
    }
    return entry;
  }

  async save(profileId: string, entry: VaultEntry): Promise<void> {
    await this.write(this.account(profileId), encodeEntry(entry));
  }

  async clear(profileId: string): Promise<void> {
    const account = this.account(profileId);
    this.memory.delete(account);
    if (!this.keytar) return;
    try {
      await this.keytar.deletePassword(this.service, account);
    } catch (e) {
      this.fallBack(e);
    }
  }

  private account(profileId: string): string {
    return this.namespace ? `${this.namespace}:${profileId}` : profileId;
  }

  private async read(account: string): Promise<string | null> {
    if (this.keytar) {
      try {
        return await this.keytar.getPassword(this.service, account);
      } catch (e) {
        this.fallBack(e);
      }
    }
    return this.memory.get(account) ?? null;
  }

  private async write(account: string, value: string): Promise<void> {
    if (this.keytar) {
      try {
        await this.keytar.setPassword(this.service, account, value);
        return;
      } catch (e) {
        this.fallBack(e);
      }
    }
    this.memory.set(account, value);
  }

  private fallBack(e: unknown): void {
    // The error text of keytar names the service, never the stored value.
    const reason = e instanceof Error ? e.message : String(e);
    this.logger.warn(`token vault: keychain unavailable (${reason}); tokens are kept in memory only`);
    this.keytar = null;
  }
}
