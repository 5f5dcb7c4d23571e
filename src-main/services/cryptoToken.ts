// The encrypted Blade-Auth variant (`crypto <base64>`): AES-256-CBC of the
// access token with the profile's 32-character key, IV = the key's first 16
// bytes, PKCS7 padding. The spec marks the notice calls as using it.
import { createCipheriv } from 'node:crypto';

/** Paths (under the API base) whose calls send the crypto token. */
export const CRYPTO_TOKEN_PATHS: readonly string[] = ['/website-blade-desk/notice/'];

export function usesCryptoToken(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api(?=\/)/, '');
  return CRYPTO_TOKEN_PATHS.some((p) => path.startsWith(p));
}

export function encryptToken(token: string, key: string): string {
  const k = Buffer.from(key, 'utf8');
  if (k.length !== 32) throw new Error('the aes key must be 32 bytes');
  const cipher = createCipheriv('aes-256-cbc', k, k.subarray(0, 16));
  return Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]).toString('base64');
}
