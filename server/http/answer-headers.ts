// The headers the app's outer steps give its answers: the security headers of every answer, and for
// the API the spec's JSON content type and `Cache-Control: no-store`. One record, made once: the
// main thread's steps set it on the answers they see, and a read worker adds it to its answers'
// plain header records without building the platform's Headers (setting these fourteen headers one
// by one through Headers, with its validation, was 5 % of a feature page's CPU in the worker).
// Strict-Transport-Security is apart: it is sent only on answers to https requests (or when the
// public URL is https), since over plain http it is meaningless and, on a name later served over
// https by something else, a trap.
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The security headers (what `hono/secure-headers` sets by default, with this policy): a strict
 * Content-Security-Policy for the built app — scripts and styles from this origin only (inline
 * styles for the component library), images also as data URLs, API calls to this origin and the
 * CORS origins — no framing, no plug-ins, and the browsers' isolation and no-sniffing switches.
 */
export function securityHeaders(corsOrigins: readonly string[]): Readonly<Record<string, string>> {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...corsOrigins].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
  return Object.freeze({
    'content-security-policy': policy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

export const HSTS_HEADER = 'strict-transport-security';
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';

/** Whether an answer carries HSTS: the request came over https (directly or through a trusted proxy), or the public URL is https. */
export function wantsHsts(publicOrigin: string, https: boolean): boolean {
  return https || publicOrigin.startsWith('https:');
}

/**
 * An API answer's headers as the app's outer steps leave them, on a plain record (names in lower
 * case): the security headers, the JSON type with its charset, and no caching unless the route said.
 */
export function finishApiHeaders(headers: Record<string, string>, security: Readonly<Record<string, string>>, hsts = false): Record<string, string> {
  Object.assign(headers, security);
  if (hsts) headers[HSTS_HEADER] = HSTS_VALUE;
  if (headers['content-type'] === 'application/json') headers['content-type'] = JSON_CONTENT_TYPE;
  if (headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
  return headers;
}
