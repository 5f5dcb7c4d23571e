// Where the TokenVault keeps client secrets and tokens, chosen once at start:
// 1. the OS keychain through keytar, when a call to it works;
// 2. else Electron safeStorage (OS-protected encryption key), when encryption is
//    available and, on Linux, the backend is not 'basic_text' (a hard-coded
//    password, i.e. no protection): the encrypted blobs go to a key-value store
//    (electron-store);
// 3. else memory only: the app works, secrets and sessions are lost on quit,
//    and the UI says so.
// Everything here takes its backends as interfaces: the Electron safeStorage
// adapter is in src-main/electron/secrets.ts.

import type { SecretStorageKind } from '../../src-shared/ipc';
import type { Logger } from './errors';
import { consoleLogger } from './errors';
import type { KeyValueStore } from './ProfileService';
import type { KeytarLike } from './TokenVault';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only: 'basic_text', 'gnome_libsecret', 'kwallet', ... */
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The account the keychain probe reads (never written). */
export const PROBE_ACCOUNT = '__probe__';
/** The store key holding the encrypted blobs (service -> account -> base64). */
export const SAFE_STORAGE_KEY = 'secrets';

/** true when keytar answers a read (a missing entry is an answer); false when it throws (no keychain / no D-Bus). */
export async function keychainReachable(keytar: KeytarLike | null, service: string): Promise<boolean> {
  if (!keytar) return false;
  try {
    await keytar.getPassword(service, PROBE_ACCOUNT);
    return true;
  } catch {
    return false;
  }
}

/** Whether safeStorage protects anything: available, and not Linux's plain-text backend. */
export function safeStorageUsable(safe: SafeStorageLike | null, platform: NodeJS.Platform = process.platform): boolean {
  if (!safe) return false;
  try {
    if (!safe.isEncryptionAvailable()) return false;
    if (platform === 'linux') {
      const backend = safe.getSelectedStorageBackend?.() ?? 'unknown';
      if (backend === 'basic_text' || backend === 'unknown') return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** A keytar-shaped store over safeStorage: values encrypted, kept as base64 in a key-value store. */
export class SafeStorageSecrets implements KeytarLike {
  constructor(
    private readonly safe: SafeStorageLike,
    private readonly store: KeyValueStore,
  ) {}

  private all(): Record<string, Record<string, string>> {
    const v = this.store.get(SAFE_STORAGE_KEY);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Record<string, string>>) : {};
  }

  async getPassword(service: string, account: string): Promise<string | null> {
    const blob = this.all()[service]?.[account];
    if (typeof blob !== 'string') return null;
    return this.safe.decryptString(Buffer.from(blob, 'base64'));
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    const all = this.all();
    all[service] = { ...(all[service] ?? {}), [account]: this.safe.encryptString(password).toString('base64') };
    this.store.set(SAFE_STORAGE_KEY, all);
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    const all = this.all();
    if (!all[service] || !(account in all[service])) return false;
    const { [account]: _gone, ...rest } = all[service];
    all[service] = rest;
    this.store.set(SAFE_STORAGE_KEY, all);
    return true;
  }
}

export interface SecretBackendChoice {
  kind: SecretStorageKind;
  /** what the TokenVault is given (null: memory) */
  backend: KeytarLike | null;
}

export interface SelectOptions {
  keytar: KeytarLike | null;
  service: string;
  /** Electron's safeStorage; null under plain Node (browser mode, tests) */
  safeStorage?: SafeStorageLike | null;
  /** where safeStorage blobs are kept (electron-store) */
  store?: KeyValueStore | null;
  platform?: NodeJS.Platform;
  logger?: Logger;
}

/** Picks the secret storage: keychain, else safeStorage (not plain text), else memory. */
export async function selectSecretBackend(o: SelectOptions): Promise<SecretBackendChoice> {
  const logger = o.logger ?? consoleLogger;
  if (await keychainReachable(o.keytar, o.service)) return { kind: 'keychain', backend: o.keytar };
  if (o.store && o.safeStorage && safeStorageUsable(o.safeStorage, o.platform)) {
    logger.warn('secrets: no OS keychain; using Electron safeStorage');
    return { kind: 'safe-storage', backend: new SafeStorageSecrets(o.safeStorage, o.store) };
  }
  logger.warn('secrets: no OS keychain and no protected safeStorage; secrets and sessions are kept in memory only');
  return { kind: 'memory', backend: null };
}

/** "sa••••••": enough to recognise a secret, never enough to use it. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  const shown = secret.length >= 8 ? secret.slice(0, 2) : '';
  return `${shown}${'•'.repeat(6)}`;
}
