// Creating and changing teams (`POST /teams`, `POST /products/{product_id}/teams`, `PUT /teams/{id}`;
// administrators): a team of a workspace or of the whole account, with its own workflow
// (DEFAULT_TEAM_STATUSES) so features and epics can be planned with it at once. Every rule is
// checked before anything is written; one transaction with its audit row.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { teamUpdateInput } from '../../src/contract/account-admin';
import { now } from '../problems';
import type { Checked } from '../problems';
import { audit, diff } from './audit';
import type { Db } from './audit';
import { DEFAULT_TEAM_STATUSES, statusColumns } from './product-defaults';
import { findProduct } from './resolve';
import type { Database, ProductRow, TeamRow, UserRow } from './schema';

/** The fields of a team body that passed their shape check. */
export type TeamInput = Partial<z.output<typeof teamUpdateInput>>;

/** A team's colour when the body gives none: the hosted default. */
const DEFAULT_COLOR = '#666666';
const PREFIX_MAX = 10;

/** True when a product or another team already uses the prefix. */
async function prefixTaken(db: Db, prefix: string, exceptTeamId: number | null): Promise<boolean> {
  if (await db.selectFrom('products').select('id').where('reference_prefix', '=', prefix).executeTakeFirst()) return true;
  let teams = db.selectFrom('teams').select('id').where('reference_prefix', '=', prefix);
  if (exceptTeamId !== null) teams = teams.where('id', '!=', exceptTeamId);
  return (await teams.executeTakeFirst()) !== undefined;
}

/**
 * A free prefix made from a name: the initials of its words (or the first letters of a one-word
 * name), upper case, a letter first, then a number when it is taken (`AT`, `AT2`, …).
 */
async function freePrefix(db: Db, name: string): Promise<string> {
  const words = name
    .normalize('NFKD')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  let base = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 4);
  base = base.replace(/^[0-9]+/, '');
  if (base.length < 2) base = `T${base}`.padEnd(2, 'M');
  base = base.slice(0, PREFIX_MAX - 3);
  if (!(await prefixTaken(db, base, null))) return base;
  for (let n = 2; ; n++) if (!(await prefixTaken(db, `${base}${n}`, null))) return `${base}${n}`;
}

interface TeamValues {
  name?: string;
  reference_prefix?: string;
  product_id?: number | null;
  color?: string;
}

/**
 * Checks a body against the rules. `pathProduct`: the product of `POST /products/{product_id}/teams`,
 * which a `product_id` in the body must agree with.
 */
async function planTeam(
  db: Db,
  existing: TeamRow | null,
  pathProduct: ProductRow | null,
  input: TeamInput,
  checked: Checked,
): Promise<TeamValues> {
  const { problems, flagged } = checked;
  const values: TeamValues = {};
  if (input.name !== undefined) values.name = input.name;
  else if (!existing && !flagged.has('name')) problems.add('name', "can't be blank");

  if (pathProduct) values.product_id = pathProduct.id;
  if (input.product_id !== undefined) {
    const product = input.product_id === null ? null : await findProduct(db, input.product_id);
    if (input.product_id !== null && product === null) {
      problems.add('product_id', `"${input.product_id}" is not the id or reference prefix of a product`);
    } else if (pathProduct && product?.id !== pathProduct.id) {
      problems.add('product_id', `must be the product of the path (${pathProduct.reference_prefix}) or left out`);
    } else {
      values.product_id = product?.id ?? null;
    }
  }
  if (existing && values.product_id !== undefined && values.product_id !== existing.product_id && values.product_id !== null) {
    // A workspace's features and epics plan only with its own or account-wide teams.
    const elsewhere = await plannedElsewhere(db, existing.id, values.product_id);
    if (elsewhere > 0)
      problems.add('product_id', `can't move the team: ${elsewhere} features and epics of other workspaces are planned with it`);
  }

  if (input.reference_prefix !== undefined && input.reference_prefix !== existing?.reference_prefix) {
    if (await prefixTaken(db, input.reference_prefix, existing?.id ?? null)) {
      problems.add('reference_prefix', 'has already been taken');
    } else if (existing && (await db.selectFrom('program_increments').select('id').where('team_id', '=', existing.id).executeTakeFirst())) {
      problems.add('reference_prefix', `can't be changed: program increments of ${existing.reference_prefix} carry keys made with it`);
    } else {
      values.reference_prefix = input.reference_prefix;
    }
  }
  if (input.color !== undefined) values.color = input.color.toLowerCase();
  if (input.automatically_calculate_team_members_count === false) {
    problems.add(
      'automatically_calculate_team_members_count',
      'must be true: team members are not kept here, so the count is always computed',
    );
  }
  return values;
}

/** Features and epics planned with the team in workspaces other than `productId`. */
async function plannedElsewhere(db: Db, teamId: number, productId: number): Promise<number> {
  let n = 0;
  for (const table of ['features', 'epics'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('product_id', '!=', productId)
      .executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  return n;
}

const audited = (t: Pick<TeamRow, 'name' | 'reference_prefix' | 'product_id' | 'color'>) => ({
  name: t.name,
  reference_prefix: t.reference_prefix,
  product_id: t.product_id,
  color: t.color,
});

/** Creates a team (of `pathProduct`, of the body's `product_id`, or account-wide) with its workflow. */
export async function createTeam(
  db: Kysely<Database>,
  user: UserRow,
  pathProduct: ProductRow | null,
  input: TeamInput,
  checked: Checked,
): Promise<TeamRow> {
  return db.transaction().execute(async (trx) => {
    const values = await planTeam(trx, null, pathProduct, input, checked);
    checked.problems.throwIfAny();
    const ts = now();
    const row = await trx
      .insertInto('teams')
      .values({
        product_id: values.product_id ?? null,
        name: values.name ?? '',
        reference_prefix: values.reference_prefix ?? (await freePrefix(trx, values.name ?? '')),
        color: values.color ?? DEFAULT_COLOR,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('team_workflow_statuses')
      .values(DEFAULT_TEAM_STATUSES.map((s, i) => ({ team_id: row.id, ...statusColumns(s, i) })))
      .execute();
    await audit(trx, { userId: user.id, type: 'Team', id: row.id, action: 'create', changes: diff(null, audited(row)) });
    return row;
  });
}

/** Changes a team's name, colour, workspace or (while no increment carries it) prefix. */
export async function updateTeam(
  db: Kysely<Database>,
  user: UserRow,
  existing: TeamRow,
  input: TeamInput,
  checked: Checked,
): Promise<TeamRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('teams').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    const values = await planTeam(trx, current, null, input, checked);
    checked.problems.throwIfAny();
    const changes = diff(audited(current), audited({ ...current, ...values }));
    if (Object.keys(changes).length === 0) return current;
    const updated = await trx
      .updateTable('teams')
      .set({ ...values, updated_at: now() })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: user.id, type: 'Team', id: current.id, action: 'update', changes });
    return updated;
  });
}
