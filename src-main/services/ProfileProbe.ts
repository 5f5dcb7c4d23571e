// "Test" in the profiles manager: can this machine reach the profile's back end
// (through its proxy, trusting its CA), and does the back end accept its
// OAuth client? Two requests: the public captcha endpoint, then the token
// endpoint with a refresh token that cannot be valid: a back end that knows
// the client answers "bad refresh token"; one that does not, "invalid client".

import axios, { AxiosError } from 'axios';
import type { Profile, ProfileTestResult } from '../../src-shared/ipc';
import { basicAuth, TOKEN_URL } from './ApiClient';
import { DeskError } from './errors';
import { networkConfig } from './ProfileNetwork';

export const CAPTCHA_URL = '/blade-auth/oauth/captcha';

/** A network failure in words: the error code (ECONNREFUSED, CERT_...) and Node's message. */
function describe(e: unknown): string {
  if (e instanceof AxiosError) {
    const cause = e.cause instanceof Error ? e.cause : null;
    const code = e.code ?? (cause as NodeJS.ErrnoException | null)?.code ?? '';
    const message = cause?.message || e.message;
    return code && !message.includes(code) ? `${code}: ${message}` : message;
  }
  return e instanceof Error ? e.message : String(e);
}

const isInvalidClient = (status: number, body: unknown): boolean => {
  if (status !== 401 || !body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return b.error === 'invalid_client' || b.error_code === 3001 || b.code === 3001;
};

export async function probeProfile(profile: Profile, clientSecret: string, timeoutMs = 10_000): Promise<ProfileTestResult> {
  let network;
  try {
    network = networkConfig(profile);
  } catch (e) {
    return { reachable: false, status: 0, message: e instanceof DeskError ? e.message : describe(e), clientAccepted: null };
  }
  const http = axios.create({ baseURL: profile.baseUrl, timeout: timeoutMs, validateStatus: () => true, maxRedirects: 0, ...network });
  const headers = { Authorization: basicAuth(profile.clientId, clientSecret), 'Tenant-Id': profile.tenantId };
  try {
    let status = 0;
    try {
      status = (await http.get(CAPTCHA_URL, { headers })).status;
    } catch (e) {
      return { reachable: false, status: 0, message: describe(e), clientAccepted: null };
    }
    if (status >= 500) return { reachable: false, status, message: `HTTP ${status}`, clientAccepted: null };
    try {
      const form = new URLSearchParams({ grant_type: 'refresh_token', scope: 'all', refresh_token: 'profile-test', tenantId: profile.tenantId });
      const res = await http.post(TOKEN_URL, form, { headers });
      const rejected = isInvalidClient(res.status, res.data);
      return { reachable: true, status, message: rejected ? `HTTP ${res.status} invalid_client` : '', clientAccepted: !rejected };
    } catch (e) {
      return { reachable: true, status, message: describe(e), clientAccepted: null };
    }
  } finally {
    // one-off agent: no sockets kept open
    network.httpsAgent?.destroy();
  }
}
