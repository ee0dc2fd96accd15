// Bearer tokens: minted as random strings, stored only as SHA-256 hashes, checked on every request.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Store } from './store/db';
import type { Database, UserRow } from './store/schema';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a new token for a user and returns it; only its hash is kept. */
export async function mintToken(db: Kysely<Database>, userId: number, label: string): Promise<string> {
  const token = `pln_${crypto.randomBytes(24).toString('base64url')}`;
  await storeToken(db, userId, token, label);
  return token;
}

/** Makes sure a given token (PLANNER_TOKEN) is valid for the user. */
export async function storeToken(db: Kysely<Database>, userId: number, token: string, label: string): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), label, created_at: new Date().toISOString(), last_used_at: null })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ user_id: userId }))
    .execute();
}

/** The enabled user a token belongs to, or null. */
export async function authenticate(db: Kysely<Database>, token: string): Promise<UserRow | null> {
  if (token.length < 8 || token.length > 512) return null;
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .where('api_tokens.token_hash', '=', hashToken(token))
    .where('users.enabled', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}

/** Tokens remembered per authenticator; the least recently used go first. */
const TOKEN_CACHE_SIZE = 10_000;

/**
 * `authenticate` with the answers remembered until a user or a token changes: a request's fixed
 * cost was the token look-up (hash, join, row), now one read of the `auth` change counter that
 * triggers move on any update or delete of a user or a token (migration 8), from this process or
 * any other. A token revoked or a user disabled through this service is refused on the very next
 * request, and through another process (`npm run token`, a second instance) from the next turn of
 * the event loop; writes to anything else keep the answers. Unknown tokens are not remembered.
 */
export interface TokenCache {
  /** The enabled user of a token, or null; looked up when not remembered. */
  authenticate(token: string): Promise<UserRow | null>;
  /** The user of a token remembered and still valid, without a look-up (http/front-door.ts). */
  remembered(token: string): UserRow | undefined;
}

export function cachedAuthenticator(store: Pick<Store, 'kind' | 'db' | 'sqlite' | 'settled' | 'writeVersion'>): TokenCache {
  // On PostgreSQL another instance may revoke a token at any moment, and reading the counter costs
  // a round trip as the look-up does: every request looks its token up.
  if (store.kind === 'postgres') return { authenticate: (token) => authenticate(store.db, token), remembered: () => undefined };
  const counter = store.sqlite.prepare("SELECT n FROM change_counters WHERE name = 'auth'").pluck();
  // The counter moves only with a write, and the write version (store/write-version.ts: read once
  // per turn of the event loop, retired at once by a write through this connection) moves with
  // every write: while it stands still the counter is not read again. Reading it was 6 % of the
  // main thread's CPU on a read that a worker answers.
  let counterAt: string | null = null;
  let counterValue = -1;
  const readVersion = (): number => {
    const at = store.writeVersion();
    if (at !== counterAt) {
      counterValue = (counter.get() as number | undefined) ?? -1;
      counterAt = at;
    }
    return counterValue;
  };
  let seen = -1;
  const known = new Map<string, UserRow>();
  const remembered = (token: string): UserRow | undefined => {
    const now = readVersion();
    if (now !== seen) {
      known.clear();
      seen = now;
    }
    return known.get(token);
  };
  const authenticateToken = async (token: string): Promise<UserRow | null> => {
    const hit = remembered(token);
    if (hit) return hit;
    const user = await authenticate(store.db, token);
    // A change between the counter read and the look-up: do not remember what it may have changed.
    // The look-up may have read a token or user written by the group of writes not yet committed
    // (store/group-commit.ts): remembered only once that group is, and if it changed nothing of auth.
    if (user && readVersion() === seen) {
      const kept = await store.settled().then(
        () => true,
        () => false,
      );
      if (kept && readVersion() === seen) {
        if (known.size >= TOKEN_CACHE_SIZE) known.delete(known.keys().next().value as string);
        known.set(token, user);
      }
    }
    return user;
  };
  return { authenticate: authenticateToken, remembered };
}
