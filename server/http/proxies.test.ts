// Who is asking behind proxies (http/proxies.ts): PLANNER_TRUSTED_PROXIES read and refused, and the
// client read through trusted hops only — untrusted peers' headers ignored, spoofed left-most
// entries never believed, IPv4 and IPv6, CIDR ranges and keywords, X-Forwarded-For and Forwarded,
// and the scheme from the proxy that took the request from the client.
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { clientOf, normalAddress, parseTrustedProxies, trustedProxies } from './proxies';

const headers =
  (h: Record<string, string>) =>
  (name: string): string | undefined =>
    h[name];

describe('PLANNER_TRUSTED_PROXIES', () => {
  it('reads addresses, CIDR ranges of both families and keywords', () => {
    expect(parseTrustedProxies(' 10.0.0.1, 192.168.0.0/16 ,2001:db8::/32, ::1, LOOPBACK,private')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '2001:db8::/32',
      '::1',
      'loopback',
      'private',
    ]);
    expect(parseTrustedProxies('')).toEqual([]);
    expect(readEnv({}).PLANNER_TRUSTED_PROXIES).toEqual([]);
    expect(readEnv({}).PLANNER_FORWARDED_HEADER).toBe('x-forwarded-for');
    expect(readEnv({ PLANNER_TRUSTED_PROXIES: '10.0.0.0/8', PLANNER_FORWARDED_HEADER: 'Forwarded' })).toMatchObject({
      PLANNER_TRUSTED_PROXIES: ['10.0.0.0/8'],
      PLANNER_FORWARDED_HEADER: 'forwarded',
    });
  });

  it('names what it cannot read', () => {
    expect(parseTrustedProxies('10.0.0.1,proxy.internal')).toMatch(/"proxy.internal" is not an address, a CIDR range or one of loopback/);
    expect(parseTrustedProxies('10.0.0.0/33')).toMatch(/prefix length must be 0 to 32/);
    expect(parseTrustedProxies('2001:db8::/129')).toMatch(/prefix length must be 0 to 128/);
    expect(parseTrustedProxies('10.0.0.0/8/1')).toMatch(/not an address/);
    expect(() => readEnv({ PLANNER_TRUSTED_PROXIES: '300.1.1.1' })).toThrow(/PLANNER_TRUSTED_PROXIES: "300.1.1.1"/);
    expect(() => readEnv({ PLANNER_FORWARDED_HEADER: 'x-real-ip' })).toThrow(/PLANNER_FORWARDED_HEADER/);
    expect(() => trustedProxies(['nonsense'])).toThrow(/PLANNER_TRUSTED_PROXIES/);
  });
});

describe('the client of a request', () => {
  const proxies = trustedProxies(['10.0.0.0/8', '2001:db8:1::/48', 'loopback']);

  it('is the peer when no proxy is trusted: forwarding headers are ignored', () => {
    const none = trustedProxies([]);
    const h = headers({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', forwarded: 'for=203.0.113.9;proto=https' });
    expect(clientOf(none, '10.0.0.5', h, false)).toEqual({ address: '10.0.0.5', https: false });
    expect(clientOf(none, '::ffff:10.0.0.5', h, true)).toEqual({ address: '10.0.0.5', https: true });
  });

  it('is the peer when the peer is not a trusted proxy, whatever it claims', () => {
    const h = headers({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' });
    expect(clientOf(proxies, '203.0.113.9', h, false)).toEqual({ address: '203.0.113.9', https: false });
    expect(clientOf(proxies, '2001:db8:2::1', h, false)).toEqual({ address: '2001:db8:2::1', https: false });
  });

  it('is the right-most hop a trusted proxy names that is not itself trusted; spoofed entries left of it are ignored', () => {
    // The client sent "1.2.3.4" itself; the proxy appended the address it saw.
    const spoofed = headers({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7' });
    expect(clientOf(proxies, '10.0.0.5', spoofed, false).address).toBe('198.51.100.7');
    // Two proxies in a row, both trusted (one by CIDR, one by keyword).
    const chain = headers({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.1.2.3' });
    expect(clientOf(proxies, '127.0.0.1', chain, false).address).toBe('198.51.100.7');
    // An untrusted hop ends the walk: what it claims is not believed.
    const untrustedHop = headers({ 'x-forwarded-for': '10.9.9.9, 203.0.113.50, 10.1.2.3' });
    expect(clientOf(proxies, '10.0.0.5', untrustedHop, false).address).toBe('203.0.113.50');
    // Every hop trusted: the left-most.
    expect(clientOf(proxies, '10.0.0.5', headers({ 'x-forwarded-for': '10.0.0.7,10.0.0.8' }), false).address).toBe('10.0.0.7');
    // A trusted proxy without the header: the proxy is the client.
    expect(clientOf(proxies, '10.0.0.5', headers({}), false).address).toBe('10.0.0.5');
    // A hop that is no address (junk, `unknown`): the walk ends at the proxy that wrote it.
    expect(clientOf(proxies, '10.0.0.5', headers({ 'x-forwarded-for': '198.51.100.7, garbage' }), false).address).toBe('10.0.0.5');
    expect(clientOf(proxies, '10.0.0.5', headers({ 'x-forwarded-for': 'unknown' }), false).address).toBe('10.0.0.5');
  });

  it('reads IPv6 peers, hops and ranges, with and without brackets and ports; IPv4-mapped as IPv4', () => {
    const h = headers({ 'x-forwarded-for': '2001:DB8:FFFF::1, [2001:db8:1::9]:4711' });
    expect(clientOf(proxies, '2001:db8:1::2', h, false).address).toBe('2001:db8:ffff::1');
    expect(clientOf(proxies, '::1', headers({ 'x-forwarded-for': '198.51.100.7:5555' }), false).address).toBe('198.51.100.7');
    expect(clientOf(proxies, '::ffff:10.0.0.5', headers({ 'x-forwarded-for': '::ffff:198.51.100.7' }), false).address).toBe('198.51.100.7');
    expect(normalAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(normalAddress('not-an-ip')).toBeUndefined();
  });

  it('takes the scheme from the proxy that took the request from the client, not from the client', () => {
    expect(clientOf(proxies, '10.0.0.5', headers({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' }), false).https).toBe(
      true,
    );
    expect(clientOf(proxies, '10.0.0.5', headers({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'http' }), false).https).toBe(
      false,
    );
    // Appended per hop: the entry beside the client's address.
    const appended = headers({ 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.9', 'x-forwarded-proto': 'https, http, http' });
    expect(clientOf(proxies, '10.0.0.5', appended, false)).toEqual({ address: '198.51.100.7', https: false });
    // The scheme alone, without X-Forwarded-For: the proxy is the client, over https.
    expect(clientOf(proxies, '10.0.0.5', headers({ 'x-forwarded-proto': 'https' }), false)).toEqual({ address: '10.0.0.5', https: true });
    // From an untrusted peer the claim is ignored.
    expect(clientOf(proxies, '203.0.113.9', headers({ 'x-forwarded-proto': 'https' }), false).https).toBe(false);
  });

  it('reads RFC 7239 Forwarded when that is the header named, and then only it', () => {
    const forwarded = trustedProxies(['10.0.0.0/8'], 'forwarded');
    const h = headers({
      forwarded: 'for=1.2.3.4;proto=http, for="[2001:db8:cafe::17]:4711";proto=https;by=10.0.0.1, for=10.0.0.9',
      'x-forwarded-for': '192.0.2.200',
    });
    expect(clientOf(forwarded, '10.0.0.5', h, false)).toEqual({ address: '2001:db8:cafe::17', https: true });
    // Quoted values holding commas and semicolons do not split an element.
    const quoted = headers({ forwarded: 'for="198.51.100.7";proto=https;host="a,b;c"' });
    expect(clientOf(forwarded, '10.0.0.5', quoted, false)).toEqual({ address: '198.51.100.7', https: true });
    // Obfuscated identifiers name nobody: the proxy is the client.
    expect(clientOf(forwarded, '10.0.0.5', headers({ forwarded: 'for=_hidden' }), false).address).toBe('10.0.0.5');
    // X-Forwarded-For is not read in this mode (a client could send it through a proxy that writes Forwarded).
    expect(clientOf(forwarded, '10.0.0.5', headers({ 'x-forwarded-for': '192.0.2.200' }), false).address).toBe('10.0.0.5');
  });
});
