// The install's SM2 key pair for the stock (SpringBlade >= 4.1) password
// transport: clients encrypt the plain password with the public key (C1C2C3,
// hex), the server decrypts it with the private key, which never leaves the
// database. Made on first use; the public key is printed by `npm run server`
// and shown in the Local workspace's profile.
import { sm2 } from 'sm-crypto-v2';
import type { DataLayer } from '../db/data-layer';
import { settingsOnce } from '../system/settings';

export interface Sm2Keys {
  publicKey: string;
  privateKey: string;
}

export async function sm2Keys(data: DataLayer): Promise<Sm2Keys> {
  const [publicKey, privateKey] = await settingsOnce(
    data,
    ['sm2.publicKey', 'sm2.privateKey'],
    () => {
      const pair = sm2.generateKeyPairHex();
      return [pair.publicKey, pair.privateKey];
    },
    ([pub, priv]) => !!pub && !!priv,
  );
  return { publicKey: publicKey!, privateKey: privateKey! };
}

/** The plain text of an SM2 ciphertext (hex, C1C2C3, with or without the leading 04), or null. */
export function sm2Decrypt(cipherHex: string, privateKey: string): string | null {
  const hex = cipherHex.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex) || hex.length < 194) return null;
  for (const candidate of hex.startsWith('04') ? [hex.slice(2), hex] : [hex]) {
    try {
      const plain = sm2.doDecrypt(candidate, privateKey, 0, { output: 'string' });
      if (typeof plain === 'string' && plain.length > 0) return plain;
    } catch {
      // not this form
    }
  }
  return null;
}
