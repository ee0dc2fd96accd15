// The recycle bin (issue 13): what is in it (operation 18), one deletion, its restore (or the dry
// run of it) and, for administrators, the permanent purge. Rows of the route table; the rules are
// the store's (store/restore.ts, store/recycle-bin.ts; docs/decisions.md, "Recycle bin").
import {
  RESTORE_WINDOW_DAYS,
  deletionEnvelope,
  deletionListQuery,
  deletionPage,
  restoreAnswerSchema,
  restoreQuery,
} from '../../src/contract/deletions';
import type { RestoreAnswer } from '../../src/contract/deletions';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { route } from '../http/route-table';
import { notFound } from '../problems';
import { deletionBodies, listDeletions, loadDeletion, purgeDeletion } from '../store/recycle-bin';
import { restoreDeletion, restoredContents } from '../store/restore';
import { asId } from '../store/resolve';

const tags = ['Recycle bin'];

const WINDOW = `A deletion can be restored for ${RESTORE_WINDOW_DAYS} days; then it is refused (422 on \`deleted_at\`) and the hourly sweep purges it.`;

/** A deletion's id from the path (its grammar is checked before: a numeric id). */
const deletionId = (text: string): number => {
  const id = asId(text);
  if (id === null) throw notFound('Deletion', text);
  return id;
};

const deletions = listKind({
  tags,
  query: deletionListQuery,
  response: deletionPage,
  answer: pageAnswer(
    'deletions',
    (db, _scope: null, p, query) =>
      listDeletions(db, { q: query.q, recordType: query.record_type, deletedBy: query.deleted_by, productId: query.product_id }, p),
    (rows, c) => deletionBodies(c.get('store').db, rows, c.get('user')),
  ),
});

export const deletionRoutes = [
  listRow(deletions, {
    path: '/deletions',
    summary: 'List the recycle bin',
    description:
      `Operation 18. What is in the bin, newest first: deleted records (and comments, votes, portal users) with what went with them (\`contents\`, by kind) ` +
      `and whether the caller may restore each (\`may_restore\`). ` +
      `\`record_type\` (one or several, comma-separated), \`deleted_by\` (user id or email), \`product_id\` (workspace id or prefix) and \`q\` (name or key) narrow it. ${WINDOW}`,
    scope: () => null,
  }),
  route({
    method: 'get',
    path: '/deletions/{id}',
    op: 'deletions_show',
    summary: 'Show a deletion',
    description: 'Also once restored (`status: restored`, `restored_at`).',
    tags,
    response: deletionEnvelope,
    handler: async (c, { params }) => c.json({ deletion: await loadDeletion(c.get('store').db, deletionId(params.id), c.get('user')) }),
  }),
  route({
    method: 'post',
    path: '/deletions/{id}/restore',
    op: 'deletions_restore',
    summary: 'Restore a deletion',
    description:
      'Puts back everything the delete removed, as it was: the same ids and keys, tags, watchers, custom field values, comments and ' +
      'their files, the records removed with it; and the links it cleared on records that stay (features of an epic, children of an ' +
      'initiative, merged ideas, promoted ideas) where the other record is still there and unlinked — `unrestored_links` names the ' +
      'others (`deleted`: in the bin, with its deletion; `missing`: gone; `changed`: linked elsewhere since). Parents’ roll-ups are ' +
      'recomputed. All or nothing: a record it needs that is not there (the release of a feature) is a 422 naming the column; a ' +
      `deletion already restored is a 409. \`dry_run=true\` answers what would come back and changes nothing. ${WINDOW} ` +
      'Restores at once (`status: restored`; the hosted service answers `restore_in_progress`). Restoring needs the right ' +
      'the delete needed (403 otherwise, dry runs too): workspaces, teams and portal users are restored by administrators ' +
      "only, a comment by its author or an administrator; a deletion's `may_restore` says whether the caller may.",
    tags,
    query: restoreQuery,
    response: restoreAnswerSchema,
    errors: {
      403: 'The caller lacks the right the delete needed (an administrator, or the comment’s author)',
      409: 'The deletion was already restored',
      422: 'A record the restore needs is not there (named by its column)',
    },
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const dryRun = query.dry_run === 'true';
      const result = await restoreDeletion(db, {
        deletionId: deletionId(params.id),
        user: c.get('user'),
        now: c.get('store').clock.now(),
        dryRun,
      });
      const [deletion] = await deletionBodies(db, [result.deletion], c.get('user'), dryRun ? 'dry_run' : 'restored');
      const answer: RestoreAnswer = {
        deletion: deletion ?? (await loadDeletion(db, result.deletion.id, c.get('user'))),
        restored: result.restored.map((r) => ({ type: r.type, id: String(r.id), name: r.name, reference_num: r.referenceNum })),
        contents: restoredContents(result),
        unrestored_links: result.unrestored.map((u) => ({
          link: u.link,
          type: u.type,
          id: String(u.id),
          reason: u.reason,
          deletion_id: u.deletionId === null ? null : String(u.deletionId),
        })),
      };
      return c.json(answer);
    },
  }),
  route({
    method: 'delete',
    path: '/deletions/{id}',
    op: 'deletions_delete',
    summary: 'Purge a deletion for good',
    description:
      'Administrators only (403 for members). What it held is gone, with the files nothing else keeps. A restored deletion is a 409.',
    tags,
    access: 'administrator',
    response: null,
    handler: async (c, { params }) => {
      await purgeDeletion(c.get('store').db, c.get('files'), deletionId(params.id));
      return c.body(null, 204);
    },
  }),
] as const;
