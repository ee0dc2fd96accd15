// Restoring a deletion from the recycle bin (issue 13): everything the delete removed comes back as
// it was — the same ids and keys, tags, watchers, custom field values, comments and their files,
// the records removed with it — and the links it cleared on records that stay are put back where
// the record at the other end is still there and still unlinked; where it is not, the answer says
// so (`unrestored`) instead of failing or guessing. The roll-ups of every parent it counts in are
// recomputed in the same transaction. A restore that cannot complete (the release a feature needs
// is itself deleted) changes nothing and names the field. A dry run is the same restore rolled
// back: its answer is exactly what the restore would do.
//
// The engine knows kinds only through the live schema (columns, foreign keys) and three small
// tables below: which tables hold records (deletions.ts), which link names stand for a column,
// and what a kind does after its rows are back (idea votes). A new kind whose rows go through
// `recycle` is restored without code here.
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { COMMENTABLE_TYPES } from '../../src/contract/comments';
import { RESTORE_WINDOW_DAYS } from '../../src/contract/deletions';
import { FieldProblems, StoreError, fieldError, notFound } from '../problems';
import { audit, diff } from './audit';
import type { Db } from './audit';
import { treeOrder } from './cascade';
import { dbFailure } from './db-errors';
import { RECORD_TYPE_OF_TABLE } from './deletions';
import type { RecycledRows } from './deletions';
import { dialectOf } from './dialect';
import type { ColumnInfo, ForeignKeyInfo, SchemaInfo } from './dialect';
import { mergeVotes, recapVoter, recountVotes } from './idea-votes';
import { checkMayRestore, commentAuthorOf } from './restore-access';
import type { Restorer } from './restore-access';
import { RollupScheduler } from './rollup-scheduler';
import type { RollupKind } from './rollup-scheduler';
import type { Database, DeletionsTable } from './schema';
import type { Selectable } from 'kysely';

export const RESTORE_WINDOW_MS = RESTORE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export type DeletionRow = Selectable<DeletionsTable>;

/** A record put back (or that would be, on a dry run). */
export interface RestoredRecord {
  type: string;
  id: number;
  name: string | null;
  referenceNum: string | null;
}

/** A link that could not be put back, and why. */
export interface UnrestoredLink {
  link: string;
  type: string;
  id: number;
  reason: 'deleted' | 'missing' | 'changed';
  deletionId: number | null;
}

export interface RestoreResult {
  deletion: DeletionRow;
  restored: RestoredRecord[];
  unrestored: UnrestoredLink[];
}

/** The tables of the roll-up graph's kinds: a restored row of one is recomputed, a link to one marks it. */
const ROLLUP_TABLES: Readonly<Record<string, RollupKind>> = {
  requirements: 'requirement',
  features: 'feature',
  release_phases: 'phase',
  releases: 'release',
  epics: 'epic',
  initiatives: 'initiative',
  goals: 'goal',
};

/**
 * Link names that stand for a column (older deletions and the kinds' own names); any other link
 * name is `<table>.<column>` or a table whose rows are `{id, <column>}` (an update) or whole join
 * rows (an insert).
 */
const LINK_ALIASES: Readonly<Record<string, { table: string; column: string }>> = {
  initiative_children: { table: 'initiatives', column: 'parent_id' },
  release_children: { table: 'releases', column: 'parent_id' },
  merged_ideas: { table: 'ideas', column: 'duplicate_of_id' },
  idea_votes_links: { table: 'idea_votes', column: 'idea_organization_id' },
};

const TABLE_OF_HOSTED_TYPE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COMMENTABLE_TYPES).map(([table, type]) => [type, table]),
);
const TABLE_OF_RECORD_TYPE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(RECORD_TYPE_OF_TABLE).map(([table, type]) => [type, table]),
);

/**
 * References no foreign key states (a type column and an id column): a comment's record, a file's
 * comment or record, a custom field value's record. Checked like foreign keys.
 */
const POLYMORPHIC: Readonly<Record<string, { type: string; id: string; tableOf: (type: string) => string | undefined }>> = {
  comments: { type: 'commentable_type', id: 'commentable_id', tableOf: (type) => TABLE_OF_HOSTED_TYPE[type] },
  attachments: {
    type: 'attachable_type',
    id: 'attachable_id',
    tableOf: (type) => (type === 'Comment' ? 'comments' : TABLE_OF_HOSTED_TYPE[type]),
  },
  custom_field_values: { type: 'record_type', id: 'record_id', tableOf: (type) => TABLE_OF_RECORD_TYPE[type] },
};

/** Links a delete moved to the removed record's own parent (children roll up) rather than cleared. */
const MOVED_TO_PARENT = new Set(['initiative_children', 'release_children', 'initiatives.parent_id', 'releases.parent_id']);

/** `release phase` for `release_phase_id`: a link's column in words. */
const linkName = (column: string): string => column.replace(/_id$/, '').replace(/_/g, ' ');

/** `release phase` for `ReleasePhase`: kinds in messages. */
const noun = (type: string): string => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** Thrown inside the transaction to roll a dry run back with its answer. */
class DryRun extends Error {
  constructor(readonly result: RestoreResult) {
    super('dry run');
  }
}

/**
 * Restores deletion `deletionId` (or previews it: `dryRun`). `now` is the clock's time (ms), which
 * the 30-day window is read against. 404 unknown, 409 already restored, 422 window closed or a
 * record it needs is not there (named by its column).
 */
export async function restoreDeletion(
  db: Kysely<Database>,
  args: { deletionId: number; user: Restorer; now: number; dryRun: boolean },
): Promise<RestoreResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await restoreIn(trx, args);
      if (args.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    throw err;
  }
}

/** The deletion, or 404. */
export async function requireDeletion(db: Db, id: number): Promise<DeletionRow> {
  const row = await db.selectFrom('deletions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Deletion', String(id));
  return row;
}

/** Refuses a deletion that was restored or whose window has closed. */
export function checkRestorable(row: DeletionRow, now: number): void {
  if (row.restored_at !== null) throw new StoreError('conflict', `Deletion ${row.id} was already restored (${row.restored_at})`);
  const until = Date.parse(row.deleted_at) + RESTORE_WINDOW_MS;
  if (now > until) {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    throw new StoreError('invalid', `deleted_at ${day(Date.parse(row.deleted_at))} is more than ${RESTORE_WINDOW_DAYS} days ago`, {
      deleted_at: [
        `is ${day(Date.parse(row.deleted_at))}: a deletion can be restored for ${RESTORE_WINDOW_DAYS} days, until ${day(until)}; that window has closed`,
      ],
    });
  }
}

/** One restore, inside its transaction. */
async function restoreIn(trx: Transaction<Database>, args: { deletionId: number; user: Restorer; now: number }): Promise<RestoreResult> {
  const deletion = await requireDeletion(trx, args.deletionId);
  const payload = JSON.parse(deletion.payload) as RecycledRows;
  // The right the delete needed, before anything else is said about the deletion.
  checkMayRestore({ ...deletion, commentAuthorId: commentAuthorOf(payload, deletion.record_id) }, args.user);
  checkRestorable(deletion, args.now);
  const userId = args.user.id;
  const links = JSON.parse(deletion.links) as RecycledRows;
  const at = new Date(args.now).toISOString();
  const run = new Restore(trx, await dialectOf(trx).schemaInfo(trx), deletion, userId, at);
  await run.putRows(payload);
  run.problems.throwIfAny();
  await run.putLinks(links);
  await run.afterRows();
  await run.rollups.flush();
  await run.audit();
  await trx
    .updateTable('deletions')
    .set({ restored_at: at, restored_by_id: userId, payload: '{}', links: '{}' })
    .where('id', '=', deletion.id)
    .execute();
  return {
    deletion: { ...deletion, restored_at: at, restored_by_id: userId },
    restored: run.restored,
    unrestored: run.unrestored,
  };
}

class Restore {
  readonly problems = new FieldProblems();
  readonly restored: RestoredRecord[] = [];
  readonly unrestored: UnrestoredLink[] = [];
  readonly rollups: RollupScheduler;
  /** Rows put back, by table, as inserted (for the after-steps and the audit). */
  private readonly back = new Map<string, Record<string, unknown>[]>();
  /** Ideas whose `duplicate_of_id` a link put back: merged again once every row is in. */
  private readonly remerged: { idea: number; survivor: number }[] = [];
  private readonly seen = new Map<string, boolean>();
  /** The deleted record's own row (the first of its table in the payload). */
  private main: Record<string, unknown> | null = null;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly schema: SchemaInfo,
    private readonly deletion: DeletionRow,
    private readonly userId: number,
    private readonly at: string,
  ) {
    this.rollups = new RollupScheduler(trx);
  }

  /** Whether a row of `table` with `column` = `value` is there now (remembered for this restore). */
  private async exists(table: string, column: string, value: unknown): Promise<boolean> {
    const key = `${table}\u0000${column}\u0000${String(value)}`;
    const known = this.seen.get(key);
    if (known !== undefined) return known;
    const found = await sql`SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value} LIMIT 1`.execute(this.trx);
    const there = found.rows.length > 0;
    this.seen.set(key, there);
    return there;
  }

  /** The deletion holding a record of `table` that is gone, if it is in the bin. */
  private async holder(table: string, id: number): Promise<{ id: number; reference_num: string | null } | undefined> {
    const type = RECORD_TYPE_OF_TABLE[table];
    if (!type) return undefined;
    return this.trx
      .selectFrom('deletions')
      .select(['id', 'reference_num'])
      .where('record_type', '=', type)
      .where('record_id', '=', id)
      .where('restored_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Says where a missing record went: in the bin (which deletion), or gone. */
  private async missing(table: string, id: number): Promise<{ reason: 'deleted' | 'missing'; deletionId: number | null; words: string }> {
    const type = RECORD_TYPE_OF_TABLE[table] ?? table;
    const held = await this.holder(table, id);
    if (held) {
      const name = held.reference_num ?? String(id);
      return {
        reason: 'deleted',
        deletionId: held.id,
        words: `${noun(type)} ${name} is in the recycle bin (deletion ${held.id}): restore it first`,
      };
    }
    return { reason: 'missing', deletionId: null, words: `${noun(type)} ${id} no longer exists` };
  }

  private columnsOf(table: string): readonly ColumnInfo[] {
    return this.schema.columns.get(table) ?? [];
  }

  private keysOf(table: string): readonly ForeignKeyInfo[] {
    return this.schema.foreignKeys.filter((k) => k.table === table);
  }

  /** How a restored row is named in a link's words: `feature PLN-12`, `comment 41`. */
  private static label(table: string, row: Record<string, unknown>): string {
    const type = RECORD_TYPE_OF_TABLE[table] ?? table;
    const key = typeof row.reference_num === 'string' ? row.reference_num : String(row.id ?? '');
    return `${noun(type)} ${key}`.trim();
  }

  /** Puts the removed rows back in payload order (parents first), each checked against what it names. */
  async putRows(payload: RecycledRows): Promise<void> {
    const ownTable = Object.keys(payload)[0];
    // Rows of the payload name each other (a release's phases, a workspace's everything): each is
    // there for the others' checks, and is inserted after the rows it names.
    for (const [table, rows] of Object.entries(payload))
      for (const row of rows) if (typeof row.id === 'number') this.seen.set(`${table}\u0000id\u0000${row.id}`, true);
    for (const [table, unordered] of Object.entries(payload)) {
      const rows = treeOrder(this.schema, table, unordered);
      const columns = this.columnsOf(table);
      if (columns.length === 0) continue; // a table a later version dropped: nothing to put back into
      const names = new Set(columns.map((c) => c.name));
      const isRecord = RECORD_TYPE_OF_TABLE[table] !== undefined;
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(row)) if (names.has(k)) values[k] = v;
        if (table === ownTable && this.main === null) this.main = values;
        if (!(await this.checkReferences(table, values, isRecord, columns))) continue;
        await this.insert(table, values, names.has('id'));
        const list = this.back.get(table) ?? [];
        list.push(values);
        this.back.set(table, list);
        if (typeof values.id === 'number') this.seen.set(`${table}\u0000id\u0000${values.id}`, true);
        const kind = ROLLUP_TABLES[table];
        if (kind && typeof values.id === 'number') this.rollups.wrote(kind, values.id);
        if (isRecord && typeof values.id === 'number') {
          this.restored.push({
            type: RECORD_TYPE_OF_TABLE[table] ?? table,
            id: values.id,
            name: typeof values.name === 'string' ? values.name : null,
            referenceNum: typeof values.reference_num === 'string' ? values.reference_num : null,
          });
        }
      }
    }
  }

  /**
   * Checks every record a row names. A record row that needs one that is gone cannot come back (a
   * problem on the column, which refuses the whole restore); one whose optional link is gone comes
   * back without it; a part of a record (a tag, a watcher, a link row) whose other end is gone is
   * left out. Both are reported. False: leave the row out.
   */
  private async checkReferences(
    table: string,
    values: Record<string, unknown>,
    isRecord: boolean,
    columns: readonly ColumnInfo[],
  ): Promise<boolean> {
    let keep = true;
    const poly = POLYMORPHIC[table];
    const polyTable = poly ? poly.tableOf(String(values[poly.type])) : undefined;
    const keys: readonly Pick<ForeignKeyInfo, 'column' | 'target' | 'targetColumn'>[] =
      poly && polyTable ? [...this.keysOf(table), { column: poly.id, target: polyTable, targetColumn: 'id' }] : this.keysOf(table);
    for (const key of keys) {
      const value = values[key.column];
      if (value === null || value === undefined) continue;
      if (await this.exists(key.target, key.targetColumn, value)) continue;
      const where = await this.missing(key.target, Number(value));
      const required = columns.find((c) => c.name === key.column)?.notNull ?? false;
      if (isRecord && required) {
        this.problems.add(key.column, where.words);
        keep = false;
        continue;
      }
      if (RECORD_TYPE_OF_TABLE[key.target] || isRecord) {
        this.unrestored.push({
          link: `${linkName(key.column)} of ${Restore.label(table, values)}`,
          type: RECORD_TYPE_OF_TABLE[key.target] ?? key.target,
          id: Number(value),
          reason: where.reason,
          deletionId: where.deletionId,
        });
      }
      if (isRecord) values[key.column] = null;
      else keep = false;
    }
    return keep;
  }

  private async insert(table: string, values: Record<string, unknown>, hasId: boolean): Promise<void> {
    const cols = Object.keys(values);
    const list = sql.join(cols.map((c) => sql.ref(c)));
    const vals = sql.join(cols.map((c) => sql`${values[c] ?? null}`));
    if (hasId && typeof values.id === 'number' && (await this.existsNow(table, values.id))) {
      // A comment deleted while it had replies stayed as their placeholder: it takes its text back.
      if (table !== 'comments') throw new StoreError('conflict', `${Restore.label(table, values)} is already there`);
      const sets = sql.join(cols.filter((c) => c !== 'id').map((c) => sql`${sql.ref(c)} = ${values[c] ?? null}`));
      await sql`UPDATE ${sql.table(table)} SET ${sets} WHERE id = ${values.id}`.execute(this.trx);
      return;
    }
    // Rows without an id of their own (tags, watchers, link rows) may be there again already.
    const ignore = hasId ? sql`` : sql` ON CONFLICT DO NOTHING`;
    try {
      await sql`INSERT INTO ${sql.table(table)} (${list}) VALUES (${vals})${ignore}`.execute(this.trx);
    } catch (err) {
      // A value that must be unique was taken since (a new workspace under the deleted one's prefix).
      const failure = dbFailure(err);
      if (failure?.kind !== 'unique' || failure.column === null) throw err;
      const column = failure.column;
      throw fieldError(
        column,
        `"${String(values[column])}" is taken by another ${noun(RECORD_TYPE_OF_TABLE[table] ?? table)} now: change that one first`,
      );
    }
  }

  private async existsNow(table: string, id: number): Promise<boolean> {
    const found = await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id}`.execute(this.trx);
    return found.rows.length > 0;
  }

  /** Where a link name points: a column of a table (an update of `{id, column}` rows) or a join table (inserts). */
  private static linkTarget(name: string, sample: Record<string, unknown> | undefined): { table: string; column: string | null } {
    const alias = LINK_ALIASES[name];
    if (alias) return alias;
    const dot = name.indexOf('.');
    if (dot > 0) return { table: name.slice(0, dot), column: name.slice(dot + 1) };
    const others = Object.keys(sample ?? {}).filter((k) => k !== 'id');
    const isUpdate = sample !== undefined && 'id' in sample && others.length === 1;
    return { table: name, column: isUpdate ? (others[0] ?? null) : null };
  }

  /** Puts back the links the delete cleared on records that stay, where they still can be. */
  async putLinks(links: RecycledRows): Promise<void> {
    for (const [name, rows] of Object.entries(links)) {
      if (rows.length === 0) continue;
      const target = Restore.linkTarget(name, rows[0]);
      if (this.columnsOf(target.table).length === 0) continue;
      if (target.column === null) {
        await this.putRows({ [target.table]: rows });
        continue;
      }
      // What the delete left in the column: nothing, or (children that rolled up) the removed record's parent.
      const parent = this.main?.parent_id;
      const left = MOVED_TO_PARENT.has(name) && typeof parent === 'number' ? parent : null;
      await this.relinkAll(target.table, target.column, rows, left);
    }
  }

  /**
   * Sets `column` back on each record of `table` in `rows` (`{id, <column>}`) that still has the
   * value the delete left (`left`), one statement per value, with an update audit row each; the
   * others are reported: gone, in the bin, or linked elsewhere since.
   */
  private async relinkAll(table: string, column: string, rows: Record<string, unknown>[], left: number | null): Promise<void> {
    const key = this.keysOf(table).find((k) => k.column === column);
    const type = RECORD_TYPE_OF_TABLE[table] ?? table;
    const ids = rows.map((r) => Number(r.id));
    const current = new Map<number, unknown>();
    const keyOf = new Map<number, string>();
    const keyed = this.columnsOf(table).some((c) => c.name === 'reference_num');
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const found = await sql<{ id: number; v: unknown; k: string | null }>`
        SELECT id, ${sql.ref(column)} AS v, ${keyed ? sql.ref('reference_num') : sql`NULL`} AS k
        FROM ${sql.table(table)} WHERE id IN (${sql.join(part)})`.execute(this.trx);
      for (const r of found.rows) {
        current.set(r.id, r.v);
        if (r.k) keyOf.set(r.id, r.k);
      }
    }
    const what = (id: number) => `${linkName(column)} of ${noun(type)} ${keyOf.get(id) ?? id}`;
    const byValue = new Map<number, number[]>();
    for (const row of rows) {
      const id = Number(row.id);
      const wanted = row[column];
      if (typeof wanted !== 'number') continue;
      if (!current.has(id)) {
        const where = await this.missing(table, id);
        this.unrestored.push({ link: what(id), type, id, reason: where.reason, deletionId: where.deletionId });
        continue;
      }
      const now = current.get(id);
      if (now === wanted) continue;
      if ((now ?? null) !== left) {
        this.unrestored.push({ link: what(id), type, id, reason: 'changed', deletionId: null });
        continue;
      }
      if (key && !(await this.exists(key.target, key.targetColumn, wanted))) {
        const where = await this.missing(key.target, wanted);
        this.unrestored.push({
          link: what(id),
          type: RECORD_TYPE_OF_TABLE[key.target] ?? key.target,
          id: wanted,
          reason: where.reason,
          deletionId: where.deletionId,
        });
        continue;
      }
      const list = byValue.get(wanted) ?? [];
      list.push(id);
      byValue.set(wanted, list);
    }
    const hasUpdatedAt = this.columnsOf(table).some((c) => c.name === 'updated_at');
    for (const [value, list] of byValue) {
      for (let i = 0; i < list.length; i += 500) {
        const part = list.slice(i, i + 500);
        // One audit row per record, written by one statement (as the delete's unlink wrote them).
        await sql`INSERT INTO audits (user_id, created_at, auditable_type, auditable_id, audit_action, changes)
          SELECT ${this.userId}, ${this.at}, ${type}, id, 'update', ${JSON.stringify({ [column]: [left, value] })}
          FROM ${sql.table(table)} WHERE id IN (${sql.join(part)})`.execute(this.trx);
        const touch = hasUpdatedAt ? sql`, updated_at = ${this.at}` : sql``;
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${value}${touch} WHERE id IN (${sql.join(part)})`.execute(this.trx);
      }
      const kind = key ? ROLLUP_TABLES[key.target] : undefined;
      if (kind) this.rollups.mark(kind, value);
      if (table === 'ideas' && column === 'duplicate_of_id') for (const idea of list) this.remerged.push({ idea, survivor: value });
    }
    // Children that had rolled up into the removed record's parent leave it again.
    const parentKind = key ? ROLLUP_TABLES[key.target] : undefined;
    if (left !== null && parentKind && byValue.size > 0) this.rollups.mark(parentKind, left);
  }

  /** What a kind does once its rows are back: votes count again where they counted. */
  async afterRows(): Promise<void> {
    const ideas = this.back.get('ideas') ?? [];
    const votes = this.back.get('idea_votes') ?? [];
    const touched = new Set<number>();
    for (const idea of ideas) {
      if (typeof idea.duplicate_of_id === 'number') this.remerged.push({ idea: Number(idea.id), survivor: idea.duplicate_of_id });
      touched.add(Number(idea.id));
    }
    for (const { idea, survivor } of this.remerged) {
      const [merged, onto] = await Promise.all([
        this.trx.selectFrom('ideas').selectAll().where('id', '=', idea).executeTakeFirst(),
        this.trx.selectFrom('ideas').selectAll().where('id', '=', survivor).executeTakeFirst(),
      ]);
      if (merged && onto) await mergeVotes(this.trx, merged, onto);
      touched.add(idea).add(survivor);
    }
    for (const vote of votes) touched.add(Number(vote.idea_id)).add(Number(vote.cast_on_idea_id));
    // A vote back on its own (its own deletion) counts within the idea's per-idea cap again; an
    // idea's own votes came back whole and counted whole before the delete.
    const single = ideas.length === 0 && votes.length === 1 ? votes[0] : undefined;
    if (single && typeof single.voter_email === 'string') {
      const idea = await this.trx.selectFrom('ideas').selectAll().where('id', '=', Number(single.idea_id)).executeTakeFirst();
      if (idea) await recapVoter(this.trx, idea, single.voter_email);
    }
    if (touched.size > 0) await recountVotes(this.trx, [...touched]);
  }

  /** A `create` audit row for every record put back, naming the deletion it came from. */
  async audit(): Promise<void> {
    for (const [table, rows] of this.back) {
      const type = RECORD_TYPE_OF_TABLE[table];
      if (!type) continue;
      for (const row of rows) {
        if (typeof row.id !== 'number') continue;
        const changes = { ...diff(null, row), restored_from_deletion_id: [null, this.deletion.id] as [unknown, unknown] };
        await audit(this.trx, { userId: this.userId, type, id: row.id, action: 'create', changes });
      }
    }
  }
}

/** `[{type, count}]` of what a restore brought back besides the record itself, biggest kind first. */
export function restoredContents(result: RestoreResult): { type: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of result.restored) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  const own = result.deletion.record_type;
  if (counts.has(own)) counts.set(own, (counts.get(own) ?? 1) - 1);
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}
