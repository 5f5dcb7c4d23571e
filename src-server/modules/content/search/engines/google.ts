// Google Search Console through its official client (@googleapis/searchconsole),
// authorised as a service account: the tenant stores the account's JSON key
// (sealed at rest), the operator adds the account's client e-mail to each
// property as a user. The access token comes from the key's own token_uri by
// the OAuth 2.0 JWT bearer grant (RFC 7523; developers.google.com/identity/
// protocols/oauth2/service-account "Preparing to make an authorized API call"):
// a JWT signed RS256 with the key, {iss: client_email, scope, aud: token_uri},
// exchanged for a bearer token. The API's root is the tenant's setting (a proxy,
// or the tests' stand-in).
// Google's Indexing API is only for job postings and livestreams: it is not used.
// Ordinary pages reach Google through the site's sitemap, submitted here.
import { importPKCS8, SignJWT } from 'jose';
import { OAuth2Client } from 'google-auth-library';
import { searchconsole, type searchconsole_v1 } from '@googleapis/searchconsole';
import type { UrlHint } from '../../../../../src-shared/search-engines';
import type { Message } from '../../../../../src-shared/messages';
import { readServiceAccount, type ServiceAccountFields } from '../../../../../src-shared/declarations/search-account';
import { networkCode, reasonOf, type Verdict } from './answer';

/** read-write: submitting sitemaps needs it (search analytics alone would take .readonly) */
export const WEBMASTERS_SCOPE = 'https://www.googleapis.com/auth/webmasters';

/** What a service-account key holds that the product uses. */
export type ServiceAccount = ServiceAccountFields;

/** the account of a stored or pasted key, or why it is not one (a message of the table: SEARCH_ACCOUNT's rules) */
export function parseServiceAccount(text: string): { account: ServiceAccount } | { error: Message } {
  const read = readServiceAccount(text);
  return 'account' in read ? read : { error: { key: read.problem, ...(read.params && { params: read.params }) } };
}

/** checks the private key can sign (a key cut short or edited by hand is refused at save, not at the first call) */
export async function checkPrivateKey(account: ServiceAccount): Promise<Message | null> {
  try {
    await importPKCS8(account.privateKey, 'RS256');
    return null;
  } catch (e) {
    return { key: 'searchAccount.keyUnusable', params: { detail: (e as Error).message.slice(0, 160) } };
  }
}

/** a failure to get a token or to call the API: a verdict, the way the other engines answer */
export class GoogleCallError extends Error {
  constructor(readonly verdict: Exclude<Verdict, { kind: 'ok' }>) {
    super(verdict.reason);
  }
}

interface CachedToken {
  token: string;
  expires: number;
}

/** tokens by key id and scope, kept until a minute before they expire (every instance asks for its own) */
const tokens = new Map<string, CachedToken>();

/** A bearer token for the account (the JWT bearer grant at its token_uri). */
export async function accessToken(account: ServiceAccount, signal?: AbortSignal, now = Date.now()): Promise<string> {
  const cacheKey = `${account.clientEmail}|${account.privateKeyId}|${account.tokenUri}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expires - 60_000 > now) return cached.token;
  let assertion: string;
  try {
    const key = await importPKCS8(account.privateKey, 'RS256');
    const iat = Math.floor(now / 1000);
    assertion = await new SignJWT({ scope: WEBMASTERS_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) })
      .setIssuer(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key);
  } catch (e) {
    throw new GoogleCallError({ kind: 'stop', status: 0, reason: `private_key: ${(e as Error).message}`, hint: { code: 'serviceAccountInvalid' } });
  }
  let res: Response;
  let text: string;
  try {
    res = await fetch(account.tokenUri, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(30_000)]) : AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch (e) {
    signal?.throwIfAborted();
    throw new GoogleCallError({ kind: 'retry', status: 0, reason: `${new URL(account.tokenUri).origin}: ${networkCode(e)}` });
  }
  if (res.status === 429 || res.status >= 500) throw new GoogleCallError({ kind: 'retry', status: res.status, reason: reasonOf(res.status, text) });
  let body: { access_token?: string; expires_in?: number } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* below */
  }
  if (!res.ok || !body.access_token) {
    // invalid_grant (the key deleted, disabled, or its clock off), invalid_client...
    throw new GoogleCallError({ kind: 'stop', status: res.status, reason: reasonOf(res.status, text), hint: { code: 'serviceAccountInvalid' } });
  }
  tokens.set(cacheKey, { token: body.access_token, expires: now + Number(body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

/** the Search Console client for the account, on `rootUrl` */
export async function searchConsoleFor(account: ServiceAccount, rootUrl: string, signal?: AbortSignal): Promise<searchconsole_v1.Searchconsole> {
  const token = await accessToken(account, signal);
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token, token_type: 'Bearer', expiry_date: Date.now() + 50 * 60_000 });
  return searchconsole({ version: 'v1', auth, rootUrl: rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/` });
}

interface GaxiosLike {
  status?: number;
  response?: { status?: number; data?: unknown; headers?: Record<string, string> | Headers };
  code?: string | number;
  message?: string;
}

/**
 * A failed API call as a verdict: 429 and 5xx (and the network) retry, 401 stops (the token refused), 403 stops
 * (the account has no access to `property`), anything else stops with Google's message.
 */
export function googleVerdict(e: unknown, property: string): Exclude<Verdict, { kind: 'ok' }> {
  if (e instanceof GoogleCallError) return e.verdict;
  const err = e as GaxiosLike;
  const status = Number(err.response?.status ?? err.status ?? 0);
  const data = err.response?.data as { error?: { message?: string; status?: string } } | string | undefined;
  const words = typeof data === 'string' ? data : (data?.error?.message ?? err.message ?? '');
  if (!status) return { kind: 'retry', status: 0, reason: `Search Console: ${String(err.code ?? err.message ?? 'network')}` };
  const reason = reasonOf(status, String(words));
  if (status === 429 || status >= 500) return { kind: 'retry', status, reason };
  const hint: UrlHint | undefined =
    status === 401 ? { code: 'serviceAccountInvalid' } : status === 403 ? { code: 'serviceAccountNoAccess', params: { property } } : undefined;
  return { kind: 'stop', status, reason, hint };
}

/** the tokens kept (tests start each case without them) */
export function forgetTokens(): void {
  tokens.clear();
}
