// Bearer tokens: minted as random strings, stored only as SHA-256 hashes, checked on every request.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
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
