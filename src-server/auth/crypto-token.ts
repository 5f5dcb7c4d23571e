// The encrypted token variant of BladeX: `Blade-Auth: crypto <base64>` where
// base64 = AES-256-CBC(token) with a 32-character key, IV = the key's first 16
// bytes, PKCS7 padding. The key is kept in the server settings (auth.aesKey).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataLayer } from '../db/data-layer';
import { settingsOnce } from '../system/settings';

export const AES_KEY_SETTING = 'auth.aesKey';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function keyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== 32) throw new Error('the aes key must be 32 bytes');
  return bytes;
}

export function encryptToken(token: string, key: string): string {
  const k = keyBytes(key);
  const cipher = createCipheriv('aes-256-cbc', k, k.subarray(0, 16));
  return Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
}

/** What a token is: a JWT's three base64url parts (header, claims, signature). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The token inside a crypto header value, or null when it does not decrypt to
 * one. Under a wrong key AES-CBC ends in valid PKCS7 padding about once in 256
 * tries, so a clean decryption proves nothing: the text must have a token's
 * parts and alphabet before anything uses it.
 */
export function decryptToken(base64: string, key: string): string | null {
  let text: string;
  try {
    const k = keyBytes(key);
    const decipher = createDecipheriv('aes-256-cbc', k, k.subarray(0, 16));
    text = Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('latin1');
  } catch {
    return null;
  }
  return TOKEN_SHAPE.test(text) ? text : null;
}

/** The install's aes key (32 characters), created on first use. */
export async function aesKey(data: DataLayer): Promise<string> {
  const make = () => Array.from(randomBytes(32), (b) => ALPHABET[b % ALPHABET.length]).join('');
  const [key] = await settingsOnce(data, [AES_KEY_SETTING], () => [make()], ([k]) => !!k && Buffer.byteLength(k) === 32);
  return key!;
}
