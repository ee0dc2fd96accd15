// Creating and changing products (workspaces): `POST /products` and `PUT /products/{id}`. A new
// product starts with everything a seeded one has (store/product-defaults.ts), so releases,
// features, epics, initiatives and goals can be made in it at once.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { productUpdateInput } from '../../src/contract/account';
import { todayIso } from '../../src/domain/dates';
import { now } from '../problems';
import type { Checked } from '../problems';
import { audit, diff } from './audit';
import type { Db } from './audit';
import { insertProduct, insertProductDefaults } from './product-defaults';
import type { Database, ProductRow, UserRow } from './schema';

/** The fields of a product body that passed their shape check. */
export type ProductInput = Partial<z.output<typeof productUpdateInput>>;

/** Tables whose keys start with the product's prefix (requirements follow their features). */
const KEYED_TABLES = ['features', 'releases', 'epics', 'initiatives', 'goals'] as const;

interface Plan {
  values: { name?: string; reference_prefix?: string; description?: string | null; workspace_type?: string };
}

/**
 * The prefix a body sends, under the name it was sent with: `prefix` (the hosted request's name) or
 * `reference_prefix` (the answer's). Problems are reported on that name.
 */
function sentPrefix(input: ProductInput): { field: 'prefix' | 'reference_prefix'; value: string } | 'conflict' | null {
  const { prefix, reference_prefix } = input;
  if (prefix !== undefined && reference_prefix !== undefined && prefix !== reference_prefix) return 'conflict';
  if (prefix !== undefined) return { field: 'prefix', value: prefix };
  if (reference_prefix !== undefined) return { field: 'reference_prefix', value: reference_prefix };
  return null;
}

/** True when another product or a team of the account already uses the prefix (keys are matched ignoring case). */
async function prefixTaken(db: Db, prefix: string, exceptProductId: number | null): Promise<boolean> {
  let products = db.selectFrom('products').select('id').where('reference_prefix', '=', prefix);
  if (exceptProductId !== null) products = products.where('id', '!=', exceptProductId);
  if (await products.executeTakeFirst()) return true;
  return (await db.selectFrom('teams').select('id').where('reference_prefix', '=', prefix).executeTakeFirst()) !== undefined;
}

/** True when a record of the product carries a key made with its prefix, in the recycle bin too. */
async function hasKeyedRecords(db: Db, productId: number): Promise<boolean> {
  for (const table of KEYED_TABLES) {
    if (await db.selectFrom(table).select('id').where('product_id', '=', productId).executeTakeFirst()) return true;
  }
  return (await db.selectFrom('deletions').select('id').where('product_id', '=', productId).executeTakeFirst()) !== undefined;
}

/** Checks a body against the rules and collects what to write; problems go to `checked`. */
async function planProduct(db: Db, existing: ProductRow | null, input: ProductInput, checked: Checked): Promise<Plan> {
  const { problems, flagged } = checked;
  const values: Plan['values'] = {};

  if (input.name !== undefined) values.name = input.name;
  else if (!existing && !flagged.has('name')) problems.add('name', "can't be blank");

  const sent = sentPrefix(input);
  if (sent === 'conflict') {
    problems.add('prefix', 'must be the same as reference_prefix when both are sent');
  } else if (sent === null) {
    if (!existing && !flagged.has('prefix') && !flagged.has('reference_prefix')) problems.add('prefix', "can't be blank");
  } else if (sent.value !== existing?.reference_prefix) {
    if (await prefixTaken(db, sent.value, existing?.id ?? null)) {
      problems.add(sent.field, 'has already been taken');
    } else if (existing && (await hasKeyedRecords(db, existing.id))) {
      // Re-keying every record (and every link, bookmark and integration that holds a key) is not
      // done here: the prefix is fixed once the product has records (docs/decisions.md).
      problems.add(
        sent.field,
        `can't be changed: records of ${existing.reference_prefix} carry keys made with it (${existing.reference_prefix}-1, ${existing.reference_prefix}-R-1, …)`,
      );
    } else {
      values.reference_prefix = sent.value;
    }
  }

  if (input.description !== undefined) values.description = input.description === '' ? null : input.description;
  if (input.workspace_type !== undefined) values.workspace_type = input.workspace_type;
  return { values };
}

/** The audited members of a product (not its key counters). */
const audited = (p: Pick<ProductRow, 'name' | 'reference_prefix' | 'description' | 'workspace_type'>) => ({
  name: p.name,
  reference_prefix: p.reference_prefix,
  description: p.description,
  workspace_type: p.workspace_type,
});

/** Creates a product with its workflows, feature kinds and time frames, in one transaction. */
export async function createProduct(db: Kysely<Database>, user: UserRow, input: ProductInput, checked: Checked): Promise<ProductRow> {
  return db.transaction().execute(async (trx) => {
    const { values: v } = await planProduct(trx, null, input, checked);
    checked.problems.throwIfAny();
    const ts = now();
    const id = await insertProduct(
      trx,
      {
        prefix: v.reference_prefix ?? '',
        name: v.name ?? '',
        description: v.description ?? null,
        workspaceType: v.workspace_type,
      },
      ts,
    );
    await insertProductDefaults(trx, id, todayIso(new Date(ts)));
    const row = await trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await audit(trx, {
      userId: user.id,
      type: 'Product',
      id,
      action: 'create',
      changes: diff(null, audited(row)),
    });
    return row;
  });
}

/** Changes a product's name, description, workspace type or (while it has no records) prefix. */
export async function updateProduct(
  db: Kysely<Database>,
  user: UserRow,
  existing: ProductRow,
  input: ProductInput,
  checked: Checked,
): Promise<ProductRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('products').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    const { values } = await planProduct(trx, current, input, checked);
    checked.problems.throwIfAny();
    const changes = diff(audited(current), audited({ ...current, ...values }));
    if (Object.keys(changes).length === 0) return current;
    await trx
      .updateTable('products')
      .set({ ...values, updated_at: now() })
      .where('id', '=', current.id)
      .execute();
    await audit(trx, { userId: user.id, type: 'Product', id: current.id, action: 'update', changes });
    return trx.selectFrom('products').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
  });
}
