// Idea operations: 10 (create in a product), show, update, delete, the account's and a product's
// lists, the related-idea search (duplicate suggestions) and a product's idea categories. Rows of
// the route table; `/ideas/related` comes before `/ideas/{id}` so the fixed segment is never read as
// an id.
import type { z } from 'zod';
import { showQuerySchema } from '../../src/contract/common';
import {
  ideaCategoryCreateBody,
  ideaCategoryPage,
  ideaCategorySchema,
  ideaCreateBody,
  ideaEnvelope,
  ideaListQuery,
  ideaPage,
  ideaUpdateBody,
  relatedIdeaPage,
  relatedIdeasQuery,
} from '../../src/contract/ideas';
import { compactOrWhole, listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { answerById, changeById, createRow, createUnder, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import { route } from '../http/route-table';
import {
  IDEA_COMPACT_FIELDS,
  createIdea,
  createIdeaCategory,
  deleteIdea,
  ideaCompact,
  ideaSummaries,
  listIdeaCategories,
  listIdeas,
  loadIdea,
  relatedIdeas,
  requireIdea,
  serializeIdeas,
  updateIdea,
} from '../store/ideas';
import type { IdeaListFilter } from '../store/ideas';
import { asId, requireProduct } from '../store/resolve';

const tags = ['Ideas'];

const idea = recordKind({
  path: '/ideas/{id}',
  tags,
  envelope: ideaEnvelope,
  resolve: requireIdea,
  answer: answerById(loadIdea),
});

/** The idea lists: compact items by default, whole ideas (or any members) with `fields`. */
const ideaList = listKind({
  tags,
  query: ideaListQuery,
  response: ideaPage,
  answer: pageAnswer(
    'ideas',
    (db, scope: Pick<IdeaListFilter, 'productId'>, p, query: z.output<typeof ideaListQuery>) =>
      listIdeas(
        db,
        {
          ...scope,
          q: query.q,
          workflowStatus: query.workflow_status,
          tag: query.tag,
          assignedToUser: query.assigned_to_user,
          createdSince: query.created_since,
          createdBefore: query.created_before,
          updatedSince: query.updated_since,
          spam: query.spam === 'true',
          sort: query.sort,
        },
        p,
      ),
    compactOrWhole(IDEA_COMPACT_FIELDS, ideaCompact, serializeIdeas),
  ),
});

/** Ideas like a text: summaries, best match first. */
const related = listKind({
  tags,
  query: relatedIdeasQuery,
  response: relatedIdeaPage,
  answer: pageAnswer(
    'ideas',
    (db, _none: object, p, query: z.output<typeof relatedIdeasQuery>) =>
      relatedIdeas(
        db,
        { q: query.q ?? '', portalId: query.idea_portal_id !== undefined ? (asId(query.idea_portal_id) ?? -1) : undefined },
        p,
      ),
    (rows, c) => ideaSummaries(c.get('store').db, rows, originOf(c)),
  ),
});

/** A product's idea categories, each followed by its children. */
const categories = listKind({
  tags,
  query: showQuerySchema.extend(relatedIdeasQuery.pick({ page: true, per_page: true }).shape).omit({ fields: true }),
  response: ideaCategoryPage,
  answer: pageAnswer('idea_categories', (db, productId: number, p) => listIdeaCategories(db, productId, p)),
});

export const ideaRoutes = [
  listRow(related, {
    path: '/ideas/related',
    summary: 'Ideas like a text (duplicate suggestions)',
    description:
      'Ideas sharing words (three letters or more) of `q` in their name or description, best match first; spam and merged ' +
      'ideas are left out. `idea_portal_id` keeps the ideas submitted to that portal.',
    scope: () => ({}),
  }),
  createRow(idea, {
    path: '/products/{product_id}/ideas',
    summary: 'Create an idea in a product',
    description:
      'Operation 10. `name` and `created_by` (any email) are required. Every problem of the body is answered at once in one 422.',
    body: ideaCreateBody,
    parent: requireProduct,
    create: createUnder('product', createIdea),
  }),
  listRow(ideaList, { path: '/ideas', summary: "List the account's ideas", scope: () => ({}) }),
  listRow(ideaList, {
    path: '/products/{product_id}/ideas',
    summary: "List a product's ideas",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  showRow(idea, { summary: 'Show an idea', query: showQuerySchema }),
  updateRow(idea, {
    summary: 'Update an idea',
    description: 'Only the fields sent change. `duplicate_idea` merges the idea into another; null or "" unmerges it.',
    body: ideaUpdateBody,
    update: changeById(updateIdea),
  }),
  deleteRow(idea, {
    summary: 'Delete an idea (to the recycle bin)',
    description: 'Ideas merged into it are unmerged.',
    remove: removeById(deleteIdea),
  }),
  listRow(categories, {
    path: '/products/{product_id}/idea_categories',
    summary: "List a product's idea categories",
    description: 'Each category is followed by its children (`parent_id`), names in order.',
    parent: requireProduct,
    scope: (product) => product.id,
  }),
  route({
    method: 'post',
    path: '/products/{product_id}/idea_categories',
    op: 'products_idea_categories_create',
    summary: 'Create an idea category',
    description:
      '`parent_id` must be a category of the product; a name is used once per parent (in any case). Answered as the ' +
      'hosted service answers it: the category itself, not in an envelope.',
    tags,
    body: ideaCategoryCreateBody,
    response: ideaCategorySchema,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      return c.json(await createIdeaCategory(db, { product, input: body.data, checked: body, userId: c.get('user').id }));
    },
  }),
] as const;
