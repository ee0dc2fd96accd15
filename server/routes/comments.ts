// Comments (issue 12; POST on goals is operation 16): listed and created under each of the nine
// commentable kinds (`/features/{feature_id}/comments`, … as hosted), listed per workspace, and
// shown, changed and deleted at `/comments/{id}`. Rows of the route table; the rules are the
// store's (store/comments.ts).
import { showQuerySchema } from '../../src/contract/common';
import { commentCreateBody, commentEnvelope, commentListQuery, commentPage, commentUpdateBody } from '../../src/contract/comments';
import type { CommentableKind } from '../../src/contract/comments';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { answerById, createRow, deleteRow, recordKind, showRow, updateRow } from '../http/record-rows';
import {
  COMMENTABLES,
  commentBodies,
  createComment,
  deleteComment,
  listComments,
  loadComment,
  requireComment,
  requireTarget,
  updateComment,
} from '../store/comments';
import type { CommentScope, Target } from '../store/comments';
import type { Db } from '../store/audit';
import { requireProduct } from '../store/resolve';

const TAGS = ['Comments'];

const RULES =
  '`body` (HTML) is required and must show something (an empty paragraph is empty); `parent_comment_id` makes the ' +
  'comment a reply: the parent must be a top-level comment, not deleted, on the same record (replies to replies are ' +
  'refused, 422). Mentions (`<span data-type="mention" data-id="<user id>">`) make enabled users watchers of a feature or epic.';

const comment = recordKind({
  path: '/comments/{id}',
  tags: TAGS,
  envelope: commentEnvelope,
  resolve: requireComment,
  answer: answerById((db, id, origin) => loadComment(db, id, origin)),
});

const comments = listKind({
  tags: TAGS,
  query: commentListQuery,
  response: commentPage,
  answer: pageAnswer(
    'comments',
    (db, scope: CommentScope, p, query) => listComments(db, scope, p, query.order),
    (rows, c) => commentBodies(c.get('store').db, rows, originOf(c)),
  ),
});

const ORDER_WORDS =
  'In thread order: each top-level comment followed by its replies (oldest first); `order=newest` puts the newest ' +
  'threads first (replies stay oldest first under their comment). A deleted comment that still has replies is listed ' +
  'as their placeholder (`deleted: true`, empty body).';

/** The list and create rows of one commentable kind, at its hosted paths. */
function commentRowsOf<K extends CommentableKind, P extends string>(kind: K, param: P, a: string) {
  const of = COMMENTABLES[kind];
  const path = `/${kind}/{${param}}/comments` as const;
  const parent = (db: Db, idOrKey: string): Promise<Target> => requireTarget(db, of, idOrKey);
  return [
    listRow(comments, {
      path,
      summary: `List comments on ${a} ${of.noun}`,
      description: ORDER_WORDS,
      parent,
      scope: (target: Target): CommentScope => ({ target }),
    }),
    createRow(comment, {
      path,
      summary: `Create a comment on ${a} ${of.noun}`,
      description: RULES,
      body: commentCreateBody,
      parent,
      create: async ({ db, user }, target, body) => ({ id: await createComment(db, { target, input: body.data, checked: body, user }) }),
    }),
  ] as const;
}

export const commentRoutes = [
  ...commentRowsOf('features', 'feature_id', 'a'),
  ...commentRowsOf('epics', 'epic_id', 'an'),
  ...commentRowsOf('requirements', 'requirement_id', 'a'),
  ...commentRowsOf('ideas', 'idea_id', 'an'),
  ...commentRowsOf('initiatives', 'initiative_id', 'an'),
  ...commentRowsOf('goals', 'goal_id', 'a'),
  ...commentRowsOf('releases', 'release_id', 'a'),
  ...commentRowsOf('release_phases', 'release_phase_id', 'a'),
  ...commentRowsOf('pages', 'page_id', 'a'),
  listRow(comments, {
    path: '/products/{product_id}/comments',
    summary: 'List every comment of a workspace',
    description: `Comments on every record of the workspace. ${ORDER_WORDS}`,
    parent: requireProduct,
    scope: (product): CommentScope => ({ productId: product.id }),
  }),
  showRow(comment, { summary: 'Show a comment', query: showQuerySchema }),
  updateRow(comment, {
    summary: "Change a comment's body",
    description: 'By its author or an administrator (403 otherwise). `body` as on create.',
    errors: { 403: 'The caller is neither the author nor an administrator' },
    body: commentUpdateBody,
    update: async ({ db, user }, row, body) => {
      await updateComment(db, { comment: row, input: body.data, checked: body, user });
      return row;
    },
  }),
  deleteRow(comment, {
    summary: 'Delete a comment (to the recycle bin)',
    description:
      'By its author or an administrator (403 otherwise). A top-level comment with replies stays as their placeholder ' +
      '(`deleted: true`); deleting the last reply under a placeholder removes the placeholder too.',
    errors: { 403: 'The caller is neither the author nor an administrator' },
    remove: ({ db, user }, row) => deleteComment(db, { comment: row, user }),
  }),
] as const;
