// Passwords are stored as scrypt(md5_hex(plain)) with a random salt: the client
// sends the md5 hex (BladeX 2.x/3.x transport) and never the plain text.
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LEN = 64;
const PARAMS = { N: 16384, r: 8, p: 1 };

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Hash of the md5 hex the client sends: `scrypt$<salt hex>$<hash hex>`. */
export function hashPasswordDigest(md5: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(md5.toLowerCase(), salt, KEY_LEN, PARAMS);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPasswordDigest(md5: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return Promise.resolve(false);
  const expected = Buffer.from(hashHex, 'hex');
  return new Promise((resolve) => {
    scrypt(md5.toLowerCase(), Buffer.from(saltHex, 'hex'), expected.length, PARAMS, (err, derived) => {
      resolve(!err && derived.length === expected.length && timingSafeEqual(derived, expected));
    });
  });
}
