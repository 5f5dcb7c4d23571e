// The profiles form's rules (main checks the same again: src-main/services/ProfileService.ts).
// Each returns a message key of the profiles area, or null when the value is fine.

export type RuleKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'nameTaken'
  | 'baseUrlRequired'
  | 'baseUrlInvalid'
  | 'tenantRequired'
  | 'clientIdRequired'
  | 'secretRequired'
  | 'proxyInvalid'
  | 'caInvalid'
  | 'publicKeyInvalid'
  | 'publicKeyRequired';

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

export function checkName(value: string | undefined, otherNames: readonly string[]): RuleKey | null {
  const name = (value ?? '').trim();
  if (!name) return 'nameRequired';
  if (name.length > 40) return 'nameTooLong';
  if (otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase())) return 'nameTaken';
  return null;
}

export function checkBaseUrl(value: string | undefined): RuleKey | null {
  if (!(value ?? '').trim()) return 'baseUrlRequired';
  return isHttpUrl(value!) ? null : 'baseUrlInvalid';
}

export function checkProxy(value: string | undefined): RuleKey | null {
  if (!(value ?? '').trim()) return null;
  return isHttpUrl(value!) ? null : 'proxyInvalid';
}

/** PEM text, or an absolute path (POSIX or Windows). */
export function checkCa(value: string | undefined): RuleKey | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (v.includes('-----BEGIN')) return /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(v) ? null : 'caInvalid';
  return v.startsWith('/') || /^[A-Za-z]:[\\/]/.test(v) || v.startsWith('\\\\') ? null : 'caInvalid';
}

/** The SM2 public key: 04 and 128 hex digits; required for a SpringBlade back end. */
export function checkPublicKey(value: string | undefined, dialect: string | undefined): RuleKey | null {
  const v = (value ?? '').trim();
  if (!v) return dialect === 'springblade' ? 'publicKeyRequired' : null;
  return /^04[0-9a-fA-F]{128}$/.test(v) ? null : 'publicKeyInvalid';
}
