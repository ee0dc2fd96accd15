// File sessions: `<img src>` and download links cannot send the app's Bearer header, so the app
// trades its token (an authenticated POST) for an HttpOnly cookie scoped to the file routes. The
// cookie's value is random; only its SHA-256 is kept, with an expiry, as API tokens are.
import crypto from 'node:crypto';
import type { Db } from './audit';
import type { UserRow } from './schema';

/** How long a file session lasts; the app renews it at every start and sign-in. */
export const FILE_SESSION_MS = 12 * 60 * 60 * 1000;

const hash = (value: string): string => crypto.createHash('sha256').update(value, 'utf8').digest('hex');

/** A new session for a user: its cookie value (given once) and expiry. Expired sessions are dropped here. */
export async function mintFileSession(db: Db, userId: number, at = new Date()): Promise<{ value: string; expiresAt: string }> {
  const value = `pfs_${crypto.randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(at.getTime() + FILE_SESSION_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('file_sessions').where('expires_at', '<', at.toISOString()).execute();
    await trx
      .insertInto('file_sessions')
      .values({ token_hash: hash(value), user_id: userId, expires_at: expiresAt, created_at: at.toISOString() })
      .execute();
  });
  return { value, expiresAt };
}

/** The enabled user of an unexpired session cookie, or null. */
export async function fileSessionUser(db: Db, value: string, at = new Date()): Promise<UserRow | null> {
  if (value.length < 16 || value.length > 256) return null;
  const row = await db
    .selectFrom('file_sessions')
    .innerJoin('users', 'users.id', 'file_sessions.user_id')
    .selectAll('users')
    .where('file_sessions.token_hash', '=', hash(value))
    .where('file_sessions.expires_at', '>', at.toISOString())
    .where('users.enabled', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}

/** Ends a session (sign-out). */
export async function endFileSession(db: Db, value: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('file_sessions').where('token_hash', '=', hash(value)).execute();
  });
}
