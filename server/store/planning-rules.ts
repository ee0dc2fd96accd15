// Body rules the planning records (releases, phases, goals, initiatives) share, so each answers a
// field the same way: a person by email or id, manual progress, a later date not before the start.
// Each adds its problems to the body's `checked` and its columns to the plan's values; the work items
// have their own forms of these in `work-item-rules.ts` (other messages, other fields).
import type { StatusInput } from '../../src/contract/common';
import { todayIso } from '../../src/domain/dates';
import type { Checked, FieldProblems } from '../problems';
import type { Db } from './audit';
import { defaultStatus, describeStatus, findStatus, findUser } from './resolve';
import type { ProductRow } from './schema';

const MANUAL = 'progress_manual';

/** `sent` when the body sends it (null clears), else the stored value. */
export function effective<T>(sent: T | undefined, stored: T): T {
  return sent === undefined ? stored : sent;
}

/** A name: required on create (unless the body's name already failed its shape check), changed when sent. */
export function planName(input: { name?: string | undefined }, stored: object | null, values: { name?: string }, checked: Checked): void {
  if (stored === null && input.name === undefined && !checked.flagged.has('name')) checked.problems.add('name', "can't be blank");
  if (input.name !== undefined) values.name = input.name;
}

/**
 * Workflow status: a status of the kind's workflow in the product, by name or id; a change of a stored
 * record stamps `status_changed_on`. A new record without one takes the workflow's first status when
 * the kind has a default (releases; an initiative's body must name one).
 */
export async function planStatus(
  db: Db,
  kind: { recordType: 'Release' | 'Initiative'; noun: 'a release' | 'an initiative'; byDefault: boolean },
  ctx: { product: ProductRow; stored: { workflow_status_id: number | null } | null },
  sent: StatusInput | undefined,
  values: { workflow_status_id?: number | null; status_changed_on?: string | null },
  problems: FieldProblems,
): Promise<void> {
  const { product, stored } = ctx;
  const status = sent !== undefined ? await findStatus(db, product.id, kind.recordType, sent) : null;
  if (sent !== undefined && !status)
    problems.add('workflow_status', `${describeStatus(sent)} is not ${kind.noun} status of ${product.reference_prefix}`);
  else if (status && status.id !== stored?.workflow_status_id) {
    values.workflow_status_id = status.id;
    if (stored) values.status_changed_on = todayIso();
  } else if (sent === undefined && stored === null && kind.byDefault) {
    const first = await defaultStatus(db, product.id, kind.recordType);
    if (!first) problems.add('workflow_status', `${product.reference_prefix} has no ${kind.noun.split(' ')[1]} workflow`);
    else values.workflow_status_id = first.id;
  }
}

/**
 * The user a body names by email or id (`owner`, `assigned_to_user`, `created_by`): their id, null
 * when the body clears it, undefined when it sends nothing or names no user (a problem on `field`).
 */
export async function planPerson(
  db: Db,
  field: string,
  sent: string | null | undefined,
  problems: FieldProblems,
): Promise<number | null | undefined> {
  if (sent === undefined || sent === null) return sent;
  const user = await findUser(db, sent);
  if (!user) problems.add(field, `"${sent}" is not the email or id of a user`);
  return user?.id;
}

/**
 * Progress: a number only under manual progress (the body's source, else the stored one); computed
 * sources own the value, so setting one there is a problem. Null clears it under manual progress.
 */
export function planProgress(
  input: { progress_source?: string | undefined; progress?: number | null | undefined },
  stored: { progress_source: string } | null,
  values: { progress_source?: string; progress?: number | null },
  checked: Checked,
): void {
  const source = input.progress_source ?? stored?.progress_source ?? MANUAL;
  if (input.progress_source !== undefined) values.progress_source = input.progress_source;
  if (input.progress !== undefined && input.progress !== null && !checked.flagged.has('progress_source')) {
    if (source !== MANUAL) checked.problems.add('progress', `can only be set when progress_source is progress_manual (it is ${source})`);
    else values.progress = input.progress;
  } else if (input.progress === null && source === MANUAL) values.progress = null;
}

/** A date that must not come before `start_date`; the problem goes on whichever of the two the body sent. */
export function checkDateOrder<L extends 'end_date' | 'release_date'>(
  checked: Checked,
  input: { start_date?: string | null | undefined } & Partial<Record<L, string | null | undefined>>,
  stored: ({ start_date: string | null } & Record<L, string | null>) | null,
  later: L,
): void {
  if (checked.flagged.has('start_date') || checked.flagged.has(later)) return;
  const sent: string | null | undefined = input[later];
  const start = effective(input.start_date, stored?.start_date ?? null);
  const end = effective(sent, stored?.[later] ?? null);
  if (start === null || end === null || end >= start) return;
  if (sent !== undefined) checked.problems.add(later, 'must not be before start_date');
  else checked.problems.add('start_date', `must not be after ${later} (${end})`);
}
