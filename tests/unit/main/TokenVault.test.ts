// TokenVault against the real Secret Service (gnome-keyring on a private D-Bus
// session, see README / .ci): real keytar, real keychain entries.

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKeytar } from '../../../src-main/keytar';
import { TokenVault, VAULT_SERVICE, type KeytarLike } from '../../../src-main/services/TokenVault';
import type { Logger } from '../../../src-main/services/errors';

const hasBus = !!process.env.DBUS_SESSION_BUS_ADDRESS;
const run = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const used: string[] = [];
const account = (name: string) => {
  const a = `${run}-${name}`;
  used.push(a);
  return a;
};

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m) };
}

describe.skipIf(!hasBus)('TokenVault with the real Secret Service', () => {
  const keytar = loadKeytar()!;

  afterAll(async () => {
    for (const a of used) await keytar.deletePassword(VAULT_SERVICE, a).catch(() => false);
  });

  it('loads the real keytar module', () => {
    expect(keytar).not.toBeNull();
    expect(typeof keytar.getPassword).toBe('function');
  });

  it('saves, loads and clears one entry per profile, tagged v1', async () => {
    const vault = new TokenVault(keytar, { logger: capture() });
    const a = account('roundtrip');
    const b = account('other');
    expect(await vault.load(a)).toBeNull();

    const entry = { accessToken: 'acc.' + randomBytes(8).toString('hex'), refreshToken: 'ref.x', savedAt: 1_700_000_000_000, clientSecret: 'saber_secret' };
    await vault.save(a, entry);
    await vault.save(b, { accessToken: 'B', refreshToken: 'RB', savedAt: 1 });
    expect(vault.persistent).toBe(true);

    // really in the keychain, in the versioned format
    const raw = await keytar.getPassword(VAULT_SERVICE, a);
    expect(raw?.startsWith('v1:')).toBe(true);
    expect(JSON.parse(raw!.slice(3))).toEqual(entry);

    // a second vault (a restart) reads it back
    const again = new TokenVault(keytar, { logger: capture() });
    expect(await again.load(a)).toEqual(entry);
    expect(await again.load(b)).toEqual({ accessToken: 'B', refreshToken: 'RB', savedAt: 1 });

    await again.clear(a);
    expect(await keytar.getPassword(VAULT_SERVICE, a)).toBeNull();
    expect(await again.load(a)).toBeNull();
    expect((await again.load(b))?.accessToken).toBe('B');
  });

  it('treats an unknown version or a corrupt value as empty and clears it', async () => {
    const log = capture();
    const vault = new TokenVault(keytar, { logger: log });
    const cases = {
      v2: 'v2:{"accessToken":"a","refreshToken":"r","savedAt":1}',
      untagged: '{"accessToken":"a","refreshToken":"r","savedAt":1}',
      badJson: 'v1:{not json',
      wrongShape: 'v1:{"accessToken":1,"refreshToken":"r","savedAt":"x"}',
    };
    for (const [name, value] of Object.entries(cases)) {
      const a = account(name);
      await keytar.setPassword(VAULT_SERVICE, a, value);
      expect(await vault.load(a), name).toBeNull();
      expect(await keytar.getPassword(VAULT_SERVICE, a), name).toBeNull();
    }
    expect(log.lines.join('\n')).not.toContain('accessToken');
  });

  it('keeps a namespace apart from the plain profile id', async () => {
    const plain = new TokenVault(keytar, { logger: capture() });
    const ns = new TokenVault(keytar, { namespace: `${run}-ns`, logger: capture() });
    const id = account('shared');
    used.push(`${run}-ns:${id}`);
    await plain.save(id, { accessToken: 'P', refreshToken: 'p', savedAt: 1 });
    await ns.save(id, { accessToken: 'N', refreshToken: 'n', savedAt: 2 });
    expect((await plain.load(id))?.accessToken).toBe('P');
    expect((await ns.load(id))?.accessToken).toBe('N');
    expect(await keytar.getPassword(VAULT_SERVICE, `${run}-ns:${id}`)).toMatch(/^v1:/);
  });
});

describe('TokenVault without a keychain', () => {
  it('falls back to memory when the keychain throws, says so without any secret, and keeps working', async () => {
    const broken: KeytarLike = {
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    };
    const log = capture();
    const vault = new TokenVault(broken, { logger: log });
    expect(vault.persistent).toBe(true);
    await vault.save('p1', { accessToken: 'SECRET-ACCESS', refreshToken: 'SECRET-REFRESH', savedAt: 5, clientSecret: 'SECRET-CLIENT' });
    expect(vault.persistent).toBe(false);
    expect(await vault.load('p1')).toEqual({ accessToken: 'SECRET-ACCESS', refreshToken: 'SECRET-REFRESH', savedAt: 5, clientSecret: 'SECRET-CLIENT' });
    await vault.clear('p1');
    expect(await vault.load('p1')).toBeNull();
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.join('\n')).toMatch(/memory/);
    expect(log.lines.join('\n')).not.toMatch(/SECRET/);
  });

  it('runs in memory from the start when no keytar module is given', async () => {
    const vault = new TokenVault(null, { logger: capture() });
    expect(vault.persistent).toBe(false);
    await vault.save('x', { accessToken: 'a', refreshToken: 'r', savedAt: 1 });
    expect((await vault.load('x'))?.refreshToken).toBe('r');
  });
});
