// Placeholder seed: creates the administrator only. Replaced by the demo account seed.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

export interface SeedResult {
  adminId: number;
  adminEmail: string;
}

export async function seedAccount(db: Kysely<Database>, _mode: 'demo' | 'empty'): Promise<SeedResult> {
  const ts = new Date().toISOString();
  const admin = await db
    .insertInto('users')
    .values({ name: 'Alex Admin', email: 'admin@planner.local', administrator: 1, enabled: 1, created_at: ts, updated_at: ts })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { adminId: admin.id, adminEmail: 'admin@planner.local' };
}
