// Types the app, middleware and routes share. Kept apart from app.ts so routes do not import the
// module that imports them (no import cycle).
import type { Client } from './http/proxies';
import type { BlobFiles } from './store/blob-files';
import type { Store } from './store/db';
import type { UserRow } from './store/schema';

export interface AppEnv {
  /** `origin`: the public URL's origin, set by the host check, that every link is built on. */
  Variables: {
    user: UserRow;
    store: Store;
    /** Where uploaded files live and their cap (store/blob-files.ts); unset in a read worker, which takes no uploads. */
    files: BlobFiles | undefined;
    origin: string;
    /** Who is asking: the client's address and whether it came over https, through trusted proxies (http/proxies.ts). */
    client: Client;
    /**
     * The answer came whole from a read worker (server/read-pool.ts), whose own app already gave it
     * every header the main thread's middleware would: they leave it as it is (its headers stay a
     * plain object, written out without building the platform's Headers).
     */
    forwarded: boolean;
    /** The rate limit's headers for this request (http/rate-limit.ts), for a forwarded answer. */
    rateLimitHeaders: Record<string, string>;
  };
}
