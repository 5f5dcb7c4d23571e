// How a profile's ApiClient reaches its back end: an optional extra certificate
// authority (trusted besides Node's default roots, through an https.Agent's
// `ca`) and an optional HTTP(S) proxy given to axios, which sends plain-HTTP
// requests to it in absolute form and tunnels HTTPS through CONNECT, the
// origin's TLS still checked against the agent's CAs (tests/unit/profiles).

import { Agent as HttpsAgent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { AxiosProxyConfig } from 'axios';
import type { Profile } from '../../src-shared/ipc';
import { readCaCert } from './ProfileService';

/** Fields for axios.create / a request config. */
export interface NetworkConfig {
  httpsAgent?: HttpsAgent;
  proxy?: AxiosProxyConfig;
}

/** Trusted CAs for a profile: the default roots plus its own, or undefined (Node's defaults) when it has none. */
export function trustedCas(profile: Pick<Profile, 'caCert'>, read?: (path: string) => string): string[] | undefined {
  if (!profile.caCert) return undefined;
  return [...rootCertificates, readCaCert(profile.caCert, read)];
}

function axiosProxy(proxyUrl: string): AxiosProxyConfig {
  const u = new URL(proxyUrl);
  const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
  return {
    protocol: u.protocol.replace(':', ''),
    host: u.hostname,
    port,
    ...(u.username ? { auth: { username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) } } : {}),
  };
}

/** The agents and proxy settings of a profile (throws DeskError(400) when its CA file cannot be read). */
export function networkConfig(profile: Pick<Profile, 'baseUrl' | 'proxyUrl' | 'caCert'>, read?: (path: string) => string): NetworkConfig {
  const ca = trustedCas(profile, read);
  const https = new URL(profile.baseUrl).protocol === 'https:';
  const httpsAgent = ca && https ? new HttpsAgent({ ca, keepAlive: true }) : undefined;
  return { ...(httpsAgent ? { httpsAgent } : {}), ...(profile.proxyUrl ? { proxy: axiosProxy(profile.proxyUrl) } : {}) };
}
