// Which proxies are trusted to say the client's address (`--trust-proxy ADDRESSES`, issue 37).
// Only the named proxies' X-Forwarded-For entries are believed: the client is the
// right-most address of the chain (X-Forwarded-For's entries, then the connection's
// peer) that is not a trusted proxy. Everything a client writes into the header
// itself stands left of what the proxies appended, so it is never taken while a
// proxy's entry is there. Fastify's trustProxy given a list does exactly that
// (proxy-addr: from the peer leftwards, the first address not trusted); `true`
// (trust every hop, the left-most entry wins) is never given.
import { isIP } from 'node:net';

/** the names proxy-addr knows besides addresses and CIDRs */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_USAGE =
  '--trust-proxy ADDRESSES: the load balancer\'s addresses or CIDRs, comma-separated (e.g. --trust-proxy 127.0.0.1 for nginx on the same machine, --trust-proxy 10.0.0.5,10.0.1.0/24)';

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The trusted proxies of `--trust-proxy` (comma-separated addresses, CIDRs, or loopback / linklocal / uniquelocal).
 * Throws with the usage for an empty value (the old bare `--trust-proxy`, which trusted every hop) or a bad entry.
 */
export function parseTrustProxy(text: string): string[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) throw new Error(`--trust-proxy needs the proxies it trusts (it no longer trusts every hop): ${TRUST_PROXY_USAGE}`);
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length > 0) throw new Error(`--trust-proxy: not an address nor a CIDR: ${bad.join(', ')}; ${TRUST_PROXY_USAGE}`);
  return entries;
}

/** A bare `--trust-proxy` (last, or followed by another option) in a command line: refused with the new form. */
export function checkTrustProxyArgs(args: readonly string[]): void {
  const i = args.indexOf('--trust-proxy');
  if (i >= 0 && (i === args.length - 1 || args[i + 1]!.startsWith('-'))) parseTrustProxy('');
}
