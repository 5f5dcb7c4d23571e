// Where secrets go: the OS keychain (real keytar; reachable under
// `dbus-run-session` + gnome-keyring as npm test runs it), else Electron
// safeStorage unless it is Linux's plain-text backend, else memory only.
// Electron cannot run here: safeStorage is stood in for by an AES-GCM
// implementation of its interface; its blobs go to a real `conf` file.

import Conf from 'conf';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadKeytar } from '../../../src-main/keytar';
import { silentLogger } from '../../../src-main/services/errors';
import {
  keychainReachable,
  maskSecret,
  safeStorageUsable,
  selectSecretBackend,
  type SafeStorageLike,
} from '../../../src-main/services/SecretStorage';
import { TokenVault, type KeytarLike } from '../../../src-main/services/TokenVault';
import { tempDir } from '../main/helpers';

const SERVICE = `smc-secrets-test-${randomBytes(4).toString('hex')}`;
const keytar = loadKeytar();
const hasKeyring = !!process.env.DBUS_SESSION_BUS_ADDRESS && !!keytar;

/** safeStorage's contract with a real cipher: what Electron does with an OS-protected key. */
function aesSafeStorage(backend: string, available = true): SafeStorageLike & { encrypted: number } {
  const key = randomBytes(32);
  const s = {
    encrypted: 0,
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(text: string) {
      s.encrypted++;
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(blob: Buffer) {
      const d = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
      d.setAuthTag(blob.subarray(12, 28));
      return Buffer.concat([d.update(blob.subarray(28)), d.final()]).toString('utf8');
    },
  };
  return s;
}

/** A keytar whose every call fails the way keytar does without a D-Bus session. */
const unreachableKeytar: KeytarLike = {
  getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
};

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir('smc-secrets-');
});
afterEach(() => tmp.remove());

const store = () => new Conf<Record<string, unknown>>({ cwd: tmp.dir, configName: 'secrets' });

describe('secret storage selection', () => {
  it.runIf(hasKeyring)('uses the OS keychain when keytar reaches one; one entry per profile', async () => {
    const choice = await selectSecretBackend({ keytar, service: SERVICE, safeStorage: aesSafeStorage('gnome_libsecret'), store: store(), logger: silentLogger });
    expect(choice.kind).toBe('keychain');
    const vault = new TokenVault(choice.backend, { service: SERVICE, logger: silentLogger });
    expect(vault.kind).toBe('keychain');
    await vault.setSecret('p1', 'secret-one');
    await vault.setSecret('p2', 'secret-two');
    expect(await keytar!.getPassword(SERVICE, 'p1')).toContain('secret-one');
    expect(await new TokenVault(keytar, { service: SERVICE, logger: silentLogger }).getSecret('p2')).toBe('secret-two');
    await vault.setSecret('p1', '');
    await vault.clear('p2');
    expect(await keytar!.getPassword(SERVICE, 'p1')).toBeNull();
  });

  it('falls back to safeStorage when the keychain cannot be reached: encrypted blobs in the store, readable after a restart', async () => {
    expect(await keychainReachable(unreachableKeytar, SERVICE)).toBe(false);
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) expect(await keychainReachable(keytar, SERVICE)).toBe(false);
    const safe = aesSafeStorage('gnome_libsecret');
    const choice = await selectSecretBackend({ keytar: unreachableKeytar, service: SERVICE, safeStorage: safe, store: store(), platform: 'linux', logger: silentLogger });
    expect(choice.kind).toBe('safe-storage');
    const vault = new TokenVault(choice.backend, { service: SERVICE, kind: 'safe-storage', logger: silentLogger });
    expect(vault.kind).toBe('safe-storage');
    await vault.setSecret('prod', 'very-secret-value');
    await vault.save('prod', { accessToken: 'tok-A', refreshToken: 'ref-A', savedAt: 5, clientSecret: 'very-secret-value' });
    expect(safe.encrypted).toBeGreaterThan(0);
    const onDisk = readFileSync(join(tmp.dir, 'secrets.json'), 'utf8');
    expect(onDisk).not.toContain('very-secret-value');
    expect(onDisk).not.toContain('tok-A');
    // a new store on the same file (next start) with the same OS key reads it back
    const again = await selectSecretBackend({ keytar: unreachableKeytar, service: SERVICE, safeStorage: safe, store: store(), platform: 'linux', logger: silentLogger });
    const reopened = new TokenVault(again.backend, { service: SERVICE, kind: 'safe-storage', logger: silentLogger });
    expect(await reopened.load('prod')).toEqual({ accessToken: 'tok-A', refreshToken: 'ref-A', savedAt: 5, clientSecret: 'very-secret-value' });
    await reopened.clear('prod');
    expect(await reopened.load('prod')).toBeNull();
  });

  it('keeps secrets in memory only when safeStorage is plain text or unavailable (and says so through vault.kind)', async () => {
    for (const safe of [aesSafeStorage('basic_text'), aesSafeStorage('gnome_libsecret', false), null]) {
      const choice = await selectSecretBackend({ keytar: unreachableKeytar, service: SERVICE, safeStorage: safe, store: store(), platform: 'linux', logger: silentLogger });
      expect(choice).toEqual({ kind: 'memory', backend: null });
      const vault = new TokenVault(choice.backend, { logger: silentLogger });
      expect(vault.kind).toBe('memory');
      await vault.setSecret('p', 'in-memory');
      expect(await vault.getSecret('p')).toBe('in-memory');
      expect(await new TokenVault(null, { logger: silentLogger }).getSecret('p')).toBe('');
    }
    // no store for the blobs: memory too
    expect((await selectSecretBackend({ keytar: null, service: SERVICE, safeStorage: aesSafeStorage('kwallet5'), store: null, logger: silentLogger })).kind).toBe('memory');
  });

  it('judges safeStorage by platform: the backend name matters on Linux only', () => {
    expect(safeStorageUsable(aesSafeStorage('basic_text'), 'linux')).toBe(false);
    expect(safeStorageUsable(aesSafeStorage('unknown'), 'linux')).toBe(false);
    expect(safeStorageUsable(aesSafeStorage('kwallet5'), 'linux')).toBe(true);
    expect(safeStorageUsable(aesSafeStorage('os'), 'darwin')).toBe(true);
    expect(safeStorageUsable(aesSafeStorage('os'), 'win32')).toBe(true);
    expect(safeStorageUsable(aesSafeStorage('os', false), 'win32')).toBe(false);
    expect(safeStorageUsable(null, 'win32')).toBe(false);
  });

  it('a vault whose keychain fails later drops to memory and reports it', async () => {
    const vault = new TokenVault(unreachableKeytar, { service: SERVICE, logger: silentLogger });
    expect(vault.kind).toBe('keychain');
    await vault.setSecret('x', 's3cret');
    expect(vault.kind).toBe('memory');
    expect(await vault.getSecret('x')).toBe('s3cret');
  });

  it('masks secrets for the renderer', () => {
    expect(maskSecret('saber_secret')).toBe('sa••••••');
    expect(maskSecret('short')).toBe('••••••');
    expect(maskSecret('')).toBe('');
  });
});
