// The body of an answer the app made, read without turning it into a stream. @hono/node-server's
// Response (the global one in the service) keeps a body given as a string or bytes in a private
// cache and writes it as it is; reading `body` or `arrayBuffer()` builds the platform's Response
// and a stream around it, which costs more than the whole of a small request (a `GET /me` spent
// a third of its time there). The cache is an internal of @hono/node-server, so anything else —
// another Response class, a stream body — is read the standard way.
type Cached = [number, string | Uint8Array | null | unknown, unknown];

function cacheOf(res: Response): Cached | undefined {
  const key = Object.getOwnPropertySymbols(res).find((k) => k.description === 'cache');
  const value = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  return Array.isArray(value) ? (value as Cached) : undefined;
}

/** The body as the app made it: a string or bytes, or null for none. */
export async function responseBody(res: Response): Promise<string | Uint8Array | null> {
  const cached = cacheOf(res);
  if (cached) {
    const body = cached[1];
    if (body === null || typeof body === 'string' || body instanceof Uint8Array) return body;
  }
  if (res.body === null) return null;
  return new Uint8Array(await res.arrayBuffer());
}
