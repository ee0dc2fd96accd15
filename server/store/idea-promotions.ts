// Promote (issue 11): an idea becomes a feature or epic in a release of its product, or an
// initiative of its product, made by that kind's own create (no copy of its rules), named and
// described as the idea. The idea links to it (`feature_id` / `epic_id` / `initiative_id`) and moves
// to its shipped status; all in one transaction, audited on the idea (the record audits itself).
// Features, epics and initiatives do not answer the ideas promoted to them (the hosted shapes have
// no such member): the link lives on the idea.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ideaPromoteInput } from '../../src/contract/idea-votes';
import { FieldProblems, notFound, now } from '../problems';
import type { Checked } from '../problems';
import { audit, diff } from './audit';
import type { Db } from './audit';
import { createEpic } from './epics';
import { createFeature } from './features';
import { createInitiative } from './initiatives';
import { defaultStatus, findRelease } from './resolve';
import type { Database, IdeaRow, UserRow } from './schema';
import { IDEA_ITEM } from './work-items';

type PromoteInput = Partial<z.output<typeof ideaPromoteInput>>;

/**
 * The status a promoted idea moves to: the first status (by position) of its product's Idea
 * workflow named "Shipped" (any case), else its first complete status; null keeps the status.
 */
export async function shippedStatus(db: Db, productId: number): Promise<number | null> {
  const statuses = await db
    .selectFrom('workflow_statuses as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .select(['ws.id', 'ws.name', 'ws.complete'])
    .where('w.product_id', '=', productId)
    .where('w.statusable_type', '=', IDEA_ITEM.recordType)
    .orderBy('ws.position')
    .orderBy('ws.id')
    .execute();
  return (statuses.find((s) => s.name.trim().toLowerCase() === 'shipped') ?? statuses.find((s) => s.complete === 1))?.id ?? null;
}

/** Promotes an idea; every problem of the body is answered at once, nothing written after a refusal. */
export async function promoteIdea(
  db: Kysely<Database>,
  args: { ideaId: number; input: PromoteInput; checked: Checked; user: UserRow },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { input, user } = args;
    const { problems, flagged } = args.checked;
    const idea = await trx.selectFrom('ideas').selectAll().where('id', '=', args.ideaId).executeTakeFirst();
    if (!idea) throw notFound('Idea', String(args.ideaId));
    const type = input.promotable_type;
    if (type === undefined && !flagged.has('promotable_type')) problems.add('promotable_type', "can't be blank");
    await checkPromotable(trx, idea, problems);

    let release = null;
    if (type === 'feature' || type === 'epic') {
      if (input.release_id === undefined) {
        if (!flagged.has('release_id')) problems.add('release_id', `can't be blank: a ${type} is promoted into a release`);
      } else {
        const found = await findRelease(trx, input.release_id);
        if (!found || found.product_id !== idea.product_id)
          problems.add('release_id', "must be the id or key of a release of the idea's product");
        else release = found;
      }
    } else if (type === 'initiative' && input.release_id !== undefined) {
      problems.add('release_id', 'is not taken for an initiative (initiatives belong to the product)');
    }
    const initiativeStatus = type === 'initiative' ? await defaultStatus(trx, idea.product_id, 'Initiative') : null;
    if (type === 'initiative' && !initiativeStatus) problems.add('promotable_type', "the idea's product has no initiative workflow");
    problems.throwIfAny();

    // The record's own create, inside this transaction; its problems (none expected) would be its own fields.
    const own: Checked = { problems: new FieldProblems(), flagged: new Set() };
    const body = { name: idea.name, description: idea.description };
    const link: Partial<Record<'feature_id' | 'epic_id' | 'initiative_id', number>> = {};
    if (type === 'feature' && release) link.feature_id = await createFeature(trx, { release, input: body, checked: own, userId: user.id });
    else if (type === 'epic' && release) link.epic_id = await createEpic(trx, { release, input: body, checked: own, userId: user.id });
    else if (type === 'initiative' && initiativeStatus) {
      const product = await trx.selectFrom('products').selectAll().where('id', '=', idea.product_id).executeTakeFirstOrThrow();
      const made = await createInitiative(trx, user, product, { ...body, workflow_status: { id: String(initiativeStatus.id) } }, own);
      link.initiative_id = made.id;
    } else throw new Error('a promotion passed its checks without a record to make');

    const statusId = (await shippedStatus(trx, idea.product_id)) ?? idea.workflow_status_id;
    const ts = now();
    await trx
      .updateTable('ideas')
      .set({
        ...link,
        workflow_status_id: statusId,
        ...(statusId !== idea.workflow_status_id ? { status_changed_at: ts } : {}),
        updated_at: ts,
      })
      .where('id', '=', idea.id)
      .execute();
    const after = await trx.selectFrom('ideas').selectAll().where('id', '=', idea.id).executeTakeFirstOrThrow();
    await audit(trx, {
      userId: user.id,
      type: 'Idea',
      id: idea.id,
      action: 'update',
      changes: { ...diff(idea, after), promoted_to: [null, type] },
    });
  });
}

/** An idea is promoted once, and a merged idea not at all (its survivor is the one to promote). */
async function checkPromotable(db: Db, idea: IdeaRow, problems: FieldProblems): Promise<void> {
  const promoted = [
    idea.feature_id !== null ? (['feature', 'features', idea.feature_id] as const) : null,
    idea.epic_id !== null ? (['epic', 'epics', idea.epic_id] as const) : null,
    idea.initiative_id !== null ? (['initiative', 'initiatives', idea.initiative_id] as const) : null,
  ].find((p) => p !== null);
  if (promoted) {
    const [kind, table, id] = promoted;
    const row = await db.selectFrom(table).select('reference_num').where('id', '=', id).executeTakeFirst();
    problems.add('promotable_type', `the idea is already promoted to ${kind} ${row?.reference_num ?? id}`);
  }
  if (idea.duplicate_of_id !== null) {
    const survivor = await db.selectFrom('ideas').select('reference_num').where('id', '=', idea.duplicate_of_id).executeTakeFirst();
    problems.add('promotable_type', `the idea is merged into ${survivor?.reference_num ?? 'another idea'}: promote that one`);
  }
}
