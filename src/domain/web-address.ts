// What a `url` custom field may hold, shared by the service (which refuses anything else) and the
// forms (which say so before sending): an absolute web address a person can follow.

/** Longest address kept: longer ones are pasted tracking links or data, not a page to open. */
export const WEB_ADDRESS_MAX = 2_000;

export const WEB_ADDRESS_PROBLEM = 'must be a web address starting with http:// or https://';

/**
 * Why `text` (already trimmed) is not a web address, or null when it is one: `http://` or `https://`
 * written out (so `javascript:`, `data:` or a bare `www.acme.com` cannot become a link that runs
 * code or goes somewhere unexpected), a host, no spaces or control characters, at most
 * `WEB_ADDRESS_MAX` characters.
 */
export function webAddressProblem(text: string): string | null {
  if (text.length > WEB_ADDRESS_MAX) return `is too long (at most ${WEB_ADDRESS_MAX} characters)`;
  // `new URL` alone reads `http:example.com` and `https:///example.com` as http(s)://example.com and
  // drops tabs and control characters silently, so the form a person typed is checked first.
  if (!/^https?:\/\/[^\s\p{Cc}/\\][^\s\p{Cc}]*$/iu.test(text)) return WEB_ADDRESS_PROBLEM;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? null : WEB_ADDRESS_PROBLEM;
  } catch {
    return WEB_ADDRESS_PROBLEM;
  }
}
