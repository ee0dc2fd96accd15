// What a `url` custom field may hold: an http or https address with a host, written out.
import { describe, expect, it } from 'vitest';
import { WEB_ADDRESS_PROBLEM, webAddressProblem } from './web-address';

describe('webAddressProblem', () => {
  it('takes http and https addresses with a host', () => {
    for (const ok of ['https://example.com', 'http://intranet.local:8080/a?b=1#c', 'HTTPS://EXAMPLE.COM/x']) {
      expect(webAddressProblem(ok), ok).toBeNull();
    }
  });

  it('refuses other schemes, missing parts, spaces and control characters', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.com',
      'www.acme.com',
      'http:example.com',
      'https://',
      'https:///path',
      'https://exa mple.com',
      'https://example.com/\u0000',
      '//example.com',
    ]) {
      expect(webAddressProblem(bad), bad).toBe(WEB_ADDRESS_PROBLEM);
    }
  });

  it('refuses an address over 2,000 characters', () => {
    const at = (n: number) => `https://example.com/${'a'.repeat(n - 'https://example.com/'.length)}`;
    expect(webAddressProblem(at(2_000))).toBeNull();
    expect(webAddressProblem(at(2_001))).toBe('is too long (at most 2000 characters)');
  });
});
