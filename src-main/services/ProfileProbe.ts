// "Test" in the profiles manager: can this machine reach the profile's back end
// (through its proxy, trusting its CA), which API dialect does it speak (spec,
// stock BladeX, stock SpringBlade), and does the back end accept its OAuth client? Two requests: the public captcha endpoint, then the token
// endpoint with a refresh token that cannot be valid: a back end that knows
// the client answers "bad refresh token"; one that does not, "invalid client".

import axios, { AxiosError } from 'axios';
import type { ApiDialect, Profile, ProfileTestResult } from '../../src-shared/ipc';
import { basicAuth, TOKEN_URL } from './ApiClient';
import { DeskError } from './errors';
import { networkConfig } from './ProfileNetwork';

export const CAPTCHA_URL = '/blade-auth/oauth/captcha';
const STOCK_CAPTCHA_URL = '/blade-auth/captcha';
const STOCK_TOKEN_URL = '/blade-auth/token';

const hasKey = (v: unknown): boolean => !!v && typeof v === 'object' && typeof (v as { key?: unknown }).key === 'string';

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
  // BladeX: invalid_client / 3001; SpringBlade: R envelope 401 客户端认证失败!
  return b.error === 'invalid_client' || b.error_code === 3001 || b.code === 3001 || (b.code === 401 && typeof b.msg === 'string' && b.msg.includes('客户端认证失败'));
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
    // which API the back end speaks: the spec's / BladeX OAuth captcha, else SpringBlade's R-wrapped one
    let status = 0;
    let dialect: ApiDialect | undefined;
    try {
      const oauth = await http.get(CAPTCHA_URL, { headers });
      status = oauth.status;
      if (status === 200 && hasKey(oauth.data)) {
        const info = await http.get('/website-blade-system/tenant/info', { headers });
        dialect = info.status === 200 ? 'spec' : 'bladex';
      } else {
        const stock = await http.get(STOCK_CAPTCHA_URL, { headers });
        if (stock.status === 200 && hasKey((stock.data as { data?: unknown } | null)?.data)) {
          status = stock.status;
          dialect = 'springblade';
        }
      }
    } catch (e) {
      return { reachable: false, status: 0, message: describe(e), clientAccepted: null };
    }
    if (status >= 500) return { reachable: false, status, message: `HTTP ${status}`, clientAccepted: null };
    try {
      const res =
        dialect === 'springblade'
          ? await http.post(STOCK_TOKEN_URL, null, { headers, params: { grantType: 'refresh_token', refreshToken: 'profile-test', tenantId: profile.tenantId } })
          : await http.post(TOKEN_URL, new URLSearchParams({ grant_type: 'refresh_token', scope: 'all', refresh_token: 'profile-test', tenantId: profile.tenantId }), { headers });
      const rejected = isInvalidClient(res.status, res.data);
      return { reachable: true, status, message: rejected ? `HTTP ${res.status} invalid_client` : '', clientAccepted: !rejected, ...(dialect ? { dialect } : {}) };
    } catch (e) {
      return { reachable: true, status, message: describe(e), clientAccepted: null, ...(dialect ? { dialect } : {}) };
    }
  } finally {
    // one-off agent: no sockets kept open
    network.httpsAgent?.destroy();
  }
}
