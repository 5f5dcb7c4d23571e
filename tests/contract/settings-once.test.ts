// Install-wide keys made on first use (the SM2 pair, the AES key of the crypto token, the JWT secret): two
// instances of a team server starting at once on one fresh PostgreSQL database end with the same keys,
// and a damaged half pair is made anew (system/settings.ts settingsOnce).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesKey } from '../../src-server/auth/crypto-token';
import { sm2Keys } from '../../src-server/auth/sm2-keys';
import { postgresDataLayer, type DataLayer } from '../../src-server/db/data-layer';
import { getSetting, setSetting } from '../../src-server/system/settings';
import { startPostgres, type PostgresServer } from '../support/postgres';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** two instances' data layers on one new database holding the settings table (made by hand: this tests the keys, not the migrations) */
async function twoInstances(): Promise<[DataLayer, DataLayer]> {
  const url = await server.createDatabase();
  const a = postgresDataLayer(url);
  await a.exec('CREATE TABLE blade_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  return [a, postgresDataLayer(url)];
}

describe('keys made on first use, on PostgreSQL', () => {
  it('two instances asking at the same moment get the same SM2 pair and AES key, the ones stored', async () => {
    const [a, b] = await twoInstances();
    try {
      for (let round = 0; round < 5; round++) {
        await a.exec('DELETE FROM blade_setting');
        const [ka, kb] = await Promise.all([sm2Keys(a), sm2Keys(b)]);
        expect(kb).toEqual(ka);
        expect(await getSetting(a, 'sm2.privateKey')).toBe(ka.privateKey);
        const [aa, ab] = await Promise.all([aesKey(a), aesKey(b)]);
        expect(ab).toBe(aa);
        expect(aa).toMatch(/^[A-Za-z0-9]{32}$/);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps keys once made; a half pair or a key of the wrong length is made anew', async () => {
    const [a, b] = await twoInstances();
    try {
      const first = await sm2Keys(a);
      expect(await sm2Keys(b)).toEqual(first);
      await a.exec("DELETE FROM blade_setting WHERE key = 'sm2.privateKey'");
      const renewed = await sm2Keys(a);
      expect(renewed.publicKey).not.toBe(first.publicKey);
      expect(await getSetting(b, 'sm2.publicKey')).toBe(renewed.publicKey);
      await setSetting(a, 'auth.aesKey', 'short');
      const key = await aesKey(b);
      expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(await aesKey(a)).toBe(key);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
