// Who is asking, behind a reverse proxy or load balancer: the client's address and whether it came
// over https. Without PLANNER_TRUSTED_PROXIES the peer of the socket is the client and forwarding
// headers are ignored (anyone can send them). With it, a request whose peer is one of the trusted
// proxies is read through its forwarding header — `X-Forwarded-For` (with `X-Forwarded-Proto`) or
// RFC 7239 `Forwarded`, whichever PLANNER_FORWARDED_HEADER names — walking from the right, past
// the hops that are trusted proxies too, to the first address that is not: that is the client.
// What lies left of it was written by the client (or by proxies it chose) and is never believed.
import net from 'node:net';

/** Names for common sets of proxy addresses in PLANNER_TRUSTED_PROXIES. */
const KEYWORDS: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

export type ForwardedHeader = 'x-forwarded-for' | 'forwarded';

export interface TrustedProxies {
  /** The header the proxies write the client's address to (they must overwrite or append to it). */
  readonly header: ForwardedHeader;
  /** True when the address (a peer or a hop) is one of the trusted proxies. */
  trusts(address: string): boolean;
  /** False when no proxy is trusted: every request is its peer's. */
  readonly any: boolean;
}

/** The client of a request as this service takes it. */
export interface Client {
  /** The client's address (IPv4 as dotted quad, also when it arrived IPv4-mapped); undefined without a socket. */
  address: string | undefined;
  /** The request reached the service, or the first trusted proxy, over https. */
  https: boolean;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; IPv6 in lower case; undefined when it is no IP address. */
export function normalAddress(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const kind = net.isIP(text);
  if (kind === 4) return text;
  if (kind !== 6) return undefined;
  const lower = text.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped?.[1] ?? lower;
}

/**
 * Reads PLANNER_TRUSTED_PROXIES: comma-separated addresses, CIDR ranges (`10.0.0.0/8`,
 * `2001:db8::/32`) and the keywords `loopback`, `private`, `linklocal`. Answers the entries, or the
 * first problem as a sentence.
 */
export function parseTrustedProxies(text: string): string[] | string {
  const entries = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) return problem;
  }
  return entries;
}

function entryProblem(entry: string): string | null {
  if (KEYWORDS[entry]) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const kind = net.isIP(address);
  if (kind === 0 || extra !== undefined) {
    return `"${entry}" is not an address, a CIDR range or one of ${Object.keys(KEYWORDS).join(', ')}`;
  }
  if (prefix === undefined) return null;
  const max = kind === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return `"${entry}": the prefix length must be 0 to ${max}`;
  return null;
}

/** The trusted proxies of a service (entries as parseTrustedProxies answers them; it throws on a bad one). */
export function trustedProxies(entries: readonly string[] = [], header: ForwardedHeader = 'x-forwarded-for'): TrustedProxies {
  const list = new net.BlockList();
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`PLANNER_TRUSTED_PROXIES: ${problem}`);
    for (const range of KEYWORDS[entry] ?? [entry]) {
      const [address = '', prefix] = range.split('/');
      const type = net.isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
  }
  const any = entries.length > 0;
  return {
    header,
    any,
    // BlockList matches an IPv4-mapped IPv6 address against the IPv4 ranges.
    trusts: (address) => any && list.check(address, net.isIP(address) === 4 ? 'ipv4' : 'ipv6'),
  };
}

/** No proxy trusted: the socket's peer is the client. */
export const NO_PROXIES: TrustedProxies = trustedProxies();

/**
 * A node of a forwarding header as an address: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]`,
 * `[2001:db8::1]:4711`, a bare IPv6 address; undefined for `unknown`, obfuscated names and junk.
 */
function hopAddress(text: string): string | undefined {
  const value = text.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return net.isIPv6(bracketed[1] ?? '') ? normalAddress(bracketed[1]) : undefined;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value);
  return normalAddress(withPort ? withPort[1] : value);
}

/** One element of a forwarding header: who the proxy that wrote it was talking to, and over what. */
interface Hop {
  for: string | undefined;
  proto: string | undefined;
}

/** RFC 7239 `Forwarded: for=192.0.2.60;proto=https, for="[2001:db8::1]:80"` as its elements. */
function forwardedHops(value: string): Hop[] {
  const hops: Hop[] = [];
  // Commas and semicolons inside quoted strings do not split.
  for (const element of value.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    const hop: Hop = { for: undefined, proto: undefined };
    for (const pair of element.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
      const at = pair.indexOf('=');
      if (at < 0) continue;
      const name = pair.slice(0, at).trim().toLowerCase();
      const raw = pair.slice(at + 1).trim();
      if (name === 'for') hop.for = raw;
      else if (name === 'proto') hop.proto = raw.replace(/^"(.*)"$/, '$1').toLowerCase();
    }
    hops.push(hop);
  }
  return hops;
}

/** `X-Forwarded-For: a, b` with `X-Forwarded-Proto: https` (or one entry per hop) as elements. */
function xForwardedHops(forwardedFor: string, forwardedProto: string | undefined): Hop[] {
  const addresses = forwardedFor.split(',').map((s) => s.trim());
  const protos = (forwardedProto ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  // One proto per hop when the proxies append; one for all when they overwrite (the usual case):
  // then it is the nearest proxy's, which only it could have written.
  const per = protos.length === addresses.length;
  return addresses.map((a, i) => ({ for: a, proto: per ? protos[i] : protos[protos.length - 1] }));
}

/**
 * The client of a request: its peer, unless the peer is a trusted proxy; then the right-most hop of
 * the forwarding header that is not a trusted proxy (all of them trusted: the left-most), and the
 * scheme the proxy that took the request from that client wrote beside it. A hop that is no
 * address (`unknown`, an obfuscated name) ends the walk at the proxy that wrote it.
 */
export function clientOf(
  proxies: TrustedProxies,
  peer: string | undefined,
  header: (name: string) => string | undefined,
  encrypted: boolean,
): Client {
  const address = normalAddress(peer) ?? peer;
  if (!proxies.any || address === undefined || !proxies.trusts(address)) return { address, https: encrypted };
  let hops: Hop[];
  if (proxies.header === 'forwarded') {
    const value = header('forwarded');
    hops = value ? forwardedHops(value) : [];
  } else {
    const value = header('x-forwarded-for');
    const proto = header('x-forwarded-proto');
    // A proxy may send the scheme alone: then it is a hop that names no client.
    hops = value ? xForwardedHops(value, proto) : proto ? xForwardedHops('', proto) : [];
  }
  let client = address;
  let https = encrypted;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as Hop;
    // Written by a trusted proxy (the peer, or a hop walked past): its scheme is believed.
    if (hop.proto === 'https' || hop.proto === 'http') https = hop.proto === 'https';
    const next = hop.for === undefined ? undefined : hopAddress(hop.for);
    if (next === undefined) break;
    client = next;
    if (!proxies.trusts(next)) break;
  }
  return { address: client, https };
}
