// What the feature and epic lists share. Each list plans its own queries (`listFeatures`,
// `planList` in epics.ts: which filter drives through its index, when a page walks the scope's
// ordered index instead) from the same pieces: the filters both take, and each condition written
// either as an index constraint or as a probe SQLite cannot use an index for.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { noIndex } from './dialect';
import type { RowShape, ShapedRow } from './serialize';

/** The filters both lists take; each kind adds its own scopes and filters. */
export interface ItemListFilter {
  productId?: number | undefined;
  releaseId?: number | undefined;
  /** The items that name an initiative (`GET /initiatives/{id}/features`, `/epics`). */
  initiativeId?: number | undefined;
  /**
   * The items of a goal (`GET /goals/{id}/features`, `/epics`): work items have no goal link of
   * their own, so those whose initiative is linked to the goal.
   */
  goalId?: number | undefined;
  q?: string | undefined;
  updatedSince?: string | undefined;
  tag?: string | undefined;
  /** User id or email. */
  assignedToUser?: string | undefined;
  /** Status id or name. */
  workflowStatus?: string | undefined;
}

/** A page of a list and its total: whole rows, or (`compact`, the default list item) only the compact columns, cheaper to read and build. */
export type ItemPage<S extends RowShape, Row> = Promise<{ rows: ShapedRow<S, Row>[]; total: number }>;

/** A condition, written as an index constraint or (`probe`) as a plain test. */
export type Term = (probe: boolean) => RawBuilder<unknown>;

/** A column as an index constraint reads it, or (`probe`) with unary `+`, so SQLite cannot use an index for it. */
export const col = (probe: boolean, column: string): RawBuilder<unknown> => (probe ? noIndex(column) : sql.ref(column));

/**
 * The list's scope as a condition: the first of `scopes` its filter names — an epic's items, a
 * release's, an initiative's (or a goal's, through the goal's initiatives), a product's — or null
 * when it names none of them (the whole account).
 */
export function scopeTerm(
  alias: 'f' | 'e',
  filter: ItemListFilter & { epicId?: number | undefined },
  scopes: readonly ('epic' | 'release' | 'initiative' | 'product')[],
): Term | null {
  const is =
    (column: string, id: number): Term =>
    (x) =>
      sql`${col(x, `${alias}.${column}`)} = ${id}`;
  for (const scope of scopes) {
    if (scope === 'epic' && filter.epicId !== undefined) return is('epic_id', filter.epicId);
    if (scope === 'release' && filter.releaseId !== undefined) return is('release_id', filter.releaseId);
    if (scope === 'product' && filter.productId !== undefined) return is('product_id', filter.productId);
    if (scope === 'initiative' && filter.initiativeId !== undefined) return is('initiative_id', filter.initiativeId);
    const { goalId } = filter;
    if (scope === 'initiative' && goalId !== undefined) {
      return (x) => sql`${col(x, `${alias}.initiative_id`)} IN (SELECT initiative_id FROM initiative_goals WHERE goal_id = ${goalId})`;
    }
  }
  return null;
}

/**
 * Adds the conditions of the filters both lists take beside their scope — tag (through the kind's
 * tag table), assignee, status and updated_since — in that order, each one its filter sends.
 */
export function addFilterTerms<K extends string>(
  terms: Map<K | 'tag' | 'assignee' | 'status' | 'updated', Term>,
  item: { alias: 'f' | 'e'; tags: { table: 'feature_tags' | 'epic_tags'; column: 'feature_id' | 'epic_id' } },
  filter: Pick<ItemListFilter, 'tag' | 'updatedSince'> & { assigneeId: number | null; statusIds: readonly number[] | null },
): void {
  const { alias, tags } = item;
  const tag = filter.tag?.trim() ?? '';
  if (tag !== '') {
    terms.set(
      'tag',
      (x) => sql`${col(x, `${alias}.id`)} IN (SELECT ${sql.ref(tags.column)} FROM ${sql.table(tags.table)} WHERE tag = ${tag})`,
    );
  }
  const { assigneeId, statusIds, updatedSince } = filter;
  if (assigneeId !== null) terms.set('assignee', (x) => sql`${col(x, `${alias}.assigned_to_id`)} = ${assigneeId}`);
  if (statusIds !== null) terms.set('status', (x) => sql`${col(x, `${alias}.workflow_status_id`)} IN (${sql.join(statusIds)})`);
  if (updatedSince !== undefined) terms.set('updated', (x) => sql`${col(x, `${alias}.updated_at`)} > ${updatedSince}`);
}
