// Shared look-ups of account and planning records by "numeric ID or key" (the spec's path rule),
// by email or by status name, so every route resolves references the same way. `find*` return the
// row or null (body references: the caller reports a 422 on the field); `require*` throw 404 (paths).
import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import { notFound } from '../problems';
import { isNumericId } from '../../src/domain/reference';
import { dialect } from './dialect';
import type { Db } from './audit';
import type {
  InitiativesTable,
  ProductRow,
  ReleasePhaseRow,
  ReleaseRow,
  TeamRow,
  UserRow,
  WorkflowStatusRow,
} from './schema';

export type InitiativeRow = Selectable<InitiativesTable>;

/** Digits-only text is an id; anything else is a key. Ids beyond the safe range match nothing. */
export function asId(value: string | number): number | null {
  const text = String(value).trim();
  if (!isNumericId(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const isIdText = (value: string | number): boolean => /^\d+$/.test(String(value).trim());

/** Product by numeric id or reference prefix (`PLN`, any case). */
export async function findProduct(db: Db, idOrKey: string | number): Promise<ProductRow | null> {
  const q = db.selectFrom('products').selectAll();
  if (isIdText(idOrKey)) {
    const id = asId(idOrKey);
    return id === null ? null : ((await q.where('id', '=', id).executeTakeFirst()) ?? null);
  }
  return (
    (await q.where('reference_prefix', '=', String(idOrKey).trim().toUpperCase()).executeTakeFirst()) ?? null
  );
}

/** Release by numeric id or reference key (`PLN-R-3`, any case). */
export async function findRelease(db: Db, idOrKey: string | number): Promise<ReleaseRow | null> {
  const q = db.selectFrom('releases').selectAll();
  if (isIdText(idOrKey)) {
    const id = asId(idOrKey);
    return id === null ? null : ((await q.where('id', '=', id).executeTakeFirst()) ?? null);
  }
  return (
    (await q.where('reference_num', '=', String(idOrKey).trim().toUpperCase()).executeTakeFirst()) ?? null
  );
}

/** Release phase by numeric id (the spec gives phases no key). */
export async function findReleasePhase(db: Db, id: string | number): Promise<ReleasePhaseRow | null> {
  const n = asId(id);
  if (n === null) return null;
  return (await db.selectFrom('release_phases').selectAll().where('id', '=', n).executeTakeFirst()) ?? null;
}

/** User by numeric id or email (emails compare case-insensitively). */
export async function findUser(db: Db, idOrEmail: string | number): Promise<UserRow | null> {
  const q = db.selectFrom('users').selectAll();
  if (isIdText(idOrEmail)) {
    const id = asId(idOrEmail);
    return id === null ? null : ((await q.where('id', '=', id).executeTakeFirst()) ?? null);
  }
  return (await q.where(dialect.equalsIgnoringCase('email', String(idOrEmail).trim())).executeTakeFirst()) ?? null;
}

/** Team by numeric id or reference prefix. */
export async function findTeam(db: Db, idOrKey: string | number): Promise<TeamRow | null> {
  const q = db.selectFrom('teams').selectAll();
  if (isIdText(idOrKey)) {
    const id = asId(idOrKey);
    return id === null ? null : ((await q.where('id', '=', id).executeTakeFirst()) ?? null);
  }
  return (
    (await q.where('reference_prefix', '=', String(idOrKey).trim().toUpperCase()).executeTakeFirst()) ?? null
  );
}

/** A status of the product's workflow for a record kind, by name (case-insensitive), or null. */
export async function statusByName(
  db: Db,
  productId: number,
  statusableType: string,
  name: string,
): Promise<WorkflowStatusRow | null> {
  const row = await db
    .selectFrom('workflow_statuses')
    .innerJoin('workflows', 'workflows.id', 'workflow_statuses.workflow_id')
    .selectAll('workflow_statuses')
    .where('workflows.product_id', '=', productId)
    .where('workflows.statusable_type', '=', statusableType)
    .where(dialect.equalsIgnoringCase('workflow_statuses.name', name.trim()))
    .orderBy('workflow_statuses.position')
    .executeTakeFirst();
  return row ?? null;
}

/** A status by id (for serializing); null when it does not exist. */
export async function statusById(db: Db, id: number): Promise<WorkflowStatusRow | null> {
  return (
    (await db.selectFrom('workflow_statuses').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

/** The first status (lowest position) of the product's workflow for a record kind: the default. */
export async function defaultStatus(
  db: Db,
  productId: number,
  statusableType: string,
): Promise<WorkflowStatusRow | null> {
  const row = await db
    .selectFrom('workflow_statuses')
    .innerJoin('workflows', 'workflows.id', 'workflow_statuses.workflow_id')
    .selectAll('workflow_statuses')
    .where('workflows.product_id', '=', productId)
    .where('workflows.statusable_type', '=', statusableType)
    .orderBy('workflow_statuses.position')
    .orderBy('workflow_statuses.id')
    .executeTakeFirst();
  return row ?? null;
}

/** Initiative of a product by id, reference key (`PLN-S-1`) or name (case-insensitive). */
export async function findInitiative(
  db: Db,
  productId: number,
  ref: string | number,
): Promise<InitiativeRow | null> {
  const text = String(ref).trim();
  const q = db.selectFrom('initiatives').selectAll().where('product_id', '=', productId);
  if (isIdText(text)) {
    const id = asId(text);
    if (id !== null) {
      const byId = await q.where('id', '=', id).executeTakeFirst();
      if (byId) return byId;
    }
  }
  const byKey = await q.where('reference_num', '=', text.toUpperCase()).executeTakeFirst();
  if (byKey) return byKey;
  const byName = await q
    .where(dialect.equalsIgnoringCase('name', text))
    .orderBy('id')
    .executeTakeFirst();
  return byName ?? null;
}

/** Initiative anywhere in the account by numeric id or key (`PLN-S-1`, any case): path parameters. */
export async function findInitiativeByIdOrKey(db: Db, idOrKey: string | number): Promise<InitiativeRow | null> {
  const q = db.selectFrom('initiatives').selectAll();
  if (isIdText(idOrKey)) {
    const id = asId(idOrKey);
    return id === null ? null : ((await q.where('id', '=', id).executeTakeFirst()) ?? null);
  }
  return (
    (await q.where('reference_num', '=', String(idOrKey).trim().toUpperCase()).executeTakeFirst()) ?? null
  );
}

export async function requireInitiative(db: Db, idOrKey: string): Promise<InitiativeRow> {
  const row = await findInitiativeByIdOrKey(db, idOrKey);
  if (!row) throw notFound('Initiative', idOrKey);
  return row;
}

export async function requireProduct(db: Db, idOrKey: string): Promise<ProductRow> {
  const row = await findProduct(db, idOrKey);
  if (!row) throw notFound('Product', idOrKey);
  return row;
}

export async function requireRelease(db: Db, idOrKey: string): Promise<ReleaseRow> {
  const row = await findRelease(db, idOrKey);
  if (!row) throw notFound('Release', idOrKey);
  return row;
}

export async function requireReleasePhase(db: Db, id: string): Promise<ReleasePhaseRow> {
  const row = await findReleasePhase(db, id);
  if (!row) throw notFound('Release phase', id);
  return row;
}

export async function requireUser(db: Db, idOrEmail: string): Promise<UserRow> {
  const row = await findUser(db, idOrEmail);
  if (!row) throw notFound('User', idOrEmail);
  return row;
}

export async function requireTeam(db: Db, idOrKey: string): Promise<TeamRow> {
  const row = await findTeam(db, idOrKey);
  if (!row) throw notFound('Team', idOrKey);
  return row;
}

/** `column` contains `text` literally (`%` and `_` are letters), ignoring ASCII case. */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return dialect.containsText(column, text);
}
