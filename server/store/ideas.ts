// Ideas (issue 11, first slice): look-ups by id or key, the write rules of operation 10 and the
// update (every problem of a body at once, nothing written after a refusal), merges (`duplicate_idea`),
// delete into the recycle bin, the lists with their sorts, the related-idea search, idea categories,
// and the hosted response shape built for a page in a bounded number of queries. Status, description,
// assignee, tags and custom fields follow the shared work-item rules (IDEA_ITEM).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ideaCategoryInput, ideaCreateInput, ideaUpdateInput } from '../../src/contract/ideas';
import { IDEA_VISIBILITIES, IDEA_VISIBILITY_LABELS } from '../../src/contract/ideas';
import type { Idea, IdeaCategory, IdeaSummary, IdeaVisibility } from '../../src/contract/ideas';
import type { Attachment } from '../../src/contract/common';
import type { CustomFieldValue } from '../../src/contract/custom-fields';
import { ideaKey } from '../../src/domain/reference';
import type { Checked, FieldProblems, Paging } from '../problems';
import { attachmentsOf } from './attachments';
import { audit, diff } from './audit';
import type { Changes, Db } from './audit';
import { customFieldsFor, planCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import { dialectOf } from './dialect';
import { allocateReference } from './reference-numbers';
import { relatedSearch } from './related-search';
import { asId, filterTargets, findByIdOrKey, findInProduct, findUser, loadOne, requiring } from './resolve';
import { rowsById } from './row-cache';
import type { Database, IdeaCategoryRow, IdeaRow, IdeaUpdate, PortalUserRow, ProductRow, UserRow } from './schema';
import {
  assigneeRef,
  flag,
  fullTags,
  links,
  noteBody,
  placeholderStatus,
  portalUserName,
  projectRef,
  recordLink,
  statusRef,
  userRef,
} from './serialize';
import { finishCreate, planAssignee, planInitiative, planStatus, planTags, updateWorkItem } from './work-item-rules';
import type { ItemPlan } from './work-item-rules';
import { deleteRecord, rowsThrough } from './record-writes';
import type { RecordChange, RecordRemoval } from './record-writes';
import { detachVotes, endorsementCounts, mergeVotes, unmergeVotes } from './idea-votes';
import type { MovedVotes } from './idea-votes';
import { IDEA_ITEM } from './work-items';
import { COMMENTABLE_TYPE_OF, commentCounts } from './discussions';

type IdeaInput = Partial<z.output<typeof ideaCreateInput>> & z.output<typeof ideaUpdateInput>;

/** Compact list items unless `fields` asks for more (the hosted list's members). */
export const IDEA_COMPACT_FIELDS = ['id', 'name', 'reference_num', 'product_id', 'votes', 'created_at', 'url', 'resource'] as const;

// ---------------------------------------------------------------------------------------------
// Look-ups

/** Idea by numeric id or reference key (`PLN-I-12`, any case). */
export const findIdea = (db: Db, idOrKey: string): Promise<IdeaRow | null> => findByIdOrKey(db, 'ideas', 'reference_num', idOrKey);

export const requireIdea = requiring<IdeaRow>(findIdea, 'Idea');

const isVisibility = (v: string): v is IdeaVisibility => (IDEA_VISIBILITIES as readonly string[]).includes(v);

// ---------------------------------------------------------------------------------------------
// Write rules

/** The shared writes' plan; its links are the ids of the categories the body names (replacing the links), when it names any. */
type IdeaPlan = ItemPlan & { columns: IdeaUpdate };

/**
 * Checks a create (`stored` null) or update body against the stored records and turns it into
 * columns; every problem goes to `problems`, thrown together by the caller before writing.
 */
async function planIdea(
  db: Db,
  ctx: { productId: number; stored: IdeaRow | null; portal?: boolean },
  input: IdeaInput,
  problems: FieldProblems,
): Promise<IdeaPlan> {
  const { productId, stored } = ctx;
  const columns: IdeaUpdate = {};
  const now = new Date().toISOString();

  if (input.name !== undefined) columns.name = input.name;

  // Shared rules: status of the product's Idea workflow (first by default), description, assignee, tags.
  const status: { workflow_status_id?: number | null } = {};
  await planStatus(db, IDEA_ITEM, { productId, stored }, input.workflow_status, status, problems);
  if (typeof status.workflow_status_id === 'number') {
    columns.workflow_status_id = status.workflow_status_id;
    if (stored && stored.workflow_status_id !== status.workflow_status_id) columns.status_changed_at = now;
  }
  if (input.description !== undefined) columns.description = input.description === '' ? null : input.description;
  await planAssignee(db, input.assigned_to_user, columns, problems);
  const tags = planTags(input.tags, columns, problems);

  // The creator: any email; linked to the user who has it, when one does.
  if (input.created_by !== undefined) {
    const user: UserRow | null = await findUser(db, input.created_by);
    columns.created_by_email = user ? user.email : input.created_by;
    columns.created_by_user_id = user?.id ?? null;
  }
  if (input.created_at !== undefined && input.created_at > now) problems.add('created_at', 'must not be in the future');

  let categories: number[] | undefined;
  if (input.categories !== undefined) {
    const names = [...new Map(input.categories.map((n) => [n.toLowerCase(), n])).values()];
    const found = names.length
      ? await db
          .selectFrom('idea_categories')
          .select(['id', 'name'])
          .where('product_id', '=', productId)
          .where((eb) => eb.or(names.map((n) => dialectOf(db).equalsIgnoringCase('name', n))))
          .orderBy('id')
          .execute()
      : [];
    const byName = new Map<string, number>();
    for (const c of found) if (!byName.has(c.name.toLowerCase())) byName.set(c.name.toLowerCase(), c.id);
    const unknown = names.filter((n) => !byName.has(n.toLowerCase()));
    if (unknown.length > 0) {
      problems.add('categories', `has ${unknown.length > 1 ? 'unknown categories' : 'an unknown category'}: ${unknown.join(', ')}`);
    }
    categories = names.flatMap((n) => byName.get(n.toLowerCase()) ?? []);
  }

  // What the idea was promoted to or linked with, in its product.
  for (const field of ['feature', 'epic'] as const) {
    const sent = input[field];
    if (sent === undefined) continue;
    if (sent === null) columns[`${field}_id`] = null;
    else {
      const id = await findInProduct(db, field === 'feature' ? 'features' : 'epics', productId, sent);
      if (id === null) problems.add(field, `must be the name, id or key of ${field === 'epic' ? 'an epic' : 'a feature'} of this product`);
      else columns[`${field}_id`] = id;
    }
  }
  await planInitiative(db, productId, input.initiative, columns, problems);

  await planMerge(db, ctx, input.duplicate_idea, columns, problems);

  if (input.initial_votes !== undefined) {
    columns.initial_votes = input.initial_votes;
    // What the votes ledger adds stays (idea-votes.ts keeps it on every ledger write).
    columns.votes = input.initial_votes + (stored ? stored.votes - stored.initial_votes : 0);
  }
  if (input.visibility !== undefined) columns.visibility = input.visibility;
  if (input.spam !== undefined) columns.spam = flag(input.spam);
  if (input.admin_response !== undefined) columns.admin_response = input.admin_response === '' ? null : input.admin_response;
  if (input.admin_response_published !== undefined) columns.admin_response_published = flag(input.admin_response_published);

  // The portal: `skip_portal: true` submits to none, so it cannot come with a portal to submit to.
  const portal = input.submitted_idea_portal_id;
  if (input.skip_portal === true && portal !== undefined && portal !== null) {
    problems.add('skip_portal', 'cannot be true when submitted_idea_portal_id names a portal');
  } else if (input.skip_portal === true) columns.submitted_idea_portal_id = null;
  else if (portal === null) columns.submitted_idea_portal_id = null;
  else if (portal !== undefined) {
    const id = asId(portal);
    const row =
      id === null
        ? undefined
        : await db.selectFrom('idea_portals').select('id').where('id', '=', id).where('product_id', '=', productId).executeTakeFirst();
    if (!row) problems.add('submitted_idea_portal_id', 'must be the id of an ideas portal of this product');
    else columns.submitted_idea_portal_id = row.id;
  }

  const customFields = await planCustomFields(db, productId, IDEA_ITEM.recordType, input.custom_fields, problems, ctx.stored?.id);
  // A portal user never sees the team's layout, so its required fields are the team's to fill in.
  if (ctx.stored === null && ctx.portal !== true) await requireLayoutFields(db, productId, IDEA_ITEM.recordType, input, problems);
  return { columns, customFields, ...(tags ? { tags } : {}), ...(categories ? { links: categories } : {}) };
}

/**
 * `duplicate_idea`: merges this idea into another of the product; null or blank unmerges. Merges
 * are one level deep: the target must not be merged itself, and an idea others are merged into
 * cannot be merged away (its duplicates would point at a merged idea).
 */
async function planMerge(
  db: Db,
  ctx: { productId: number; stored: IdeaRow | null },
  sent: string | null | undefined,
  columns: IdeaUpdate,
  problems: FieldProblems,
): Promise<void> {
  if (sent === undefined) return;
  if (sent === null) {
    columns.duplicate_of_id = null;
    return;
  }
  const target = await findIdea(db, sent.trim());
  if (!target || target.product_id !== ctx.productId) {
    problems.add('duplicate_idea', 'must be the id or key of an idea of this product');
    return;
  }
  const stored = ctx.stored;
  if (stored && target.id === stored.id) {
    problems.add('duplicate_idea', 'cannot be the idea itself');
    return;
  }
  if (target.duplicate_of_id !== null) {
    const survivor = await db.selectFrom('ideas').select('reference_num').where('id', '=', target.duplicate_of_id).executeTakeFirst();
    problems.add('duplicate_idea', `is itself merged into ${survivor?.reference_num ?? 'another idea'}; merge into that one`);
    return;
  }
  if (stored) {
    const merged = await db.selectFrom('ideas').select('reference_num').where('duplicate_of_id', '=', stored.id).orderBy('id').execute();
    if (merged.length > 0 && stored.duplicate_of_id !== target.id) {
      problems.add('duplicate_idea', `cannot merge an idea others are merged into (${merged.map((m) => m.reference_num).join(', ')})`);
      return;
    }
  }
  columns.duplicate_of_id = target.id;
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Operation 10: creates an idea in `product`; returns its id. */
export function createIdea(
  db: Kysely<Database>,
  args: { product: ProductRow; input: IdeaInput; checked: Checked; userId: number },
): Promise<number> {
  return insertIdea(db, args);
}

/** An idea a portal user submitted in the portal (store/portal-site.ts): no user of the service made it. */
export function submitIdea(
  db: Kysely<Database>,
  args: { product: ProductRow; input: IdeaInput; checked: Checked; portalUserId: number },
): Promise<number> {
  return insertIdea(db, { ...args, userId: null });
}

async function insertIdea(
  db: Kysely<Database>,
  args: { product: ProductRow; input: IdeaInput; checked: Checked; userId: number | null; portalUserId?: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { product } = args;
    const { problems } = args.checked;
    const portal = args.portalUserId !== undefined;
    const plan = await planIdea(trx, { productId: product.id, stored: null, portal }, args.input, problems);
    problems.throwIfAny();
    const referenceNum = await allocateReference(trx, 'idea', product.id, (n) => ideaKey(product.reference_prefix, n));
    const ts = new Date().toISOString();
    const createdAt = args.input.created_at ?? ts;
    const { columns } = plan;
    const row = {
      ...columns,
      product_id: product.id,
      reference_num: referenceNum,
      name: columns.name ?? args.input.name ?? '',
      workflow_status_id: columns.workflow_status_id ?? 0,
      created_by_email: columns.created_by_email ?? '',
      created_by_portal_user_id: args.portalUserId ?? null,
      status_changed_at: createdAt,
      created_at: createdAt,
      updated_at: ts,
    };
    return finishCreate(trx, IDEA_ITEM, row, plan, args.userId);
  });
}

/** Applies the body's fields to a stored idea; a body that changes nothing writes nothing. */
export async function updateIdea(db: Kysely<Database>, args: RecordChange<IdeaInput>): Promise<void> {
  await db.transaction().execute((trx) =>
    updateWorkItem(
      trx,
      IDEA_ITEM,
      args,
      (stored, problems) => planIdea(trx, { productId: stored.product_id, stored }, args.input, problems),
      async (before, changed): Promise<Changes> => {
        if (changed.workflow_status_id !== undefined) await notifyStatusChange(trx, before.id);
        return changed.duplicate_of_id !== undefined ? { moved_votes: await moveMergedVotes(trx, before, args.userId) } : {};
      },
    ),
  );
}

/**
 * Tells the idea's subscribers (portal users, store/portal-site.ts) that its status changed, in the
 * update's transaction: what they read in the portal's notification list.
 */
async function notifyStatusChange(trx: Db, ideaId: number): Promise<void> {
  const idea = await trx
    .selectFrom('ideas as i')
    .innerJoin('workflow_statuses as ws', 'ws.id', 'i.workflow_status_id')
    .select(['i.id', 'i.name', 'ws.name as status'])
    .where('i.id', '=', ideaId)
    .executeTakeFirst();
  if (!idea) return;
  await trx
    .insertInto('portal_notifications')
    .columns(['portal_user_id', 'idea_id', 'message', 'created_at'])
    .expression(
      trx
        .selectFrom('idea_subscriptions')
        .select((eb) => [
          'portal_user_id',
          'idea_id',
          eb.val(`"${idea.name}" is now ${idea.status}`).as('message'),
          eb.val(new Date().toISOString()).as('created_at'),
        ])
        .where('idea_id', '=', ideaId),
    )
    .execute();
}

/**
 * A merge or unmerge moves the idea's votes through the ledger (idea-votes.ts) in the update's
 * transaction: from the old survivor back home, then onto the new one. Each survivor whose votes
 * changed gets an update audit row; the merged idea's row records what moved (count and weight).
 */
async function moveMergedVotes(trx: Db, before: IdeaRow, userId: number): Promise<[MovedVotes | null, MovedVotes | null]> {
  const idea = await trx.selectFrom('ideas').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
  const survivor = async (id: number | null) =>
    id === null ? undefined : await trx.selectFrom('ideas').selectAll().where('id', '=', id).executeTakeFirst();
  const auditSurvivor = async (row: IdeaRow) => {
    const after = await trx.selectFrom('ideas').select('votes').where('id', '=', row.id).executeTakeFirstOrThrow();
    if (after.votes !== row.votes)
      await audit(trx, { userId, type: 'Idea', id: row.id, action: 'update', changes: { votes: [row.votes, after.votes] } });
  };
  const old = await survivor(before.duplicate_of_id);
  const back = old ? await unmergeVotes(trx, idea, old) : null;
  if (old) await auditSurvivor(old);
  const target = await survivor(idea.duplicate_of_id);
  const onto = target ? await mergeVotes(trx, idea, target) : null;
  if (target) await auditSurvivor(target);
  return [back, onto];
}

/**
 * Deletes an idea: it, its tags, category links, votes, subscriptions and custom field values go to
 * the recycle bin. Ideas merged into it are unmerged (each with an update audit row), and the recycle payload
 * keeps those links (`merged_ideas`) so a restore can merge them back.
 */
export function deleteIdea(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, IDEA_ITEM, args, async (idea) => {
      const merged = await trx.selectFrom('ideas').select(['id', 'duplicate_of_id']).where('duplicate_of_id', '=', idea.id).execute();
      // Votes go home first (its own from its survivor, those of the ideas merged into it), then its own go with it.
      const votes = await detachVotes(trx, idea);
      // Its subscribers (portal users) come back with it; their notifications are history and go.
      const subscriptions = await trx.selectFrom('idea_subscriptions').selectAll().where('idea_id', '=', idea.id).execute();
      return {
        children: { idea_votes: votes, idea_subscriptions: subscriptions },
        links: { merged_ideas: merged },
        after: async () => {
          const at = new Date().toISOString();
          for (const m of merged) {
            await trx.updateTable('ideas').set({ duplicate_of_id: null, updated_at: at }).where('id', '=', m.id).execute();
            const changes = { duplicate_of_id: [idea.id, null] } satisfies Changes;
            await audit(trx, { userId: args.userId, type: IDEA_ITEM.recordType, id: m.id, action: 'update', changes });
          }
        },
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface IdeaListFilter {
  productId?: number | undefined;
  q?: string | undefined;
  workflowStatus?: string | undefined;
  tag?: string | undefined;
  /** User id or email. */
  assignedToUser?: string | undefined;
  createdSince?: string | undefined;
  createdBefore?: string | undefined;
  updatedSince?: string | undefined;
  /** true: the spam ideas alone; otherwise spam is left out. */
  spam?: boolean | undefined;
  sort?: 'recent' | 'trending' | 'popular' | undefined;
}

/**
 * One page of ideas and the total. Sorts: `recent` newest first; `popular` most votes first;
 * `trending` most votes per day of age (votes / (days since created + 1)): without a votes ledger
 * there is no "votes gained lately", and this favours young ideas that gather votes fast.
 */
export async function listIdeas(db: Db, filter: IdeaListFilter, page: Paging): Promise<{ rows: IdeaRow[]; total: number }> {
  const empty = { rows: [], total: 0 };
  const base = db.selectFrom('ideas as i').where('i.spam', '=', filter.spam ? 1 : 0);
  let q = filter.productId !== undefined ? base.where('i.product_id', '=', filter.productId) : base;
  // Every condition past the spam flag and the product goes through here: a list it narrows is
  // counted, one it does not reads the subset's counter (below).
  let narrowed = false;
  const narrow = (next: typeof q): void => {
    narrowed = true;
    q = next;
  };
  const text = filter.q?.trim() ?? '';
  if (text !== '') {
    narrow(
      q.where(
        [...text].length >= dialectOf(db).textSearchMinLength
          ? dialectOf(db).textSearchIn('ideas', 'name', 'i.id', text)
          : dialectOf(db).containsText('i.name', text),
      ),
    );
  }
  const targets = await filterTargets(db, IDEA_ITEM.recordType, filter);
  if (!targets) return empty;
  if (targets.statuses) {
    narrow(
      q.where(
        'i.workflow_status_id',
        'in',
        targets.statuses.map((s) => s.id),
      ),
    );
  }
  const tag = filter.tag?.trim() ?? '';
  if (tag !== '') narrow(q.where('i.id', 'in', db.selectFrom('idea_tags').select('idea_id').where('tag', '=', tag)));
  if (targets.assigneeId !== null) narrow(q.where('i.assigned_to_id', '=', targets.assigneeId));
  if (filter.createdSince !== undefined) narrow(q.where('i.created_at', '>=', filter.createdSince));
  if (filter.createdBefore !== undefined) narrow(q.where('i.created_at', '<', filter.createdBefore));
  if (filter.updatedSince !== undefined) narrow(q.where('i.updated_at', '>', filter.updatedSince));

  // Narrowed by nothing but the spam flag (and the product): the subset's counter is the total.
  // Otherwise counted once per write version (store/counts.ts): paging does not recount it.
  const scope: CountedScope | undefined =
    narrowed || filter.spam
      ? undefined
      : filter.productId !== undefined
        ? { table: 'ideas', subset: true, column: 'product_id', id: filter.productId }
        : { table: 'ideas', subset: true };
  const total = await countMatches(
    db,
    q.select((eb) => eb.fn.countAll<number>().as('n')),
    scope,
  );
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let ordered = q.selectAll('i');
  // Ties by id, newest first: the order an index (product, spam, votes, id) reads without a sort.
  if (filter.sort === 'popular') ordered = ordered.orderBy('i.votes', 'desc');
  else if (filter.sort === 'trending') {
    ordered = ordered.orderBy(sql`i.votes * 1.0 / (${dialectOf(db).daysSince('i.created_at')} + 1)`, 'desc').orderBy('i.votes', 'desc');
  } else ordered = ordered.orderBy('i.created_at', 'desc');
  const rows = await ordered.orderBy('i.id', 'desc').limit(page.perPage).offset(page.offset).execute();
  return { rows, total };
}

/**
 * The related-idea search (duplicate suggestions): ideas sharing words of `q` (or their starts) in
 * their name or description, best first (store/related-search.ts: BM25F impacts, a name match
 * weighing ten description ones, times each word's idf; ties by id), leaving out spam and merged
 * ideas; `portalId` keeps those submitted to that portal.
 */
export async function relatedIdeas(
  db: Db,
  args: { q: string; portalId?: number | undefined },
  page: Paging,
): Promise<{ rows: IdeaRow[]; total: number }> {
  const search = relatedSearch(dialectOf(db).relatedIndex, args.q, args.portalId);
  if (!search) return { rows: [], total: 0 };
  const total = await countMatches(db, search.count);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const ids = await search.page(db, page.perPage, page.offset);
  if (ids.length === 0) return { rows: [], total };
  const found = new Map((await db.selectFrom('ideas').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => found.get(id) ?? []), total };
}

// ---------------------------------------------------------------------------------------------
// Response shape

const ids = (values: (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];

/** A compact list item straight from the row. */
export function ideaCompact(row: IdeaRow, origin: string): Pick<Idea, (typeof IDEA_COMPACT_FIELDS)[number]> {
  return {
    id: String(row.id),
    name: row.name,
    reference_num: row.reference_num,
    product_id: String(row.product_id),
    votes: row.votes,
    created_at: row.created_at,
    ...links(origin, 'ideas', row.reference_num),
  };
}

const categoryBody = (c: IdeaCategoryRow): IdeaCategory => ({
  id: String(c.id),
  name: c.name,
  parent_id: c.parent_id === null ? null : String(c.parent_id),
  project_id: String(c.product_id),
  created_at: c.created_at,
});

/** Ideas as other ideas name them (duplicates, merge targets, related ideas), in the rows' order. */
export async function ideaSummaries(db: Db, rows: IdeaRow[], origin: string): Promise<IdeaSummary[]> {
  const statuses = await rowsById(db, 'workflow_statuses', ids(rows.map((r) => r.workflow_status_id)));
  return rows.map((r) => {
    const status = statuses.get(r.workflow_status_id);
    return {
      id: String(r.id),
      name: r.name,
      reference_num: r.reference_num,
      product_id: String(r.product_id),
      votes: r.votes,
      created_at: r.created_at,
      updated_at: r.updated_at,
      workflow_status: status ? statusRef(status) : placeholderStatus,
      description: noteBody({ id: r.id, type: 'Ideas::Idea' }, r.description, r.created_at, r.updated_at),
      ...links(origin, 'ideas', r.reference_num),
    };
  });
}

/**
 * Whole ideas for rows (in their order), loading each related kind once for all rows: products,
 * statuses, users, promoted records, merges, categories, custom fields — only those `wanted` needs.
 */
export async function serializeIdeas(db: Db, rows: IdeaRow[], origin: string, wanted: Set<string> | null): Promise<Idea[]> {
  if (rows.length === 0) return [];
  const need = (...names: string[]): boolean => wanted === null || names.some((n) => wanted.has(n));
  const ideaIds = rows.map((r) => r.id);
  const products = await rowsById(db, 'products', ids(rows.map((r) => r.product_id)));
  const statuses = await rowsById(db, 'workflow_statuses', need('workflow_status') ? ids(rows.map((r) => r.workflow_status_id)) : []);
  const users = await rowsById(db, 'users', ids([...rows.map((r) => r.created_by_user_id), ...rows.map((r) => r.assigned_to_id)]));
  const features = need('feature')
    ? await db
        .selectFrom('features')
        .selectAll()
        .where('id', 'in', [0, ...ids(rows.map((r) => r.feature_id))])
        .execute()
    : [];
  const epics = await rowsById(db, 'epics', need('epic') ? ids(rows.map((r) => r.epic_id)) : []);
  const initiatives = await rowsById(db, 'initiatives', need('initiative') ? ids(rows.map((r) => r.initiative_id)) : []);
  const mergedRows = need('duplicates')
    ? await db.selectFrom('ideas').selectAll().where('duplicate_of_id', 'in', ideaIds).orderBy('id').execute()
    : [];
  const targetRows = need('duplicate_of')
    ? await db
        .selectFrom('ideas')
        .selectAll()
        .where('id', 'in', [0, ...ids(rows.map((r) => r.duplicate_of_id))])
        .execute()
    : [];
  const summaries = new Map<number, IdeaSummary>();
  const related = [...mergedRows, ...targetRows];
  (await ideaSummaries(db, related, origin)).forEach((s, i) => summaries.set(related[i]?.id ?? 0, s));
  const categoryRows = need('categories') ? await rowsThrough(db, IDEA_ITEM.links, 'idea_categories', ideaIds, ['name']) : [];
  const customFields = need('custom_fields')
    ? await customFieldsFor(db, IDEA_ITEM.recordType, ideaIds)
    : new Map<number, CustomFieldValue[]>();
  const endorsements = need('endorsements_count') ? await endorsementCounts(db, ideaIds) : new Map<number, number>();
  const files = need('description') ? await attachmentsOf(db, 'Ideas::Idea', ideaIds, origin) : new Map<number, Attachment[]>();
  const comments = need('comments_count') ? await commentCounts(db, COMMENTABLE_TYPE_OF.Idea, ideaIds) : new Map<number, number>();

  const portalCreators = await rowsById(
    db,
    'portal_users',
    rows.flatMap((r) => (r.created_by_portal_user_id === null ? [] : [r.created_by_portal_user_id])),
  );
  const featureById = new Map(features.map((f) => [f.id, f]));
  const at = (id: number | null) => (id === null ? undefined : users.get(id));
  const withProduct = <T extends object>(link: T | null, productId: number): (T & { product_id: string }) | null =>
    link && { ...link, product_id: String(productId) };
  return rows.map((r): Idea => {
    const status = statuses.get(r.workflow_status_id);
    const tags = r.tags === '' ? [] : r.tags.split(',');
    const creator = at(r.created_by_user_id);
    const feature = r.feature_id !== null ? featureById.get(r.feature_id) : undefined;
    const epic = r.epic_id !== null ? epics.get(r.epic_id) : undefined;
    const initiative = r.initiative_id !== null ? initiatives.get(r.initiative_id) : undefined;
    const visibility = isVisibility(r.visibility) ? r.visibility : 'service';
    const responseNote = noteBody({ id: r.id, type: 'Ideas::IdeaResponse' }, r.admin_response, r.created_at, r.updated_at);
    return {
      id: String(r.id),
      name: r.name,
      reference_num: r.reference_num,
      product_id: String(r.product_id),
      score: null,
      votes: r.votes,
      initial_votes: r.initial_votes,
      // The votes it shows (idea-votes.ts) and its comments (not a deleted one kept for its replies).
      endorsements_count: endorsements.get(r.id) ?? 0,
      comments_count: comments.get(r.id) ?? 0,
      created_at: r.created_at,
      updated_at: r.updated_at,
      status_changed_at: r.status_changed_at,
      workflow_status: status ? statusRef(status) : placeholderStatus,
      description: noteBody({ id: r.id, type: 'Ideas::Idea' }, r.description, r.created_at, r.updated_at, files.get(r.id)),
      visibility: IDEA_VISIBILITY_LABELS[visibility],
      visibility_value: visibility,
      spam: r.spam === 1,
      admin_response: responseNote && { ...responseNote, responded_by_user: null },
      admin_response_published: r.admin_response_published === 1,
      ...links(origin, 'ideas', r.reference_num),
      product: projectRef(products.get(r.product_id), origin),
      created_by_user: userRef(creator),
      created_by_portal_user: portalCreatorRef(
        r.created_by_portal_user_id === null ? undefined : portalCreators.get(r.created_by_portal_user_id),
      ),
      // Someone who is not a user of the service: known by the email alone.
      created_by_idea_user: creator
        ? null
        : { id: null, name: r.created_by_email, email: r.created_by_email, created_at: r.created_at, title: null },
      assigned_to_user: assigneeRef(at(r.assigned_to_id)),
      feature: withProduct(recordLink('features', feature, origin), r.product_id),
      epic: withProduct(recordLink('epics', epic, origin), r.product_id),
      initiative: withProduct(recordLink('initiatives', initiative, origin), r.product_id),
      duplicate_of: r.duplicate_of_id !== null ? (summaries.get(r.duplicate_of_id) ?? null) : null,
      duplicates: mergedRows.filter((m) => m.duplicate_of_id === r.id).flatMap((m) => summaries.get(m.id) ?? []),
      categories: categoryRows.filter((c) => c.linked_from === r.id).map(categoryBody),
      tags,
      full_tags: fullTags(tags),
      custom_fields: customFields.get(r.id) ?? [],
      score_facts: [],
      themes: [],
      custom_object_links: [],
      workflow_status_times: [],
      submitted_idea_portal_id: r.submitted_idea_portal_id === null ? null : String(r.submitted_idea_portal_id),
      // Portals are not served at an address of their own in this slice.
      submitted_idea_portal_record_url: null,
      integration_fields: [],
    };
  });
}

/** The portal user who submitted an idea, as the hosted `created_by_portal_user`. */
function portalCreatorRef(row: PortalUserRow | undefined): Idea['created_by_portal_user'] {
  return row ? { id: String(row.id), name: portalUserName(row), email: row.email, created_at: row.created_at } : null;
}

/** One idea's whole record by id. */
export const loadIdea = (db: Db, id: number, origin: string, wanted: Set<string> | null = null): Promise<Idea> =>
  loadOne(db, 'ideas', 'Idea', id, (rows) => serializeIdeas(db, rows, origin, wanted));

// ---------------------------------------------------------------------------------------------
// Categories

/**
 * A product's categories, each parent followed by its children (depth first, names in order), as
 * one page: a product has tens of categories, so the tree is ordered here rather than in SQL.
 */
export async function listIdeaCategories(db: Db, productId: number, page: Paging): Promise<{ rows: IdeaCategory[]; total: number }> {
  const all = await db
    .selectFrom('idea_categories')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const children = new Map<number | null, IdeaCategoryRow[]>();
  for (const c of all) (children.get(c.parent_id) ?? children.set(c.parent_id, []).get(c.parent_id))?.push(c);
  const ordered: IdeaCategoryRow[] = [];
  const visit = (parent: number | null): void => {
    for (const c of children.get(parent) ?? []) {
      ordered.push(c);
      visit(c.id);
    }
  };
  visit(null);
  return { rows: ordered.slice(page.offset, page.offset + page.perPage).map(categoryBody), total: ordered.length };
}

/** A new category of the product: the parent must be one of its categories; one name per parent (any case). */
export async function createIdeaCategory(
  db: Kysely<Database>,
  args: { product: ProductRow; input: Partial<z.output<typeof ideaCategoryInput>>; checked: Checked; userId: number },
): Promise<IdeaCategory> {
  return db.transaction().execute(async (trx) => {
    const { product, input } = args;
    const { problems } = args.checked;
    let parentId: number | null = null;
    let parentKnown = true;
    if (input.parent_id !== undefined && input.parent_id !== null) {
      const id = asId(input.parent_id);
      const parent =
        id === null
          ? undefined
          : await trx
              .selectFrom('idea_categories')
              .select('id')
              .where('id', '=', id)
              .where('product_id', '=', product.id)
              .executeTakeFirst();
      if (!parent) {
        problems.add('parent_id', 'must be the id of a category of this product');
        parentKnown = false;
      } else parentId = parent.id;
    }
    if (input.name !== undefined && parentKnown) {
      const taken = await trx
        .selectFrom('idea_categories')
        .select('id')
        .where('product_id', '=', product.id)
        .where(sql`coalesce(parent_id, 0)`, '=', parentId ?? 0)
        .where(dialectOf(db).equalsIgnoringCase('name', input.name))
        .executeTakeFirst();
      if (taken) problems.add('name', parentId === null ? 'is already a top-level category' : 'is already a category under this parent');
    }
    problems.throwIfAny();
    const row = await trx
      .insertInto('idea_categories')
      .values({ product_id: product.id, name: input.name ?? '', parent_id: parentId, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: args.userId, type: 'IdeaCategory', id: row.id, action: 'create', changes: diff(null, row) });
    return categoryBody(row);
  });
}
