// One axios instance per profile. Adds the client's Basic header, the bearer
// token and the tenant; accepts HTTP 200-500 and reads the business code from
// the body (else the status); maps every failure to DeskError; keeps the
// session alive by refreshing the token once it is tokenTime seconds old
// (one refresh at a time). A 401 while signed in is either a token the server
// no longer takes or a call the operator may not make: the client refreshes
// and tries once more; a refused refresh ends the session, a call refused
// again with the fresh token is a denial (DeskError 401, session kept).

import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { ApiReply, ApiRequest, EventContract, EventName, Profile } from '../../src-shared/ipc';
import { DeskError, type Logger, consoleLogger } from './errors';
import { type Session, userFromReply } from './Session';
import { encryptToken, usesCryptoToken } from './cryptoToken';
import type { NetworkConfig } from './ProfileNetwork';
import { authUrls, dialectOf, mapUrl, tokenReplyOfAuthInfo } from './dialects';

export type EmitFn = <E extends EventName>(event: E, payload: EventContract[E]) => void;

export const TOKEN_URL = '/blade-auth/oauth/token';
export const DEFAULT_TOKEN_TIME_S = 3000;
export const DEFAULT_CHECK_INTERVAL_MS = 10_000;
export const DEFAULT_TIMEOUT_MS = 50_000;

export interface ApiClientOptions {
  profile: Profile;
  session: Session;
  emit: EmitFn;
  /** seconds after which a token is refreshed (BladeX Saber's tokenTime) */
  tokenTimeSeconds?: number;
  /** how often the refresh timer looks at the token age */
  checkIntervalMs?: number;
  timeoutMs?: number;
  now?: () => number;
  logger?: Logger;
  /** the profile's extra CA / proxy (ProfileNetwork.networkConfig) */
  network?: NetworkConfig;
}

export const basicAuth = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;

type Body = Record<string, unknown>;
const asBody = (data: unknown): Body => (data && typeof data === 'object' && !Array.isArray(data) ? (data as Body) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The business code of a reply: body.code when it is a number (or numeric string), else the HTTP status. */
export function replyCode(res: AxiosResponse): number {
  const c = asBody(res.data).code;
  const n = typeof c === 'number' ? c : typeof c === 'string' && c.trim() !== '' ? Number(c) : NaN;
  return Number.isFinite(n) ? n : res.status;
}

/** The message of a failed reply: msg, else error_description, else 'unknown error'. */
export function replyMessage(res: AxiosResponse): string {
  const b = asBody(res.data);
  return text(b.msg) || text(b.error_description) || 'unknown error';
}

/**
 * A call that got no reply: says so plainly in the profile's language, names
 * the server and keeps the system's reason (ECONNREFUSED, a timeout, a
 * certificate problem...) for whoever has to fix it.
 */
export function networkMessage(profile: Pick<Profile, 'baseUrl' | 'language'>, reason: string): string {
  const head = profile.language === 'en' ? `Cannot reach the server ${profile.baseUrl}` : `无法连接服务器 ${profile.baseUrl}`;
  return `${head}: ${reason}`;
}

export class ApiClient {
  readonly http: AxiosInstance;
  readonly profile: Profile;
  readonly session: Session;
  readonly now: () => number;
  private readonly emit: EmitFn;
  private readonly tokenTimeSeconds: number;
  private readonly checkIntervalMs: number;
  private readonly logger: Logger;
  private refreshing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(o: ApiClientOptions) {
    this.profile = o.profile;
    this.session = o.session;
    this.emit = o.emit;
    this.now = o.now ?? Date.now;
    this.tokenTimeSeconds = o.tokenTimeSeconds ?? DEFAULT_TOKEN_TIME_S;
    this.checkIntervalMs = o.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
    this.logger = o.logger ?? consoleLogger;
    this.http = axios.create({
      baseURL: o.profile.baseUrl,
      timeout: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      validateStatus: (s) => s >= 200 && s <= 500,
      // never follow a redirect to another host with our headers
      maxRedirects: 0,
      ...o.network,
    });
    this.http.interceptors.request.use((config) => {
      const s = this.session;
      config.headers.set('Authorization', basicAuth(this.profile.clientId, s.clientSecret));
      const token = s.accessToken;
      if (token) config.headers.set('Blade-Auth', this.profile.aesKey && usesCryptoToken(config.url) ? `crypto ${encryptToken(token, this.profile.aesKey)}` : `bearer ${token}`, false);
      const tenant = s.scope.tenantId || s.user?.tenant_id || this.profile.tenantId;
      config.headers.set('Tenant-Id', tenant, false);
      return config;
    });
  }

  /** Starts the refresh timer (unref'd: it never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.tokenDue()) this.refresh().catch(() => {});
    }, this.checkIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** true when signed in and the token is at least tokenTime seconds old */
  tokenDue(): boolean {
    if (!this.session.refreshToken) return false;
    return (this.now() - this.session.savedAt) / 1000 >= this.tokenTimeSeconds;
  }

  /**
   * Sends a request with the profile's headers and returns the raw reply
   * (any HTTP status 200-500). Only a failure to get a reply throws: DeskError(0)
   * for the network, DeskError(status) for a status above 500.
   */
  async send<T = unknown>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    // the spec's paths at the profile's back end (throws for the content area on a stock one)
    const mapped = config.url ? { ...config, url: mapUrl(this.profile, config.url) } : config;
    try {
      return await this.http.request<T>(mapped);
    } catch (e) {
      if (e instanceof AxiosError && e.response) throw new DeskError(replyCode(e.response), replyMessage(e.response));
      throw new DeskError(0, networkMessage(this.profile, e instanceof Error && e.message ? e.message : 'network error'));
    }
  }

  /**
   * A business call: refreshes first when due, returns the R envelope on code 200, else rejects with DeskError.
   * A 401 while signed in refreshes the token and sends the call once more: an expired or replaced token then
   * works; a call refused again is a denial (请求未授权 for this operator), rejected without ending the session.
   */
  async request<T = unknown>(req: ApiRequest): Promise<ApiReply<T>> {
    if (this.tokenDue()) await this.refresh();
    const config: AxiosRequestConfig = { method: req.method, url: req.url, params: req.params, data: req.data };
    // the console's language: the back end answers its messages in it (zh-CN, the spec's texts, unless en)
    if (req.language) config.headers = { 'Accept-Language': req.language === 'en' ? 'en' : 'zh-CN' };
    const res = await this.send<ApiReply<T>>(config);
    if (replyCode(res) !== 401 || !this.session.refreshToken) return this.unwrap(res);
    await this.refreshAfter(res);
    const again = await this.send<ApiReply<T>>(config);
    if (replyCode(again) === 401) throw new DeskError(401, replyMessage(again), { denied: true });
    return this.unwrap(again);
  }

  /**
   * Maps a reply to its body (code 200) or a DeskError. A 401 while signed in refreshes the token: a refused
   * refresh ends the session; otherwise the 401 was a denial and the session stays (the next call carries the
   * fresh token). A 401 with no session to refresh ends it.
   */
  async unwrap<T>(res: AxiosResponse<T>): Promise<T> {
    const code = replyCode(res);
    if (code === 200) return res.data;
    if (code === 401) {
      if (this.session.refreshToken) {
        await this.refreshAfter(res);
        throw new DeskError(401, replyMessage(res), { denied: true });
      }
      await this.expire('unauthorized');
      throw new DeskError(401, replyMessage(res));
    }
    throw new DeskError(code, replyMessage(res));
  }

  /** The refresh after a 401: a refused refresh has ended the session; the caller hears the 401's own message. */
  private async refreshAfter(res: AxiosResponse): Promise<void> {
    try {
      await this.refresh();
    } catch (e) {
      if (e instanceof DeskError && e.code === 401) throw new DeskError(401, replyMessage(res));
      throw e;
    }
  }

  /** Refreshes the token; concurrent callers share the one request in flight. */
  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Ends the session (vault and memory) and tells the renderer. */
  async expire(reason: string): Promise<void> {
    const wasSignedIn = this.session.accessToken !== null || this.session.user !== null;
    await this.session.end();
    if (wasSignedIn) this.emit('session:expired', { reason });
  }

  private async doRefresh(): Promise<void> {
    const s = this.session;
    const refreshToken = s.refreshToken;
    if (!refreshToken) throw new DeskError(401, 'not signed in');
    const tenantId = s.scope.tenantId || s.user?.tenant_id || this.profile.tenantId;
    const headers: Record<string, string> = { 'Tenant-Id': tenantId };
    if (s.scope.deptId) headers['Dept-Id'] = s.scope.deptId;
    if (s.scope.roleId) headers['Role-Id'] = s.scope.roleId;
    // A refresh that gets no reply (network) leaves the session as it is; the timer tries again.
    const res =
      dialectOf(this.profile) === 'springblade'
        ? await this.send<Body>({ method: 'post', url: authUrls(this.profile).token, params: { grantType: 'refresh_token', refreshToken, tenantId, scope: 'all' }, headers })
        : await this.send<Body>({
            method: 'post',
            url: TOKEN_URL,
            data: new URLSearchParams({ grant_type: 'refresh_token', scope: 'all', refresh_token: refreshToken, tenantId }),
            headers,
          });
    const body = dialectOf(this.profile) === 'springblade' ? tokenReplyOfAuthInfo(asBody(res.data)) : asBody(res.data);
    if (s.refreshToken !== refreshToken) return; // signed out or in again meanwhile
    if (typeof body.access_token !== 'string' || !body.access_token || body.error_description) {
      this.logger.warn(`token refresh refused for profile ${this.profile.id} (HTTP ${res.status})`);
      await this.expire('refresh failed');
      throw new DeskError(401, text(body.error_description) || text(body.msg) || 'session expired');
    }
    const user = userFromReply(body);
    await s.renew(
      {
        accessToken: body.access_token,
        refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : refreshToken,
        savedAt: this.now(),
      },
      user.user_id ? user : undefined,
    );
  }
}
