// Changing a user (`PUT /users/{id}`, administrators): names, email, enabled and the administrator
// role, every rule checked before anything is written, one transaction with its audit row. The
// account never loses its last enabled administrator, and nobody disables themselves.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { userUpdateInput } from '../../src/contract/account-admin';
import { NAME_MAX } from '../../src/contract/common';
import { now } from '../problems';
import type { Checked } from '../problems';
import { audit, diff } from './audit';
import type { Db } from './audit';
import { dialectOf } from './dialect';
import type { Database, UserRow } from './schema';
import { flag } from './serialize';

/** The fields of a user body that passed their shape check. */
export type UserInput = Partial<z.output<typeof userUpdateInput>>;

/** A one-name user's first and last name, as the hosted service splits them: the first word, then the rest. */
export function nameParts(name: string): { first: string; last: string | null } {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return { first: trimmed, last: null };
  return { first: trimmed.slice(0, space), last: trimmed.slice(space).trim() || null };
}

/** The enabled administrators other than `exceptId`. */
async function otherAdministrators(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('administrator', '=', 1)
    .where('enabled', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface UserValues {
  name?: string;
  email?: string;
  enabled?: number;
  administrator?: number;
}

/** The new name from `name` or the hosted `first_name` / `last_name`; problems on the field sent. */
function plannedName(current: UserRow, input: UserInput, checked: Checked): string | undefined {
  const { problems, flagged } = checked;
  const split = input.first_name !== undefined || input.last_name !== undefined;
  if (input.name !== undefined && split) {
    problems.add('name', 'send either name or first_name and last_name, not both');
    return undefined;
  }
  if (input.name !== undefined) return input.name;
  if (!split || flagged.has('first_name') || flagged.has('last_name')) return undefined;
  const parts = nameParts(current.name);
  const first = input.first_name ?? parts.first;
  const last = input.last_name === undefined ? parts.last : input.last_name === '' ? null : input.last_name;
  const name = last === null ? first : `${first} ${last}`;
  if (name.length > NAME_MAX) {
    problems.add(input.last_name !== undefined ? 'last_name' : 'first_name', `makes the name too long (at most ${NAME_MAX} characters)`);
    return undefined;
  }
  return name;
}

async function planUser(db: Db, actor: UserRow, current: UserRow, input: UserInput, checked: Checked): Promise<UserValues> {
  const { problems } = checked;
  const values: UserValues = {};
  const name = plannedName(current, input, checked);
  if (name !== undefined) values.name = name;

  if (input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase()) {
    const other = await db
      .selectFrom('users')
      .select('name')
      .where(dialectOf(db).equalsIgnoringCase('email', input.email))
      .where('id', '!=', current.id)
      .executeTakeFirst();
    if (other) problems.add('email', `has already been taken by ${other.name}`);
    else values.email = input.email;
  } else if (input.email !== undefined && input.email !== current.email) {
    // Only its case changes.
    values.email = input.email;
  }

  const enabled = input.enabled === undefined ? current.enabled === 1 : input.enabled;
  const administrator = input.administrator === undefined ? current.administrator === 1 : input.administrator;
  if (!enabled && current.enabled === 1 && current.id === actor.id) {
    // The caller would lose their own access mid-session; another administrator can do it.
    problems.add('enabled', "can't be turned off for yourself: another administrator must disable your account");
  }
  const wasActiveAdmin = current.administrator === 1 && current.enabled === 1;
  if (wasActiveAdmin && !(enabled && administrator) && (await otherAdministrators(db, current.id)) === 0) {
    // The account must keep someone who can administer it.
    const field = !administrator ? 'administrator' : 'enabled';
    problems.add(
      field,
      `can't be ${field === 'administrator' ? 'taken from' : 'turned off for'} the last administrator: make another user an administrator first`,
    );
  }
  if (input.enabled !== undefined) values.enabled = flag(enabled);
  if (input.administrator !== undefined) values.administrator = flag(administrator);
  return values;
}

const audited = (u: Pick<UserRow, 'name' | 'email' | 'enabled' | 'administrator'>) => ({
  name: u.name,
  email: u.email,
  enabled: u.enabled === 1,
  administrator: u.administrator === 1,
});

/** `PUT /users/{id}`: changes a user; a change that changes nothing writes nothing and keeps `updated_at`. */
export async function updateUser(
  db: Kysely<Database>,
  actor: UserRow,
  existing: UserRow,
  input: UserInput,
  checked: Checked,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    const values = await planUser(trx, actor, current, input, checked);
    checked.problems.throwIfAny();
    const changes = diff(audited(current), audited({ ...current, ...values }));
    if (Object.keys(changes).length === 0) return current;
    await trx
      .updateTable('users')
      .set({ ...values, updated_at: now() })
      .where('id', '=', current.id)
      .execute();
    await audit(trx, { userId: actor.id, type: 'User', id: current.id, action: 'update', changes });
    return trx.selectFrom('users').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
  });
}
